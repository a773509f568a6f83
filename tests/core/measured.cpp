// Measured links (docs/model.md#measured-links) on the published tables of calibration/data: every
// kept row priced back at its own size and rank count is exactly its time; the parser's choices on
// real text.
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
  REQUIRE(tables.size() >= 15);
  for (const auto& path : tables) {
    DYNAMIC_SECTION(path.filename().string()) {
      const MeasuredParse parsed = parse_measured(read_file(path));
      INFO(parsed.error);
      REQUIRE(parsed.ok());
      // The full-rack NVL72 table has 5 rows (512 MiB to 8 GiB), the others 12 or more.
      REQUIRE(parsed.rows.size() >= 5);
      // 2, 4, 8 ranks on one node, 16, 32, 64 on 2, 4, 8 nodes or 72 in one NVL72 rack;
      // busbw/algbw of the largest row says which, and agrees with the "#  Rank" lines where a
      // table kept them.
      const std::int64_t r = parsed.ranks_from_ratio;
      CHECK((r == 2 || r == 4 || r == 8 || r == 16 || r == 32 || r == 64 || r == 72));
      if (parsed.ranks_from_header > 0) CHECK(parsed.ranks_from_header == r);
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
      const std::int64_t other = r == 2 ? 4 : 2;
      const MeasuredTime moved = measured_allreduce(parsed.rows, r, other, a.bytes);
      CHECK(moved.rescaled);
      const double rr = static_cast<double>(r), o = static_cast<double>(other);
      CHECK_THAT(moved.time_s,
                 WithinRel(a.time_s * (2 * (o - 1) / o) / (2 * (rr - 1) / rr), 1e-12));
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

TEST_CASE("old nccl-tests columns (no root) are read, by their column header or by shape",
          "[measured]") {
  // nccl-tests before 2019: size, count, type, redop, time, algbw, busbw, error, then in place.
  const std::string rows =
      "           8             2   float     sum    48.46    0.00    0.00  1e-07    48.17    0.00"
      "    0.00  1e-07\n"
      "     1048576        262144   float     sum    89.27   11.75   20.56  2e-07    88.45   11.85"
      "   20.75  2e-07\n"
      "   134217728      33554432   float     sum   1818.8   73.80  129.14  2e-07   1821.9   73.67"
      "  128.92  2e-07\n";
  const std::string header =
      "#       size         count    type   redop     time   algbw   busbw  error     time   algbw"
      "   busbw  error\n";
  for (const std::string& text : {header + rows, rows}) {
    const MeasuredParse p = parse_measured(text);
    INFO(p.error);
    REQUIRE(p.ok());
    REQUIRE(p.rows.size() == 3);
    CHECK(p.rows[0].time_s == 48.46e-6);
    CHECK(p.rows[1].algbw == 11.75);
    CHECK(p.rows[2].time_s == 1818.8e-6);
    CHECK(p.rows[2].busbw == 129.14);
    CHECK(p.ranks_from_ratio == 8);  // 129.14 / 73.80 = 1.75 = 2(r-1)/r
  }
  // A column header with root decides even where a time is a whole number.
  const std::string with_root =
      "#  size  count  type  redop  root  time  algbw  busbw  #wrong\n"
      "  33554432  8388608  float  sum  -1  11398  2.94  4.42  0\n"
      "  67108864 16777216  float  sum  -1  18726  3.58  5.38  0\n";
  const MeasuredParse p = parse_measured(with_root);
  REQUIRE(p.ok());
  CHECK(p.rows[0].time_s == 11398e-6);
  // Without a header, a whole-number fifth field is a root: the time is the sixth.
  const MeasuredParse q = parse_measured(
      "  33554432  8388608  float  sum  0  11398  2.94  4.42  0\n"
      "  67108864 16777216  float  sum  0  18726  3.58  5.38  0\n");
  REQUIRE(q.ok());
  CHECK(q.rows[1].time_s == 18726e-6);
  // Rows rebuilt without their root ("-"), under a header naming "time(us)": the new layout.
  const MeasuredParse dash = parse_measured(
      "#  size  count  type  redop  root  time(us)  algbw(GB/s)  busbw(GB/s)\n"
      "  4096  -  -  -  -  30.5  0.13  0.23\n  8192  -  -  -  -  31.5  0.26  0.45\n");
  REQUIRE(dash.ok());
  CHECK(dash.rows[1].time_s == 31.5e-6);
  const MeasuredParse bare = parse_measured(
      "  4096  -  -  -  -  30.5  0.13  0.23\n  8192  -  -  -  -  31.5  0.26  0.45\n");
  REQUIRE(bare.ok());
  CHECK(bare.rows[0].time_s == 30.5e-6);
  // A bad time in the old layout names its line and the time's own text.
  const MeasuredParse bad = parse_measured(header + rows.substr(0, rows.find('\n') + 1) +
                                           "  2048  512  float  sum  -0.0  0.00  0.00  0\n");
  CHECK(contains(bad.error, "line 3"));
  CHECK(contains(bad.error, "-0.0"));
}

TEST_CASE("header lines without '#' (NCCL, RCCL versions) are passed over and counted",
          "[measured]") {
  const MeasuredParse p =
      parse_measured(read_file(std::filesystem::path(TPLAYER_CALIBRATION_DIR) / "mi300x_8.txt"));
  REQUIRE(p.ok());
  CHECK(p.ranks_from_header == 8);
  CHECK(p.ranks_from_ratio == 8);
  CHECK(p.rows.front().bytes == 8);
  CHECK(p.rows.back().bytes == 8589934592.0);
  REQUIRE_FALSE(p.first_skipped.empty());
  CHECK(contains(p.first_skipped[0].text, "rccl-tests: Version"));
  CHECK(contains(p.first_skipped[0].reason, "not a data row"));
  const MeasuredParse old = parse_measured(
      read_file(std::filesystem::path(TPLAYER_CALIBRATION_DIR) / "v100sxm2_8_dgx1_g8.txt"));
  REQUIRE(old.ok());
  CHECK(old.rows.size() == 25);
  CHECK(old.rows.back().time_s == 1818.8e-6);
}

TEST_CASE("a data row timed nan or inf is an error, not a line passed over (issue 43)",
          "[measured]") {
  for (const char* time : {"nan", "-nan", "inf", "Infinity", "NaN"}) {
    INFO(time);
    const std::string text = "  1024 256 float sum -1 10.0 0.10 0.18 0\n  2048 512 float sum -1 " +
                             std::string(time) +
                             " 0.17 0.30 0\n  4096 1024 float sum -1 14.0 0.29 0.52 0\n";
    const MeasuredParse p = parse_measured(text);
    CHECK(p.error == "line 2: the time \"" + std::string(time) +
                         "\" is not a finite number of microseconds > 0");
  }
  // Other words in the time's place are still lines passed over, as before.
  const MeasuredParse p = parse_measured(
      "  1024 256 float sum -1 10.0 0.10 0.18 0\n  2048 512 float sum -1 N/A 0.17 0.30 0\n"
      "  4096 1024 float sum -1 14.0 0.29 0.52 0\n");
  CHECK(p.ok());
  CHECK(p.rows.size() == 2);
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

namespace tplayer::test {

TEST_CASE("a table as rows [[bytes, seconds], ...] prices exactly as its text, on every table",
          "[measured][rows]") {
  const auto tables = nccl_tests_tables();
  REQUIRE(tables.size() >= 15);
  for (const auto& path : tables) {
    DYNAMIC_SECTION(path.filename().string()) {
      const std::string text = read_file(path);
      const MeasuredParse parsed = parse_measured(text);
      REQUIRE(parsed.ok());
      const double r = static_cast<double>(parsed.ranks_from_ratio);
      Value rows = Value::make_array();
      for (const MeasuredRow& row : parsed.rows) {
        Value& pair = rows.push(Value::make_array());
        pair.push(Value::from(row.bytes));
        pair.push(Value::from(row.time_s));
      }
      Value as_text = Value::make_object();
      as_text.add("measured", Value::from(text));
      as_text.add("ranks", Value::from(r));
      Value as_rows = Value::make_object();
      as_rows.add("rows", rows);
      as_rows.add("ranks", Value::from(r));
      // Below, between and above the rows, at the measured rank count and others, both models.
      for (const double tokens : {1.0, 96.0, 2048.0, 131072.0}) {
        for (const double tp : {r, 2 * r, std::max(2.0, r / 2)}) {
          for (const char* model : {"line_rate", "nccl"}) {
            INFO(tokens << " tokens, TP " << tp << ", " << model);
            Value scenario = spec_scenario();
            scenario.set("tokens", Value::from(tokens));
            scenario.set("tp_size", Value::from(tp));
            scenario.set("link_model", Value::from(model));
            Value links = Value::make_object();
            links.add("m", as_text);
            scenario.set("links", links);
            const Result by_text = solved(scenario);
            member(member(scenario, "links"), "m") = as_rows;
            const Outcome by_rows = solve_value(scenario);
            REQUIRE(by_rows.result);
            CHECK(identical(to_value(*by_rows.result), to_value(by_text)));
            // Written back as the rows it was given, with its ranks; read back, the same.
            const Value written = to_value(by_rows.scenario);
            CHECK(identical(*written.find("links")->find("m"), as_rows));
            CHECK(identical(to_value(solved(written)), to_value(by_text)));
          }
        }
      }
    }
  }
}

TEST_CASE("a text link is written as its text, a rows link as its rows, never both",
          "[measured][rows]") {
  Value scenario = spec_scenario();
  scenario.set(
      "links",
      json(
          R"({"t": {"measured": "1024 256 float sum -1 9.0 0.11 0.2 0\n2048 512 float sum -1 9.5 0.22 0.38 0\n"},
                                 "r": {"rows": [[1024, 9e-6], [2048, 9.5e-6]], "ranks": 8, "domain": 8}})"));
  const Outcome out = solve_value(scenario);
  INFO(list(out.errors));
  REQUIRE(out.result);
  const Value links = *to_value(out.scenario).find("links");
  const Value& t = *links.find("t");
  CHECK(t.find("measured") != nullptr);
  CHECK(t.find("rows") == nullptr);
  // Its ranks from the text: busbw/algbw = 0.38/0.22 = 1.727 = 2(r-1)/r, r = 7.3, rounded to 7.
  CHECK(t.find("ranks")->number == 7);
  CHECK(identical(*links.find("r"),
                  json(R"({"rows": [[1024, 9e-6], [2048, 9.5e-6]], "ranks": 8, "domain": 8})")));
}

}  // namespace tplayer::test
