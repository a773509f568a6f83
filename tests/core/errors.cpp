// Every input error and warning of SPEC section 3: the field it names and a key phrase of its
// message (what was expected and what came).
#include <limits>

#include "support.hpp"
#include "tplayer/catalog.hpp"
#include "tplayer/precision.hpp"

namespace tplayer::test {
namespace {

// The errors of the SPEC 3.1 scenario (workload spelt out) with the member at the dotted
// `path` set to `value`.
std::vector<FieldError> with(std::string_view path, Value value) {
  Value v = spec_scenario_custom_workload();
  Value* target = &v;
  std::string_view rest = path;
  while (true) {
    const auto dot = rest.find('.');
    if (dot == std::string_view::npos) break;
    target = &member(*target, rest.substr(0, dot));
    rest = rest.substr(dot + 1);
  }
  target->set(rest, std::move(value));
  return errors_of(v);
}

void expect_only(const std::vector<FieldError>& errors, std::string_view field,
                 std::initializer_list<std::string_view> phrases) {
  INFO("errors:\n" << list(errors));
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].field == field);
  for (std::string_view phrase : phrases) {
    INFO("phrase " << phrase);
    CHECK(contains(errors[0].message, phrase));
  }
}

std::vector<FieldError> without(std::string_view key, Value v = spec_scenario()) {
  v.object.erase(std::find_if(v.object.begin(), v.object.end(),
                              [&](const auto& m) { return m.first == key; }));
  return errors_of(v);
}

