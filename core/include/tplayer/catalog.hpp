// The catalogue of docs/model.md#the-catalogue: accelerators, links, workloads and scenario
// presets, each entry with its source. One table per kind, in src/catalog.cpp. Every entry a
// scenario can name (workload, accelerator, link, two-tier link) has a short_name for UIs ("NVLink
// 4", "IB NDR", "H100 SXM", "GPT-3 175B"), beside its full name or label.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "tplayer/model.hpp"

namespace tplayer {

struct WorkloadEntry {
  Workload workload;       // key and name filled
  std::string short_name;  // e.g. "Mixtral 8x7B" for "Mixtral 8x7B (MoE)"
  std::string note;        // e.g. "MoE: 12.9e9 active parameters"
  std::string source;
};

struct AcceleratorEntry {
  Accelerator accelerator;  // key and name filled
  std::string short_name;   // e.g. "H100 SXM" for "NVIDIA H100 SXM"
  std::string source;
};

// A serving engine (docs/model.md#the-kernels-model): its constants, the versions they were
// measured on, and where.
struct EngineEntry {
  ServingEngine engine;    // key and name filled
  std::string short_name;  // e.g. "vLLM"
  std::string versions;    // e.g. "0.8-0.11 (V1 engine, CUDA graphs)"
  std::string source;
};

struct LinkEntry {
  std::string key;
  std::string label;
  std::string short_name;   // e.g. "NVLink 4" for "NVLink 4 (H100, H200, HGX)"
  double bandwidth = 0;     // bytes/s per direction
  double latency = 0;       // seconds per ring step
  std::int64_t domain = 0;  // most ranks it joins directly; 0: no limit
  std::vector<Protocol>
      protocols;  // NCCL branches fitted on measurements (docs/model.md#calibration); may be empty
  std::string source;
  std::string calibration;  // where the protocols came from: the tables, or a carry-over
  // The serving engine's all-reduce kernels (docs/model.md#custom-all-reduce), fitted like the
  // protocols; may be empty.
  std::vector<Protocol> custom = {};
  double custom_max_bytes = kDefaultCustomMaxBytes;
  std::string custom_calibration = {};
  double per_peer = 0;  // fully connected: bytes/s per direction of each peer link; 0: switched
};

// A two-tier link preset (docs/model.md#two-tier-links): a system's node link and its network link,
// by link key.
struct TwoTierEntry {
  std::string key;
  std::string label;
  std::string short_name;  // e.g. "HGX H100 + NDR"
  std::string intra_node;  // link key: the link inside a node
  std::string inter_node;  // link key: each rank's own network link across nodes
  std::int64_t ranks_per_node = 0;
  std::string source;
};

struct ScenarioPreset {
  std::string key;     // e.g. "Gpt3TensorParallelLayerTp8"
  std::string title;   // short, for pickers
  std::string lesson;  // what it teaches, one sentence
  Scenario scenario;
};

const std::vector<WorkloadEntry>& workload_catalog();
const std::vector<AcceleratorEntry>& accelerator_catalog();
const std::vector<LinkEntry>& link_catalog();
const std::vector<TwoTierEntry>& two_tier_catalog();
const std::vector<ScenarioPreset>& scenario_presets();
const std::vector<EngineEntry>& engine_catalog();

// Lookups by exact key; nullptr when unknown.
const WorkloadEntry* find_workload(std::string_view key);
const AcceleratorEntry* find_accelerator(std::string_view key);
const LinkEntry* find_link(std::string_view key);
const TwoTierEntry* find_two_tier(std::string_view key);
const ScenarioPreset* find_preset(std::string_view key);
const EngineEntry* find_engine(std::string_view key);
// The engine "as it runs" prices under when a scenario names none
// (docs/model.md#the-kernels-model).
inline constexpr std::string_view kDefaultServingEngine = "vllm";

// A link of the scenario built from a catalogue entry, named `name`. A two-tier entry gives a
// two-tier link whose preset is the entry's key and whose tiers are its catalogue links.
Link link_from(const LinkEntry& entry, std::string name);
Link link_from(const TwoTierEntry& entry, std::string name);

}  // namespace tplayer
