// Measured links (docs/model.md#measured-links): the text that nccl-tests' all_reduce_perf prints,
// read into rows, and one all-reduce priced on that measured curve. One parser for every door.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tplayer {

struct MeasuredRow {
  double bytes = 0;       // the message size
  double time_s = 0;      // out-of-place time
  double algbw = 0;       // as printed, GB/s
  double busbw = 0;       // as printed, GB/s
  std::int64_t line = 0;  // 1-based line of the text
  friend bool operator==(const MeasuredRow&, const MeasuredRow&) = default;
};

// A line the parser passed over, and why (for a UI to show a few).
struct SkippedLine {
  std::int64_t line = 0;
  std::string text;    // the line, cut to 80 bytes
  std::string reason;  // "a comment", "not a data row", "size not above the last kept row's"
};

struct MeasuredParse {
  std::vector<MeasuredRow> rows;       // sizes strictly increasing, times finite and > 0
  std::int64_t ranks_from_header = 0;  // the number of "#  Rank" lines (0: none)
  std::int64_t ranks_from_ratio = 0;   // from the largest row's busbw/algbw (0: not determinable)
  std::int64_t skipped = 0;            // lines passed over
  std::vector<SkippedLine> first_skipped;  // the first few that are not comments or blank
  std::string error;                       // empty on success: says which line and why
  bool ok() const { return error.empty(); }
};

// Reads nccl-tests all_reduce_perf output. Never throws; an error names its line.
MeasuredParse parse_measured(std::string_view text);

// One all-reduce of `message_bytes` among `ranks` on a curve measured at `measured_ranks`
// (docs/model.md#measured-links): log-log interpolation between the rows around it; below the
// smallest size, that row's time; above the largest, the largest row's algbw; at another rank
// count, scaled by the ring's bus-bandwidth factor. `extrapolated` and `rescaled` say which
// assumption was made.
struct MeasuredTime {
  double time_s = 0;
  bool below_smallest = false;
  bool above_largest = false;
  bool rescaled = false;
};
MeasuredTime measured_allreduce(const std::vector<MeasuredRow>& rows, std::int64_t measured_ranks,
                                std::int64_t ranks, double message_bytes);

// The bus bandwidth of a row, bytes/s: its algbw (size / time) x 2(r-1)/r.
double bus_bandwidth(const MeasuredRow& row, std::int64_t ranks);

}  // namespace tplayer