Value links(std::string_view text) {
  Value v = spec_scenario();
  v.set("links", json(text));
  return v;
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

TEST_CASE("integers < 1 are errors naming the field", "[errors]") {
  for (const char* field :
       {"tp_size", "tokens", "workload.layers", "workload.hidden_dim", "workload.heads"}) {
    INFO(field);
    expect_only(with(field, Value::from(0.0)), field, {">= 1", "got 0"});
    expect_only(with(field, Value::from(-3.0)), field, {">= 1", "got -3"});
  }
}

TEST_CASE("fractional integers are errors naming the field", "[errors]") {
  for (const char* field : {"tp_size", "tokens", "workload.layers", "workload.hidden_dim",
                            "workload.heads", "collectives_per_layer"}) {
    INFO(field);
    expect_only(with(field, Value::from(8.5)), field, {"whole number", "8.5"});
  }
}

TEST_CASE("parameters <= 0", "[errors]") {
  expect_only(with("workload.parameters", Value::from(0.0)), "workload.parameters",
              {"> 0", "got 0"});
  expect_only(with("workload.parameters", Value::from(-1.0)), "workload.parameters",
              {"> 0", "got -1"});
}

TEST_CASE("local_efficiency outside 0 < eta <= 1", "[errors]") {
  for (const double bad : {0.0, -0.5, 1.5, 1.0000001}) {
    INFO(bad);
    expect_only(with("local_efficiency", Value::from(bad)), "local_efficiency",
                {"(0, 1]", format_number(bad)});
  }
  CHECK(solve_value(spec_scenario()).errors.empty());
  Value v = spec_scenario();
  v.set("local_efficiency", Value::from(1.0));
  CHECK(solve_value(v).errors.empty());
  v.set("local_efficiency", Value::from(1e-9));
  CHECK(solve_value(v).errors.empty());
}

TEST_CASE("collectives_per_layer < 0", "[errors]") {
  expect_only(with("collectives_per_layer", Value::from(-1.0)), "collectives_per_layer",
              {">= 0", "got -1"});
}

TEST_CASE("a bandwidth <= 0 and a latency < 0", "[errors]") {
  expect_only(errors_of(links(R"({"nvlink": {"bandwidth": 0}})")), "links.nvlink.bandwidth",
              {"> 0", "got 0"});
  expect_only(errors_of(links(R"({"ib": {"bandwidth": "-50 GB/s"}})")), "links.ib.bandwidth",
              {"> 0", "-50000000000"});
  expect_only(errors_of(links(R"({"ib": {"bandwidth": "50 GB/s", "latency": "-5 us"}})")),
              "links.ib.latency", {">= 0", "-5e-06"});
  CHECK(solve_value(links(R"({"ib": {"bandwidth": "50 GB/s", "latency": 0}})")).errors.empty());
}

TEST_CASE("any NaN or infinity", "[errors]") {
  const char* numeric[] = {"tp_size",
                           "tokens",
                           "local_efficiency",
                           "collectives_per_layer",
                           "workload.parameters",
                           "workload.layers",
                           "workload.hidden_dim",
                           "workload.heads",
                           "workload.inference_flops"};
  for (const char* field : numeric) {
    INFO(field);
    expect_only(with(field, Value::from(kNaN)), field, {"NaN"});
    expect_only(with(field, Value::from(kInf)), field, {"Infinity"});
    expect_only(with(field, Value::from(-kInf)), field, {"-Infinity"});
  }
  expect_only(errors_of(links("{\"nvlink\": {\"bandwidth\": NaN}}")), "links.nvlink.bandwidth",
              {"NaN"});
  expect_only(errors_of(links("{\"nvlink\": {\"bandwidth\": 1, \"latency\": Infinity}}")),
              "links.nvlink.latency", {"Infinity"});
  Value v = spec_scenario();
  v.set("accelerator", json(R"({"peak_flops": {"fp16": NaN}, "memory_capacity": Infinity,
                                "memory_bandwidth": -Infinity})"));
  const auto errors = errors_of(v);
  // The peak is named by its key as written; no second error on accelerator.peak_flops for it.
  CHECK(fields(errors) == std::vector<std::string>{"accelerator.memory_bandwidth",
                                                   "accelerator.memory_capacity",
                                                   "accelerator.peak_flops.fp16"});
  CHECK(contains(message_for(errors, "accelerator.peak_flops.fp16"), "NaN"));
  CHECK(contains(message_for(errors, "accelerator.memory_capacity"), "Infinity"));
  CHECK(contains(message_for(errors, "accelerator.memory_bandwidth"), "-Infinity"));
}

TEST_CASE("NaN and infinity in validate() of a Scenario built in C++", "[errors]") {
  Scenario s = find_preset("Gpt3TensorParallelLayerTp8")->scenario;
  s.local_efficiency = kNaN;
  s.links[0].bandwidth = kInf;
  s.links[1].latency = kNaN;
  s.workload.parameters = -kInf;
  const auto errors = validate(s);
  CHECK(fields(errors) == std::vector<std::string>{"links.infiniband_ndr.latency",
                                                   "links.nvlink.bandwidth", "local_efficiency",
                                                   "workload.parameters"});
  CHECK(contains(message_for(errors, "local_efficiency"), "NaN"));
  CHECK(contains(message_for(errors, "links.nvlink.bandwidth"), "Infinity"));
}

TEST_CASE("links: empty, empty name, duplicate name", "[errors]") {
  expect_only(errors_of(links("{}")), "links", {"at least one"});
  expect_only(errors_of(links("[]")), "links", {"at least one"});
  expect_only(errors_of(links(R"({"": "nvlink4"})")), "links[0].name", {"non-empty"});
  expect_only(errors_of(links(R"({"nv": "nvlink4", "": "ib_ndr"})")), "links[1].name",
              {"non-empty"});
  expect_only(errors_of(links(R"({"nv": "nvlink4", "nv": "ib_ndr"})")), "links[1].name",
              {"unique", "\"nv\""});
  expect_only(errors_of(links(R"([{"name": "a", "bandwidth": 1}, {"name": "b", "bandwidth": 1},
                                  {"name": "a", "bandwidth": 1}])")),
              "links[2].name", {"unique", "\"a\""});
  expect_only(errors_of(links(R"(["ib_ndr", "ib_ndr"])")), "links[1].name", {"unique", "ib_ndr"});
  expect_only(errors_of(links(R"({"nvlink": [1]})")), "links.nvlink", {"an array"});
  expect_only(errors_of(links(R"("nvlink4")")), "links", {"the string \"nvlink4\""});
}

TEST_CASE("validate() reports empty and duplicate link names of a Scenario built in C++",
          "[errors]") {
  Scenario s = find_preset("Gpt3TensorParallelLayerTp8")->scenario;
  s.links[1].name = "nvlink";
  CHECK(fields(validate(s)) == std::vector<std::string>{"links[1].name"});
  s.links[1].name = "";
  CHECK(fields(validate(s)) == std::vector<std::string>{"links[1].name"});
  s.links.clear();
  CHECK(fields(validate(s)) == std::vector<std::string>{"links"});
}

TEST_CASE("unknown preset keys list every known key", "[errors]") {
  Value v = spec_scenario();
  v.set("workload", Value::from("GPT5"));
  std::string message = message_for(errors_of(v), "workload");
  CHECK(contains(message, "\"GPT5\""));
  for (const auto& e : workload_catalog()) CHECK(contains(message, e.workload.key));

  v = spec_scenario();
  v.set("accelerator", Value::from("h100"));  // keys are case-sensitive
  message = message_for(errors_of(v), "accelerator");
  CHECK(contains(message, "\"h100\""));
  for (const auto& e : accelerator_catalog()) CHECK(contains(message, e.accelerator.key));

  message = message_for(errors_of(links(R"({"nv": "nvlink6"})")), "links.nv");
  CHECK(contains(message, "\"nvlink6\""));
  for (const auto& e : link_catalog()) CHECK(contains(message, e.key));
  CHECK(fields(errors_of(links(R"({"nv": "nvlink6"})"))) == std::vector<std::string>{"links.nv"});
}

TEST_CASE("an unknown precision, and one the accelerator lacks", "[errors][precision]") {
  for (const char* bad :
       {"fp12", "fp16_half", "FP16", "fp16_", "_dense", "", "fp16_dense_sparse"}) {
    INFO("precision \"" << bad << "\"");
    const auto errors = with("precision", Value::from(bad));
    expect_only(errors, "precision", {"precision"});
    CHECK(contains(errors[0].message, std::string("\"") + bad + "\""));
    for (std::string_view f : precision_formats()) CHECK(contains(errors[0].message, f));
  }
  Value v = spec_scenario();
  v.set("accelerator", Value::from("A100"));
  v.set("precision", Value::from("fp8"));
  const std::string message = message_for(errors_of(v), "precision");
  CHECK(contains(message, "fp8_dense"));
  for (const PeakFlops& p : find_accelerator("A100")->accelerator.peak_flops)
    CHECK(contains(message, p.precision));
  CHECK(errors_of(v).size() == 1);
}

TEST_CASE("quantities: unknown unit, wrong kind, junk", "[errors][units]") {
  expect_only(errors_of(links(R"({"x": {"bandwidth": "50 GB/h"}})")), "links.x.bandwidth",
              {"unknown unit", "\"GB/h\"", "GB/s"});
  expect_only(errors_of(links(R"({"x": {"bandwidth": "5 us"}})")), "links.x.bandwidth",
              {"\"5 us\"", "a bandwidth", "a time"});
  expect_only(errors_of(links(R"({"x": {"bandwidth": 1, "latency": "5 GB"}})")), "links.x.latency",
              {"\"5 GB\"", "a time", "a size in bytes"});
  expect_only(errors_of(links(R"({"x": {"bandwidth": "fast"}})")), "links.x.bandwidth",
              {"\"fast\"", "bandwidth"});
  expect_only(errors_of(links(R"({"x": {"bandwidth": true}})")), "links.x.bandwidth", {"true"});
  Value v = spec_scenario();
  v.set("accelerator", json(R"({"peak_flops": {"fp16": "989 TB/s"}, "memory_capacity": "80 GiB/s",
                                "memory_bandwidth": "3 TFLOP/s"})"));
  const auto errors = errors_of(v);
  CHECK(fields(errors) == std::vector<std::string>{"accelerator.memory_bandwidth",
                                                   "accelerator.memory_capacity",
                                                   "accelerator.peak_flops.fp16"});
  CHECK(contains(message_for(errors, "accelerator.peak_flops.fp16"), "FLOP/s"));
  CHECK(contains(message_for(errors, "accelerator.memory_capacity"), "bytes"));
  CHECK(contains(message_for(errors, "accelerator.memory_bandwidth"), "a bandwidth"));
}

TEST_CASE("missing required fields, each reported once", "[errors]") {
  for (const char* field :
       {"workload", "tp_size", "tokens", "accelerator", "local_efficiency", "links"}) {
    INFO(field);
    expect_only(without(field), field, {"missing"});
  }
  // Optional ones have their defaults.
  CHECK(solve_value(json(R"({"workload": "GPT3", "tp_size": 8, "tokens": 2048,
      "accelerator": "H100", "local_efficiency": 0.5, "links": ["nvlink4"]})"))
            .errors.empty());

  Value v = spec_scenario();
  v.set("workload", json(R"({"name": "w"})"));
  auto errors = errors_of(v);
  CHECK(fields(errors) == std::vector<std::string>{"workload.heads", "workload.hidden_dim",
                                                   "workload.layers", "workload.parameters"});
  for (const FieldError& e : errors) CHECK(contains(e.message, "missing"));

  v.set("workload", Value::from("GPT3"));
  v.set("accelerator", json("{}"));
  errors = errors_of(v);
  CHECK(fields(errors) == std::vector<std::string>{"accelerator.memory_bandwidth",
                                                   "accelerator.memory_capacity",
                                                   "accelerator.peak_flops"});
  expect_only(errors_of(links(R"({"x": {"latency": 0}})")), "links.x.bandwidth", {"missing"});
}

TEST_CASE("unknown fields, wrong types, null, a non-object scenario", "[errors]") {
  expect_only(with("tp_degree", Value::from(8.0)), "tp_degree", {"unknown field", "tp_size"});
  expect_only(with("workload.vocab", Value::from(1.0)), "workload.vocab", {"unknown field"});
  expect_only(with("tp_size", Value::from("8")), "tp_size", {"the string \"8\""});
  expect_only(with("local_efficiency", Value::from("0.5")), "local_efficiency",
              {"the string \"0.5\""});
  expect_only(with("tp_size", Value::null()), "tp_size", {"null"});
  expect_only(with("tp_size", Value::from(true)), "tp_size", {"true"});
  expect_only(with("tp_size", json("[8]")), "tp_size", {"an array"});
  expect_only(with("workload", Value::from(3.0)), "workload", {"3"});
  expect_only(with("precision", Value::from(16.0)), "precision", {"16"});
  expect_only(errors_of(Value::null()), "scenario", {"null"});
  expect_only(errors_of(json("[]")), "scenario", {"an array"});
  expect_only(errors_of(json("42")), "scenario", {"42"});
  expect_only(errors_of(Value::from("Gpt3TensorParallelLayerTp8")), "scenario", {"the string"});
  expect_only(with("type", Value::from("Other")), "type", {"TensorParallelLayerScenario", "Other"});
  CHECK(solve_value([] {
          Value v = spec_scenario();
          v.set("type", Value::from(kScenarioType));
          v.set("name", Value::from("mine"));
          return v;
        }())
            .errors.empty());
}

TEST_CASE("every problem is reported at once", "[errors]") {
  Value v = spec_scenario_custom_workload();
  v.set("tp_size", Value::from(0.0));
  v.set("tokens", Value::from(0.5));
  v.set("local_efficiency", Value::from(2.0));
  v.set("collectives_per_layer", Value::from(-2.0));
  member(v, "workload").set("heads", Value::from(0.0));
  v.set("links", json(R"({"a": {"bandwidth": 0, "latency": -1}, "b": "nope"})"));
  CHECK(fields(errors_of(v)) == std::vector<std::string>{"collectives_per_layer",
                                                         "links.a.bandwidth", "links.a.latency",
                                                         "links.b", "local_efficiency", "tokens",
                                                         "tp_size", "workload.heads"});
}

TEST_CASE("warnings: n does not divide heads or hidden_dim, n > heads", "[warnings]") {
  Value v = spec_scenario_custom_workload();
  member(v, "workload").set("heads", Value::from(25.0));
  member(v, "workload").set("hidden_dim", Value::from(1600.0));
  member(v, "workload").set("parameters", Value::from(1.5e9));  // fits at any n
  v.set("tp_size", Value::from(3.0));
  Result r = solved(v);
  INFO(list(r.warnings));
  REQUIRE(r.warnings.size() == 2);
  CHECK(r.warnings[0].field == "tp_size");
  CHECK(r.warnings[1].field == "tp_size");
  CHECK((contains(r.warnings[0].message, "25") && contains(r.warnings[0].message, "heads")));
  CHECK((contains(r.warnings[1].message, "1600") && contains(r.warnings[1].message, "hidden_dim")));
  CHECK(contains(r.warnings[0].message, "does not divide"));

  v.set("tp_size", Value::from(5.0));  // divides 25 and 1600
  CHECK(solved(v).warnings.empty());
  v.set("tp_size", Value::from(32.0));  // 32 > 25 heads; 1600 % 32 = 0
  r = solved(v);
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings[0].field == "tp_size");
  CHECK(contains(r.warnings[0].message, "more than the 25"));
  v.set("tp_size", Value::from(48.0));  // more than heads and 1600 % 48 = 16
  r = solved(v);
  CHECK(fields(r.warnings) == std::vector<std::string>{"tp_size", "tp_size"});
}

