// The entry points that chain the stages: read -> validate -> solve, once or along a sweep.
#include <algorithm>

#include "internal.hpp"
#include "tplayer/fields.hpp"
#include "tplayer/format.hpp"
#include "tplayer/limits.hpp"
#include "tplayer/tplayer.hpp"

namespace tplayer {
namespace {

// Whether `inner` is `outer` or lies inside it ({"links", "a", "bandwidth"} inside {"links", "a"}).
bool within(const FieldPath& inner, const FieldPath& outer) {
  return inner.size() >= outer.size() && std::equal(outer.begin(), outer.end(), inner.begin());
}

// What a read error covers: its field and what lies inside it; an object's preset, the whole
// object (a preset that does not read is reported once, not again as every field it would have
// given).
bool covers(const FieldPath& seen, const FieldPath& path) {
  const std::string* last = seen.empty() ? nullptr : std::get_if<std::string>(&seen.back());
  std::size_t n = seen.size() - (last && *last == "preset");
  // A config.json that does not read covers the workload it would have given.
  const auto config = std::find(seen.begin(), seen.end(), PathStep(std::string("hf_config")));
  if (config != seen.end()) n = static_cast<std::size_t>(config - seen.begin());
  return path.size() >= n && std::equal(seen.begin(), seen.begin() + n, path.begin());
}

// Adds validate()'s range errors to the type errors of reading (not twice for one field, nor
// for a field inside or holding one already reported) and solves when nothing is wrong. Once
// the list is full, range checks could add nothing that would be listed, so they are skipped:
// that also keeps the pairwise check below to at most kMaxErrors times a few hundred.
Outcome finish(const Scenario& scenario, std::vector<FieldError> errors, bool check_ranges) {
  Outcome out;
  out.errors = std::move(errors);
  const std::size_t read_errors = out.errors.size();
  if (check_ranges && read_errors < kMaxErrors) {
    for (FieldError& e : validate(scenario)) {
      const bool covered = std::any_of(
          out.errors.begin(), out.errors.begin() + static_cast<std::ptrdiff_t>(read_errors),
          [&](const FieldError& seen) {
            return covers(seen.path, e.path) || within(seen.path, e.path);
          });
      if (!covered) out.errors.push_back(std::move(e));
    }
  }
  if (out.errors.size() > kMaxErrors) {
    const std::size_t more = out.errors.size() - (kMaxErrors - 1);
    out.errors.resize(kMaxErrors - 1);
    out.errors.emplace_back(FieldPath{}, "and " + whole_number(more) + " more problems not listed");
  }
  if (out.errors.empty()) out.result = solve(scenario);
  return out;
}

}  // namespace

Outcome solve_value(const Value& value) {
  ScenarioRead read = read_scenario(value);
  // A value that is not an object has no fields to range-check.
  Outcome out = finish(read.scenario, std::move(read.errors), value.is_object());
  out.scenario = std::move(read.scenario);
  return out;
}

Sweep::Sweep(const Value& scenario, std::string_view field)
    : base_(read_scenario(scenario)),
      field_(field),
      sweepable_(find_sweepable(field) != nullptr),
      object_(scenario.is_object()) {
  // The swept field's own problems are the points' to report.
  std::erase_if(base_.errors, [&](const FieldError& e) {
    return e.path.size() == 1 && e.path.front() == PathStep(field_);
  });
}

Outcome Sweep::at(double value) {
  if (!sweepable_) {
    Outcome refused;
    refused.errors.emplace_back(FieldPath{"sweep"},
                                "can sweep " + sweepable_names() + ", got " + excerpt(field_));
    return refused;
  }
  std::vector<FieldError> errors = base_.errors;
  read_sweep_field(base_.scenario, field_, Value::from(value), errors);
  return finish(base_.scenario, std::move(errors), object_);
}

std::vector<FieldError> sweep_values_errors(std::size_t count) {
  if (count <= kMaxSweepValues) return {};
  return {{FieldPath{"values"}, "expected at most " + whole_number(kMaxSweepValues) +
                                    " values to sweep, got " +
                                    whole_number(static_cast<std::int64_t>(count))}};
}

std::vector<Outcome> sweep(const Value& scenario, std::string_view field,
                           std::span<const double> values) {
  Sweep points(scenario, field);
  std::vector<Outcome> out;
  out.reserve(values.size());
  for (const double x : values) out.push_back(points.at(x));
  return out;
}

}  // namespace tplayer
