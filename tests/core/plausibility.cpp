// What engineers size with (issue 22): the whole model on each link (the layer x L, and its
// tokens per second), whether one accelerator could hold what the speedups compare against, and
// implausible inputs warned where the answer is read: more tokens in a step than any batch
// (2^24), and a layer slower than 10 s. Both are warnings: the result still stands.
#include <string>

#include "support.hpp"
#include "tplayer/catalog.hpp"

namespace tplayer::test {
namespace {

std::vector<std::string> warned(const Value& scenario) {
  std::vector<std::string> fields;
  for (const FieldError& w : solved(scenario).warnings) fields.push_back(w.field);
  return fields;
}

TEST_CASE("2^24 tokens is a batch; one more is not") {
  Value scenario = spec_scenario();
  scenario.set("local_efficiency", Value::from(1.0));
  scenario.set("tp_size", Value::from(96.0));  // the layer stays under 10 s
  scenario.set("links", json(R"({"nvlink": "nvlink4"})"));
  scenario.set("tokens", Value::from(16777216.0));
  CHECK(warned(scenario) == std::vector<std::string>{"links.nvlink"});  // beyond its domain
  scenario.set("tokens", Value::from(16777217.0));
  CHECK(warned(scenario) == std::vector<std::string>{"links.nvlink", "tokens"});
}

TEST_CASE("a layer over 10 s warns on the whole scenario and says its time") {
  Value scenario = spec_scenario();
  scenario.set("links", json(R"({"slow": {"bandwidth": "1 MB/s"}})"));
  const Result r = solved(scenario);
  REQUIRE(r.links[0].serial_layer_time_s > 10);
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].field == "scenario");
  CHECK(r.warnings[0].message.rfind("one layer takes ", 0) == 0);
  scenario.set("links", json(R"({"fast": {"bandwidth": "450 GB/s"}})"));
  CHECK(warned(scenario).empty());
}

TEST_CASE("the whole model is the layer x L, and its tokens per second follow") {
  const Result r = solved(spec_scenario());
  CHECK(r.layers == 96);
  // docs/model.md#the-worked-example: nvlink's serial layer 1.887428 + 0.4054684 ms, overlapped the
  // compute alone.
  CHECK_THAT(r.links[0].model_time_s, Catch::Matchers::WithinRel(96 * 2.2928964e-3, 1e-6));
  CHECK_THAT(r.links[0].overlapped_model_time_s,
             Catch::Matchers::WithinRel(96 * 1.887428e-3, 1e-6));
  for (const LinkResult& l : r.links) {
    CHECK(l.model_time_s == 96 * l.serial_layer_time_s);
    CHECK(l.overlapped_model_time_s == 96 * l.overlapped_layer_time_s);
    // docs/model.md#the-whole-step: the step adds, outside the layers, the embedding's all-reduce
    // and the logits' gather (GPT-3's vocabulary of 50257); the flops model's parameters already
    // hold the head.
    CHECK(l.head_communication_time_s > 0);
    CHECK(l.step_time_s == l.model_time_s + l.head_communication_time_s);
    CHECK(l.tokens_per_s == 2048 / l.step_time_s);
    CHECK(l.time_to_first_token_s == l.step_time_s);
    CHECK(l.time_per_output_token_s == 0);
  }
}

TEST_CASE("one accelerator that cannot hold the model makes the speedups' baseline hypothetical") {
  Value scenario = spec_scenario_custom_workload();
  const Result gpt3 = solved(scenario);  // 175B parameters in 2 B each, on 80 GiB
  CHECK(gpt3.single_device_memory_bytes == 350e9);
  CHECK_FALSE(gpt3.single_device_fits_in_memory);
  CHECK(gpt3.fits_in_memory);  // 8 ranks hold it
  member(scenario, "workload").set("parameters", Value::from(7e9));
  const Result small = solved(scenario);
  CHECK(small.single_device_memory_bytes == 14e9);
  CHECK(small.single_device_fits_in_memory);
}

TEST_CASE("in decode one accelerator would also hold the whole KV cache") {
  const ScenarioPreset* decode = find_preset("Llama3_70BDecodeTp8");
  REQUIRE(decode != nullptr);
  const Result r = solve(decode->scenario);
  REQUIRE(r.kv_cache_per_rank_bytes > 0);
  const Workload& w = decode->scenario.workload;
  const double kv_heads = static_cast<double>(*w.kv_heads);
  REQUIRE(static_cast<double>(decode->scenario.tp_size) <= kv_heads);  // no KV head replicated
  CHECK_THAT(r.single_device_memory_bytes,
             Catch::Matchers::WithinRel(w.parameters * r.bytes_per_element +
                                            r.kv_cache_per_rank_bytes * decode->scenario.tp_size,
                                        1e-12));
  CHECK(r.single_device_fits_in_memory ==
        (r.single_device_memory_bytes <= r.memory_capacity_bytes));
}

}  // namespace
}  // namespace tplayer::test
