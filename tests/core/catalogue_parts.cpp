// Issue 17: every catalogue-backed part of a scenario (workload, accelerator, link, two-tier link,
// each tier) may start from its entry (`preset`); the normalised scenario decides identity (the
// entry's key while the part equals it, an object that keeps `preset` once it differs); every
// entry a scenario can name has a short name.
#include <set>

#include "support.hpp"
#include "tplayer/catalog.hpp"

namespace tplayer::test {
namespace {

// The docs/model.md#the-worked-example scenario with one part replaced: `kind` is "workload",
// "accelerator", or "link" (the only link, named x; a two-tier link gets 16 ranks, two nodes of 8).
Value with_part(std::string_view kind, Value part) {
  Value v = spec_scenario();
  if (kind == "link") {
    Value links = Value::make_object();
    const bool two_tier = part.is_string()
                              ? find_two_tier(part.string) != nullptr
                              : part.find("preset") && find_two_tier(part.find("preset")->string);
    links.add("x", std::move(part));
    v.set("links", std::move(links));
    if (two_tier) v.set("tp_size", Value::from(16.0));
    return v;
  }
  v.set(kind, std::move(part));
  return v;
}

const Value& part_of(std::string_view kind, const Value& scenario) {
  return kind == "link" ? *scenario.find("links")->find("x") : *scenario.find(kind);
}

Value preset_object(std::string_view key) {
  Value v = Value::make_object();
  v.add("preset", Value::from(key));
  return v;
}

// Every key a scenario part can name, by the kind of part it backs.
std::vector<std::pair<std::string, std::string>> every_key() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const WorkloadEntry& e : workload_catalog()) out.emplace_back("workload", e.workload.key);
  for (const AcceleratorEntry& e : accelerator_catalog())
    out.emplace_back("accelerator", e.accelerator.key);
  for (const LinkEntry& e : link_catalog()) out.emplace_back("link", e.key);
  for (const TwoTierEntry& e : two_tier_catalog()) out.emplace_back("link", e.key);
  return out;
}

}  // namespace

TEST_CASE("{preset: key} is the catalogue entry itself, on every part, and is written as its key",
          "[catalog][presets]") {
  for (const auto& [kind, key] : every_key()) {
    INFO(kind << " " << key);
    Value by_key = with_part(kind, Value::from(key));
    Value by_preset = with_part(kind, preset_object(key));
    if (kind == "accelerator") {  // a precision the accelerator has
      const std::string& precision = find_accelerator(key)->accelerator.peak_flops[0].precision;
      by_key.set("precision", Value::from(precision));
      by_preset.set("precision", Value::from(precision));
    }
    const Outcome a = solve_value(by_key);
    const Outcome b = solve_value(by_preset);
    INFO(list(b.errors));
    REQUIRE(a.result);
    REQUIRE(b.result);
    CHECK(identical(to_value(*a.result), to_value(*b.result)));
    CHECK(identical(part_of(kind, to_value(b.scenario, Parts::Keys)), Value::from(key)));
  }
}

