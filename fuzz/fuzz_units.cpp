// libFuzzer target: arbitrary bytes -> parse_quantity (each Dimension), parse_precision, and
// the formatters. Invariants: a parsed value is finite; an error says something; the formatters
// always end in a unit of the right kind, and what they print parses back to the value (4
// significant digits) whenever the parser knows their unit; format_significant and format_number
// print exactly what printf's %g would.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "support.hpp"
#include "tplayer/precision.hpp"
#include "tplayer/units.hpp"
#include "tplayer/value.hpp"

namespace {

using namespace tplayer;
using fuzz::require;

constexpr Dimension kDimensions[] = {Dimension::Bytes, Dimension::Bandwidth, Dimension::Time,
                                     Dimension::Compute};

// The symbols format_quantity may print for each dimension, and format_binary_bytes's.
bool printed_unit(std::string_view symbol, Dimension d) {
  static constexpr std::string_view kBytes[] = {"B", "KB", "MB", "GB", "TB", "PB"};
  static constexpr std::string_view kBandwidth[] = {"B/s", "KB/s", "MB/s", "GB/s", "TB/s"};
  static constexpr std::string_view kTime[] = {"ns", "\xC2\xB5s", "ms", "s"};  // µs
  static constexpr std::string_view kCompute[] = {"FLOP/s", "GFLOP/s", "TFLOP/s", "PFLOP/s"};
  auto in = [&](const auto& list) {
    for (std::string_view s : list)
      if (s == symbol) return true;
    return false;
  };
  switch (d) {
    case Dimension::Bytes:
      return in(kBytes);
    case Dimension::Bandwidth:
      return in(kBandwidth);
    case Dimension::Time:
      return in(kTime);
    case Dimension::Compute:
      return in(kCompute);
  }
  return false;
}

const Unit* parser_unit(std::string_view symbol) {
  for (const Unit& u : units())
    if (u.symbol == symbol) return &u;
  return nullptr;
}

// "<number> <unit>": the number part is a finite number (or NaN/Infinity for such values) and
// the unit is one the formatter promises; when the parser knows that unit, it reads the text
// back to within the 4 significant digits shown.
void check_formatted(double value, Dimension d) {
  const std::string text = format_quantity(value, d);
  const auto space = text.rfind(' ');
  require(space != std::string::npos && space > 0 && space + 1 < text.size(),
          "format_quantity prints \"<number> <unit>\"", text);
  const std::string_view symbol = std::string_view(text).substr(space + 1);
  require(printed_unit(symbol, d), "format_quantity prints a unit of the value's kind", text);
  const std::string_view number = std::string_view(text).substr(0, space);
  if (!std::isfinite(value)) {
    require(number == "NaN" || number == "Infinity", "a non-finite value is spelled out", text);
    return;
  }
  // Near the top of the double range, 4 digits may round past it: "1.798e+308".
  if (std::fabs(value) > 1e300) return;
  require(parse_quantity(number, Dimension::Bytes).ok(), "format_quantity prints a readable number",
          text);

  const Unit* unit = parser_unit(symbol);
  if (!unit || unit->dimension != d) return;  // e.g. "PB": printed for people, not parsed
  if (std::fabs(value) < 1e-290) return;      // subnormal: fewer than 4 digits survive
  const QuantityParse back = parse_quantity(text, d);
  require(back.ok(), "what format_quantity prints parses again", text + ": " + back.error);
  require(std::fabs(back.value - value) <= 1e-3 * std::fabs(value),
          "what format_quantity prints is the value to 4 significant digits",
          text + " vs " + format_number(value));
}

void check_binary(double bytes) {
  const std::string text = format_binary_bytes(bytes);
  const auto space = text.rfind(' ');
  require(space != std::string::npos, "format_binary_bytes prints \"<number> <unit>\"", text);
  const std::string_view symbol = std::string_view(text).substr(space + 1);
  require(symbol == "B" || symbol == "KiB" || symbol == "MiB" || symbol == "GiB" || symbol == "TiB",
          "format_binary_bytes prints a binary byte unit", text);
}

std::string printf_g(double value, int digits) {
  char buffer[512];  // %.40g of the largest double is 47 characters
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  return buffer;
}

// format_significant promises printf's "%.<digits>g" without printf (natively and in wasm).
void check_significant(double value, int digits) {
  const std::string got = format_significant(value, digits);
  if (std::isnan(value)) {
    require(got == "nan", "format_significant spells NaN as nan", got);
    return;
  }
  const std::string want = printf_g(value, digits);
  require(got == want, "format_significant matches printf's %.<digits>g",
          got + " vs " + want + " at " + std::to_string(digits) + " digits");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const bool input_utf8 = fuzz::valid_utf8(text);

  for (const Dimension d : kDimensions) {
    const QuantityParse q = parse_quantity(text, d);
    if (q.ok()) {
      require(std::isfinite(q.value), "parse_quantity gives a finite value", text);
      check_formatted(q.value, d);
      if (d == Dimension::Bytes) check_binary(q.value);
    } else {
      fuzz::check_errors({{FieldPath{"quantity"}, q.error}}, input_utf8, "parse_quantity");
    }
    // A bare number (no unit) reads the same for every kind: in base units, or not at all.
    if (text.find_first_not_of("0123456789+-.eE \t\n\r\f\v") == std::string_view::npos) {
      const QuantityParse bytes = parse_quantity(text, Dimension::Bytes);
      require(q.ok() == bytes.ok() && (!q.ok() || q.value == bytes.value),
              "a bare number is a quantity in base units of every kind", text);
    }
  }

  if (const auto p = parse_precision(text)) {
    const std::string key = p->key();
    const auto again = parse_precision(key);
    require(again && again->key() == key && again->bytes_per_element == p->bytes_per_element,
            "a precision's normalised key names the same precision", key);
    require(key.ends_with(p->sparse ? "_sparse" : "_dense"),
            "a normalised key says dense or sparse", key);
    const double b = p->bytes_per_element;
    require(b == 4 || b == 2 || b == 1 || b == 0.5, "bytes per element is 4, 2, 1 or 0.5", key);
  }

  // The first 8 bytes as a double too, to reach NaN, infinities, negatives, subnormals and
  // extreme exponents. Byte 8 picks one formatter (each costs a big-number expansion at the
  // extremes, so one per input keeps the target fast); byte 9 the digits for %g.
  if (size >= sizeof(double)) {
    double raw;
    std::memcpy(&raw, data, sizeof raw);
    const unsigned pick = size > 8 ? data[8] % 7 : 0;
    if (pick < 4) {
      check_formatted(raw, kDimensions[pick]);
    } else if (pick == 4) {
      check_binary(raw);
    } else if (pick == 5) {
      check_significant(raw, size > 9 ? data[9] % 41 : 4);
    } else {
      const std::string shown = format_number(raw);
      const std::string want = std::isnan(raw)   ? "NaN"
                               : std::isinf(raw) ? (raw > 0 ? "Infinity" : "-Infinity")
                                                 : printf_g(raw, 15);
      require(shown == want, "format_number prints NaN, Infinity or printf's %.15g",
              shown + " vs " + want);
    }
  }
  return 0;
}
