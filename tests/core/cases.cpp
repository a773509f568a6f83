// Runs every shared case file of tests/cases (the same files the JavaScript tests read) through
// the core, one Catch2 section per file so that a failure names it: valid cases must reproduce
// every expected field, invalid ones the exact multiset of error fields, with messages that
// mention what came and paths that are exactly the ones given. Schema: tests/cases/README.md.
#include <map>
#include <set>
#include <variant>

#include "support.hpp"

namespace tplayer::test {
namespace {

using Catch::Matchers::WithinRel;

const Value& need(const Value& object, std::string_view key) {
  const Value* v = object.find(key);
  INFO("case file member " << key);
  REQUIRE(v != nullptr);
  return *v;
}

Value load(const std::filesystem::path& path) {
  JsonParse parsed = parse_json(read_file(path));
  INFO(path.string() << ": " << parsed.error);
  REQUIRE(parsed.ok());
  REQUIRE(parsed.value.is_object());
  return std::move(parsed.value);
}

// A case file holds only the members of its schema: a misspelt "path" or "expects" must not
// leave a check out silently.
void only_members(const Value& doc, std::set<std::string_view> allowed) {
  for (const auto& [key, value] : doc.object) {
    INFO("case file member " << key);
    CHECK(allowed.count(key) == 1);
  }
}

// The scenario of a case: "scenario", or "scenario_text" read with the core's JSON reader.
Value scenario_of(const Value& doc) {
  if (const Value* text = doc.find("scenario_text")) {
    REQUIRE(text->is_string());
    REQUIRE(doc.find("scenario") == nullptr);
    return json(text->string);
  }
  return need(doc, "scenario");
}

// A path spelt out by the rule of tests/cases/README.md, independently of the core's dotted():
// keys joined by ".", an index as "[i]", the empty path "scenario".
std::string spelt(const FieldPath& path) {
  std::string out;
  for (const PathStep& step : path) {
    if (std::holds_alternative<std::size_t>(step)) {
      out += "[" + std::to_string(std::get<std::size_t>(step)) + "]";
    } else {
      if (!out.empty()) out += ".";
      out += std::get<std::string>(step);
    }
  }
  return out.empty() ? "scenario" : out;
}

// A path as a case file writes it, for failure messages: ["links", 2, "name"].
std::string show(const FieldPath& path) {
  std::string out = "[";
  for (const PathStep& step : path) {
    if (out.size() > 1) out += ", ";
    if (std::holds_alternative<std::size_t>(step))
      out += std::to_string(std::get<std::size_t>(step));
    else
      out += "\"" + std::get<std::string>(step) + "\"";
  }
  return out + "]";
}

// A path of a case file (["links", 2, "name"]) as the core's FieldPath.
FieldPath path_of(const Value& steps) {
  REQUIRE(steps.is_array());
  FieldPath out;
  for (const Value& step : steps.array) {
    if (step.is_string()) {
      out.emplace_back(step.string);
    } else {
      REQUIRE(step.is_number());
      REQUIRE(step.number >= 0);
      REQUIRE(step.number == static_cast<double>(static_cast<std::size_t>(step.number)));
      out.emplace_back(static_cast<std::size_t>(step.number));
    }
  }
  return out;
}

// Compares one expected member with the matching scalar of a result (or link result).
template <class T>
void check_field(const T& got, const ScalarField<T>& field, const Value& want, double tolerance) {
  INFO("field " << field.name);
  std::visit(
      [&](auto member) {
        using M = std::remove_cvref_t<decltype(got.*member)>;
        if constexpr (std::is_same_v<M, double>) {
          REQUIRE(want.is_number());
          CHECK_THAT(got.*member, WithinRel(want.number, tolerance));
        } else if constexpr (std::is_same_v<M, bool>) {
          REQUIRE(want.kind == Value::Kind::Bool);
          CHECK(got.*member == want.boolean);
        } else {
          REQUIRE(want.is_string());
          CHECK(got.*member == want.string);
        }
      },
      field.member);
}

template <class T, std::size_t N>
void check_object(const T& got, const ScalarField<T> (&fields)[N], const Value& want,
                  double tolerance, std::set<std::string_view> also_allowed) {
  for (const auto& [key, value] : want.object) {
    bool known = also_allowed.count(key) > 0;
    for (const auto& field : fields) {
      if (field.name != key) continue;
      known = true;
      check_field(got, field, value, tolerance);
    }
    INFO("expected member " << key);
    CHECK(known);  // a misspelt expectation must not pass silently
  }
}

void run_valid(const std::filesystem::path& path) {
  const Value doc = load(path);
  INFO("case " << path.filename().string() << ": " << need(doc, "name").string);
  only_members(doc, {"name", "about", "scenario", "scenario_text", "tolerance", "expect"});
  REQUIRE(!need(doc, "about").string.empty());
  const double tolerance = need(doc, "tolerance").number;
  REQUIRE(tolerance > 0);
  REQUIRE(tolerance <= 1e-6);
  const Value& expect = need(doc, "expect");
  REQUIRE(expect.is_object());

  const Result r = solved(scenario_of(doc));
  check_object(r, kResultFields, expect, tolerance, {"links", "warnings"});

  const Value& links = need(expect, "links");
  REQUIRE(links.is_array());
  REQUIRE(r.links.size() == links.array.size());
  for (std::size_t i = 0; i < links.array.size(); ++i) {
    INFO("link " << i);
    REQUIRE(need(links.array[i], "name").is_string());
    check_object(r.links[i], kLinkResultFields, links.array[i], tolerance, {});
  }

  if (const Value* warnings = expect.find("warnings")) {
    std::vector<std::string> want;
    for (const Value& w : warnings->array) want.push_back(w.string);
    std::sort(want.begin(), want.end());
    INFO("warnings:\n" << list(r.warnings));
    CHECK(fields(r.warnings) == want);
  }
  for (const FieldError& w : r.warnings) {
    INFO("warning " << w.field << ": " << w.message);
    CHECK(!w.message.empty());
    CHECK(w.field == spelt(w.path));
  }
}

void run_invalid(const std::filesystem::path& path) {
  const Value doc = load(path);
  INFO("case " << path.filename().string() << ": " << need(doc, "about").string);
  only_members(
      doc, {"name", "about", "scenario", "scenario_text", "errors", "message_includes", "paths"});
  CHECK(need(doc, "name").string == path.stem().string());
  std::vector<std::string> want;
  for (const Value& f : need(doc, "errors").array) want.push_back(f.string);
  std::sort(want.begin(), want.end());
  REQUIRE(!want.empty());

  const Outcome out = solve_value(scenario_of(doc));
  INFO("errors:\n" << list(out.errors));
  CHECK_FALSE(out.result.has_value());
  CHECK(fields(out.errors) == want);

  // One non-empty list of phrases per error field, and none for a field that is no error.
  const Value& includes = need(doc, "message_includes");
  for (const std::string& field : want) REQUIRE(includes.find(field) != nullptr);
  for (const auto& [field, parts] : includes.object) {
    INFO("message_includes member " << field);
    CHECK(std::binary_search(want.begin(), want.end(), field));
    CHECK(!parts.array.empty());
  }
  for (const FieldError& e : out.errors) {
    INFO("error " << e.field << ": " << e.message);
    CHECK(!e.message.empty());
    CHECK(e.field == spelt(e.path));
    if (const Value* parts = includes.find(e.field)) {
      for (const Value& part : parts->array) CHECK(contains(e.message, part.string));
    }
  }

  // "paths": the exact structured path of the error on each listed field.
  if (const Value* paths = doc.find("paths")) {
    REQUIRE(paths->is_object());
    REQUIRE(!paths->object.empty());
    for (const auto& [field, steps] : paths->object) {
      INFO("paths member " << field);
      const FieldPath expected = path_of(steps);
      CHECK(spelt(expected) == field);
      std::size_t found = 0;
      for (const FieldError& e : out.errors) {
        if (e.field != field) continue;
        ++found;
        INFO("got path " << show(e.path) << ", want " << show(expected));
        CHECK(e.path == expected);
      }
      CHECK(found > 0);
    }
  }
}

}  // namespace

TEST_CASE("every valid case file reproduces its expected result", "[cases]") {
  const auto files = json_files(cases_dir());
  REQUIRE(files.size() >= 9);  // docs/model.md#the-worked-example and at least eight more
  for (const auto& path : files) {
    DYNAMIC_SECTION(path.filename().string()) { run_valid(path); }
  }
}

TEST_CASE("every invalid case file gives exactly its error fields", "[cases]") {
  const auto files = json_files(cases_dir() / "invalid");
  REQUIRE(files.size() >= 30);
  for (const auto& path : files) {
    DYNAMIC_SECTION(path.filename().string()) { run_invalid(path); }
  }
}

TEST_CASE("docs/model.md#the-worked-example table, with the exact quantities exact",
          "[cases][spec]") {
  const Value doc = load(cases_dir() / "gpt3_tp8_spec_3_1.json");
  const Result r = solved(scenario_of(doc));
  // Exact in doubles: integers well below 2^53.
  CHECK(r.message_bytes == 50331648.0);
  CHECK(r.weights_per_rank_bytes == 43.75e9);
  CHECK(r.peak_flops == 989e12);
  CHECK(r.bytes_per_element == 2.0);
  REQUIRE(r.links.size() == 2);
  CHECK(r.links[0].wire_bytes_per_rank == 176160768.0);
  CHECK(r.links[1].wire_bytes_per_rank == 176160768.0);
  // F = 350e9 / 96 * 2048 in that order of operations is the double nearest 7466666666666.667.
  CHECK(r.flops_per_layer == 350e9 / 96 * 2048);
  // The figures as docs/model.md#the-worked-example prints them.
  CHECK_THAT(r.flops_per_layer, WithinRel(7.466667e12, 1e-6));
  CHECK_THAT(r.compute_time_s, WithinRel(1.887428e-3, 1e-6));
  CHECK_THAT(r.single_device_time_s, WithinRel(15.099427e-3, 1e-7));
  CHECK_THAT(r.links[0].allreduce_time_s, WithinRel(0.2027342e-3, 1e-6));
  CHECK_THAT(r.links[0].communication_time_s, WithinRel(0.4054684e-3, 1e-6));
  CHECK_THAT(r.links[0].comm_to_compute, WithinRel(0.2148, 5e-4));
  CHECK_THAT(r.links[0].serial_speedup, WithinRel(6.5853, 1e-4));
  CHECK_THAT(r.links[0].serial_efficiency, WithinRel(0.82316, 1e-5));
  CHECK(r.links[0].overlapped_speedup == 8.0);
  CHECK(r.links[0].overlapped_efficiency == 1.0);
  CHECK(r.links[0].bound == "compute");
  CHECK_THAT(r.links[1].allreduce_time_s, WithinRel(1.8316077e-3, 1e-7));
  CHECK_THAT(r.links[1].communication_time_s, WithinRel(3.6632154e-3, 1e-7));
  CHECK_THAT(r.links[1].comm_to_compute, WithinRel(1.9408, 1e-4));
  CHECK_THAT(r.links[1].serial_speedup, WithinRel(2.7203, 1e-4));
  CHECK_THAT(r.links[1].serial_efficiency, WithinRel(0.34004, 1e-4));
  CHECK_THAT(r.links[1].overlapped_speedup, WithinRel(4.1219, 1e-4));
  CHECK_THAT(r.links[1].overlapped_efficiency, WithinRel(0.51524, 1e-4));
  CHECK(r.links[1].bound == "communication");
  CHECK(r.binding_link == "infiniband_ndr");
  CHECK(r.bound == "communication");
  CHECK(r.fits_in_memory);
  CHECK(r.warnings.empty());
}

TEST_CASE("the exact tie case ties exactly", "[cases][tie]") {
  // Guards the case file itself: were the tie not exact in doubles, "compute" would prove nothing.
  const Result r = solved(scenario_of(load(cases_dir() / "exact_tie_is_compute.json")));
  REQUIRE(r.links.size() == 3);
  CHECK(r.links[1].communication_time_s == r.compute_time_s);
  CHECK(r.links[2].communication_time_s == r.compute_time_s);
  CHECK(r.links[2].latency_time_s == r.links[2].bandwidth_time_s);
  CHECK(r.weights_per_rank_bytes == r.memory_capacity_bytes);
  CHECK(r.links[1].bound == "compute");
  CHECK(r.binding_link == "tie_a");
}

}  // namespace tplayer::test