TEST_CASE("an edited part keeps its preset and gives every field; equal again, it is the key",
          "[catalog][presets]") {
  struct Edit {
    std::string_view kind;
    const char* json;
    const char* field;
    double want;
  };
  const Edit edits[] = {
      {"workload", R"({"preset": "GPT3", "layers": 48})", "layers", 48},
      {"accelerator", R"({"preset": "H100", "memory_capacity": "96 GiB"})", "memory_capacity",
       96.0 * 1024 * 1024 * 1024},
      {"link", R"({"preset": "nvlink4", "bandwidth": "400 GB/s"})", "bandwidth", 400e9},
      {"link", R"({"preset": "hgx_h100_ndr", "ranks_per_node": 4})", "ranks_per_node", 4},
  };
  for (const Edit& e : edits) {
    INFO(e.json);
    const Value edited = json(e.json);
    const Outcome out = solve_value(with_part(e.kind, edited));
    INFO(list(out.errors));
    REQUIRE(out.result);
    const Value written = part_of(e.kind, to_value(out.scenario, Parts::Keys));
    REQUIRE(written.is_object());
    CHECK(written.find("preset")->string == edited.find("preset")->string);
    CHECK(written.find(e.field)->number == e.want);
    // Every field is written, and it reads back to the same part.
    const Outcome again = solve_value(with_part(e.kind, written));
    REQUIRE(again.result);
    CHECK(identical(to_value(*again.result), to_value(*out.result)));
    CHECK(identical(part_of(e.kind, to_value(again.scenario, Parts::Keys)), written));
  }
  // The fields left out are the entry's.
  const Outcome gpt =
      solve_value(with_part("workload", json(R"({"preset": "GPT3", "layers": 48})")));
  REQUIRE(gpt.result);
  CHECK(gpt.scenario.workload.name == "GPT-3 175B");
  CHECK(gpt.scenario.workload.hidden_dim == 12288);
  CHECK(gpt.scenario.workload.key == "GPT3");
  // Given its entry's own values, an edit is no edit.
  const Outcome same =
      solve_value(with_part("link", json(R"({"preset": "nvlink4", "bandwidth": "450 GB/s",
                                             "latency": "0.5 us", "domain": 8})")));
  REQUIRE(same.result);
  CHECK(identical(part_of("link", to_value(same.scenario, Parts::Keys)), Value::from("nvlink4")));
  // An accelerator's peaks are a map: the entry's in another order are the entry's.
  Value peaks = Value::make_object();
  const Accelerator& h100 = find_accelerator("H100")->accelerator;
  for (auto p = h100.peak_flops.rbegin(); p != h100.peak_flops.rend(); ++p)
    peaks.add(p->precision, Value::from(p->flops_per_s));
  Value reordered = preset_object("H100");
  reordered.add("peak_flops", peaks);
  const Outcome again = solve_value(with_part("accelerator", reordered));
  REQUIRE(again.result);
  CHECK(identical(*to_value(again.scenario, Parts::Keys).find("accelerator"), Value::from("H100")));
}

TEST_CASE("a tier starts from a link preset inside a two-tier link that starts from its own",
          "[catalog][presets][two-tier]") {
  const Outcome out = solve_value(with_part("link", json(R"({"preset": "hgx_h100_ndr",
      "intra_node": {"preset": "nvlink4", "bandwidth": "400 GB/s"}})")));
  INFO(list(out.errors));
  REQUIRE(out.result);
  const Value written = part_of("link", to_value(out.scenario, Parts::Keys));
  CHECK(written.find("preset")->string == "hgx_h100_ndr");
  CHECK(written.find("intra_node")->find("preset")->string == "nvlink4");
  CHECK(written.find("intra_node")->find("bandwidth")->number == 400e9);
  CHECK(identical(*written.find("inter_node"), Value::from("ib_ndr")));
  // Its tiers unchanged, it is the two-tier key.
  const Outcome plain =
      solve_value(with_part("link", json(R"({"preset": "hgx_h100_ndr", "intra_node": "nvlink4",
                                             "inter_node": {"preset": "ib_ndr"}})")));
  REQUIRE(plain.result);
  CHECK(identical(part_of("link", to_value(plain.scenario, Parts::Keys)),
                  Value::from("hgx_h100_ndr")));
  // A part that started from no entry has no preset, even when its values equal one.
  Scenario s = plain.scenario;
  s.links[0].preset.clear();
  const Value unnamed = *to_value(s, Parts::Keys).find("links")->find("x");
  REQUIRE(unnamed.is_object());
  CHECK(unnamed.find("preset") == nullptr);
}

TEST_CASE("an unknown preset is one error at its preset, with the known keys",
          "[catalog][presets]") {
  struct Bad {
    std::string_view kind;
    const char* json;
    const char* field;
    const char* known;
  };
  const Bad bad[] = {
      {"workload", R"({"preset": "GPT9"})", "workload.preset", "known: GPT3, GPT2"},
      {"accelerator", R"({"preset": "H900"})", "accelerator.preset", "known: H100, H200"},
      {"link", R"({"preset": "nvlink9"})", "links.x.preset", "known: nvlink2"},
      {"link", R"({"preset": "nvlink4", "ranks_per_node": 4})", "links.x.preset",
       "known: hgx_h100_ndr"},
      {"link", R"({"preset": 4, "ranks_per_node": 4})", "links.x.preset", "expected a string"},
  };
  for (const Bad& b : bad) {
    INFO(b.json);
    const std::vector<FieldError> errors = errors_of(with_part(b.kind, json(b.json)));
    CHECK(fields(errors) == std::vector<std::string>{b.field});
    CHECK(contains(message_for(errors, b.field), b.known));
  }
}

TEST_CASE("every entry a scenario can name has a short name, unique in its kind",
          "[catalog][short-names]") {
  const auto check_kind = [](const auto& entries, auto short_of, auto full_of) {
    std::set<std::string> seen;
    for (const auto& e : entries) {
      const std::string& s = short_of(e);
      INFO(full_of(e));
      CHECK(!s.empty());
      CHECK(s.size() <= full_of(e).size());
      CHECK(s.size() <= 20);
      CHECK(seen.insert(s).second);
    }
  };
  check_kind(
      workload_catalog(), [](auto& e) -> auto& { return e.short_name; },
      [](auto& e) -> auto& { return e.workload.name; });
  check_kind(
      accelerator_catalog(), [](auto& e) -> auto& { return e.short_name; },
      [](auto& e) -> auto& { return e.accelerator.name; });
  check_kind(
      link_catalog(), [](auto& e) -> auto& { return e.short_name; },
      [](auto& e) -> auto& { return e.label; });
  check_kind(
      two_tier_catalog(), [](auto& e) -> auto& { return e.short_name; },
      [](auto& e) -> auto& { return e.label; });
  CHECK(find_link("nvlink4")->short_name == "NVLink 4");
  CHECK(find_link("ib_ndr")->short_name == "IB NDR");
  CHECK(find_accelerator("H100")->short_name == "H100 SXM");
  CHECK(find_workload("GPT3")->short_name == "GPT-3 175B");
  // On the doors, beside the key.
  const Value v = catalog_value();
  for (const char* kind : {"workloads", "accelerators", "links", "two_tier_links"})
    for (const Value& e : v.find(kind)->array) CHECK(!e.find("short_name")->string.empty());
}

TEST_CASE("resolved, every catalogue part is its object with its preset; entries name the unedited",
          "[catalog][presets]") {
  Value v = spec_scenario();
  v.set("accelerator", json(R"({"preset": "H100", "memory_capacity": "96 GiB"})"));
  v.set("links", json(R"({"nv": "nvlink4", "hgx": "hgx_h100_ndr",
                          "mix": {"intra_node": "nvlink4", "inter_node": {"bandwidth": 5e10},
                                  "ranks_per_node": 8}})"));
  const Outcome out = solve_value(v);
  INFO(list(out.errors));
  REQUIRE(out.result);
  const Value resolved = to_value(out.scenario);
  const Value& nv = *resolved.find("links")->find("nv");
  REQUIRE(nv.is_object());
  CHECK(nv.find("preset")->string == "nvlink4");
  CHECK(nv.find("bandwidth") != nullptr);
  const Value& hgx = *resolved.find("links")->find("hgx");
  CHECK(hgx.find("preset")->string == "hgx_h100_ndr");
  CHECK(hgx.find("intra_node")->find("preset")->string == "nvlink4");
  CHECK(resolved.find("accelerator")->find("preset")->string == "H100");
  CHECK(resolved.find("workload")->is_object());
  CHECK(identical(entries_value(out.scenario),
                  json(R"([["workload"], ["links", "nv"], ["links", "hgx"],
                           ["links", "mix", "intra_node"]])")));
  // Read back, the same scenario, the same result, the same entries.
  const Outcome again = solve_value(resolved);
  REQUIRE(again.result);
  CHECK(identical(to_value(again.scenario), resolved));
  CHECK(identical(to_value(*again.result), to_value(*out.result)));
  CHECK(identical(entries_value(again.scenario), entries_value(out.scenario)));
}

}  // namespace tplayer::test
