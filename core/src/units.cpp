#include "tplayer/units.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "tplayer/format.hpp"
#include "tplayer/value.hpp"

namespace tplayer {

const std::vector<Unit>& units() {
  static const std::vector<Unit> table = {
      {"B", Dimension::Bytes, 1},
      {"KB", Dimension::Bytes, 1e3},
      {"MB", Dimension::Bytes, 1e6},
      {"GB", Dimension::Bytes, 1e9},
      {"TB", Dimension::Bytes, 1e12},
      {"KiB", Dimension::Bytes, 1024.0},
      {"MiB", Dimension::Bytes, 1048576.0},
      {"GiB", Dimension::Bytes, 1073741824.0},
      {"TiB", Dimension::Bytes, 1099511627776.0},
      {"B/s", Dimension::Bandwidth, 1},
      {"KB/s", Dimension::Bandwidth, 1e3},
      {"MB/s", Dimension::Bandwidth, 1e6},
      {"GB/s", Dimension::Bandwidth, 1e9},
      {"TB/s", Dimension::Bandwidth, 1e12},
      {"KiB/s", Dimension::Bandwidth, 1024.0},
      {"MiB/s", Dimension::Bandwidth, 1048576.0},
      {"GiB/s", Dimension::Bandwidth, 1073741824.0},
      {"Mb/s", Dimension::Bandwidth, 1e6 / 8},
      {"Gb/s", Dimension::Bandwidth, 1e9 / 8},
      {"Tb/s", Dimension::Bandwidth, 1e12 / 8},
      {"Mbps", Dimension::Bandwidth, 1e6 / 8},
      {"Gbps", Dimension::Bandwidth, 1e9 / 8},
      {"Tbps", Dimension::Bandwidth, 1e12 / 8},
      {"MBps", Dimension::Bandwidth, 1e6},  // bytes, as GB/s: the capital B says so
      {"GBps", Dimension::Bandwidth, 1e9},
      {"TBps", Dimension::Bandwidth, 1e12},
      {"s", Dimension::Time, 1},
      {"ms", Dimension::Time, 1, 1e3},
      {"us", Dimension::Time, 1, 1e6},
      {"\xC2\xB5s", Dimension::Time, 1, 1e6},  // µs, MICRO SIGN
      {"\xCE\xBCs", Dimension::Time, 1, 1e6},  // μs, GREEK SMALL LETTER MU
      {"ns", Dimension::Time, 1, 1e9},
      {"FLOP/s", Dimension::Compute, 1},
      {"GFLOP/s", Dimension::Compute, 1e9},
      {"TFLOP/s", Dimension::Compute, 1e12},
      {"PFLOP/s", Dimension::Compute, 1e15},
      {"FLOPS", Dimension::Compute, 1},
      {"GFLOPS", Dimension::Compute, 1e9},
      {"TFLOPS", Dimension::Compute, 1e12},
      {"PFLOPS", Dimension::Compute, 1e15},
  };
  return table;
}

std::string_view dimension_name(Dimension dimension) {
  switch (dimension) {
    case Dimension::Bytes:
      return "a size in bytes";
    case Dimension::Bandwidth:
      return "a bandwidth in bytes/s";
    case Dimension::Time:
      return "a time in seconds";
    case Dimension::Compute:
      return "a compute rate in FLOP/s";
  }
  return "a quantity";
}

std::string_view base_unit(Dimension dimension) {
  switch (dimension) {
    case Dimension::Bytes:
      return "B";
    case Dimension::Bandwidth:
      return "B/s";
    case Dimension::Time:
      return "s";
    case Dimension::Compute:
      return "FLOP/s";
  }
  return "";
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Length of the longest prefix of `s` that is a decimal number: [+-]digits[.digits][e[+-]digits].
std::size_t number_prefix(std::string_view s) {
  std::size_t i = 0;
  auto digits = [&] {
    const std::size_t from = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i - from;
  };
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  const std::size_t whole = digits();
  std::size_t fraction = 0;
  if (i < s.size() && s[i] == '.') {
    ++i;
    fraction = digits();
  }
  if (whole + fraction == 0) return 0;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    std::size_t mark = i++;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (digits() == 0) i = mark;  // "5e" is a number followed by junk, not an exponent
  }
  return i;
}

std::string units_of(Dimension dimension) {
  std::string list;
  for (const Unit& unit : units()) {
    if (unit.dimension != dimension) continue;
    if (!list.empty()) list += ' ';
    list += unit.symbol;
  }
  return list;
}

}  // namespace

QuantityParse parse_quantity(std::string_view text, Dimension dimension) {
  const std::string_view trimmed = trim(text);
  QuantityParse out;
  const std::size_t length = number_prefix(trimmed);
  const std::string expected = std::string("expected ") + std::string(dimension_name(dimension)) +
                               " or \"<number> <unit>\" with a unit of " + units_of(dimension);
  if (length == 0) {
    out.error = expected + ", got " + quoted_text(text);
    return out;
  }
  const std::string token(trimmed.substr(0, length));
  const double number = std::strtod(token.c_str(), nullptr);
  if (!std::isfinite(number)) {
    out.error = "expected a finite number, got " + excerpt(text);
    return out;
  }
  const std::string_view symbol = trim(trimmed.substr(length));
  if (symbol.empty()) {
    out.value = number;
    return out;
  }
  for (const Unit& unit : units()) {
    if (unit.symbol != symbol) continue;
    if (unit.dimension != dimension) {
      out.error = "expected " + std::string(dimension_name(dimension)) + ", got " + excerpt(text) +
                  ", which is " + std::string(dimension_name(unit.dimension));
      return out;
    }
    out.value = number * unit.factor / unit.divisor;
    if (!std::isfinite(out.value)) out.error = "expected a finite quantity, got " + excerpt(text);
    return out;
  }
  out.error = "unknown unit " + excerpt(symbol) + " in " + excerpt(text) + "; " + expected;
  return out;
}

QuantityParse parse_scaled_number(std::string_view text, bool percent) {
  struct Scale {
    std::string_view suffix;
    double factor;
  };
  // A model's size is written "70B" (billions), a batch "1.5M"; a fraction "50%".
  static constexpr Scale kScales[] = {{"K", 1e3}, {"k", 1e3},  {"M", 1e6},
                                      {"B", 1e9}, {"T", 1e12}, {"%", 1e-2}};
  const std::string_view trimmed = trim(text);
  QuantityParse out;
  const std::size_t length = number_prefix(trimmed);
  const std::string_view suffix = trim(trimmed.substr(length));
  const auto scale = std::find_if(std::begin(kScales), std::end(kScales), [&](const Scale& s) {
    return s.suffix == suffix && (percent || s.suffix != "%");
  });
  // A count's words (percent false) and a real's.
  const std::string expected = percent ? "expected a number" : "expected a whole number";
  if (length == 0 || (!suffix.empty() && scale == std::end(kScales))) {
    out.error = expected +
                (percent ? R"(, or a string like "70B", "1.5M" or "50%")"
                         : R"(, or a string like "70B" or "1.5M")") +
                " (K, M, B, T: thousand to trillion), got " + quoted_text(text);
    return out;
  }
  out.value = std::strtod(std::string(trimmed.substr(0, length)).c_str(), nullptr) *
              (suffix.empty() ? 1 : scale->factor);
  if (!std::isfinite(out.value)) out.error = expected + ", got " + excerpt(text) + ", not finite";
  return out;
}

}  // namespace tplayer
