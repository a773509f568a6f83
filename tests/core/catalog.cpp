// The catalogue of SPEC section 4 (every figure, every source, unique keys), the scenario
// presets, sweep(), and the value forms every door prints.
#include "tplayer/catalog.hpp"

#include <cmath>
#include <set>

#include "support.hpp"
#include "tplayer/precision.hpp"
#include "tplayer/units.hpp"

namespace tplayer::test {
namespace {

constexpr double kGiB = 1073741824.0;

double peak_of(const Accelerator& a, std::string_view key) {
  for (const PeakFlops& p : a.peak_flops)
    if (p.precision == key) return p.flops_per_s;
  return 0;
}

std::vector<std::string> keys_of(const Value& object) {
  std::vector<std::string> out;
  for (const auto& [k, v] : object.object) out.push_back(k);
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

TEST_CASE("catalogue: every entry has a source, positive numbers, a unique key", "[catalog]") {
  std::set<std::string> keys;
  for (const AcceleratorEntry& e : accelerator_catalog()) {
    const Accelerator& a = e.accelerator;
    INFO("accelerator " << a.key);
    CHECK(keys.insert(a.key).second);
    CHECK(!a.key.empty());
    CHECK(!a.name.empty());
    CHECK(!e.source.empty());
    CHECK(a.memory_capacity > 0);
    CHECK(a.memory_bandwidth > 0);
    CHECK(find_link(a.native_link) != nullptr);
    CHECK(find_accelerator(a.key) == &e);
    REQUIRE(!a.peak_flops.empty());
    std::set<std::string> precisions;
    for (const PeakFlops& p : a.peak_flops) {
      INFO("peak " << p.precision);
      CHECK(precisions.insert(p.precision).second);
      const auto parsed = parse_precision(p.precision);
      REQUIRE(parsed.has_value());
      CHECK(parsed->key() == p.precision);  // stored normalised
      CHECK(std::isfinite(p.flops_per_s));
      CHECK(p.flops_per_s > 0);
      // A sparse peak is twice the dense one of the same format.
      if (parsed->sparse)
        CHECK(p.flops_per_s == 2 * peak_of(a, std::string(parsed->format) + "_dense"));
    }
  }
  keys.clear();
  for (const LinkEntry& e : link_catalog()) {
    INFO("link " << e.key);
    CHECK(keys.insert(e.key).second);
    CHECK(!e.key.empty());
    CHECK(!e.label.empty());
    CHECK(!e.source.empty());
    CHECK(e.bandwidth > 0);
    CHECK(e.latency >= 0);
    CHECK(find_link(e.key) == &e);
  }
  keys.clear();
  for (const WorkloadEntry& e : workload_catalog()) {
    const Workload& w = e.workload;
    INFO("workload " << w.key);
    CHECK(keys.insert(w.key).second);
    CHECK(!w.key.empty());
    CHECK(!w.name.empty());
    CHECK(!e.source.empty());
    CHECK(w.parameters > 0);
    CHECK(w.layers > 0);
    CHECK(w.hidden_dim > 0);
    CHECK(w.heads > 0);
    CHECK(w.hidden_dim % w.heads == 0);
    if (w.kv_heads)
      CHECK((*w.kv_heads > 0 && *w.kv_heads <= w.heads && w.heads % *w.kv_heads == 0));
    if (w.inference_flops) CHECK(*w.inference_flops > 0);
    CHECK(find_workload(w.key) == &e);
  }
  CHECK(find_workload("nope") == nullptr);
  CHECK(find_accelerator("nope") == nullptr);
  CHECK(find_link("nope") == nullptr);
  CHECK(find_preset("nope") == nullptr);
}

TEST_CASE("catalogue: the accelerators of SPEC section 4", "[catalog]") {
  struct Row {
    const char* key;
    std::vector<std::pair<const char*, double>> dense_tflops;
    double memory;
    double bandwidth;
    const char* native_link;
  };
  const Row rows[] = {
      {"H100",
       {{"fp16", 989}, {"bf16", 989}, {"tf32", 494}, {"fp8", 1979}, {"int8", 1979}},
       80 * kGiB,
       3.35e12,
       "nvlink4"},
      {"H200",
       {{"fp16", 989}, {"bf16", 989}, {"tf32", 494}, {"fp8", 1979}, {"int8", 1979}},
       141e9,
       4.8e12,
       "nvlink4"},
      {"A100",
       {{"fp16", 312}, {"bf16", 312}, {"tf32", 156}, {"int8", 624}},
       80 * kGiB,
       2.039e12,
       "nvlink3"},
      {"B200",
       {{"fp16", 2250}, {"bf16", 2250}, {"tf32", 1100}, {"fp8", 4500}, {"fp4", 9000}},
       180e9,
       8e12,
       "nvlink5"},
      {"MI300X",
       {{"fp16", 1307}, {"bf16", 1307}, {"fp8", 2615}, {"int8", 2615}},
       192e9,
       5.3e12,
       "infinity_fabric"},
      {"V100", {{"fp16", 125}, {"fp32", 15.7}}, 32 * kGiB, 900e9, "nvlink2"},
      {"TPUv5p", {{"bf16", 459}, {"int8", 918}}, 95e9, 2.765e12, "ici_v5p"},
      {"Gaudi3", {{"bf16", 1835}, {"fp8", 1835}}, 128e9, 3.7e12, "roce_gaudi3"},
  };
  CHECK(accelerator_catalog().size() >= std::size(rows));
  for (const Row& row : rows) {
    INFO(row.key);
    const AcceleratorEntry* e = find_accelerator(row.key);
    REQUIRE(e != nullptr);
    const Accelerator& a = e->accelerator;
    for (const auto& [format, tflops] : row.dense_tflops) {
      INFO(format);
      CHECK(peak_of(a, std::string(format) + "_dense") == tflops * 1e12);
    }
    CHECK(a.memory_capacity == row.memory);
    CHECK(a.memory_bandwidth == row.bandwidth);
    CHECK(a.native_link == row.native_link);
  }
  // No silent extras: the dense peaks are exactly those of the table.
  for (const Row& row : rows) {
    std::size_t dense = 0;
    for (const PeakFlops& p : find_accelerator(row.key)->accelerator.peak_flops)
      dense += p.precision.ends_with("_dense");
    CHECK(dense == row.dense_tflops.size());
  }
}

TEST_CASE("catalogue: the links of SPEC section 4, per direction", "[catalog]") {
  const std::tuple<const char*, double, double> rows[] = {
      {"nvlink2", 150e9, 0.5e-6},
      {"nvlink3", 300e9, 0.5e-6},
      {"nvlink4", 450e9, 0.5e-6},
      {"nvlink5", 900e9, 0.5e-6},
      {"infinity_fabric", 448e9, 0.5e-6},
      {"ici_v5p", 600e9, 0.5e-6},
      {"roce_gaudi3", 525e9, 1e-6},
      {"pcie4", 32e9, 1e-6},
      {"pcie5", 64e9, 1e-6},
      {"ib_hdr", 25e9, 7e-6},
      {"ib_ndr", 50e9, 5e-6},
      {"ib_xdr", 100e9, 5e-6},
      {"roce_100g", 12.5e9, 10e-6},
      {"ethernet_400g", 50e9, 50e-6},
  };
  CHECK(link_catalog().size() >= std::size(rows));
  for (const auto& [key, bandwidth, latency] : rows) {
    INFO(key);
    const LinkEntry* e = find_link(key);
    REQUIRE(e != nullptr);
    CHECK(e->bandwidth == bandwidth);
    CHECK(e->latency == latency);
  }
}

TEST_CASE("catalogue: the workloads of SPEC section 4", "[catalog]") {
  struct Row {
    const char* key;
    double parameters;
    std::int64_t layers, hidden, heads, kv_heads;
    double inference_flops;
  };
  const Row rows[] = {
      {"GPT3", 175e9, 96, 12288, 96, 96, 350e9},
      {"GPT2", 1.5e9, 48, 1600, 25, 25, 3e9},
      {"Llama2_7B", 7e9, 32, 4096, 32, 32, 14e9},
      {"Llama2_70B", 70e9, 80, 8192, 64, 8, 140e9},
      {"Llama3_8B", 8.03e9, 32, 4096, 32, 8, 16.06e9},
      {"Llama3_70B", 70.6e9, 80, 8192, 64, 8, 141.2e9},
      {"Llama3_405B", 405e9, 126, 16384, 128, 8, 810e9},
      {"Mixtral_8x7B", 46.7e9, 32, 4096, 32, 8, 25.8e9},
      {"BERT_Large", 340e6, 24, 1024, 16, 16, 680e6},
  };
  CHECK(workload_catalog().size() >= std::size(rows));
  for (const Row& row : rows) {
    INFO(row.key);
    const WorkloadEntry* e = find_workload(row.key);
    REQUIRE(e != nullptr);
    const Workload& w = e->workload;
    CHECK(w.parameters == row.parameters);
    CHECK(w.layers == row.layers);
    CHECK(w.hidden_dim == row.hidden);
    CHECK(w.heads == row.heads);
    CHECK(w.kv_heads.value_or(w.heads) == row.kv_heads);
    CHECK(w.inference_flops.value_or(2 * w.parameters) == row.inference_flops);
  }
}

TEST_CASE("presets: valid, solvable, and round-trip through their JSON form",
          "[catalog][presets]") {
  std::set<std::string> keys;
  REQUIRE(scenario_presets().size() >= 5);
  for (const ScenarioPreset& p : scenario_presets()) {
    INFO("preset " << p.key);
    CHECK(keys.insert(p.key).second);
    CHECK(!p.title.empty());
    CHECK(!p.lesson.empty());
    CHECK(find_preset(p.key) == &p);
    const auto errors = validate(p.scenario);
    INFO(list(errors));
    CHECK(errors.empty());
    const Value original = to_value(solve(p.scenario));

    const Value form = to_value(p.scenario);
    const ScenarioRead read = read_scenario(form);
    INFO(list(read.errors));
    CHECK(read.errors.empty());
    CHECK(validate(read.scenario).empty());
    CHECK(identical(to_value(solve(read.scenario)), original));
    CHECK(identical(to_value(read.scenario), form));
    CHECK(identical(to_value(*solve_value(form).result), original));
  }
}

TEST_CASE("presets: a custom scenario round-trips through its JSON form", "[catalog][presets]") {
  Value v = spec_scenario_custom_workload();
  v.set("accelerator",
        json(R"({"name": "chip", "peak_flops": {"fp16": "1 PFLOP/s", "fp8_sparse": 4e15},
                                "memory_capacity": "96 GiB", "memory_bandwidth": "4 TB/s"})"));
  v.set("links", json(R"([{"name": "a", "bandwidth": "400 Gb/s", "latency": "2 us"}, "pcie5"])"));
  const ScenarioRead read = read_scenario(v);
  REQUIRE(read.errors.empty());
  const Value form = to_value(read.scenario);
  const ScenarioRead again = read_scenario(form);
  INFO(list(again.errors));
  REQUIRE(again.errors.empty());
  CHECK(identical(to_value(again.scenario), form));
  CHECK(identical(to_value(solve(again.scenario)), to_value(solve(read.scenario))));
}

TEST_CASE("presets: Gpt3TensorParallelLayerTp8 is the SPEC 3.1 case", "[catalog][presets][spec]") {
  const ScenarioPreset* p = find_preset("Gpt3TensorParallelLayerTp8");
  REQUIRE(p != nullptr);
  const JsonParse file = parse_json(read_file(cases_dir() / "gpt3_tp8_spec_3_1.json"));
  REQUIRE(file.ok());
  const Value& scenario = *file.value.find("scenario");
  CHECK(identical(to_value(solve(p->scenario)), to_value(solved(scenario))));
  const Scenario& s = p->scenario;
  CHECK(s.workload.key == "GPT3");
  CHECK(s.tp_size == 8);
  CHECK(s.tokens == 2048);
  CHECK(s.accelerator.key == "H100");
  CHECK(s.precision == "fp16_dense");
  CHECK(s.local_efficiency == 0.5);
  CHECK(collectives_per_layer(s) == 2);
  CHECK(s.pass == "forward");
  CHECK(!s.recompute);
  CHECK(s.attention_context == 0);
  REQUIRE(s.links.size() == 2);
  CHECK(s.links[0].name == "nvlink");
  CHECK(s.links[0].bandwidth == 450e9);
  CHECK(s.links[0].latency == 0.5e-6);
  CHECK(s.links[1].name == "infiniband_ndr");
  CHECK(s.links[1].bandwidth == 50e9);
  CHECK(s.links[1].latency == 5e-6);
}

TEST_CASE("presets: each teaches what SPEC section 4 asks of it", "[catalog][presets]") {
  bool decode_latency = false, across_nodes = false, pcie_box = false, b200_fp8 = false;
  for (const ScenarioPreset& p : scenario_presets()) {
    const Result r = solve(p.scenario);
    bool any_latency = false, any_pcie = false;
    for (const LinkResult& l : r.links) any_latency = any_latency || l.regime == "latency";
    for (const Link& l : p.scenario.links) any_pcie = any_pcie || l.preset.starts_with("pcie");
    decode_latency = decode_latency || (p.scenario.tokens <= 256 && any_latency);
    across_nodes = across_nodes || (p.scenario.tp_size > 8 && r.bound == "communication");
    pcie_box = pcie_box || (any_pcie && r.bound == "communication" && find_link(r.binding_link) &&
                            r.binding_link.starts_with("pcie"));
    b200_fp8 = b200_fp8 || (p.scenario.accelerator.key == "B200" && r.bytes_per_element == 1);
  }
  CHECK(decode_latency);
  CHECK(across_nodes);
  CHECK(pcie_box);
  CHECK(b200_fp8);
}

TEST_CASE("sweep over tp_size: one outcome per value, each the single solve", "[sweep]") {
  const Value base = spec_scenario();
  const std::vector<double> values = {1, 2, 4, 8, 16, 0, 2.5};
  const std::vector<Outcome> outcomes = sweep(base, "tp_size", values);
  REQUIRE(outcomes.size() == values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    INFO("tp_size " << values[i]);
    Value one = base;
    one.set("tp_size", Value::from(values[i]));
    const Outcome single = solve_value(one);
    CHECK(outcomes[i].errors == single.errors);
    REQUIRE(outcomes[i].result.has_value() == single.result.has_value());
    if (single.result) CHECK(identical(to_value(*outcomes[i].result), to_value(*single.result)));
  }
  CHECK(outcomes[3].result->compute_time_s == solved(base).compute_time_s);
  CHECK(outcomes[0].result->links[0].communication_time_s == 0);
  CHECK(fields(outcomes[5].errors) == std::vector<std::string>{"tp_size"});
  CHECK(fields(outcomes[6].errors) == std::vector<std::string>{"tp_size"});
  // Compute time falls as 1/n.
  CHECK_THAT(outcomes[1].result->compute_time_s,
             Catch::Matchers::WithinRel(outcomes[0].result->compute_time_s / 2, 1e-15));
}

TEST_CASE("sweep over the other numeric fields, and a field it cannot sweep", "[sweep]") {
  const Value base = spec_scenario();
  const std::vector<double> values = {0.25, 1};
  auto out = sweep(base, "local_efficiency", values);
  REQUIRE(out.size() == 2);
  CHECK(out[0].result->compute_time_s == 4 * out[1].result->compute_time_s);
  out = sweep(base, "tokens", std::vector<double>{1, 4096});
  CHECK(out[1].result->message_bytes == 4096.0 * 12288 * 2);
  out = sweep(base, "collectives_per_layer", std::vector<double>{4});
  CHECK(out[0].result->links[0].wire_bytes_per_rank == 2 * 176160768.0);
  out = sweep(base, "heads", values);
  REQUIRE(out.size() == 2);
  for (const Outcome& o : out) {
    CHECK_FALSE(o.result.has_value());
    CHECK(fields(o.errors) == std::vector<std::string>{"sweep"});
    CHECK(contains(o.errors[0].message, "heads"));
  }
  CHECK(sweep(base, "tp_size", std::vector<double>{}).empty());
}

TEST_CASE("to_value(Result) has every field of SPEC section 6", "[values]") {
  const std::vector<std::string> spec_fields = {"type",
                                                "flops_per_layer",
                                                "flops_per_rank",
                                                "compute_time_s",
                                                "single_device_time_s",
                                                "message_bytes",
                                                "bytes_per_element",
                                                "peak_flops",
                                                "weights_per_rank_bytes",
                                                "memory_capacity_bytes",
                                                "fits_in_memory",
                                                "binding_link",
                                                "bound",
                                                "link_model",
                                                "launch_overhead_s",
                                                "pass",
                                                "compute_multiplier",
                                                "attention_flops_per_layer",
                                                "warnings",
                                                "links"};
  const std::vector<std::string> spec_link_fields = {"name",
                                                     "bandwidth_bytes_per_s",
                                                     "latency_s",
                                                     "allreduce_time_s",
                                                     "bandwidth_time_s",
                                                     "latency_time_s",
                                                     "communication_time_s",
                                                     "wire_bytes_per_rank",
                                                     "comm_to_compute",
                                                     "bound",
                                                     "regime",
                                                     "serial_layer_time_s",
                                                     "overlapped_layer_time_s",
                                                     "serial_speedup",
                                                     "serial_efficiency",
                                                     "overlapped_speedup",
                                                     "overlapped_efficiency",
                                                     "kind",
                                                     "protocol",
                                                     "line_rate_allreduce_time_s",
                                                     "domain",
                                                     "within_domain",
                                                     "node_count",
                                                     "ranks_per_node",
                                                     "intra_node_share",
                                                     "measured_ranks",
                                                     "measured_min_bytes",
                                                     "measured_max_bytes"};

  Value v = spec_scenario();
  v.set("tp_size", Value::from(2.0));  // a warning, so that its shape shows
  const Result r = solved(v);
  const Value out = to_value(r);
  CHECK(keys_of(out) == sorted(spec_fields));
  CHECK(out.find("type")->string == "TensorParallelLayerResult");
  for (const auto& field : kResultFields) CHECK(out.find(field.name) != nullptr);
  CHECK(std::size(kResultFields) + 3 == spec_fields.size());
  CHECK(out.find("compute_time_s")->number == r.compute_time_s);
  CHECK(out.find("fits_in_memory")->kind == Value::Kind::Bool);
  CHECK(out.find("binding_link")->string == "infiniband_ndr");

  const Value& warnings = *out.find("warnings");
  REQUIRE(warnings.array.size() == 1);
  CHECK(keys_of(warnings.array[0]) == std::vector<std::string>{"field", "message", "path"});
  CHECK(warnings.array[0].find("field")->string == "accelerator.memory_capacity");

  const Value& links = *out.find("links");
  REQUIRE(links.array.size() == 2);
  CHECK(std::size(kLinkResultFields) == spec_link_fields.size());
  for (std::size_t i = 0; i < 2; ++i) {
    CHECK(keys_of(links.array[i]) == sorted(spec_link_fields));
    CHECK(links.array[i].find("name")->string == r.links[i].name);
    CHECK(links.array[i].find("communication_time_s")->number == r.links[i].communication_time_s);
    CHECK(links.array[i].find("regime")->string == r.links[i].regime);
  }
}

TEST_CASE("to_value(errors) is an object of errors, each with field, path and message",
          "[values]") {
  const std::vector<FieldError> errors = {
      {FieldPath{"tp_size"}, "expected a whole number >= 1, got 0"},
      {FieldPath{"links", std::size_t{2}, "name"}, "expected a unique link name"}};
  const Value v = to_value(errors);
  CHECK(keys_of(v) == std::vector<std::string>{"errors"});
  const Value& list = *v.find("errors");
  REQUIRE(list.array.size() == 2);
  CHECK(list.array[0].find("field")->string == "tp_size");
  CHECK(list.array[1].find("field")->string == "links[2].name");
  const Value& path = *list.array[1].find("path");
  REQUIRE(path.array.size() == 3);
  CHECK(path.array[0].string == "links");
  CHECK(path.array[1].number == 2);
  CHECK(path.array[2].string == "name");
  CHECK(list.array[1].find("message")->string == errors[1].message);
}

TEST_CASE("catalog_value(): presets with results, entries with sources", "[values][catalog]") {
  const Value v = catalog_value();
  const Value& presets = *v.find("presets");
  REQUIRE(presets.array.size() == scenario_presets().size());
  for (std::size_t i = 0; i < presets.array.size(); ++i) {
    const ScenarioPreset& p = scenario_presets()[i];
    const Value& item = presets.array[i];
    CHECK(item.find("key")->string == p.key);
    CHECK(identical(*item.find("scenario"), to_value(p.scenario)));
    CHECK(identical(*item.find("result"), to_value(solve(p.scenario))));
  }
  for (const char* kind : {"workloads", "accelerators", "links"}) {
    INFO(kind);
    const Value& list = *v.find(kind);
    CHECK(!list.array.empty());
    for (const Value& entry : list.array) {
      CHECK(!entry.find("key")->string.empty());
      CHECK(!entry.find("source")->string.empty());
    }
  }
  CHECK(v.find("workloads")->array.size() == workload_catalog().size());
  CHECK(v.find("accelerators")->array.size() == accelerator_catalog().size());
  CHECK(v.find("links")->array.size() == link_catalog().size());
  CHECK(v.find("units")->array.size() == units().size());
}

}  // namespace tplayer::test
