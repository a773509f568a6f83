// The test entry's extra functions (wasm/testing.js, the tests and the benchmark), linked only
// into build/wasm/tplayer_testing_wasm.*: the shipped module (bindings.cpp alone) has none of
// them. The wasm heap, and timings of the core alone, without JS objects.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <cstdint>
#include <string>
#include <vector>

#include "arguments.hpp"
#include "tplayer/json.hpp"
#include "tplayer/measured.hpp"
#include "tplayer/tplayer.hpp"

namespace tplayer {
namespace {

// The wasm heap, and the bytes of it that the allocator has handed out and not had back.
double heap_size() { return static_cast<double>(emscripten_get_heap_size()); }
double heap_in_use() { return static_cast<double>(mallinfo().uordblks); }

// Nanoseconds per point of the core's sweep alone (no JS objects).
double sweep_ns_per_point(const std::string& text, const std::string& field,
                          const std::string& values) {
  const JsonParse parsed = parse_json(text);
  const std::vector<double> xs = json_numbers(parse_json(values));
  if (!parsed.ok() || xs.empty()) return 0;
  const double start = emscripten_get_now();
  Sweep points(parsed.value, field);
  for (const double x : xs) points.at(x);
  const double ms = emscripten_get_now() - start;
  return ms * 1e6 / static_cast<double>(xs.size());
}

// Nanoseconds per call of what a measured link costs the core (docs/model.md#measured-links):
// reading the pasted nccl-tests text into rows and pricing one all-reduce of `message_bytes` among
// `ranks` on them. Returns 0 when the text does not read (nothing to time), or the rank count is
// not given.
double measured_ns_per_call(const std::string& text, double ranks, double message_bytes,
                            double calls) {
  const MeasuredParse first = parse_measured(text);
  const std::int64_t measured =
      first.ranks_from_header > 0 ? first.ranks_from_header : first.ranks_from_ratio;
  if (!first.ok() || measured < 2 || ranks < 1 || calls < 1) return 0;
  double sink = 0;  // keeps the work from being optimised away
  const double start = emscripten_get_now();
  for (double i = 0; i < calls; ++i) {
    const MeasuredParse rows = parse_measured(text);
    sink += measured_allreduce(rows.rows, measured, static_cast<std::int64_t>(ranks), message_bytes)
                .time_s;
  }
  const double ms = emscripten_get_now() - start;
  return sink > 0 ? ms * 1e6 / calls : 0;
}

// docs/model.md#the-hiding-bandwidth's cost: nanoseconds per core solve() of a valid scenario, and
// per search for the bandwidth that hides each of its links' exchange (every link, as solve() runs
// it): {solve, hiding}; null for a scenario with errors.
emscripten::val hiding_ns(const std::string& text, double calls) {
  const Outcome outcome = solve_value(parse_json(text).value);
  if (!outcome.result || calls < 1) return emscripten::val::null();
  const Scenario& s = outcome.scenario;
  const double compute = outcome.result->compute_time_s;
  double sink = 0;
  double start = emscripten_get_now();
  for (double i = 0; i < calls; ++i) sink += solve(s).compute_time_s;
  const double solve_ms = emscripten_get_now() - start;
  start = emscripten_get_now();
  for (double i = 0; i < calls; ++i)
    for (const Link& link : s.links) sink += hiding_bandwidth(s, link, compute).factor;
  const double hiding_ms = emscripten_get_now() - start;
  emscripten::val out = emscripten::val::object();
  out.set("solve", sink > 0 ? solve_ms * 1e6 / calls : 0);
  out.set("hiding", hiding_ms * 1e6 / calls);
  return out;
}

}  // namespace
}  // namespace tplayer

EMSCRIPTEN_BINDINGS(tplayer_testing) {
  using namespace emscripten;
  using namespace tplayer;
  function("heapSize", &heap_size);
  function("heapInUse", &heap_in_use);
  function("sweepNsPerPoint", &sweep_ns_per_point);
  function("measuredNsPerCall", &measured_ns_per_call);
  function("hidingNs", &hiding_ns);
}
