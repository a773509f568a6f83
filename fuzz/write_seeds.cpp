// Writes the fuzzers' seed corpora and dictionaries from what the project already holds, so
// nothing generated lives in the repository:
//   tplayer_fuzz_seeds OUT_DIR [CASE.json ...]
//   OUT_DIR/scenario/  every preset scenario (as to_value prints it, and with its workload,
//                      accelerator and links spelled out), the "scenario" (or "scenario_text")
//                      of each tests/cases file given, and a few hand-made shapes
//   OUT_DIR/units/     every unit and precision key with numbers around it
//   OUT_DIR/scenario.dict, OUT_DIR/units.dict   libFuzzer dictionaries of tokens and names
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "support.hpp"
#include "tplayer/catalog.hpp"
#include "tplayer/fields.hpp"
#include "tplayer/json.hpp"
#include "tplayer/precision.hpp"
#include "tplayer/tplayer.hpp"
#include "tplayer/units.hpp"

namespace {

namespace fs = std::filesystem;
using namespace tplayer;

// Shapes no preset or case has: custom objects with unit strings, links as an array, the
// NaN token, a unit of the wrong kind, a precision the chip lacks.
constexpr const char* kHandMade[] = {
    R"({"workload":{"name":"w","parameters":"7e9","layers":32,"hidden_dim":4096,"heads":32,)"
    R"("kv_heads":8,"inference_flops":14e9},"tp_size":4,"tokens":4096,"accelerator":{"name":"a",)"
    R"("peak_flops":{"fp16":"312 TFLOP/s","bf16_sparse":"624 TFLOPS"},"memory_capacity":"80 GiB",)"
    R"("memory_bandwidth":"2.039 TB/s","native_link":"nvlink3"},"precision":"fp16",)"
    R"("local_efficiency":0.5,"links":{"pcie":{"bandwidth":"32 GB/s","latency":"1 us"},)"
    R"("ib":{"bandwidth":"400 Gb/s","latency":"5 \u00b5s"}},"collectives_per_layer":4})",
    R"({"workload":"GPT3","tp_size":8,"tokens":2048,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":["nvlink4",{"name":"ib","bandwidth":50e9,"latency":5e-6}]})",
    R"({"workload":"GPT2","tp_size":1,"tokens":1,"accelerator":"V100","precision":"fp32",)"
    R"("local_efficiency":1,"links":{"x":"pcie4"},"collectives_per_layer":0})",
    R"({"workload":"BERT_Large","tp_size":NaN,"tokens":-Infinity,"accelerator":"TPUv5p",)"
    R"("precision":"int4_sparse","local_efficiency":Infinity,"links":{}})",
    R"({"type":"TensorParallelLayerScenario","workload":"Llama2_70B","tp_size":3,"tokens":7,)"
    R"("accelerator":"MI300X","precision":"fp8","local_efficiency":1e-30,)"
    R"("links":{"a":{"bandwidth":"1 ms"},"a":{"bandwidth":0,"latency":-1}}})",
    R"({"workload":"GPT3","tp_size":8,"tokens":2048,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"nv":"nvlink4"},"pass":"training","recompute":true,"attention_context":4096})",
    R"({"workload":"Llama3_70B","tp_size":2,"tokens":1,"accelerator":"H200","local_efficiency":1,)"
    R"("links":{"nv":"nvlink4"},"pass":"backward","recompute":false,"collectives_per_layer":0})",
    R"({"workload":"GPT2","tp_size":5,"tokens":9,"accelerator":"A100","local_efficiency":0.3,)"
    R"("links":{"x":"pcie4"},"pass":"inference","recompute":"yes","attention_context":-1.5})",
    R"({"workload":"GPT2","tp_size":5,"tokens":9,"accelerator":"A100","local_efficiency":0.3,)"
    R"("links":{"x":"pcie4"},"pass":"forward","recompute":true,"attention_context":1e12})",
    R"({"workload":"GPT3","tp_size":16,"tokens":2048,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"nv":"nvlink4","ib":"ib_ndr","bare":"450 GB/s","num":5e10,)"
    R"("ed":{"preset":"nvlink4","bandwidth":"400 GB/s","domain":4}},"link_model":"nccl"})",
    R"({"workload":"GPT3","tp_size":4,"tokens":1,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"f":{"bandwidth":"1 TB/s","latency":"1 us","domain":8,"protocols":[)"
    R"({"name":"ll","base_latency":"2 us","step_latency":"1 us","efficiency":0.25},)"
    R"({"name":"nvls","pattern":"nvls","base_latency":"20 us","efficiency":0.5}]}},)"
    R"("link_model":"nccl","launch_overhead":"3 us"})",
    R"({"workload":"GPT3","tp_size":8,"tokens":8,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"f":{"bandwidth":"1 TB/s","domain":4,"protocols":[{"name":"nvls","pattern":"nvls",)"
    R"("efficiency":0.5}]}},"link_model":"nccl"})",
    R"({"workload":"GPT3","tp_size":16,"tokens":1,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"t":{"bandwidth":"50 GB/s","domain":4,"protocols":[{"name":"tr","pattern":"tree",)"
    R"("base_latency":"9 us","step_latency":"5 us","efficiency":0.05},{"name":"nv","pattern":)"
    R"("nvls","efficiency":0.5}]},"h":{"intra_node":"nvlink4","inter_node":{"bandwidth":)"
    R"("50 GB/s","protocols":[{"name":"tr","pattern":"tree","efficiency":0.05}]},)"
    R"("ranks_per_node":8}},"link_model":"nccl","collective":"reduce_scatter_all_gather"})",
    R"({"workload":"GPT3","tp_size":32,"tokens":4096,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"n":{"bandwidth":"50 GB/s","protocols":[{"name":"nt","pattern":"nvls_tree",)"
    R"("efficiency":0.8}]},"h":{"intra_node":"nvlink4","inter_node":"ib_ndr","ranks_per_node":8},)"
    R"("r":{"intra_node":"nvlink4_ring","inter_node":"ib_ndr","ranks_per_node":8}},)"
    R"("link_model":"nccl"})",
    R"({"workload":"GPT3","tp_size":4,"tokens":1,"accelerator":"MI300X","local_efficiency":0.5,)"
    R"("links":{"x":{"bandwidth":"448 GB/s","per_peer":"64 GB/s","domain":8,"protocols":[{"name":)"
    R"("os","pattern":"one_shot","base_latency":"4 us","efficiency":0.75}]},"s":{"bandwidth":)"
    R"("448 GB/s","protocols":[{"name":"os","pattern":"one_shot","efficiency":0.75}]},)"
    R"("f":"infinity_fabric"},"link_model":"nccl"})",
    R"({"workload":"GPT3","tp_size":8,"tokens":8,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"a":"nvlink9","b":"5 us","c":{"preset":"x"},"d":{"bandwidth":1,"protocols":[]},)"
    R"("e":{"bandwidth":1,"domain":0.5,"protocols":[{"name":"","pattern":"tree","efficiency":2,)"
    R"("base_latency":-1}]}},"link_model":"ncc","launch_overhead":"-1 s"})",
    R"({"workload":"GPT3","tp_size":8,"tokens":8,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":["nvlink4","450 GB/s",{"name":"p","preset":"pcie4"}],"link_model":"line_rate",)"
    R"("launch_overhead":"20 us"})",
    R"({"workload":"Llama3_70B","tp_size":8,"tokens":32,"accelerator":"H100","precision":"fp8",)"
    R"("local_efficiency":0.5,"links":{"nv":"nvlink4","e":{"bandwidth":"450 GB/s","domain":8,)"
    R"("custom":[{"name":"one_shot","pattern":"one_shot","base_latency":"2 us","efficiency":0.7},)"
    R"({"name":"mm","pattern":"nvls","efficiency":0.4}],"custom_max_bytes":"4 MiB"}},)"
    R"("pass":"decode","attention_context":4096,"compute_model":"roofline",)"
    R"("memory_efficiency":0.8,"exchange_precision":"bf16","allreduce":"custom",)"
    R"("link_model":"nccl","launch_overhead":"3 us"})",
    // The kernels model (docs/model.md#the-kernels-model): a catalogue engine and an object, MoE,
    // no compute units, a custom workload's derived MLP, and bad engine and shape fields.
    R"({"workload":"Llama3_70B","tp_size":8,"tokens":32,"accelerator":"H100","precision":"bf16",)"
    R"("local_efficiency":0.75,"links":{"nv":"nvlink4","ib":"ib_ndr"},"pass":"decode",)"
    R"("attention_context":4096,"compute_model":"kernels","link_model":"nccl",)"
    R"("serving_engine":"vllm"})",
    R"({"workload":"Mixtral_8x7B","tp_size":2,"tokens":512,"accelerator":"TPUv5p",)"
    R"("precision":"bf16","local_efficiency":0.7,"links":{"ici":"ici_v5p"},)"
    R"("compute_model":"kernels","serving_engine":{"name":"e","kernel_overhead":"2 us",)"
    R"("step_overhead":"1 ms","allreduce":"custom"}})",
    R"({"workload":{"name":"w","parameters":1e9,"layers":4,"hidden_dim":2048,"heads":16,)"
    R"("kv_heads":4,"vocab":32000,"gated_mlp":true},"tp_size":3,"tokens":1,"accelerator":"A100",)"
    R"("local_efficiency":0.5,"links":{"p":"pcie4"},"pass":"decode","attention_context":7,)"
    R"("compute_model":"kernels","link_model":"nccl","serving_engine":"pytorch_eager"})",
    R"({"workload":{"preset":"GPT3","vocab":-1,"ffn_hidden":0,"experts":2,)"
    R"("experts_per_token":3},"tp_size":8,"tokens":8,"accelerator":{"preset":"H100",)"
    R"("compute_units":0},"local_efficiency":0.5,"links":["nvlink4"],"compute_model":"kernels",)"
    R"("serving_engine":{"preset":"sglang","kernel_overhead":"-1 us","allreduce":"x"}})",
    R"({"workload":"Mixtral_8x7B","tp_size":16,"tokens":3,"accelerator":"A100","local_efficiency":1,)"
    R"("links":{"x":{"bandwidth":1,"custom":[{"name":"","pattern":"ring","efficiency":2,)"
    R"("base_latency":-1}],"custom_max_bytes":0}},"pass":"decode","recompute":true,)"
    R"("compute_model":"memory","memory_efficiency":1.5,"exchange_precision":"fp12",)"
    R"("allreduce":"vllm"})",
    R"({"workload":"Llama3_405B","tp_size":16,"tokens":4096,"accelerator":"H100",)"
    R"("local_efficiency":0.5,"links":{"hgx":{"intra_node":"nvlink4","inter_node":"ib_ndr",)"
    R"("ranks_per_node":8},"g1":{"intra_node":"900 GB/s","inter_node":{"bandwidth":"50 GB/s",)"
    R"("domain":2},"ranks_per_node":1}},"link_model":"nccl"})",
    R"({"workload":"GPT3","tp_size":12,"tokens":4,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"t":{"intra_node":{"measured":"x"},"inter_node":{"intra_node":"nvlink4"},)"
    R"("ranks_per_node":0}}})",
    // Sequence parallelism (docs/model.md#sequence-parallelism): every link kind, both models, the
    // serving engine's all-reduce (for all-reduces only), a measured link (refused), an unknown
    // collective.
    R"({"workload":"Llama3_405B","tp_size":16,"tokens":64,"accelerator":"H100",)"
    R"("local_efficiency":0.5,"links":{"hgx":"hgx_h100_ndr","nv":"nvlink4","e":{"bandwidth":)"
    R"("450 GB/s","domain":8,"custom":[{"name":"one_shot","pattern":"one_shot",)"
    R"("efficiency":0.7}],"protocols":[{"name":"nvls","pattern":"nvls","efficiency":0.9},)"
    R"({"name":"simple","base_latency":"8 us","step_latency":"3 us","efficiency":0.8}]}},)"
    R"("link_model":"nccl","allreduce":"custom","collective":"reduce_scatter_all_gather"})",
    R"({"workload":"GPT3","tp_size":8,"tokens":32,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"nv":"nvlink4","ib":"ib_ndr"},"launch_overhead":"1 us",)"
    R"("collective":"reduce_scatter_all_gather"})",
    R"({"workload":"GPT3","tp_size":8,"tokens":32,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"m":{"measured":"1024 256 float sum -1 9.0 0.11 0.2 0\n2048 512 float sum -1 )"
    R"(9.5 0.22 0.38 0\n","ranks":8}},"collective":"reduce_scatter_all_gather"})",
    R"({"workload":"GPT3","tp_size":8,"tokens":32,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"nv":"nvlink4"},"collective":"sequence_parallel"})",
    // Two-tier preset keys: as a link, in the array form, as a tier, as an edited link's preset,
    // off its node grid, and the catalogue's entry as an object.
    R"({"workload":"Llama3_70B","tp_size":32,"tokens":4096,"accelerator":"A100",)"
    R"("precision":"bf16","local_efficiency":0.5,"links":{"a":"hgx_a100_hdr","p":"aws_p4d_efa",)"
    R"("g":"gcp_a3mega_tcpxo","b":"hgx_b200_ndr"},"link_model":"nccl"})",
    R"({"workload":"GPT3","tp_size":16,"tokens":2048,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":["hgx_h100_ndr",{"name":"t","intra_node":"hgx_h100_ndr","inter_node":"ib_ndr",)"
    R"("ranks_per_node":8}]})",
    R"({"workload":"GPT3","tp_size":12,"tokens":2048,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"x":"hgx_h100_ndr","e":{"preset":"hgx_a100_hdr","bandwidth":"1 GB/s"},)"
    R"("c":{"key":"hgx_h100_ndr","label":"HGX H100","intra_node":"nvlink4",)"
    R"("inter_node":"ib_ndr","ranks_per_node":8,"source":"s"}}})",
    // Issue 17: a preset under every catalogue-backed part (edited and not, unknown, mistyped,
    // a link key as a two-tier preset), and measured links as rows (good, and bad in each way).
    R"({"workload":{"preset":"GPT3","layers":48},"tp_size":16,"tokens":2048,)"
    R"("accelerator":{"preset":"H100","memory_capacity":"96 GiB"},"local_efficiency":0.5,)"
    R"("links":{"nv":{"preset":"nvlink4"},"ed":{"preset":"nvlink4","bandwidth":"400 GB/s"},)"
    R"("hgx":{"preset":"hgx_h100_ndr","ranks_per_node":4,"intra_node":{"preset":"nvlink4",)"
    R"("latency":"1 us"}},"two":{"preset":"hgx_a100_hdr"}},"link_model":"nccl"})",
    R"({"workload":{"preset":"GPT9"},"tp_size":8,"tokens":2048,"accelerator":{"preset":5},)"
    R"("local_efficiency":0.5,"links":{"a":{"preset":"nvlink4","ranks_per_node":4},)"
    R"("b":{"preset":"hgx_h900"},"c":{"intra_node":{"preset":"nvlink9"},"inter_node":"ib_ndr",)"
    R"("ranks_per_node":8}}})",
    R"({"workload":"GPT3","tp_size":8,"tokens":64,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"m":{"rows":[[1048576,4e-05],[4194304,8e-05],[16777216,0.0002]],"ranks":4,)"
    R"("domain":8},"n":"nvlink4"},"link_model":"nccl"})",
    R"({"workload":"GPT3","tp_size":8,"tokens":64,"accelerator":"H100","local_efficiency":0.5,)"
    R"("links":{"a":{"rows":[]},"b":{"rows":[[1,2,3],[0,-1],["x",1e-5],[1024.5,NaN]],)"
    R"("ranks":1},"c":{"rows":[[1,1],[2,2]],"measured":"x","ranks":4},"d":{"measured":null},)"
    R"("e":{"rows":[[4,1e-300],[8,1e300]],"ranks":9007199254740993}}})",
};

