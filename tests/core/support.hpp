// Helpers shared by the core tests: JSON literals, docs/model.md#the-worked-example scenario, case
// files, errors.
#pragma once

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "tplayer/json.hpp"
#include "tplayer/model.hpp"
#include "tplayer/tplayer.hpp"
#include "tplayer/value.hpp"

namespace tplayer::test {

inline Value json(std::string_view text) {
  JsonParse parsed = parse_json(text);
  INFO("JSON literal: " << text);
  REQUIRE(parsed.error == "");
  return std::move(parsed.value);
}

// The scenario of docs/model.md#the-worked-example in its JSON form; tests change one field at a
// time.
inline Value spec_scenario() {
  return json(R"({
    "workload": "GPT3", "tp_size": 8, "tokens": 2048, "accelerator": "H100",
    "precision": "fp16_dense", "local_efficiency": 0.5,
    "links": {"nvlink": "nvlink4", "infiniband_ndr": "ib_ndr"}, "collectives_per_layer": 2})");
}

// The docs/model.md#the-worked-example scenario with the workload spelt out, so that its fields can
// be changed.
inline Value spec_scenario_custom_workload() {
  Value v = spec_scenario();
  v.set("workload", json(R"({"name": "GPT-3", "parameters": 175e9, "layers": 96,
                             "hidden_dim": 12288, "heads": 96, "inference_flops": 350e9})"));
  return v;
}

inline Value& member(Value& object, std::string_view key) {
  for (auto& [k, v] : object.object)
    if (k == key) return v;
  FAIL("no member " << key);
  return object;
}

inline Result solved(const Value& scenario) {
  Outcome out = solve_value(scenario);
  std::string listed;
  for (const FieldError& e : out.errors) listed += e.field + ": " + e.message + "\n";
  INFO("errors:\n" << listed);
  REQUIRE(out.errors.empty());
  REQUIRE(out.result.has_value());
  return *out.result;
}

inline std::vector<FieldError> errors_of(const Value& scenario) {
  Outcome out = solve_value(scenario);
  CHECK_FALSE(out.result.has_value());
  return out.errors;
}

inline std::string list(const std::vector<FieldError>& errors) {
  std::string out;
  for (const FieldError& e : errors) out += "  " + e.field + ": " + e.message + "\n";
  return out;
}

inline std::vector<std::string> fields(const std::vector<FieldError>& errors) {
  std::vector<std::string> out;
  for (const FieldError& e : errors) out.push_back(e.field);
  std::sort(out.begin(), out.end());
  return out;
}

// The message of the one error (or warning) on `field`; fails when there is none or several.
inline std::string message_for(const std::vector<FieldError>& errors, std::string_view field) {
  INFO("looking for " << field << " in\n" << list(errors));
  std::vector<std::string> found;
  for (const FieldError& e : errors)
    if (e.field == field) found.push_back(e.message);
  REQUIRE(found.size() == 1);
  return found.front();
}

inline bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::filesystem::path cases_dir() { return TPLAYER_CASES_DIR; }

// The *.json files of a folder, sorted by name.
inline std::vector<std::filesystem::path> json_files(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> out;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().extension() == ".json") out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace tplayer::test
