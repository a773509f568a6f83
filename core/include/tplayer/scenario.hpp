// Reading a scenario from a Value (the JSON form of SPEC section 2), validating it, and
// solving it (SPEC section 3). Invalid input is data: a list of FieldError, never a throw.
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "tplayer/model.hpp"
#include "tplayer/value.hpp"

namespace tplayer {

// Converts a JSON-shaped value into a Scenario: resolves preset keys, parses unit strings,
// applies defaults. Reports type problems (a string where a number belongs, a fractional
// count, NaN, a missing or unknown field); leaves every range rule to validate().
struct ScenarioRead {
  Scenario scenario;
  std::vector<FieldError> errors;
};
ScenarioRead read_scenario(const Value& value);

// Most links one scenario may list (beyond any real comparison; it bounds the work per solve).
inline constexpr std::size_t kMaxLinks = 64;

// Most errors one outcome lists; past it, one last entry on "scenario" says how many more.
inline constexpr std::size_t kMaxErrors = 100;

// Longest member or link name that a field path spells out; longer ones are named by position.
inline constexpr std::size_t kMaxNameBytes = 64;

// The field path of a link named `name` that follows `before`: "links.<name>", or
// "links[<index>]" when the name is empty or an earlier link has it already.
std::string link_path(std::span<const Link> before, std::string_view name);

// The top-level numbers a sweep may vary.
inline constexpr std::string_view kSweepableFields[] = {"tp_size", "tokens", "local_efficiency",
                                                        "collectives_per_layer"};

// Sets one of kSweepableFields from a value with the same type rules as read_scenario, adding
// any problem to `errors`. Returns false when `field` is not one of them.
bool read_number_field(Scenario& scenario, std::string_view field, const Value& value,
                       std::vector<FieldError>& errors);

// The accelerator's peak for a precision key (normalised on both sides), or nullptr.
const PeakFlops* find_peak(const Accelerator& accelerator, std::string_view precision);

// Every range rule of SPEC section 3; empty when the scenario can be solved.
std::vector<FieldError> validate(const Scenario& scenario);

// Solves a scenario that validate() accepted. Times are finite and non-negative.
Result solve(const Scenario& scenario);

// Warnings of SPEC section 3 (the result still stands). solve() includes them.
std::vector<FieldError> warnings(const Scenario& scenario);

// read + validate + solve: a result, or the errors that stop one.
struct Outcome {
  std::optional<Result> result;
  std::vector<FieldError> errors;
  Scenario scenario;  // as read, defaults applied (solve_value only; sweep leaves it empty)
};
Outcome solve_value(const Value& value);

// The same scenario solved once per value of one top-level numeric field (e.g. "tp_size").
std::vector<Outcome> sweep(const Value& scenario, std::string_view field,
                           std::span<const double> values);

// Value forms for the doors (JSON names of SPEC sections 2 and 6).
Value to_value(const Scenario& scenario);
Value to_value(const Result& result);
Value to_value(const std::vector<FieldError>& errors);  // {"errors": [{field, message}...]}
Value catalog_value();  // presets (with scenario and result), workloads, accelerators, links, units

}  // namespace tplayer