// Member names beyond the field tables (which write_seeds walks): the scenario's extras, the
// catalogue's descriptive members, and the type tag and choice values.
constexpr const char* kOtherNames[] = {
    "type", "name", "description", "key", "label", "source", "note", "title", "lesson",
    "TensorParallelLayerScenario", "forward", "backward", "training", "short_name",
    // docs/model.md#any-model-any-rig: the config.json keys hf_config reads.
    "hidden_size", "num_hidden_layers", "num_attention_heads", "num_key_value_heads", "head_dim",
    "intermediate_size", "vocab_size", "tie_word_embeddings", "model_type", "hidden_act",
    "num_local_experts", "num_experts", "n_routed_experts", "num_experts_per_tok",
    "moe_intermediate_size", "shared_expert_intermediate_size", "n_shared_experts",
    "attention_bias", "kv_lora_rank", "text_config", "qwen3_moe", "gemma2", "deepseek_v3"};

template <class T, std::size_t N>
void add_field_names(std::set<std::string>& tokens, const InputField<T> (&table)[N]) {
  for (const InputField<T>& f : table) {
    tokens.insert("\"" + std::string(f.name) + "\"");
    for (const std::string_view choice : f.choices)
      tokens.insert("\"" + std::string(choice) + "\"");
  }
}

