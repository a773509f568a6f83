// Units of docs/model.md#units: every unit, binary vs decimal, bit rates, wrong kinds, junk, bare
// numbers; and the formatting for people.
#include "tplayer/units.hpp"

#include <cmath>

#include "support.hpp"

namespace tplayer::test {
namespace {

struct Expected {
  const char* symbol;
  Dimension dimension;
  double factor;  // written out here, not taken from units()
};

const Expected kSpecUnits[] = {
    {"B", Dimension::Bytes, 1},
    {"KB", Dimension::Bytes, 1e3},
    {"MB", Dimension::Bytes, 1e6},
    {"GB", Dimension::Bytes, 1e9},
    {"TB", Dimension::Bytes, 1e12},
    {"KiB", Dimension::Bytes, 1024},
    {"MiB", Dimension::Bytes, 1024.0 * 1024},
    {"GiB", Dimension::Bytes, 1024.0 * 1024 * 1024},
    {"TiB", Dimension::Bytes, 1024.0 * 1024 * 1024 * 1024},
    {"B/s", Dimension::Bandwidth, 1},
    {"KB/s", Dimension::Bandwidth, 1e3},
    {"MB/s", Dimension::Bandwidth, 1e6},
    {"GB/s", Dimension::Bandwidth, 1e9},
    {"TB/s", Dimension::Bandwidth, 1e12},
    {"GiB/s", Dimension::Bandwidth, 1024.0 * 1024 * 1024},
    {"Mb/s", Dimension::Bandwidth, 1e6 / 8},
    {"Gb/s", Dimension::Bandwidth, 1e9 / 8},
    {"Tb/s", Dimension::Bandwidth, 1e12 / 8},
    {"Mbps", Dimension::Bandwidth, 1e6 / 8},
    {"Gbps", Dimension::Bandwidth, 1e9 / 8},
    {"Tbps", Dimension::Bandwidth, 1e12 / 8},
    {"s", Dimension::Time, 1},
    {"ms", Dimension::Time, 1e-3},
    {"us", Dimension::Time, 1e-6},
    {"\xC2\xB5s", Dimension::Time, 1e-6},  // µs
    {"ns", Dimension::Time, 1e-9},
    {"FLOP/s", Dimension::Compute, 1},
    {"GFLOP/s", Dimension::Compute, 1e9},
    {"TFLOP/s", Dimension::Compute, 1e12},
    {"PFLOP/s", Dimension::Compute, 1e15},
    {"TFLOPS", Dimension::Compute, 1e12},
};

constexpr Dimension kDimensions[] = {Dimension::Bytes, Dimension::Bandwidth, Dimension::Time,
                                     Dimension::Compute};

double parsed(std::string_view text, Dimension dimension) {
  const QuantityParse q = parse_quantity(text, dimension);
  INFO("\"" << text << "\": " << q.error);
  REQUIRE(q.ok());
  return q.value;
}

std::string error_of(std::string_view text, Dimension dimension) {
  const QuantityParse q = parse_quantity(text, dimension);
  INFO("\"" << text << "\" parsed to " << q.value);
  REQUIRE_FALSE(q.ok());
  return q.error;
}

}  // namespace

TEST_CASE("every unit of docs/model.md#units parses to its SI value", "[units]") {
  using Catch::Matchers::WithinRel;
  for (const Expected& u : kSpecUnits) {
    INFO("unit " << u.symbol);
    CHECK_THAT(parsed(std::string("2.5 ") + u.symbol, u.dimension),
               WithinRel(2.5 * u.factor, 1e-15));
    CHECK_THAT(parsed(std::string("3") + u.symbol, u.dimension), WithinRel(3 * u.factor, 1e-15));
    bool listed = false;
    for (const Unit& known : units())
      listed = listed || (known.symbol == u.symbol && known.dimension == u.dimension);
    CHECK(listed);
  }
}

TEST_CASE("binary prefixes are powers of 2, decimal ones powers of 10", "[units]") {
  CHECK(parsed("1 KiB", Dimension::Bytes) == 1024);
  CHECK(parsed("1 KB", Dimension::Bytes) == 1000);
  CHECK(parsed("80 GiB", Dimension::Bytes) == 85899345920.0);
  CHECK(parsed("80 GB", Dimension::Bytes) == 80e9);
  CHECK(parsed("1 TiB", Dimension::Bytes) == 1099511627776.0);
  CHECK(parsed("1 GiB/s", Dimension::Bandwidth) == 1073741824.0);
  CHECK(parsed("1 GB/s", Dimension::Bandwidth) == 1e9);
  CHECK(parsed("48 MiB", Dimension::Bytes) == 50331648.0);
}

TEST_CASE("bit rates are an eighth of byte rates: 400 Gb/s = 50 GB/s", "[units]") {
  CHECK(parsed("400 Gb/s", Dimension::Bandwidth) == 50e9);
  CHECK(parsed("400 Gbps", Dimension::Bandwidth) == 50e9);
  CHECK(parsed("400 Gb/s", Dimension::Bandwidth) == parsed("50 GB/s", Dimension::Bandwidth));
  CHECK(parsed("3600 Gb/s", Dimension::Bandwidth) == 450e9);
  CHECK(parsed("8 Mb/s", Dimension::Bandwidth) == 1e6);
  CHECK(parsed("8 Mbps", Dimension::Bandwidth) == 1e6);
  CHECK(parsed("1 Tb/s", Dimension::Bandwidth) == 125e9);
  CHECK(parsed("1 Tbps", Dimension::Bandwidth) == 125e9);
}

TEST_CASE("micro: us, the micro sign and the Greek mu are the same", "[units]") {
  using Catch::Matchers::WithinRel;
  CHECK_THAT(parsed("5 us", Dimension::Time), WithinRel(5e-6, 1e-15));
  CHECK(parsed("5 \xC2\xB5s", Dimension::Time) == parsed("5 us", Dimension::Time));
  CHECK(parsed("5 \xCE\xBCs", Dimension::Time) == parsed("5 us", Dimension::Time));
  CHECK(parsed("989 TFLOPS", Dimension::Compute) == parsed("989 TFLOP/s", Dimension::Compute));
}

TEST_CASE("bare numbers are SI base units", "[units]") {
  for (const Dimension d : kDimensions) {
    INFO(dimension_name(d));
    CHECK(parsed("5", d) == 5);
    CHECK(parsed("1.5e9", d) == 1.5e9);
    CHECK(parsed(" 42 ", d) == 42);
    CHECK(parsed("0", d) == 0);
    CHECK(parsed("-3", d) == -3);  // ranges are validate()'s job
    CHECK(parsed(".5", d) == 0.5);
  }
  CHECK(parsed("  450   GB/s  ", Dimension::Bandwidth) == 450e9);
  CHECK(parsed("4.5e2 GB/s", Dimension::Bandwidth) == 450e9);
  CHECK(parsed("-5 us", Dimension::Time) == -parsed("5 us", Dimension::Time));
}

TEST_CASE("a unit of the wrong kind is an error naming both kinds", "[units]") {
  struct Wrong {
    const char* text;
    Dimension asked;
    const char* asked_name;
    const char* given_name;
  };
  const Wrong cases[] = {
      {"5 us", Dimension::Bandwidth, "bandwidth", "time"},
      {"5 GB", Dimension::Time, "time", "bytes"},
      {"5 GB/s", Dimension::Bytes, "bytes", "bandwidth"},
      {"5 Gb/s", Dimension::Bytes, "bytes", "bandwidth"},
      {"5 TFLOP/s", Dimension::Bandwidth, "bandwidth", "FLOP/s"},
      {"5 GiB", Dimension::Compute, "FLOP/s", "bytes"},
      {"5 s", Dimension::Compute, "FLOP/s", "time"},
  };
  for (const Wrong& w : cases) {
    INFO(w.text);
    const std::string error = error_of(w.text, w.asked);
    CHECK(contains(error, std::string("\"") + w.text + "\""));
    CHECK(contains(error, w.asked_name));
    CHECK(contains(error, w.given_name));
  }
  // Every unit is rejected for every other kind.
  for (const Expected& u : kSpecUnits)
    for (const Dimension d : kDimensions)
      if (d != u.dimension) CHECK_FALSE(parse_quantity(std::string("1 ") + u.symbol, d).ok());
}

TEST_CASE("junk is an error that quotes what came", "[units]") {
  const std::pair<const char*, Dimension> junk[] = {
      {"abc", Dimension::Bandwidth},
      {"5 parsecs", Dimension::Time},
      {"", Dimension::Bytes},
      {"1e", Dimension::Bytes},
      {"--5 GB/s", Dimension::Bandwidth},
      {"nan GB/s", Dimension::Bandwidth},
      {"NaN", Dimension::Time},
      {"inf s", Dimension::Time},
      {"Infinity", Dimension::Time},
      {"1e400 B", Dimension::Bytes},
      {"1e400", Dimension::Bytes},
      {"1e308 TB", Dimension::Bytes},
      {"5 gb/s", Dimension::Bandwidth},
      {"5 GB/s extra", Dimension::Bandwidth},
      {"5,5 GB", Dimension::Bytes},
      {"0x10 B", Dimension::Bytes},
      {"GB/s", Dimension::Bandwidth},
      {"   ", Dimension::Time},
      {"1e5e5 s", Dimension::Time},
      {"5 B/ s", Dimension::Bandwidth},
  };
  for (const auto& [text, dimension] : junk) {
    INFO("\"" << text << "\"");
    const std::string error = error_of(text, dimension);
    CHECK(!error.empty());
    if (*text) CHECK(contains(error, text));
  }
  CHECK(contains(error_of("5 parsecs", Dimension::Time), "unknown unit"));
  CHECK(contains(error_of("5 parsecs", Dimension::Time), "ms"));  // lists the time units
  CHECK(contains(error_of("1e400 B", Dimension::Bytes), "finite"));
}

TEST_CASE("format_quantity: 4 significant digits, a unit picked by size", "[units][format]") {
  CHECK(format_quantity(1.887428e-3, Dimension::Time) == "1.887 ms");
  CHECK(format_quantity(450e9, Dimension::Bandwidth) == "450 GB/s");
  CHECK(format_quantity(50331648, Dimension::Bytes) == "50.33 MB");
  CHECK(format_quantity(989e12, Dimension::Compute) == "989 TFLOP/s");
  CHECK(format_quantity(15.099427e-3, Dimension::Time) == "15.1 ms");
  CHECK(format_quantity(7e-6, Dimension::Time) == "7 µs");
  CHECK(format_quantity(2, Dimension::Time) == "2 s");
  CHECK(format_quantity(5e-10, Dimension::Time) == "0.5 ns");
  CHECK(format_quantity(999.96e-6, Dimension::Time) == "1 ms");  // not "1000 us"
  CHECK(format_quantity(999.94e-6, Dimension::Time) == "999.9 µs");
  CHECK(format_quantity(43.75e9, Dimension::Bytes) == "43.75 GB");
  CHECK(format_quantity(12.5e9, Dimension::Bandwidth) == "12.5 GB/s");
  CHECK(format_quantity(1.8e12, Dimension::Bandwidth) == "1.8 TB/s");
  CHECK(format_quantity(0, Dimension::Bytes) == "0 B");
  CHECK(format_binary_bytes(85899345920.0) == "80 GiB");
  CHECK(format_binary_bytes(50331648) == "48 MiB");
  CHECK(format_binary_bytes(1536) == "1.5 KiB");
}

TEST_CASE("formatted quantities parse back to about the same value", "[units][format]") {
  using Catch::Matchers::WithinRel;
  for (const Dimension d : kDimensions) {
    for (const double x : {1.0, 7.25e-7, 3.3e-3, 50331648.0, 450e9, 989e12, 1.8e12}) {
      const std::string text = format_quantity(x, d);
      INFO(text);
      CHECK_THAT(parsed(text, d), WithinRel(x, 5e-4));
    }
  }
}

// docs/model.md#units: counts and reals written as people write them.
TEST_CASE("counts and reals read 70B, 1.5M, 4K and a real 50%", "[units]") {
  const auto value = [](std::string_view text, bool percent) {
    const QuantityParse p = parse_scaled_number(text, percent);
    INFO(text << ": " << p.error);
    REQUIRE(p.ok());
    return p.value;
  };
  CHECK(value("70B", false) == 70e9);
  CHECK(value(" 1.5M ", false) == 1.5e6);
  CHECK(value("4K", false) == 4e3);
  CHECK(value("4k", false) == 4e3);
  CHECK(value("2 T", false) == 2e12);
  CHECK(value("8", false) == 8);
  CHECK(value("50%", true) == 0.5);
  CHECK(value("62.5 %", true) == 0.625);
  for (const auto& [text, percent] : {std::pair{"50%", false},
                                      {"3x", true},
                                      {"", false},
                                      {"B", false},
                                      {"70 GB", false},
                                      {"1e999", false}}) {
    INFO(text);
    CHECK_FALSE(parse_scaled_number(text, percent).ok());
  }
  CHECK(contains(parse_scaled_number("50%", false).error, "got \"50%\""));
  CHECK(contains(parse_scaled_number("x", true).error, "expected a number, or a string like"));
  CHECK(contains(parse_scaled_number("x", true).error, "\"50%\""));
  CHECK(contains(parse_scaled_number("x", false).error, "expected a whole number, or a string"));
  CHECK(parse_scaled_number("1e309", false).error ==
        "expected a whole number, got \"1e309\", not finite");

  // In a scenario: the same scenario as the numbers.
  const Value typed = json(R"({"workload": {"preset": "GPT3", "parameters": "175B"},
      "tp_size": "8", "tokens": "2K", "accelerator": "H100", "local_efficiency": "50%",
      "links": {"ib": {"bandwidth": "50 GBps", "latency": "5 us"}}})");
  const Value numbers = json(R"({"workload": {"preset": "GPT3", "parameters": 175e9},
      "tp_size": 8, "tokens": 2000, "accelerator": "H100", "local_efficiency": 0.5,
      "links": {"ib": {"bandwidth": 50e9, "latency": 5e-6}}})");
  CHECK(identical(to_value(read_scenario(typed).scenario),
                  to_value(read_scenario(numbers).scenario)));
  CHECK(fields(errors_of(json(R"({"preset": "Gpt3TensorParallelLayerTp8", "tokens": "1.5K5"})"))) ==
        std::vector<std::string>{"tokens"});
}

}  // namespace tplayer::test
