// The WebAssembly door: JSON text in (written by the facade, wasm/index.js), plain JS objects
// out. Every type and range rule stays in core (read_scenario + validate); this file only
// moves values across the boundary. No class_ handles: results are value_objects whose list
// fields are plain JS arrays, so nothing is left for the caller to delete.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "arguments.hpp"
#include "tplayer/json.hpp"
#include "tplayer/model.hpp"
#include "tplayer/tplayer.hpp"

namespace tplayer {
namespace {

using emscripten::val;

// The JS arrays behind the list fields: plain arrays of plain objects, no handles.
template <class T>
val array_of(const std::vector<T>& items) {
  val out = val::array();
  for (std::size_t i = 0; i < items.size(); ++i) out.set(i, items[i]);
  return out;
}

// Results only ever flow out to JS, so the setters that value_object requires do nothing.
void no_set(Result&, val) {}

val result_type(const Result&) {
  static const val type(std::string{kResultType});
  return type;
}
val result_warnings(const Result& r) { return array_of(r.warnings); }
val result_links(const Result& r) { return array_of(r.links); }
val result_kernels(const Result& r) { return array_of(r.kernels); }

// Registers the scalar members of T, named once in core's kResultFields / kLinkResultFields.
template <class T, std::size_t N>
void scalar_fields(emscripten::value_object<T>& object, const ScalarField<T> (&fields)[N]) {
  for (const ScalarField<T>& f : fields) {
    // The names live in static tables, so the pointer handed to embind stays valid.
    std::visit([&](auto member) { object.field(f.name.data(), member); }, f.member);
  }
}

val to_js(const Value& v) {
  switch (v.kind) {
    case Value::Kind::Null:
      return val::null();
    case Value::Kind::Bool:
      return val(v.boolean);
    case Value::Kind::Number:
      return val(v.number);
    case Value::Kind::String:
      return val(v.string);
    case Value::Kind::Array: {
      val out = val::array();
      for (std::size_t i = 0; i < v.array.size(); ++i) out.set(i, to_js(v.array[i]));
      return out;
    }
    case Value::Kind::Object: {
      val out = val::object();
      for (const auto& [key, item] : v.object) out.set(key, to_js(item));
      return out;
    }
  }
  return val::undefined();
}

std::vector<FieldError> not_json(const JsonParse& parsed) {
  return {{FieldPath{}, "expected the scenario as JSON text: " + parsed.error}};
}

val path_js(const FieldError& e) { return to_js(path_value(e.path)); }
void no_set_path(FieldError&, val) {}

// An outcome for JS: the result object, or an array of {field, path, message}.
val outcome_js(Outcome&& outcome) {
  if (outcome.result) return val(std::move(*outcome.result));
  return array_of(outcome.errors);
}

val solve_json(const std::string& text) {
  const JsonParse parsed = parse_json(text);
  if (!parsed.ok()) return array_of(not_json(parsed));
  return outcome_js(solve_value(parsed.value));
}

// check(): the result with the normalised scenario the core read (its catalogue parts resolved),
// the defaults it derived and the parts still their catalogue entry, or the errors.
val check_json(const std::string& text) {
  const JsonParse parsed = parse_json(text);
  if (!parsed.ok()) return array_of(not_json(parsed));
  Outcome outcome = solve_value(parsed.value);
  if (!outcome.result) return array_of(outcome.errors);
  val out = val::object();
  out.set("result", val(std::move(*outcome.result)));
  out.set("scenario", to_js(to_value(outcome.scenario)));
  out.set("derived", to_js(derived_value(outcome.scenario)));
  out.set("entries", to_js(entries_value(outcome.scenario)));
  return out;
}

// `values` is a JSON array of numbers (the facade checks that). Returns one outcome per value,
// in order: a result object, or an array of errors. The scenario is read once; each point is
// handed to JS as soon as it is solved, so a long sweep never holds its results in the wasm
// heap (which never shrinks once grown).
val sweep_json(const std::string& text, const std::string& field, const std::string& values) {
  const std::vector<double> xs = json_numbers(parse_json(values));
  const JsonParse parsed = parse_json(text);
  val out = val::array();
  if (!parsed.ok()) {
    for (std::size_t i = 0; i < xs.size(); ++i) out.set(i, array_of(not_json(parsed)));
    return out;
  }
  Sweep points(parsed.value, field);
  for (std::size_t i = 0; i < xs.size(); ++i) out.set(i, outcome_js(points.at(xs[i])));
  return out;
}

// Without the presets' results: the facade solves a preset when its result is first read (the
// page's load reads none; solving and converting all of them was most of the catalogue's time).
val sweep_values_errors_js(double count) {
  return array_of(sweep_values_errors(static_cast<std::size_t>(count)));
}

val catalog_js() { return to_js(catalog_value(false)); }

val read_measured_js(const std::string& text) { return to_js(measured_value(text)); }

std::string version() { return TPLAYER_VERSION; }

}  // namespace
}  // namespace tplayer

EMSCRIPTEN_BINDINGS(tplayer) {
  using namespace emscripten;
  using namespace tplayer;

  value_object<FieldError>("FieldError")
      .field("field", &FieldError::field)
      .field("path", &path_js, &no_set_path)
      .field("message", &FieldError::message);

  value_object<LinkResult> link("LinkResult");
  scalar_fields(link, kLinkResultFields);

  value_object<KernelResult> kernel("KernelResult");
  scalar_fields(kernel, kKernelResultFields);

  value_object<Result> result("Result");
  result.field("type", &result_type, &no_set);
  scalar_fields(result, kResultFields);
  result.field("warnings", &result_warnings, &no_set);
  result.field("links", &result_links, &no_set);
  result.field("kernels", &result_kernels, &no_set);

  function("solve", &solve_json);
  function("check", &check_json);
  function("sweep", &sweep_json);
  function("sweepValuesErrors", &sweep_values_errors_js);
  function("catalog", &catalog_js);
  function("readMeasured", &read_measured_js);
  function("version", &version);
}