constexpr const char* kJsonTokens[] = {"{",        "}",
                                       "[",        "]",
                                       ":",        ",",
                                       "\"",       "\\",
                                       "\\u",      "\\ud83d\\ude00",
                                       "true",     "false",
                                       "null",     "NaN",
                                       "Infinity", "-Infinity",
                                       "-0",       "0.5",
                                       "1e-30",    "1e30",
                                       "1e309",    "9007199254740993",
                                       "1e12",     "-1",
                                       "2048",     " ",
                                       "\n"};

constexpr const char* kNumbers[] = {"0",  "1",      "-1.5e3",           "0.5", "1e309", "+7", ".5",
                                    "5.", "1e-330", "9007199254740993", "3 ",  "\t2"};

void write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  if (!out) {
    std::cerr << "tplayer_fuzz_seeds: cannot write " << path << '\n';
    std::exit(1);
  }
}

// One libFuzzer dictionary entry: "token" with quote, backslash and non-printables escaped.
std::string dict_entry(std::string_view token) {
  std::string out = "\"";
  for (const char c : token) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u >= 0x7F) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\x%02X", u);
      out += escape;
    } else {
      out += c;
    }
  }
  return out + "\"\n";
}

void write_dict(const fs::path& path, const std::set<std::string>& tokens) {
  std::string text;
  for (const std::string& t : tokens)
    if (!t.empty()) text += dict_entry(t);
  write_file(path, text);
}

