// The input errors and warnings of docs/model.md#the-layer that a case file cannot pin. Every error
// a JSON scenario can show lives in tests/cases/invalid/ (run by cases.cpp, the CLI test and
// Vitest); what stays here is what JSON cannot carry: Scenario structs built in C++ and handed
// to validate(), bytes that are not UTF-8, messages checked against the whole catalogue (which
// grows), values at the edge of a rule that must be accepted, and the warnings.
#include <limits>

#include "support.hpp"
#include "tplayer/catalog.hpp"
#include "tplayer/precision.hpp"

namespace tplayer::test {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// The one error of an invalid case file's scenario, on `field`.
std::string message_of_case(std::string_view file, std::string_view field) {
  const JsonParse doc = parse_json(read_file(cases_dir() / "invalid" / file));
  INFO(file << ": " << doc.error);
  REQUIRE(doc.ok());
  const Value* scenario = doc.value.find("scenario");
  REQUIRE(scenario != nullptr);
  const auto errors = errors_of(*scenario);
  REQUIRE(errors.size() == 1);
  return message_for(errors, field);
}

}  // namespace

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
  CHECK(contains(message_for(errors, "links.infiniband_ndr.latency"), "NaN"));
  CHECK(contains(message_for(errors, "workload.parameters"), "-Infinity"));
}

TEST_CASE("validate() refuses a NaN peak of a Scenario built in C++, of the peaks map",
          "[errors]") {
  // Reading keeps a peak that does not read as NaN; validate() must still refuse one.
  Scenario s = find_preset("Gpt3TensorParallelLayerTp8")->scenario;
  s.accelerator.peak_flops[0].flops_per_s = kNaN;
  const auto errors = validate(s);
  CHECK(fields(errors) == std::vector<std::string>{"accelerator.peak_flops"});
  CHECK(contains(message_for(errors, "accelerator.peak_flops"), "NaN"));
}

TEST_CASE("validate() of a Scenario built in C++ with unknown precision keys", "[errors]") {
  // Reading JSON refuses such keys before validate() sees them; a struct can hold anything.
  Scenario s = find_preset("Gpt3TensorParallelLayerTp8")->scenario;
  s.precision = "fp12";
  s.accelerator.peak_flops.push_back({"fp16_half", 1e12});
  const auto errors = validate(s);
  CHECK(fields(errors) ==
        std::vector<std::string>{"accelerator.peak_flops.fp16_half", "precision"});
  CHECK(contains(message_for(errors, "precision"), "unknown precision \"fp12\""));
  CHECK(contains(message_for(errors, "accelerator.peak_flops.fp16_half"), "\"fp16_half\""));
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

TEST_CASE("unknown keys: the message lists every key of the catalogue", "[errors]") {
  // The case files pin the input and a few keys; the catalogue grows, so every key is checked
  // against it here.
  std::string message = message_of_case("unknown_workload.json", "workload");
  for (const auto& e : workload_catalog()) CHECK(contains(message, e.workload.key));
  for (const char* file : {"unknown_accelerator.json", "unknown_accelerator_case.json"}) {
    INFO(file);
    message = message_of_case(file, "accelerator");
    for (const auto& e : accelerator_catalog()) CHECK(contains(message, e.accelerator.key));
  }
  message = message_of_case("unknown_link_preset.json", "links.nvlink");
  for (const auto& e : link_catalog()) CHECK(contains(message, e.key));
  for (const char* file : {"unknown_precision_format.json", "unknown_precision_kind.json",
                           "unknown_precision_upper_case.json", "unknown_precision_empty.json"}) {
    INFO(file);
    message = message_of_case(file, "precision");
    for (std::string_view f : precision_formats()) CHECK(contains(message, f));
  }
  message = message_of_case("precision_missing_on_accelerator.json", "precision");
  for (const PeakFlops& p : find_accelerator("A100")->accelerator.peak_flops)
    CHECK(contains(message, p.precision));
}

TEST_CASE("values at the edge of a rule, and optional fields left out, are accepted", "[errors]") {
  CHECK(solve_value(spec_scenario()).errors.empty());
  Value v = spec_scenario();
  v.set("local_efficiency", Value::from(1.0));  // (0, 1] holds 1
  CHECK(solve_value(v).errors.empty());
  v.set("local_efficiency", Value::from(1e-9));
  CHECK(solve_value(v).errors.empty());
  v = spec_scenario();
  v.set("links", json(R"({"ib": {"bandwidth": "50 GB/s", "latency": 0}})"));  // latency >= 0
  CHECK(solve_value(v).errors.empty());
  v = spec_scenario();
  v.set("type", Value::from(kScenarioType));
  v.set("name", Value::from("mine"));
  CHECK(solve_value(v).errors.empty());
  // precision and collectives_per_layer have defaults.
  CHECK(solve_value(json(R"({"workload": "GPT3", "tp_size": 8, "tokens": 2048,
      "accelerator": "H100", "local_efficiency": 0.5, "links": ["nvlink4"]})"))
            .errors.empty());
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
  v.set("tp_size", Value::from(32.0));  // 32 > 25 heads; 1600 % 32 = 0; NVLink joins 8
  r = solved(v);
  REQUIRE(r.warnings.size() == 2);
  CHECK(r.warnings[0].field == "tp_size");
  CHECK(contains(r.warnings[0].message, "more than the 25"));
  CHECK(r.warnings[1].field == "links.nvlink");
  CHECK(contains(r.warnings[1].message, "more than the 8 ranks"));
  v.set("tp_size", Value::from(48.0));  // more than heads and 1600 % 48 = 16
  r = solved(v);
  CHECK(fields(r.warnings) ==
        std::vector<std::string>{"links.nvlink", "tp_size", "tp_size"});  // sorted
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
  REQUIRE(fields(r.warnings) == std::vector<std::string>{"collectives_per_layer"});
  CHECK(contains(r.warnings[0].message, "no all-reduce"));
  CHECK(solved(spec_scenario()).warnings.empty());
}

TEST_CASE("link names are plain labels: visible characters pass, bytes that are not UTF-8 do not",
          "[errors]") {
  // The refused labels JSON can carry (markup, a scheme, invisibles, controls) are case files:
  // link_name_not_plain_label.json, link_name_hidden_characters.json.
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
  // A stray byte and an overlong encoding of NUL: a valid JSON document cannot hold them.
  for (const std::string& name : {std::string("a\xff"), std::string("a\xc0\x80")}) {
    INFO("name " << name);
    const auto errors = errors_of(with_link_named(name));
    REQUIRE(fields(errors) == std::vector<std::string>{"links[0].name"});
    CHECK(contains(errors[0].message, "letters, digits"));
  }
}

}  // namespace tplayer::test
