// The formulas of docs/model.md#the-layer, each pinned by numbers that a wrong formula cannot
// produce: the ring factor 2(n-1)/n, the 2(n-1) latency steps, c all-reduces, the compute tie, the
// binding link on a tie, the regime, the memory check and the defaults.
#include <cmath>

#include "support.hpp"
#include "tplayer/catalog.hpp"

namespace tplayer::test {
namespace {

using Catch::Matchers::WithinRel;

// A scenario in powers of two: F = 2^42, t_comp = 4/n s, t_single = 4 s, M = 2^21 B, one
// all-reduce per layer over 2^20 B/s; most results are exact in doubles.
Scenario pow2(std::int64_t n) {
  Scenario s;
  s.workload = {"", "pow2", 1073741824.0, 1, 1024, 8, std::nullopt, 4294967296.0};
  s.tp_size = n;
  s.tokens = 1024;
  s.accelerator = {"", "pow2 chip", {{"fp16_dense", 1099511627776.0}}, 1073741824.0, 1e12, ""};
  s.local_efficiency = 1;
  s.collectives_per_layer = 1;
  s.links = {{"link", "", 1048576.0, 0}};
  return s;
}

Result solve_ok(const Scenario& s) {
  const auto errors = validate(s);
  INFO(list(errors));
  REQUIRE(errors.empty());
  return solve(s);
}

}  // namespace

TEST_CASE("the bandwidth term carries the ring factor 2(n-1)/n", "[model]") {
  // M = 2^21 B over 2^20 B/s is 2 s; each rank sends 2(n-1)/n of M.
  const std::pair<std::int64_t, double> want[] = {{1, 0.0}, {2, 2.0},   {4, 3.0},
                                                  {8, 3.5}, {16, 3.75}, {3, 8.0 / 3}};
  for (const auto& [n, t_bw] : want) {
    INFO("n = " << n);
    const Result r = solve_ok(pow2(n));
    CHECK_THAT(r.links[0].bandwidth_time_s, WithinRel(t_bw, 1e-15));
    CHECK_THAT(r.links[0].wire_bytes_per_rank, WithinRel(t_bw * 1048576.0, 1e-15));
  }
}

TEST_CASE("the latency term is 2(n-1) ring steps of alpha", "[model]") {
  const std::pair<std::int64_t, double> want[] = {
      {1, 0.0}, {2, 2e-6}, {4, 6e-6}, {8, 14e-6}, {64, 126e-6}};
  for (const auto& [n, t_lat] : want) {
    INFO("n = " << n);
    Scenario s = pow2(n);
    s.workload.heads = 64;
    s.links[0].latency = 1e-6;
    const Result r = solve_ok(s);
    CHECK_THAT(r.links[0].latency_time_s, WithinRel(t_lat, 1e-12));
    CHECK_THAT(r.links[0].allreduce_time_s, WithinRel(r.links[0].bandwidth_time_s + t_lat, 1e-12));
  }
}

TEST_CASE("c all-reduces per layer: t_comm = c * t_ar, wire = c * 2(n-1)/n * M", "[model]") {
  for (const std::int64_t c : {0, 1, 2, 4, 7}) {
    INFO("c = " << c);
    Scenario s = pow2(4);
    s.collectives_per_layer = c;
    s.links[0].latency = 0.25;
    const Result r = solve_ok(s);
    const LinkResult& l = r.links[0];
    CHECK(l.bandwidth_time_s == 3.0);
    CHECK(l.latency_time_s == 1.5);
    CHECK(l.allreduce_time_s == 4.5);  // one all-reduce, whatever c is
    CHECK(l.communication_time_s == 4.5 * static_cast<double>(c));
    CHECK(l.wire_bytes_per_rank == 1.5 * 2097152.0 * static_cast<double>(c));
  }
}

TEST_CASE("compute: F = inference_flops / L * T, F_rank = F / n, t_comp and t_single", "[model]") {
  Scenario s = pow2(4);
  s.workload.layers = 4;
  s.local_efficiency = 0.5;
  const Result r = solve_ok(s);
  CHECK(r.flops_per_layer == 1099511627776.0);  // 2^32 / 4 * 2^10 = 2^40
  CHECK(r.flops_per_rank == 274877906944.0);    // 2^38
  CHECK(r.compute_time_s == 0.5);               // 2^38 / (2^40 * 0.5)
  CHECK(r.single_device_time_s == 2.0);         // 2^40 / (2^40 * 0.5)
  CHECK(r.message_bytes == 2097152.0);          // 1024 * 1024 * 2
  CHECK(r.peak_flops == 1099511627776.0);
}

TEST_CASE("inference_flops defaults to 2P", "[model]") {
  Scenario s = pow2(2);
  s.workload.inference_flops.reset();
  const Result defaulted = solve_ok(s);
  CHECK(defaulted.flops_per_layer == 2 * 1073741824.0 * 1024);
  s.workload.inference_flops = 2 * 1073741824.0;
  CHECK(solve_ok(s).compute_time_s == defaulted.compute_time_s);
}

TEST_CASE("a tie t_comm == t_comp is compute-bound, a hair more is communication", "[model][tie]") {
  Scenario s = pow2(2);  // t_comp = 2 s, t_bw = 2^21 / 2^20 = 2 s
  Result r = solve_ok(s);
  REQUIRE(r.links[0].communication_time_s == r.compute_time_s);
  CHECK(r.links[0].bound == "compute");
  CHECK(r.bound == "compute");
  CHECK(r.links[0].comm_to_compute == 1.0);

  s.links[0].bandwidth = 1048575.0;  // one byte/s slower: t_comm = 2.0000019 s
  r = solve_ok(s);
  REQUIRE(r.links[0].communication_time_s > r.compute_time_s);
  CHECK(r.links[0].bound == "communication");
  CHECK(r.bound == "communication");
}

TEST_CASE("the binding link is the largest t_comm, the first of equals", "[model][tie]") {
  Scenario s = pow2(2);
  s.links = {{"fast", "", 4194304.0, 0}, {"a", "", 1048576.0, 0}, {"b", "", 2097152.0, 0.5}};
  Result r = solve_ok(s);
  REQUIRE(r.links[1].communication_time_s == r.links[2].communication_time_s);
  CHECK(r.binding_link == "a");

  std::swap(s.links[1], s.links[2]);
  r = solve_ok(s);
  CHECK(r.binding_link == "b");

  s.links = {{"slow", "", 1.0, 0}, {"fast", "", 4194304.0, 0}};
  CHECK(solve_ok(s).binding_link == "slow");  // the largest, not the last
  s.links = {{"fast", "", 4194304.0, 0}, {"slow", "", 1.0, 0}};
  r = solve_ok(s);
  CHECK(r.binding_link == "slow");  // the largest, not the first
  CHECK(r.bound == "communication");
  CHECK(r.links[0].bound == "compute");
}

TEST_CASE("regime: latency when t_lat > t_bw, bandwidth otherwise (and on a tie)", "[model]") {
  Scenario s = pow2(2);  // t_bw = 2 s, t_lat = 2 alpha
  s.links[0].latency = 1.0;
  CHECK(solve_ok(s).links[0].regime == "bandwidth");  // 2 == 2
  s.links[0].latency = 1.5;
  CHECK(solve_ok(s).links[0].regime == "latency");
  s.links[0].latency = 0.5;
  CHECK(solve_ok(s).links[0].regime == "bandwidth");
}

TEST_CASE("serial and overlapped layer times, speedups and efficiencies", "[model]") {
  Scenario s = pow2(4);  // t_comp = 1 s, t_single = 4 s, t_bw = 1.5 * 2^21 / B
  s.links = {{"quick", "", 4194304.0, 0}, {"slow", "", 524288.0, 0}};  // t_comm 0.75 s and 6 s
  const Result r = solve_ok(s);
  CHECK(r.compute_time_s == 1.0);
  CHECK(r.single_device_time_s == 4.0);
  const LinkResult& q = r.links[0];
  CHECK(q.communication_time_s == 0.75);
  CHECK(q.serial_layer_time_s == 1.75);
  CHECK(q.overlapped_layer_time_s == 1.0);
  CHECK_THAT(q.serial_speedup, WithinRel(4.0 / 1.75, 1e-15));
  CHECK_THAT(q.serial_efficiency, WithinRel(1.0 / 1.75, 1e-15));
  CHECK(q.overlapped_speedup == 4.0);
  CHECK(q.overlapped_efficiency == 1.0);
  CHECK(q.comm_to_compute == 0.75);
  const LinkResult& w = r.links[1];
  CHECK(w.communication_time_s == 6.0);
  CHECK(w.serial_layer_time_s == 7.0);
  CHECK(w.overlapped_layer_time_s == 6.0);
  CHECK_THAT(w.serial_speedup, WithinRel(4.0 / 7.0, 1e-15));
  CHECK_THAT(w.serial_efficiency, WithinRel(1.0 / 7.0, 1e-15));
  CHECK_THAT(w.overlapped_speedup, WithinRel(4.0 / 6.0, 1e-15));
  CHECK_THAT(w.overlapped_efficiency, WithinRel(1.0 / 6.0, 1e-15));
  CHECK(w.comm_to_compute == 6.0);
}

TEST_CASE("n = 1: no exchange on any link, speedup 1", "[model]") {
  Scenario s = pow2(1);
  s.links[0].latency = 5e-6;
  const Result r = solve_ok(s);
  const LinkResult& l = r.links[0];
  CHECK(l.bandwidth_time_s == 0);
  CHECK(l.latency_time_s == 0);
  CHECK(l.communication_time_s == 0);
  CHECK(l.wire_bytes_per_rank == 0);
  CHECK(l.serial_speedup == 1);
  CHECK(l.overlapped_speedup == 1);
  CHECK(l.serial_efficiency == 1);
  CHECK(r.compute_time_s == r.single_device_time_s);
}

TEST_CASE("memory: weights per rank = P * b / n, fits when <= capacity", "[model]") {
  Scenario s = pow2(2);  // weights 2^30 * 2 / 2 = 2^30 B
  s.accelerator.memory_capacity = 1073741824.0;
  Result r = solve_ok(s);
  CHECK(r.weights_per_rank_bytes == 1073741824.0);
  CHECK(r.fits_in_memory);
  CHECK(r.warnings.empty());

  s.accelerator.memory_capacity = 1073741823.0;
  r = solve_ok(s);
  CHECK_FALSE(r.fits_in_memory);
  CHECK(fields(r.warnings) == std::vector<std::string>{"accelerator.memory_capacity"});
  CHECK(r.memory_capacity_bytes == 1073741823.0);

  s.precision = "fp8_dense";  // b = 1 halves the weights
  s.accelerator.peak_flops.push_back({"fp8_dense", 2199023255552.0});
  r = solve_ok(s);
  CHECK(r.weights_per_rank_bytes == 536870912.0);
  CHECK(r.fits_in_memory);
}

TEST_CASE("bytes per element follow docs/model.md#precision and pick the matching peak",
          "[model][precision]") {
  const std::pair<const char*, double> formats[] = {{"fp32", 4},  {"tf32", 4},  {"bf16", 2},
                                                    {"fp16", 2},  {"fp8", 1},   {"int8", 1},
                                                    {"fp4", 0.5}, {"int4", 0.5}};
  double peak = 1e12;
  Scenario s = pow2(2);
  s.accelerator.peak_flops.clear();
  for (const auto& [format, bytes] : formats) {
    s.accelerator.peak_flops.push_back({std::string(format) + "_dense", peak});
    s.accelerator.peak_flops.push_back({std::string(format) + "_sparse", 3 * peak});
    peak *= 2;
  }
  peak = 1e12;
  for (const auto& [format, bytes] : formats) {
    for (const std::string& key :
         {std::string(format), std::string(format) + "_dense", std::string(format) + "_sparse"}) {
      INFO("precision " << key);
      s.precision = key;
      const Result r = solve_ok(s);
      CHECK(r.bytes_per_element == bytes);
      CHECK(r.message_bytes == 1024.0 * 1024.0 * bytes);
      // Int4 weights carry a 16-bit scale per group of 128 (docs/model.md#any-model-any-rig).
      const double weight_bytes = std::string_view(format) == "int4" ? bytes + 2.0 / 128 : bytes;
      CHECK(r.weight_bytes_per_element == weight_bytes);
      CHECK(r.weights_per_rank_bytes == 1073741824.0 * weight_bytes / 2);
      CHECK(r.peak_flops == (key.ends_with("_sparse") ? 3 * peak : peak));
    }
    peak *= 2;
  }
}

TEST_CASE("a bare precision is the dense one, and absent precision is fp16_dense",
          "[model][precision]") {
  Value v = spec_scenario();
  const Result dense = solved(v);
  v.set("precision", Value::from("fp16"));
  const Result bare = solved(v);
  v.object.erase(std::find_if(v.object.begin(), v.object.end(),
                              [](const auto& m) { return m.first == "precision"; }));
  const Result absent = solved(v);
  CHECK(identical(to_value(bare), to_value(dense)));
  CHECK(identical(to_value(absent), to_value(dense)));
  CHECK(read_scenario(spec_scenario()).scenario.precision == "fp16_dense");
}

TEST_CASE("the precision's own peak is used, never a fallback", "[model][precision]") {
  Value v = spec_scenario();
  v.set("precision", Value::from("fp8_dense"));
  CHECK(solved(v).peak_flops == 1979e12);
  v.set("precision", Value::from("tf32"));
  CHECK(solved(v).peak_flops == 494e12);
  v.set("precision", Value::from("bf16_sparse"));
  CHECK(solved(v).peak_flops == 1978e12);
  v.set("precision", Value::from("fp4"));  // H100 has no fp4 peak: an error, not the fp16 peak
  CHECK(fields(errors_of(v)) == std::vector<std::string>{"precision"});
}

TEST_CASE("results carry the warnings of warnings()", "[model]") {
  Scenario s = read_scenario(json(R"({"workload": "GPT2", "tp_size": 3, "tokens": 1024,
      "accelerator": "A100", "local_efficiency": 0.5, "links": ["pcie4"],
      "collectives_per_layer": 0})"))
                   .scenario;
  const Result r = solve_ok(s);
  CHECK(r.warnings == warnings(s));
  CHECK(r.warnings.size() == 3);
}

TEST_CASE("kv_heads and memory_bandwidth change only the memory term in the flops model",
          "[model]") {
  // The flops model shows the memory term (docs/model.md#the-roofline) without pricing with it.
  const auto without_memory_term = [](Value v) {
    std::erase_if(v.object, [](const auto& member) {
      return member.first == "memory_time_s" || member.first == "single_device_memory_time_s";
    });
    return v;
  };
  Value v = spec_scenario_custom_workload();
  v.set("accelerator", json(R"({"peak_flops": {"fp16": "989 TFLOP/s"}, "memory_capacity": "80 GiB",
                                "memory_bandwidth": "3.35 TB/s"})"));
  member(v, "workload").set("vocab", Value::from(50257.0));  // GPT-3's, as the catalogue's
  const Value before = to_value(solved(v));
  member(v, "workload").set("kv_heads", Value::from(8.0));
  member(v, "accelerator").set("memory_bandwidth", Value::from("1 TB/s"));
  const Value after = to_value(solved(v));
  CHECK(identical(without_memory_term(after), without_memory_term(before)));
  CHECK(after.find("memory_time_s")->number > before.find("memory_time_s")->number);
  CHECK(after.find("compute_bound")->string == "flops");
  CHECK(identical(before, to_value(solved(spec_scenario()))));
}

TEST_CASE("every time of every preset is finite and non-negative", "[model]") {
  for (const ScenarioPreset& p : scenario_presets()) {
    INFO(p.key);
    const Result r = solve_ok(p.scenario);
    CHECK(std::isfinite(r.compute_time_s));
    CHECK(r.compute_time_s > 0);
    for (const LinkResult& l : r.links) {
      CHECK(std::isfinite(l.communication_time_s));
      CHECK(l.communication_time_s >= 0);
      CHECK(l.serial_layer_time_s >= l.overlapped_layer_time_s);
      CHECK(l.overlapped_speedup <= static_cast<double>(p.scenario.tp_size) * (1 + 1e-12));
    }
  }
}

}  // namespace tplayer::test