class Corpus {
 public:
  explicit Corpus(fs::path dir) : dir_(std::move(dir)) { fs::create_directories(dir_); }
  void add(const std::string& bytes) {
    if (seen_.insert(bytes).second)
      write_file(dir_ / ("seed-" + std::to_string(seen_.size())), bytes);
  }
  std::size_t size() const { return seen_.size(); }

 private:
  fs::path dir_;
  std::set<std::string> seen_;
};

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "tplayer_fuzz_seeds: cannot read " << path << '\n';
    std::exit(1);
  }
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: tplayer_fuzz_seeds OUT_DIR [CASE.json ...]\n";
    return 1;
  }
  const fs::path out = argv[1];
  Corpus scenarios(out / "scenario");
  Corpus quantities(out / "units");
  Corpus measurements(out / "measured");
  Corpus cards(out / "card");  // fuzz_card: preset byte, link-count byte, NUL-separated texts

  for (const ScenarioPreset& preset : scenario_presets()) {
    scenarios.add(write_json(to_value(preset.scenario, Parts::Keys)));
    Scenario spelled_out = preset.scenario;  // no catalogue keys: every field as an object
    spelled_out.workload.key.clear();
    spelled_out.accelerator.key.clear();
    for (Link& link : spelled_out.links) {
      link.preset.clear();
      for (Link& tier : link.tiers) tier.preset.clear();
    }
    scenarios.add(write_json(to_value(spelled_out)));
  }
  for (const char* text : kHandMade) scenarios.add(text);
  for (int i = 2; i < argc; ++i) {
    if (std::string_view(argv[i]).ends_with(".txt")) {  // nccl-tests output (calibration/data)
      measurements.add(read_file(argv[i]));
      continue;
    }
    const JsonParse parsed = parse_json(read_file(argv[i]));
    if (!parsed.ok()) {
      std::cerr << "tplayer_fuzz_seeds: " << argv[i] << ": " << parsed.error << '\n';
      return 1;
    }
    if (const Value* s = parsed.value.find("scenario")) scenarios.add(write_json(*s));
    if (const Value* t = parsed.value.find("scenario_text"); t && t->is_string())
      scenarios.add(t->string);
    // The measured texts of the case files seed the parser too.
    if (const Value* s = parsed.value.find("scenario"))
      if (const Value* links = s->find("links"); links && links->is_object())
        for (const auto& link : links->object)
          if (const Value* m = link.second.find("measured"); m && m->is_string())
            measurements.add(m->string);
  }

  std::set<std::string> scenario_tokens(std::begin(kJsonTokens), std::end(kJsonTokens));
  std::set<std::string> unit_tokens(std::begin(kNumbers), std::end(kNumbers));
  for (const char* name : kOtherNames) scenario_tokens.insert("\"" + std::string(name) + "\"");
  add_field_names(scenario_tokens, kScenarioFields);
  add_field_names(scenario_tokens, kWorkloadFields);
  add_field_names(scenario_tokens, kAcceleratorFields);
  add_field_names(scenario_tokens, kLinkFields);
  add_field_names(scenario_tokens, kProtocolFields);
  add_field_names(scenario_tokens, kMeasuredLinkFields);
  add_field_names(scenario_tokens, kTwoTierLinkFields);
  for (const auto& e : workload_catalog()) scenario_tokens.insert("\"" + e.workload.key + "\"");
  for (const auto& e : accelerator_catalog())
    scenario_tokens.insert("\"" + e.accelerator.key + "\"");
  for (const auto& e : link_catalog()) scenario_tokens.insert("\"" + e.key + "\"");
  for (const auto& e : two_tier_catalog()) scenario_tokens.insert("\"" + e.key + "\"");
  for (const std::string_view format : precision_formats()) {
    for (const std::string& key :
         {std::string(format), std::string(format) + "_dense", std::string(format) + "_sparse"}) {
      scenario_tokens.insert("\"" + key + "\"");
      unit_tokens.insert(key);
      quantities.add(key);
    }
  }
  unit_tokens.insert("_dense");
  unit_tokens.insert("_sparse");
  for (const Unit& unit : units()) {
    const std::string symbol(unit.symbol);
    scenario_tokens.insert("\"1 " + symbol + "\"");
    unit_tokens.insert(symbol);
    unit_tokens.insert(" " + symbol);
    for (const char* number : kNumbers) quantities.add(std::string(number) + " " + symbol);
    quantities.add("989" + symbol);
  }
  for (const char* number : kNumbers) quantities.add(number);

  using namespace std::string_literals;
  for (const std::string& card :
       {"\x00\x01GPT-3 on H100\0https://example.org/#v=3&a=1\0GPT-3\0H100\0nvlink\0ib"s,
        "\x01\x3f\0\0\xe2\x80\xae evil\0\x1b]52;c;aGk=\x07\0&<>\"\0\xef\xbf\xbe\0\xff\xc0\x80"s,
        "\x02\x0b"s + std::string(200, '&') + "\0"s + std::string(400, 'p') + "\xc3\xa9"s})
    cards.add(card);
  write_dict(out / "card.dict", {"&", "<", ">", "\"", "\x1b", "\xe2\x80\xae", "\xef\xbf\xbe",
                                 "\xc3\xa9", "\xf0\x9f\x98\x80", "\xc2\x85", " ", "%"});
  write_dict(out / "scenario.dict", scenario_tokens);
  write_dict(out / "units.dict", unit_tokens);
  write_dict(out / "measured.dict",
             {"#", "#  Rank", " ", "\t", "\n", "\r\n", "float", "sum", "-1", "0", "N/A", "1048576",
              "12.50", "0.00", "1e3", "# Avg bus bandwidth"});
  std::cout << "seeds: " << scenarios.size() << " scenarios, " << quantities.size()
            << " quantities, " << measurements.size() << " measurements, " << cards.size()
            << " cards in " << out.string() << '\n';
  return 0;
}
