// Quantities of docs/model.md#units: a plain number in SI base units or "<number> <unit>".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tplayer/format.hpp"

namespace tplayer {

struct Unit {
  std::string_view symbol;
  Dimension dimension;
  double factor;       // SI base units per one of this unit is factor / divisor;
  double divisor = 1;  // dividing by 1e6 makes "5 us" exactly the double 5e-6
};

// Every unit the parser knows, in the order the CLI lists them.
const std::vector<Unit>& units();

std::string_view dimension_name(Dimension dimension);  // "bytes", "bytes/s", ...
std::string_view base_unit(Dimension dimension);       // "B", "B/s", "s", "FLOP/s"

struct QuantityParse {
  double value = 0;
  std::string error;  // empty on success; says what was expected and what came
  bool ok() const { return error.empty(); }
};

// Parses "<number> <unit>" (the space is optional) or a bare number in base units. The
// number must be finite; the unit must exist and be of `dimension`.
QuantityParse parse_quantity(std::string_view text, Dimension dimension);

// Parses a count or a real written with a scale: "70B" (K, k, M, B, T: thousand to trillion),
// "1.5M", a bare number, and with `percent` a percentage ("50%" is 0.5).
QuantityParse parse_scaled_number(std::string_view text, bool percent);

}  // namespace tplayer
