// Native cost of one solve: parse the GPT-3 preset's JSON once, then time solve_value (read +
// validate + solve) in a loop, and core's sweep over 10,000 values, the same work that the
// wasm benchmark times inside WebAssembly. Prints one line per measurement (ns per solve).
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "tplayer/catalog.hpp"
#include "tplayer/json.hpp"
#include "tplayer/tplayer.hpp"

namespace {

template <class F>
double best_ns(int rounds, int per_round, F&& body) {
  double best = 1e300;
  for (int r = 0; r < rounds; ++r) {
    const auto start = std::chrono::steady_clock::now();
    body(per_round);
    const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
    best = std::min(best, took.count() / per_round);
  }
  return best;
}

}  // namespace

int main() {
  const tplayer::ScenarioPreset* preset = tplayer::find_preset("Gpt3TensorParallelLayerTp8");
  // Through JSON text, as the wasm door receives it.
  const tplayer::JsonParse parsed =
      tplayer::parse_json(tplayer::write_json(tplayer::to_value(preset->scenario)));
  if (!parsed.ok()) return 1;
  const tplayer::Value& scenario = parsed.value;

  volatile double sink = 0;
  const double solve_ns = best_ns(15, 20000, [&](int n) {
    for (int i = 0; i < n; ++i) sink = sink + tplayer::solve_value(scenario).result->compute_time_s;
  });
  const std::vector<double> values(10000, 8.0);
  const double sweep_ns = best_ns(15, 1,
                                  [&](int) {
                                    const auto outcomes =
                                        tplayer::sweep(scenario, "tp_size", values);
                                    sink = sink + outcomes.back().result->compute_time_s;
                                  }) /
                          static_cast<double>(values.size());
  // docs/model.md#the-hiding-bandwidth: the search for the bandwidth that hides each link's
  // exchange, against the core's solve() of the same scenario as NCCL runs it with sequence
  // parallelism (the search's case).
  tplayer::Scenario s = preset->scenario;
  s.link_model = tplayer::kNccl;
  s.launch_overhead.reset();
  s.collective = std::string(tplayer::kReduceScatterAllGather);
  const double compute = tplayer::solve(s).compute_time_s;
  const double core_ns = best_ns(15, 20000, [&](int n) {
    for (int i = 0; i < n; ++i) sink = sink + tplayer::solve(s).compute_time_s;
  });
  const double hiding_ns = best_ns(15, 20000, [&](int n) {
    for (int i = 0; i < n; ++i)
      for (const tplayer::Link& link : s.links)
        sink = sink + tplayer::hiding_bandwidth(s, link, compute).factor;
  });
  std::printf(
      "native_solve_value_ns %.0f\nnative_sweep_ns_per_point %.0f\nnative_core_solve_nccl_sp_ns "
      "%.0f\nnative_hiding_search_ns %.0f\n",
      solve_ns, sweep_ns, core_ns, hiding_ns);
  return 0;
}
