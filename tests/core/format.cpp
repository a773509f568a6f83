// format_significant must print exactly what printf's "%.<digits>g" prints: the WebAssembly
// build has no printf, and the CLI and the JS door must word every message the same way.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>

#include "support.hpp"

namespace tplayer::test {
namespace {

std::string printf_g(double value, int digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  return buffer;
}

TEST_CASE("format_significant equals printf %g on random and edge doubles", "[format]") {
  std::mt19937_64 rng(20261129);
  int checked = 0;
  auto check = [&](double value, int digits) {
    INFO("value " << printf_g(value, 17) << ", digits " << digits);
    REQUIRE(format_significant(value, digits) == printf_g(value, digits));
    ++checked;
  };
  for (int i = 0; i < 40000; ++i) {
    const std::uint64_t bits = rng();
    double value = 0;
    std::memcpy(&value, &bits, sizeof value);
    if (!std::isfinite(value)) continue;
    check(value, 15);
    check(value, 4);
    check(value, 1 + static_cast<int>(rng() % 17));
  }
  for (int i = 0; i < 20000; ++i) {  // short decimals, where rounding ties live
    const double value = static_cast<double>(rng() % 100000) / std::pow(10.0, rng() % 12);
    check(value, 1 + static_cast<int>(rng() % 6));
  }
  for (const double value : {0.5, 1.5, 2.5, 0.125, 9.9995, 99995.0, 0.000099995, 1e-300, 5e-324,
                             1.7976931348623157e308, 1e21, 1e15, 1e16, 0.0001, 0.00001, -0.0,
                             0.00366321536, 7466666666666.667, 1125899906842624.5}) {
    for (int digits = 1; digits <= 17; ++digits) check(value, digits);
  }
  CHECK(checked > 100000);
}

TEST_CASE("format_number spells out non-finite values", "[format]") {
  CHECK(format_number(std::nan("")) == "NaN");
  CHECK(format_number(INFINITY) == "Infinity");
  CHECK(format_number(-INFINITY) == "-Infinity");
  CHECK(format_number(8.5) == "8.5");
  CHECK(format_number(1e300) == "1e+300");
}

TEST_CASE("counted: the noun singular for one, plural for any other count") {
  CHECK(counted(1, "rank") == "1 rank");
  CHECK(counted(0, "row") == "0 rows");
  CHECK(counted(8, "all-reduce") == "8 all-reduces");
}

TEST_CASE("format_rate: whole and grouped from 100, three significant digits below") {
  CHECK(format_rate(9304.4) == "9,304");
  CHECK(format_rate(921.3) == "921");
  CHECK(format_rate(1234567.5) == "1,234,568");
  CHECK(format_rate(99.94) == "99.9");
  CHECK(format_rate(0.0421) == "0.0421");
  CHECK(format_rate(2e15) == "2e+15");
}

}  // namespace
}  // namespace tplayer::test
