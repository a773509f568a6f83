// Measured links (SPEC 3.4) on the published tables of calibration/data: every kept row priced
// back at its own size and rank count is exactly its time; the parser's choices on real text.
#include "tplayer/measured.hpp"

#include <filesystem>

#include "support.hpp"
#include "tplayer/limits.hpp"

namespace tplayer::test {
namespace {

using Catch::Matchers::WithinRel;

std::vector<std::filesystem::path> nccl_tests_tables() {
  std::vector<std::filesystem::path> out;
  for (const auto& entry : std::filesystem::directory_iterator(TPLAYER_CALIBRATION_DIR)) {
    const std::string text = read_file(entry.path());
    // The one two-column table (LLMCompass) is not nccl-tests output.
    if (entry.path().extension() == ".txt" && text.find("two columns") == std::string::npos)
      out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("every published table prices each of its rows back to exactly its time", "[measured]") {
  const auto tables = nccl_tests_tables();
  REQUIRE(tables.size() >= 9);
  for (const auto& path : tables) {
    DYNAMIC_SECTION(path.filename().string()) {
      const MeasuredParse parsed = parse_measured(read_file(path));
      INFO(parsed.error);
      REQUIRE(parsed.ok());
      REQUIRE(parsed.rows.size() >= 12);
      // The header says "# ranks: 8 on 1 node(s)" or 16; busbw/algbw of the largest row agrees.
      const std::int64_t r = parsed.ranks_from_ratio;
      CHECK((r == 8 || r == 16));
      CHECK(parsed.ranks_from_header == 0);  // these copies keep no "#  Rank" lines
      for (std::size_t i = 1; i < parsed.rows.size(); ++i)
        CHECK(parsed.rows[i].bytes > parsed.rows[i - 1].bytes);
      for (const MeasuredRow& row : parsed.rows) {
        INFO("line " << row.line << ", " << row.bytes << " B");
        const MeasuredTime t = measured_allreduce(parsed.rows, r, r, row.bytes);
        CHECK(t.time_s == row.time_s);
        CHECK_FALSE((t.below_smallest || t.above_largest || t.rescaled));
      }
      // Between two rows the time lies between theirs; the bus bandwidth factor rescales.
      const MeasuredRow& a = parsed.rows[parsed.rows.size() / 2];
      const MeasuredRow& b = parsed.rows[parsed.rows.size() / 2 + 1];
      const double mid = std::sqrt(a.bytes * b.bytes);
      const double t = measured_allreduce(parsed.rows, r, r, mid).time_s;
      CHECK(t >= std::min(a.time_s, b.time_s));
      CHECK(t <= std::max(a.time_s, b.time_s));
      CHECK_THAT(t, WithinRel(std::sqrt(a.time_s * b.time_s), 1e-12));  // log-log midpoint
      const MeasuredTime two = measured_allreduce(parsed.rows, r, 2, a.bytes);
      CHECK(two.rescaled);
      const double rr = static_cast<double>(r);
      CHECK_THAT(two.time_s, WithinRel(a.time_s * 1.0 / (2 * (rr - 1) / rr), 1e-12));
    }
  }
}

TEST_CASE("the parser keeps rows while the size grows and says what it passed over", "[measured]") {
  const std::string text =
      "# nccl-tests header\n"
      "#  Rank  0 Group  0 Pid 100 on host device  0 [0x07] NVIDIA H100\n"
      "#  Rank  1 Group  0 Pid 101 on host device  1 [0x08] NVIDIA H100\n"
      "        1024   256  float  sum  -1   10.0  0.10  0.10   0   10.0  0.10  0.10  0\n"
      "        2048   512  float  sum  -1   12.0  0.17  0.17   0   12.0  0.17  0.17  0\n"
      "        1024   256  half   sum  -1    9.0  0.11  0.11   0    9.0  0.11  0.11  0\n"
      "Avg bus bandwidth : 0.13\n"
      "        4096  1024  float  sum  -1   N/A   0.34  0.34   0   13.0  0.31  0.31  0\n"
      "        8192  2048  float  sum  -1   20.0  0.41  0.41   0   20.0  0.41  0.41  0\r\n";
  const MeasuredParse p = parse_measured(text);
  REQUIRE(p.ok());
  REQUIRE(p.rows.size() == 3);
  CHECK(p.rows[2].bytes == 8192);
  CHECK(p.rows[2].time_s == 20e-6);
  CHECK(p.rows[2].line == 9);
  CHECK(p.ranks_from_header == 2);
  CHECK(p.ranks_from_ratio == 2);  // busbw/algbw = 1 = 2(r-1)/r
  CHECK(p.skipped == 6);           // 3 comments, the repeated size, the summary, the N/A row
  REQUIRE(p.first_skipped.size() == 3);
  CHECK(p.first_skipped[0].line == 6);
  CHECK(contains(p.first_skipped[0].reason, "size not above"));
  CHECK(p.first_skipped[1].line == 7);
  CHECK(contains(p.first_skipped[1].reason, "not a data row"));
  CHECK(p.first_skipped[2].line == 8);
}

TEST_CASE("a measured text is read up to the core's size limit, like a scenario", "[measured]") {
  const std::string row =
      "  1024 256 float sum -1 10.0 0.10 0.18 0\n  2048 512 float sum -1 12.0 0.17 0.30 0\n";
  std::string text = row + std::string(kMaxJsonBytes - row.size(), '#');
  CHECK(parse_measured(text).ok());
  text += '#';
  const MeasuredParse p = parse_measured(text);
  CHECK(contains(p.error, "at most " + std::to_string(kMaxJsonBytes)));
  CHECK(p.rows.empty());
}

}  // namespace tplayer::test