namespace tplayer::test {
namespace {

// Rounding must never report a physically impossible result: an efficiency above 1 or a
// speedup above tp_size. (docs/model.md#the-layer's literal form, t_single / time / n,
// gave 1.0000000000000002 for about one scenario in eight.)
TEST_CASE("efficiency never exceeds 1 nor speedup tp_size, whatever the rounding", "[model]") {
  Scenario s = find_preset("Gpt3TensorParallelLayerTp8")->scenario;
  int solved = 0;
  for (std::int64_t n = 1; n <= 64; n += 3) {
    for (std::int64_t tokens = 1; tokens <= 100000; tokens = tokens * 7 + 3) {
      for (const double eta : {0.04, 0.159, 0.333, 0.5, 0.77, 1.0}) {
        s.tp_size = n;
        s.tokens = tokens;
        s.local_efficiency = eta;
        const Result r = solve(s);
        for (const LinkResult& l : r.links) {
          INFO("n " << n << ", tokens " << tokens << ", eta " << eta << ", link " << l.name);
          REQUIRE(l.overlapped_efficiency <= 1.0);
          REQUIRE(l.serial_efficiency <= l.overlapped_efficiency);
          REQUIRE(l.overlapped_speedup <= static_cast<double>(n));
          REQUIRE(l.serial_speedup <= l.overlapped_speedup);
        }
        ++solved;
      }
    }
  }
  CHECK(solved == 22 * 6 * 6);
}

}  // namespace
// docs/model.md#what-the-answer-says: mlsysim's model prices decode by FLOPs alone; where the
// memory term is larger it says by how much, and what a token takes as it runs.
TEST_CASE("mlsysim's model warns when a decode pass reads more than it computes", "[model]") {
  Value v = json(R"({"preset": "Llama3_70BDecodeTp8", "compute_model": "flops",
      "link_model": "line_rate"})");
  const Result r = solved(v);
  REQUIRE(r.memory_time_s > r.flop_time_s);
  const std::string said = message_for(r.warnings, "compute_model");
  CHECK(contains(said, "mlsysim's model prices decode by FLOPs alone"));
  CHECK(contains(said, format_significant(r.memory_time_s / r.flop_time_s, 3) + "x as long"));
  v.set("compute_model", Value::from("kernels"));
  v.set("link_model", Value::from("nccl"));
  const Result runs = solved(v);
  CHECK(contains(said,
                 "a token takes " +
                     format_quantity(runs.links.back().time_per_output_token_s, Dimension::Time) +
                     " on infiniband_ndr"));
  // Not in the other models, nor in a forward pass.
  const auto on_model = [](const Result& x) {
    const std::vector<std::string> on = fields(x.warnings);
    return std::count(on.begin(), on.end(), "compute_model");
  };
  CHECK(on_model(runs) == 0);
  v.set("compute_model", Value::from("flops"));
  v.set("pass", Value::from("forward"));
  CHECK(on_model(solved(v)) == 0);
}

}  // namespace tplayer::test
