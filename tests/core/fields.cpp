// The field tables of fields.hpp against the types they describe: defaults agree with the
// structs' own initialisers, names are unique, and every door's order is the table's order.
#include "tplayer/fields.hpp"

#include <set>

#include "support.hpp"

namespace tplayer::test {
namespace {

// The default a table row promises, against the value a default-constructed T holds.
template <class T, std::size_t N>
void defaults_agree(const InputField<T> (&table)[N]) {
  const T fresh{};
  std::set<std::string_view> names;
  for (const InputField<T>& f : table) {
    INFO("field " << f.name);
    CHECK(names.insert(f.name).second);
    CHECK(!f.help.empty());
    if (f.required) CHECK(std::holds_alternative<std::monostate>(f.fallback));
    std::visit(
        [&](auto member) {
          using M = std::remove_cvref_t<decltype(fresh.*member)>;
          if constexpr (std::is_same_v<M, std::int64_t> || std::is_same_v<M, double>) {
            if (const auto* d = std::get_if<double>(&f.fallback))
              CHECK(static_cast<double>(fresh.*member) == *d);
          } else if constexpr (std::is_same_v<M, std::string>) {
            // Names default to "custom" when read from an object, not in the struct.
            if (const auto* s = std::get_if<std::string_view>(&f.fallback); s && f.name != "name")
              CHECK(fresh.*member == *s);
          }
        },
        f.member);
  }
}

std::vector<std::string> keys_in_order(const Value& object) {
  std::vector<std::string> out;
  for (const auto& member : object.object) out.push_back(member.first);
  return out;
}

template <class T, std::size_t N>
std::vector<std::string> names_of(const InputField<T> (&table)[N]) {
  std::vector<std::string> out;
  for (const InputField<T>& f : table) out.emplace_back(f.name);
  return out;
}

}  // namespace

TEST_CASE("every table's defaults are the structs' own initialisers", "[fields]") {
  defaults_agree(kScenarioFields);
  defaults_agree(kWorkloadFields);
  defaults_agree(kAcceleratorFields);
  defaults_agree(kLinkFields);
  CHECK(Scenario{}.precision == "fp16_dense");
  CHECK(!Scenario{}.collectives_per_layer);  // follows the pass
  CHECK(collectives_per_layer(Scenario{}) == 2);
  CHECK(Scenario{}.pass == "forward");
}

TEST_CASE("the normalised scenario lists the scenario table's fields in its order", "[fields]") {
  const Outcome o = solve_value(spec_scenario_custom_workload());
  REQUIRE(o.result);
  const Value v = to_value(o.scenario);
  std::vector<std::string> want = names_of(kScenarioFields);
  want.insert(want.begin(), "type");
  std::erase(want, "serving_engine");  // an optional part, written only when given
  CHECK(keys_in_order(v) == want);
  // A custom workload: every field of its table in its order, the derived ones resolved; no
  // preset, since it started from none.
  const Value& workload = *v.find("workload");
  std::vector<std::string> fields = names_of(kWorkloadFields);
  std::erase(fields, "preset");
  // head_dim follows hidden / heads and stays out when not given; hf_config is written as the
  // fields it gave, and the keys it read only when it was given.
  for (const char* absent : {"head_dim", "hf_config", "hf_config_keys"}) std::erase(fields, absent);
  CHECK(keys_in_order(workload) == fields);
  CHECK(workload.find("kv_heads")->number == workload.find("heads")->number);
}

TEST_CASE("a derived default names the fields it follows, and is reported only when left out",
          "[fields]") {
  // Every row that derives its default is optional, has no fixed default, and follows fields of
  // its own table.
  const auto follows_its_table = [](const auto& table) {
    for (const auto& f : table) {
      if (f.derived_from.empty()) continue;
      INFO("field " << f.name);
      CHECK(!f.required);
      CHECK(std::holds_alternative<std::monostate>(f.fallback));
      for (std::string_view name : f.derived_from)
        CHECK(std::any_of(std::begin(table), std::end(table),
                          [&](const auto& g) { return g.name == name; }));
    }
  };
  follows_its_table(kScenarioFields);
  follows_its_table(kWorkloadFields);
  follows_its_table(kMeasuredLinkFields);

  const Outcome o = solve_value(spec_scenario_custom_workload());
  REQUIRE(o.result);
  const auto fields_of = [](const Value& derived) {
    std::vector<std::string> out;
    for (const Value& d : derived.array) out.push_back(d.find("field")->string);
    return out;
  };
  const std::vector<std::string> fields = fields_of(derived_value(o.scenario));
  // docs/model.md#the-worked-example's custom workload gives its inference_flops and leaves
  // kv_heads out.
  CHECK(fields == std::vector<std::string>{"launch_overhead", "exchange_precision",
                                           "weight_precision", "kv_precision", "allreduce",
                                           "workload.kv_heads", "workload.ffn_hidden"});
  const Value listed = derived_value(o.scenario);
  CHECK(listed.array.front().find("from")->array.front().array.front().string == "link_model");
  // Given, even at the value it would take, a field is the user's: not derived.
  Scenario given = o.scenario;
  given.launch_overhead = 0.0;
  given.exchange_precision = given.precision;
  given.weight_precision = given.precision;
  given.kv_precision = given.precision;
  given.allreduce = "nccl";
  given.workload.ffn_hidden = ffn_hidden(given.workload);
  CHECK(fields_of(derived_value(given)) == std::vector<std::string>{"workload.kv_heads"});
}

TEST_CASE("sweepable fields come from the table, in its order", "[fields]") {
  CHECK(sweepable_names() ==
        "tp_size, tokens, local_efficiency, collectives_per_layer, attention_context or "
        "memory_efficiency");
  CHECK(find_sweepable("tp_size") != nullptr);
  CHECK(find_sweepable("precision") == nullptr);
  CHECK(find_sweepable("workload") == nullptr);
  const Value catalog = catalog_value();
  std::vector<std::string> listed;
  for (const Value& f : catalog.find("fields")->find("scenario")->array)
    if (f.find("sweepable")->boolean) listed.push_back(f.find("name")->string);
  CHECK(listed == std::vector<std::string>{"tp_size", "tokens", "local_efficiency",
                                           "collectives_per_layer", "attention_context",
                                           "memory_efficiency"});
}

TEST_CASE("dotted() spells a path: keys joined by dots, indices in brackets", "[fields]") {
  CHECK(dotted({}) == "scenario");
  CHECK(dotted({"tp_size"}) == "tp_size");
  CHECK(dotted({"links", "a.b", "bandwidth"}) == "links.a.b.bandwidth");
  CHECK(dotted({"links", std::size_t{2}, "name"}) == "links[2].name");
  CHECK(dotted({"accelerator", "peak_flops", "fp8_dense"}) == "accelerator.peak_flops.fp8_dense");
  const FieldError e({"links", std::size_t{0}}, "m");
  CHECK(e.field == "links[0]");
}

}  // namespace tplayer::test
