// libFuzzer target: arbitrary bytes -> parse_measured (the nccl-tests reader of
// docs/model.md#measured-links) and measured_allreduce on what it read. Invariants: kept sizes
// strictly increase and times are finite and > 0; an error says which line; each row priced at its
// own size and rank count is exactly its time; between two rows the time lies between theirs; below
// the smallest size the smallest row's time; above the largest, its algbw; another rank count
// rescales by the ring's bus-bandwidth factor; what is shown of a skipped line is bounded UTF-8.
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

#include "support.hpp"
#include "tplayer/limits.hpp"
#include "tplayer/measured.hpp"

using namespace tplayer;
using fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const MeasuredParse p = parse_measured(text);
  require(p.first_skipped.size() <= 5, "at most 5 skipped lines are kept to show");
  require(static_cast<std::int64_t>(p.first_skipped.size()) <= p.skipped,
          "skipped lines shown are counted");
  const bool input_utf8 = fuzz::valid_utf8(text);
  for (const SkippedLine& s : p.first_skipped) {
    require(s.line >= 1 && !s.reason.empty() && s.text.size() <= 80, "a skipped line is shown",
            s.text);
    if (input_utf8) require(fuzz::valid_utf8(s.text), "a shown line stays UTF-8", s.text);
  }
  if (!p.ok()) {
    require(p.error.size() <= 1000, "an error message is bounded", p.error.substr(0, 200));
    return 0;
  }
  require(p.rows.size() >= 2, "a parse that succeeds keeps at least two rows");
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    const MeasuredRow& r = p.rows[i];
    require(r.bytes > 0 && r.time_s >= kMinPositive && r.time_s <= kMaxReal,
            "rows are sizes and times within the reals the model takes");
    if (i > 0) {
      require(r.bytes > p.rows[i - 1].bytes, "kept sizes strictly increase");
      require(r.line > p.rows[i - 1].line, "kept rows keep their order");
    }
  }
  const std::int64_t ranks = p.ranks_from_ratio >= 2 ? p.ranks_from_ratio : 2;
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    const MeasuredRow& r = p.rows[i];
    const MeasuredTime at = measured_allreduce(p.rows, ranks, ranks, r.bytes);
    require(at.time_s == r.time_s && !at.below_smallest && !at.above_largest && !at.rescaled,
            "exactly the row's time at the row's size");
    if (i + 1 < p.rows.size()) {
      const MeasuredRow& next = p.rows[i + 1];
      const double mid = r.bytes + (next.bytes - r.bytes) / 2;
      if (mid > r.bytes && mid < next.bytes) {
        const double t = measured_allreduce(p.rows, ranks, ranks, mid).time_s;
        require(t >= std::fmin(r.time_s, next.time_s) && t <= std::fmax(r.time_s, next.time_s),
                "an interpolated time lies between its neighbours");
      }
    }
  }
  const MeasuredRow& first = p.rows.front();
  const MeasuredRow& last = p.rows.back();
  if (first.bytes > 1) {
    const MeasuredTime below = measured_allreduce(p.rows, ranks, ranks, first.bytes / 2);
    require(below.below_smallest && below.time_s == first.time_s, "below the smallest: a floor");
  }
  const MeasuredTime above = measured_allreduce(p.rows, ranks, ranks, last.bytes * 4);
  require(above.above_largest && above.time_s == last.time_s * 4, "above the largest: its algbw");
  const MeasuredTime other = measured_allreduce(p.rows, ranks, 2 * ranks, last.bytes);
  const double n = 2.0 * static_cast<double>(ranks);
  const double r = static_cast<double>(ranks);
  require(other.rescaled && other.time_s == last.time_s * ((2 * (n - 1) / n) / (2 * (r - 1) / r)),
          "another rank count: the bus-bandwidth factor");
  require(measured_allreduce(p.rows, ranks, 1, last.bytes).time_s == 0, "one rank: nothing");
  require(std::isfinite(bus_bandwidth(last, ranks)) && bus_bandwidth(last, ranks) > 0,
          "a positive bus bandwidth");
  return 0;
}