TEST_CASE("warnings: the weights do not fit, c = 0", "[warnings]") {
  Value v = spec_scenario();
  v.set("tp_size", Value::from(2.0));  // 175e9 * 2 / 2 = 175 GB > 80 GiB
  Result r = solved(v);
  CHECK_FALSE(r.fits_in_memory);
  const std::string message = message_for(r.warnings, "accelerator.memory_capacity");
  CHECK(contains(message, "do not fit"));
  CHECK(contains(message, "175 GB"));
  CHECK(contains(message, "80 GiB"));

  v = spec_scenario();
  v.set("collectives_per_layer", Value::from(0.0));
  r = solved(v);
  CHECK(fields(r.warnings) == std::vector<std::string>{"collectives_per_layer"});
  CHECK(contains(r.warnings[0].message, "no all-reduce"));
  CHECK(solved(spec_scenario()).warnings.empty());
}

TEST_CASE("link names are plain labels: visible characters, no markup, scheme or invisibles",
          "[errors]") {
  auto with_link_named = [](const std::string& name) {
    Value v = spec_scenario();
    Value links = Value::make_object();
    links.add(name, Value::from("ib_ndr"));
    v.set("links", std::move(links));
    return v;
  };
  for (const char* name : {"Ethernet \u2192 spine", "\u00c9TH 400G", "IB-NDR (rail 2) #3",
                                 "a_b.c,d+e/f@g", "NVLink 4"}) {
    INFO("name " << name);
    CHECK(solved(with_link_named(name)).links[0].name == name);
  }
  for (const std::string& name :
       {std::string("a:b"), std::string("a<b"), std::string("a\xff"), std::string("a\xc0\x80"),
        std::string("zero\u200bwidth"), std::string("tab\there"), std::string("bom\ufeff")}) {
    INFO("name " << name);
    const auto errors = errors_of(with_link_named(name));
    REQUIRE(fields(errors) == std::vector<std::string>{"links[0].name"});
    CHECK(contains(errors[0].message, "letters, digits"));
  }
}

}  // namespace tplayer::test
