// Implausible inputs warn where the answer is read (issue 22): more tokens in a step than any
// batch (2^24), and a layer slower than 10 s. Both are warnings: the result still stands.
#include <string>

#include "support.hpp"

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

}  // namespace
}  // namespace tplayer::test
