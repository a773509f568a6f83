// What the doors (CLI, WebAssembly, tests, fuzzers) call: read a scenario from its JSON form
// (docs/model.md#the-scenario), validate it, solve it (docs/model.md#the-layer), sweep one field,
// and turn scenarios, results and the catalogue back into values. Invalid input is data: a list of
// FieldError, never a throw.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tplayer/json.hpp"
#include "tplayer/model.hpp"
#include "tplayer/value.hpp"

namespace tplayer {

// Stage 1: converts a JSON-shaped value into a Scenario: resolves preset keys, parses unit
// strings, applies defaults. Reports type problems (a string where a number belongs, a
// fractional count, NaN, a missing or unknown field); leaves every range rule to validate().
struct ScenarioRead {
  Scenario scenario;
  std::vector<FieldError> errors;
};
ScenarioRead read_scenario(const Value& value);

// Stage 2: every range rule of docs/model.md#the-layer; empty when the scenario can be solved.
std::vector<FieldError> validate(const Scenario& scenario);

// Stage 3: solves a scenario that validate() accepted. Times are finite and non-negative.
Result solve(const Scenario& scenario);

// One all-reduce of `message_bytes` among `ranks` on one link, in a link model
// (docs/model.md#the-layer or #nccl-links): the bandwidth term (the M term of the winning branch),
// the rest (latency, base, steps and the launch overhead), the branch's name and the bytes each
// rank sends. All 0 for one rank.
struct AllReduceTime {
  double bandwidth_time = 0;
  double latency_time = 0;
  std::string_view protocol = kRing;
  double bytes_per_rank = 0;
  // The whole: bandwidth_time + latency_time, except on a measured link, where it is the
  // measured (or interpolated) time itself, to the last bit.
  double measured_time = -1;
  // The part of bandwidth_time on a two-tier link's node link once the ranks span nodes at line
  // rate: what a faster network (docs/model.md#the-hiding-bandwidth's hiding bandwidth) leaves
  // unchanged.
  double intra_bandwidth_time = 0;
  double time() const { return measured_time >= 0 ? measured_time : bandwidth_time + latency_time; }
};
// With `custom`, the link's custom all-reduce branches (docs/model.md#custom-all-reduce) compete in
// the nccl model.
AllReduceTime allreduce_time(const Link& link, std::int64_t ranks, double message_bytes,
                             std::string_view link_model, double launch_overhead,
                             bool custom = false);

// docs/model.md#sequence-parallelism: the bandwidth at which a link's exchanges in a validated
// scenario take `compute_time_s`, and it over the link's own (a two-tier link's node link while its
// ranks fit one node, its network link beyond; a measured link's bus bandwidth): what solve()
// reports as hiding_bandwidth_bytes_per_s and hiding_factor. Both 0 when no bandwidth hides the
// exchange or nothing is exchanged.
struct HidingBandwidth {
  double bandwidth_bytes_per_s = 0;
  double factor = 0;
};
HidingBandwidth hiding_bandwidth(const Scenario& scenario, const Link& link, double compute_time_s);

// One of a link's custom all-reduce branches alone (docs/model.md#custom-all-reduce), plus the
// launch overhead: for reports that score each branch against its own measurements.
AllReduceTime custom_branch_time(const Protocol& branch, const Link& link, std::int64_t ranks,
                                 double message_bytes, double launch_overhead);

// The warnings of docs/model.md#the-layer (the result still stands). solve() includes them.
std::vector<FieldError> warnings(const Scenario& scenario);

// read + validate + solve: a result, or the errors that stop one, and the scenario as read.
struct Outcome {
  std::optional<Result> result;
  std::vector<FieldError> errors;
  Scenario scenario;  // as read, defaults applied
};
Outcome solve_value(const Value& value);

// One scenario solved at many values of one sweepable field (fields.hpp): the scenario is read
// once, and each point changes only that field in one working copy.
class Sweep {
 public:
  Sweep(const Value& scenario, std::string_view field);
  Outcome at(double value);

 private:
  ScenarioRead base_;
  std::string field_;
  bool sweepable_ = false;
  bool object_ = false;
};

// The problem of a sweep of `count` values, at "values": more than kMaxSweepValues. Every door asks
// before it solves a point.
std::vector<FieldError> sweep_values_errors(std::size_t count);

// Every point of a sweep at once (for the CLI and tests; the wasm door streams Sweep::at).
std::vector<Outcome> sweep(const Value& scenario, std::string_view field,
                           std::span<const double> values);

// The defaults the core derived from other fields because the scenario left them out
// (InputField::derived_from), as [{field, path, from: [path, ...]}]: check() reports them beside
// the normalised scenario, so that a UI knows which values follow its other inputs.
Value derived_value(const Scenario& scenario);

// Value forms for the doors (the JSON names of docs/model.md#the-scenario and #the-result).
// A scenario is written normalised (defaults applied, SI numbers) with each catalogue part
// resolved, as {"preset": key, ...every field} (what check() and --print-scenario give), or
// keyed: a part still its catalogue entry as its key (the catalogue's own presets).
enum class Parts { Resolved, Keys };
Value to_value(const Scenario& scenario, Parts parts = Parts::Resolved);
// The paths of the parts still their catalogue entry (["accelerator"], ["links", "nvlink"],
// ["links", "hgx", "intra_node"]): check() gives them beside the resolved scenario.
Value entries_value(const Scenario& scenario);
Value to_value(const Result& result);
Value to_value(const std::vector<FieldError>& errors);      // {"errors": [{field, path, message}]}
Value errors_value(const std::vector<FieldError>& errors);  // the array alone
Value path_value(const FieldPath& path);                    // ["links", "nvlink", "bandwidth"]
// Presets (each with its solved result unless `results` is false: the JS facade solves them on
// first read), workloads, accelerators, links, two-tier links, units, fields, limits.
Value catalog_value(bool results = true);

// What parse_measured read from nccl-tests text, for a UI to show before it prices anything:
// {rows: [{bytes, time_s, line}], ranks (0: not found), ranks_from: "header" | "busbw/algbw" |
// "", skipped, first_skipped: [{line, text, reason}], error (absent when it read)}.
Value measured_value(std::string_view text);

}  // namespace tplayer
