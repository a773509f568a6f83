// The WebAssembly door: JSON text in (written by the facade, wasm/index.js), plain JS objects
// out. Every type and range rule stays in core (read_scenario + validate); this file only
// moves values across the boundary. No class_ handles: results are value_objects whose list
// fields are plain JS arrays, so nothing is left for the caller to delete.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "tplayer/json.hpp"
#include "tplayer/model.hpp"
#include "tplayer/scenario.hpp"

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
  return {{"scenario", "expected the scenario as JSON text: " + parsed.error}};
}

// An outcome for JS: the result object, or an array of {field, message}.
val outcome_js(Outcome&& outcome) {
  if (outcome.result) return val(std::move(*outcome.result));
  return array_of(outcome.errors);
}

val solve_json(const std::string& text) {
  const JsonParse parsed = parse_json(text);
  if (!parsed.ok()) return array_of(not_json(parsed));
  return outcome_js(solve_value(parsed.value));
}

std::vector<double> numbers_of(const JsonParse& parsed) {
  std::vector<double> out;
  for (const Value& v : parsed.value.array) out.push_back(v.number);
  return out;
}

// `values` is a JSON array of numbers (the facade checks that). Returns one outcome per value,
// in order: a result object, or an array of {field, message}. Each point goes to JS as soon as
// it is solved, so a long sweep does not hold every result in the wasm heap at once (the heap
// never shrinks once grown).
val sweep_json(const std::string& text, const std::string& field, const std::string& values) {
  const std::vector<double> xs = numbers_of(parse_json(values));
  const JsonParse parsed = parse_json(text);
  val out = val::array();
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (!parsed.ok()) {
      out.set(i, array_of(not_json(parsed)));
      continue;
    }
    std::vector<Outcome> point = sweep(parsed.value, field, std::span(&xs[i], 1));
    out.set(i, outcome_js(std::move(point.front())));
  }
  return out;
}

val catalog_js() { return to_js(catalog_value()); }

std::string version() { return TPLAYER_VERSION; }

// The core's limit on a scenario's JSON text, so the facade stops serialising at the same size.
unsigned max_json_bytes() { return static_cast<unsigned>(kMaxJsonBytes); }

// Internal, for tests and the benchmark (see the .d.ts): the wasm heap, and the bytes of it
// that the allocator has handed out and not had back.
double heap_size() { return static_cast<double>(emscripten_get_heap_size()); }
double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

// Internal, for the benchmark: nanoseconds per scenario of core's sweep alone (no JS objects).
double sweep_ns_per_point(const std::string& text, const std::string& field,
                          const std::string& values) {
  const JsonParse parsed = parse_json(text);
  const std::vector<double> xs = numbers_of(parse_json(values));
  if (!parsed.ok() || xs.empty()) return 0;
  const double start = emscripten_get_now();
  const std::vector<Outcome> outcomes = sweep(parsed.value, field, xs);
  const double ms = emscripten_get_now() - start;
  return ms * 1e6 / static_cast<double>(outcomes.size());
}

}  // namespace
}  // namespace tplayer

// strtod for the WebAssembly build, replacing musl's. musl's correctly rounded strtod works in
// 128-bit long double, which wasm emulates in software: with it the module was 14 KB larger
// (6.5 KB gzip), a sixth of the size budget. This one is exact too: Clinger's fast path (a
// mantissa <= 2^53 times or divided by an exact power of ten <= 1e22: one correctly rounded
// operation) covers the numbers people type, and every other decimal goes to JavaScript's
// Number(), which the ECMAScript spec requires to round correctly as well; the tests check
// the results against the native build bit for bit. Only decimal forms are read
// ([ws][sign]digits[.digits][e[sign]digits]), which is all the core hands to strtod: its JSON
// and quantity readers check that grammar first. strtof and strtold are defined too, so that
// musl's strtod.o (which holds all three) is never linked.
EM_JS(double, tplayer_js_number, (const char* text, int length),
      { return Number(UTF8ToString(text, length)); });

extern "C" double strtod(const char* text, char** end) {
  const char* p = text;
  while (*p == ' ' || (*p >= '\t' && *p <= '\r')) ++p;
  const char* const start = p;
  const bool negative = *p == '-';
  if (*p == '+' || *p == '-') ++p;
  constexpr std::uint64_t kExact = std::uint64_t{1} << 53;
  std::uint64_t mantissa = 0;  // stops growing past kExact: then only the slow path is taken
  int scale = 0;               // decimal exponent of the mantissa's last digit
  int digits = 0;
  for (; *p >= '0' && *p <= '9'; ++p, ++digits) {
    if (mantissa <= kExact) mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
  }
  if (*p == '.') {
    for (++p; *p >= '0' && *p <= '9'; ++p, ++digits) {
      if (mantissa <= kExact) {
        mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
        --scale;
      }
    }
  }
  if (digits == 0) {
    if (end) *end = const_cast<char*>(text);
    return 0;
  }
  int exponent = 0;
  if (*p == 'e' || *p == 'E') {
    const char* q = p + 1;
    const bool minus = *q == '-';
    if (*q == '+' || *q == '-') ++q;
    if (*q >= '0' && *q <= '9') {
      for (; *q >= '0' && *q <= '9'; ++q)
        exponent = exponent < 100000 ? exponent * 10 + (*q - '0') : exponent;
      if (minus) exponent = -exponent;
      p = q;
    }
  }
  if (end) *end = const_cast<char*>(p);
  static constexpr double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const int e = exponent + scale;
  if (mantissa <= kExact && e >= -22 && e <= 22) {
    const double m = static_cast<double>(mantissa);
    const double v = e < 0 ? m / kPowers[-e] : m * kPowers[e];
    return negative ? -v : v;
  }
  return tplayer_js_number(start, static_cast<int>(p - start));
}

extern "C" float strtof(const char* text, char** end) {
  return static_cast<float>(strtod(text, end));
}

extern "C" long double strtold(const char* text, char** end) { return strtod(text, end); }

EMSCRIPTEN_BINDINGS(tplayer) {
  using namespace emscripten;
  using namespace tplayer;

  value_object<FieldError>("FieldError")
      .field("field", &FieldError::field)
      .field("message", &FieldError::message);

  value_object<LinkResult> link("LinkResult");
  scalar_fields(link, kLinkResultFields);

  value_object<Result> result("Result");
  result.field("type", &result_type, &no_set);
  scalar_fields(result, kResultFields);
  result.field("warnings", &result_warnings, &no_set);
  result.field("links", &result_links, &no_set);

  function("solve", &solve_json);
  function("sweep", &sweep_json);
  function("catalog", &catalog_js);
  function("version", &version);
  function("maxJsonBytes", &max_json_bytes);
  function("heapSize", &heap_size);
  function("heapInUse", &heap_in_use);
  function("sweepNsPerPoint", &sweep_ns_per_point);
}
