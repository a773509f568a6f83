// The scenario and result value types of docs/model.md#the-scenario and #the-result, and the tables
// that name their fields once for every door (CLI JSON, wasm objects, tests).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "tplayer/measured.hpp"

namespace tplayer {

// Where a field sits in a scenario: member names and array indices from the top, e.g.
// {"links", "nvlink", "bandwidth"} or {"links", 2, "name"}. A link name is one step even when
// it holds a dot. The empty path is the scenario itself.
using PathStep = std::variant<std::string, std::size_t>;
using FieldPath = std::vector<PathStep>;

// The path as dotted text: "links.nvlink.bandwidth", "links[2].name"; "scenario" when empty.
std::string dotted(const FieldPath& path);

// One problem with the input (or a warning): where (as a path, and as the same path in
// dotted text) and a sentence that says what was expected and what came.
struct FieldError {
  FieldPath path;
  std::string field;  // dotted(path)
  std::string message;

  FieldError() = default;
  FieldError(FieldPath where, std::string text);  // out of line: built at every message
  friend bool operator==(const FieldError&, const FieldError&) = default;
};

inline constexpr std::string_view kDefaultPrecision = "fp16_dense";
inline constexpr std::int64_t kDefaultCollectivesPerLayer = 2;  // of a forward pass

// The passes of docs/model.md#passes, with the compute they cost (in forward passes) and the
// all-reduces they pay per layer by default (Megatron without sequence parallelism).
struct PassKind {
  std::string_view name;
  int compute_multiplier;
  int collectives_per_layer;
};
inline constexpr PassKind kPasses[] = {
    {"forward", 1, 2},
    {"backward", 2, 2},
    {"training", 3, 4},
    {"decode", 1, 2},  // one new token for each of `tokens` sequences (docs/model.md#the-roofline)
};
inline constexpr auto kPassNames = [] {
  std::array<std::string_view, std::size(kPasses)> names{};
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = kPasses[i].name;
  return names;
}();
// Full recomputation runs the forward again inside the backward: its compute and its all-reduces.
inline constexpr int kRecomputeMultiplier = 1;
inline constexpr int kRecomputeCollectives = 2;
inline constexpr std::string_view kDecode = kPasses[3].name;

// The compute models of docs/model.md#fields-beyond-the-seed: FLOPs alone (mlsysim's), the roofline
// (docs/model.md#the-roofline): the slower of the FLOPs and the memory traffic, or the layer as its
// kernels (docs/model.md#the-kernels-model), each on its own roofline with its fixed cost, the
// GEMMs in waves of tiles over the compute units.
inline constexpr std::string_view kComputeModels[] = {"flops", "roofline", "kernels"};
inline constexpr std::string_view kFlops = kComputeModels[0];
inline constexpr std::string_view kRoofline = kComputeModels[1];
inline constexpr std::string_view kKernels = kComputeModels[2];
// Tuned decode kernels stream 70-90 % of HBM peak (docs/model.md#the-roofline).
inline constexpr double kDefaultMemoryEfficiency = 0.8;

// Which implementation runs each all-reduce in the nccl link model
// (docs/model.md#custom-all-reduce): NCCL, or the serving engines' own kernels over peer memory.
inline constexpr std::string_view kAllReduces[] = {"nccl", "custom"};
inline constexpr std::string_view kCustom = kAllReduces[1];
// vLLM's default limit for its custom all-reduce.
inline constexpr double kDefaultCustomMaxBytes = 8.0 * 1024 * 1024;

// The collectives of docs/model.md#sequence-parallelism: what each of the layer's c exchanges is.
// Megatron runs one all-reduce; with sequence parallelism a reduce-scatter and an all-gather of the
// same M, two NCCL calls (each with its own launch and protocol) that NCCL prices alike. Per call,
// against the all-reduce, as NVIDIA/nccl v2.26.2-1 (f44ac759, the version of the NVLS calibration
// table) prices them in src/graph/tuning.cc: ring steps nsteps = n-1 instead of 2(n-1) (l.234-236),
// the same ring busBw for every collective (LL x .5, LL128 x .92: l.256-257) turned into algBw by
// n / nsteps (l.289-296), the same base latency per call (l.298) and nsteps x the per-step latency
// (l.323-324). NVLS: the same latency per call (l.336-338), and the all-reduce's algBw is busBw x
// 5/6 where a reduce-scatter's or all-gather's is busBw itself (l.289-296): its bandwidth term is
// 5/6 of the all-reduce's. `phases`: ring phases of n-1 steps, each moving (n-1)/n of M; `nvls`:
// an NVLS branch's bandwidth term against the all-reduce's (its bytes per rank stay M per call).
struct CollectiveKind {
  std::string_view name;
  int calls;  // NCCL calls per exchange
  double phases;
  double nvls;
};
inline constexpr CollectiveKind kCollectiveKinds[] = {
    {"all_reduce", 1, 2, 1},
    {"reduce_scatter_all_gather", 2, 1, 5.0 / 6.0},
};
inline constexpr auto kCollectives = [] {
  std::array<std::string_view, std::size(kCollectiveKinds)> names{};
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = kCollectiveKinds[i].name;
  return names;
}();
inline constexpr std::string_view kAllReduce = kCollectives[0];
inline constexpr std::string_view kReduceScatterAllGather = kCollectives[1];

struct Workload {
  std::string key;  // catalogue key it came from; empty for a custom workload
  std::string name;
  double parameters = 0;
  std::int64_t layers = 0;
  std::int64_t hidden_dim = 0;
  std::int64_t heads = 0;
  std::optional<std::int64_t> kv_heads;   // defaults to heads
  std::optional<double> inference_flops;  // forward FLOPs per token; defaults to 2P
  // The layer's shapes for the kernels model and the whole step (docs/model.md#the-kernels-model).
  std::optional<std::int64_t> ffn_hidden;  // the MLP's width (per expert); derived when absent
  bool gated_mlp = false;                  // gate and up projections (SwiGLU), or up alone
  std::int64_t vocab = 0;                  // vocabulary: the embedding and LM head (0: none)
  std::int64_t experts = 1;                // a mixture of experts: experts per layer,
  std::int64_t experts_per_token = 1;      //   and those each token is routed to
  // A head's width apart from hidden / heads (Qwen3, Gemma); absent: hidden / heads.
  std::optional<std::int64_t> head_dim;
  // docs/model.md#any-model-any-rig: the config.json keys the shapes were read from ("" when the
  // workload carried no hf_config).
  std::string hf_config_keys;
  friend bool operator==(const Workload&, const Workload&) = default;
};

struct PeakFlops {
  std::string precision;  // normalised key, e.g. "fp16_dense"
  double flops_per_s = 0;
  friend bool operator==(const PeakFlops&, const PeakFlops&) = default;
};

struct Accelerator {
  std::string key;  // catalogue key it came from; empty for a custom accelerator
  std::string name;
  std::vector<PeakFlops> peak_flops;
  double memory_capacity = 0;   // bytes
  double memory_bandwidth = 0;  // bytes/s
  std::string native_link;      // link preset key, a hint for the UI; may be empty
  // SMs or CUs: the units a GEMM's tiles spread over in waves (docs/model.md#the-kernels-model);
  // absent: unknown.
  std::optional<std::int64_t> compute_units;
  friend bool operator==(const Accelerator&, const Accelerator&) = default;
};

// The link models of docs/model.md#fields-beyond-the-seed: line rate (mlsysim's, the default) and
// NCCL's (docs/model.md#nccl-links).
inline constexpr std::string_view kLinkModels[] = {"line_rate", "nccl"};
inline constexpr std::string_view kLineRate = kLinkModels[0];
inline constexpr std::string_view kNccl = kLinkModels[1];
// One all-reduce's launch cost in nccl mode when none is given: eager, one process per GPU.
inline constexpr double kNcclLaunchOverhead = 10e-6;

// How a protocol branch moves the data (docs/model.md#nccl-links): a ring (2(n-1) steps, 2(n-1)/n
// of M per rank), NVLink SHARP through the switch (M crosses once), a tree (an all-reduce only:
// M up and M down, 2 ceil(log2 n) steps; across nodes n is the node count), or NVLS-tree: the
// tree across the nodes of a two-tier link whose node link has NVLS (NVLink SHARP in the node),
// and nowhere else; or one-shot, RCCL's direct all-reduce on a fully connected link within its
// domain (an all-reduce only: each rank reads the other n-1 buffers whole, one over each of its
// links to the group), and nowhere else.
inline constexpr std::string_view kPatterns[] = {"ring", "nvls", "tree", "nvls_tree", "one_shot"};
inline constexpr std::string_view kRing = kPatterns[0];
inline constexpr std::string_view kNvls = kPatterns[1];
inline constexpr std::string_view kTree = kPatterns[2];
inline constexpr std::string_view kNvlsTree = kPatterns[3];
// How a serving engine's custom all-reduce moves the data (docs/model.md#custom-all-reduce):
// one-shot (each rank reads the other n-1 buffers whole), two-shot (reduce-scatter then all-gather
// through peer memory), or multimem on an NVLink SHARP switch (M crosses once).
inline constexpr std::string_view kCustomPatterns[] = {"one_shot", "two_shot", "nvls"};
inline constexpr std::string_view kOneShot = kCustomPatterns[0];
inline constexpr std::string_view kTwoShot = kCustomPatterns[1];
// NCCL's one-shot branch and the engine's move the data alike and are priced alike.
static_assert(kPatterns[4] == kOneShot);

// One of NCCL's (algorithm, protocol) branches for a link, as a fitted alpha-beta line.
struct Protocol {
  std::string name;  // "ll", "ll128", "simple", "nvls", ...
  std::string pattern{kRing};
  double base_latency = 0;  // seconds per all-reduce
  double step_latency = 0;  // seconds per ring step
  double efficiency = 1;    // of the link's bandwidth: busbw (ring) or algbw (nvls) / bandwidth
  friend bool operator==(const Protocol&, const Protocol&) = default;
};

// The forms a link takes (docs/model.md#links): priced from its bandwidth (and protocols), or
// measured.
enum class LinkForm { Priced, Measured, TwoTier };

struct Link {
  std::string name;
  std::string preset;    // link preset key it came from; empty for a custom link
  double bandwidth = 0;  // bytes/s, one direction, per rank
  double latency = 0;    // seconds per ring step (alpha)
  std::optional<std::int64_t> domain =
      std::nullopt;  // most ranks joined directly; absent: no limit
  std::vector<Protocol> protocols =
      {};  // NCCL branches (docs/model.md#nccl-links); empty: uncalibrated
  // The serving engine's own all-reduce kernels (docs/model.md#custom-all-reduce); empty: none runs
  // on this link.
  std::vector<Protocol> custom = {};
  double custom_max_bytes = kDefaultCustomMaxBytes;  // they compete up to this message size
  // A measured link (docs/model.md#measured-links): the nccl-tests text, priced on its own curve.
  std::string measured = {};                         // empty: not a measured link
  std::optional<std::int64_t> ranks = std::nullopt;  // the measurement's rank count, as given
  std::vector<MeasuredRow> measured_rows = {};       // read from `measured`
  std::int64_t measured_ranks = 0;                   // as given, or found in the text
  // A two-tier link (docs/model.md#two-tier-links): ranks sit `ranks_per_node` to a node, joined by
  // the node's own link inside it and by a network link across nodes. tiers = {intra_node,
  // inter_node}.
  std::vector<Link> tiers = {};
  std::int64_t ranks_per_node = 0;
  // A fully connected link (xGMI, NVLink without a switch): one link of `per_peer` bytes/s per
  // direction to each peer, so a group of n uses n-1 of them (see link_bandwidth); absent:
  // switched, every group gets `bandwidth`.
  std::optional<double> per_peer = std::nullopt;
  LinkForm form = LinkForm::Priced;
  bool is_measured() const { return form == LinkForm::Measured; }
  bool is_two_tier() const { return form == LinkForm::TwoTier; }
  bool is_fully_connected() const { return per_peer.has_value(); }
};

// The bandwidth per rank a group of `ranks` gets on a link priced from its bandwidth: the link's
// own on a switched link; on a fully connected one the links to the group's other members,
// (n - 1) x per_peer, at most the whole fabric (`bandwidth`, which it is beyond the domain).
double link_bandwidth(const Link& link, std::int64_t ranks);

// Whether two links price the same (everything but the name and where they came from).
bool same_link(const Link& a, const Link& b);

// A serving engine's own costs (docs/model.md#the-kernels-model), measured under its launch mode:
// each kernel's fixed cost on top of its device time, the host's time per step, and how it runs the
// all-reduce.
struct ServingEngine {
  std::string key;  // catalogue key it came from; empty for a custom engine
  std::string name;
  double kernel_overhead = 0;             // seconds per kernel
  double step_overhead = 0;               // seconds per step
  std::optional<double> launch_overhead;  // seconds per all-reduce; absent: the link model's
  std::string allreduce{"nccl"};          // "nccl" | "custom" (docs/model.md#custom-all-reduce)
  friend bool operator==(const ServingEngine&, const ServingEngine&) = default;
};

struct Scenario {
  Workload workload;
  std::int64_t tp_size = 0;
  std::int64_t tokens = 0;
  Accelerator accelerator;
  std::string precision{kDefaultPrecision};
  double local_efficiency = 0;
  std::vector<Link> links;
  std::optional<std::int64_t> collectives_per_layer;  // absent: follows the pass
  std::string link_model{kLineRate};
  std::optional<double> launch_overhead;  // seconds per all-reduce; absent: follows the model
  std::string pass{kPasses[0].name};
  bool recompute = false;
  std::int64_t attention_context = 0;  // keys each token attends to (0: no attention FLOPs)
  std::string compute_model{kFlops};
  double memory_efficiency = kDefaultMemoryEfficiency;
  std::optional<std::string> exchange_precision;  // absent: `precision`'s format
  std::optional<std::string>
      weight_precision;  // absent: `precision`'s (docs/model.md#any-model-any-rig)
  std::optional<std::string>
      kv_precision;                      // absent: `precision`'s (docs/model.md#any-model-any-rig)
  std::optional<std::string> allreduce;  // absent: the serving engine's, else "nccl"
  std::string collective{kCollectives[0]};
  std::optional<ServingEngine>
      serving_engine;  // absent: no engine terms (docs/model.md#the-kernels-model)
};

// The pass of a scenario (the forward pass for an unknown name, which validate() refuses).
const PassKind& pass_of(const Scenario& scenario);
// Forward passes of compute the pass costs: 1, 2 or 3, plus 1 with recomputation.
int compute_multiplier(const Scenario& scenario);
// The all-reduces per layer: as given, or the pass's default.
std::int64_t collectives_per_layer(const Scenario& scenario);
// The launch cost of one all-reduce: as given, else the serving engine's, else 0 at line rate and
// kNcclLaunchOverhead in nccl.
double launch_overhead(const Scenario& scenario);
// The all-reduce implementation: as given, else the serving engine's, else "nccl".
std::string_view allreduce_of(const Scenario& scenario);
// The MLP's width: as given, else what the parameters leave for it once attention, the embedding
// and the head are counted (at least 1).
std::int64_t ffn_hidden(const Workload& workload);
// The exchange's number format: as given, or the scenario's precision
// (docs/model.md#custom-all-reduce).
std::string exchange_precision(const Scenario& scenario);
// The weights' and the KV cache's storage formats: as given, or the scenario's precision; and
// their bytes per element (int4 weights with one 16-bit scale per group of 128,
// docs/model.md#any-model-any-rig).
std::string weight_precision(const Scenario& scenario);
std::string kv_precision(const Scenario& scenario);
double weight_bytes_per_element(const Scenario& scenario);
double kv_bytes_per_element(const Scenario& scenario);
// Whether the serving engine's custom all-reduce is asked for and can run: the nccl link model,
// and all-reduces to run it on (docs/model.md#sequence-parallelism: not under sequence
// parallelism).
bool custom_allreduce(const Scenario& scenario);
// The scenario's collective (the all-reduce for an unknown name, which validate() refuses).
const CollectiveKind& collective_of(const Scenario& scenario);

struct LinkResult {
  std::string name;
  double bandwidth_bytes_per_s = 0;  // the group's: link_bandwidth at tp_size
  double latency_s = 0;
  double allreduce_time_s = 0;
  double bandwidth_time_s = 0;
  double latency_time_s = 0;
  double communication_time_s = 0;
  double wire_bytes_per_rank = 0;
  double comm_to_compute = 0;
  std::string bound;   // "compute" | "communication"
  std::string regime;  // "bandwidth" | "latency"
  double serial_layer_time_s = 0;
  double overlapped_layer_time_s = 0;
  double serial_speedup = 0;
  double serial_efficiency = 0;
  double overlapped_speedup = 0;
  double overlapped_efficiency = 0;
  std::string kind{"link"};
  std::string protocol{kRing};            // the winning branch in nccl mode
  double line_rate_allreduce_time_s = 0;  // docs/model.md#the-layer, without launch overhead
  double domain = 0;                      // 0: no limit
  bool within_domain = true;
  double node_count = 1;      // a two-tier link's nodes N, ranks per node g (n for other links)
  double ranks_per_node = 0;  //   and the intra-node share of its line-rate time (1 otherwise)
  double intra_node_share = 1;
  double measured_ranks = 0;  // a measured link's rank count, and its sizes; 0 for other links
  double measured_min_bytes = 0;
  double measured_max_bytes = 0;
  // docs/model.md#sequence-parallelism: one reduce-scatter and one all-gather of an exchange (0 for
  // an all-reduce).
  double reduce_scatter_time_s = 0;
  double all_gather_time_s = 0;
  // docs/model.md#sequence-parallelism: the bandwidth at which the exchange takes the compute's
  // time, everything else unchanged (a two-tier link's network tier once the ranks span nodes, its
  // node link within one; a measured link's bus bandwidth), and it over the link's own: the factor
  // by which the link (a measured link's curve) would have to be faster. Both 0 when no bandwidth
  // hides the exchange (its latency terms alone take the compute's time) or there is none (n = 1, c
  // = 0).
  double hiding_bandwidth_bytes_per_s = 0;
  double hiding_factor = 0;
  // The whole model on this link: the layer x L, serial and overlapped (one step: a token for each
  // of the T sequences in decode, a forward, backward or training step otherwise), and the tokens
  // it passes per second, serial. Everything outside the L layers is left out
  // (docs/model.md#the-whole-step).
  double model_time_s = 0;
  double overlapped_model_time_s = 0;
  // The whole step (docs/model.md#the-whole-step): the layers, the embedding's all-reduce and the
  // logits' gather on this link, the head's compute and the engine's step overhead; tokens per
  // second over it, and in decode the time per output token, in a forward pass the time to the
  // first token.
  double head_communication_time_s = 0;
  double step_time_s = 0;
  double tokens_per_s = 0;
  double time_per_output_token_s = 0;
  double time_to_first_token_s = 0;
  // docs/model.md#runnable: whether this setup can run on this link at all, and if not why, in
  // words ("; "-joined): the weights (and in decode the KV cache) over the memory per rank, more
  // ranks than the attention heads, or than the link joins directly. Its times are still priced.
  bool runnable = true;
  std::string not_runnable_because;
};

// One kernel of a step in the kernels model (docs/model.md#the-kernels-model), per rank: its work,
// its time and what bounds it. `count` is how often a step runs it: once per layer (L) or once per
// step (the head).
struct KernelResult {
  std::string name;   // "qkv", "attention", "input_norm", ..., "lm_head"
  std::string group;  // "gemm", "attention", "small", "head"
  double count = 0;
  double flops = 0;
  double bytes = 0;
  double time_s = 0;           // one run, its fixed costs included
  double overhead_s = 0;       // of which fixed costs (the device's and the engine's)
  double wave_efficiency = 1;  // a GEMM's tiles over the compute units' waves (1 otherwise)
  std::string bound;           // "flops" | "memory" | "overhead"
};

struct Result {
  double flops_per_layer = 0;
  double flops_per_rank = 0;
  double compute_time_s = 0;
  double single_device_time_s = 0;
  double message_bytes = 0;
  double bytes_per_element = 0;
  double peak_flops = 0;
  double weights_per_rank_bytes = 0;
  double memory_capacity_bytes = 0;
  bool fits_in_memory = false;
  std::string binding_link;
  std::string bound;
  std::string link_model;
  double launch_overhead_s = 0;
  std::string pass;
  double compute_multiplier = 1;
  double attention_flops_per_layer = 0;
  std::string compute_model;           // docs/model.md#the-roofline
  double flop_time_s = 0;              // per rank: FLOPs / (peak x efficiency)
  double memory_time_s = 0;            // per rank: bytes read / (bandwidth x efficiency)
  double memory_bytes_per_rank = 0;    // weights (x the pass's reads) and, in decode, KV cache
  std::string compute_bound;           // "flops" | "memory"
  double kv_cache_per_rank_bytes = 0;  // the whole model's, in decode; 0 otherwise
  double memory_efficiency = 0;
  double single_device_flop_time_s = 0;  // the same two terms on one accelerator
  double single_device_memory_time_s = 0;
  std::string
      exchange_precision;  // docs/model.md#custom-all-reduce: the all-reduce's number format
  double exchange_bytes_per_element = 0;
  std::string allreduce;  // "nccl" | "custom"
  std::string
      collective;  // docs/model.md#sequence-parallelism: "all_reduce" | "reduce_scatter_all_gather"
  double layers = 0;  // L, by which the links' model times multiply the layer's
  // What one accelerator alone would hold (the weights and, in decode, the whole KV cache), and
  // whether it can: when not, the speedups' baseline is a hypothetical.
  double single_device_memory_bytes = 0;
  bool single_device_fits_in_memory = false;
  // docs/model.md#the-kernels-model: the engine, its costs, and the compute outside the layers
  // (embedding, final norm, LM head, sampling) once per step; the kernels of a layer and of the
  // head in the kernels model.
  std::string serving_engine;
  double kernel_overhead_s = 0;
  double step_overhead_s = 0;
  double head_time_s = 0;
  double kernels_per_layer = 0;
  // docs/model.md#any-model-any-rig: the weights' and the KV cache's bytes per element, and in a
  // decode pass with attention how many sequences at attention_context fit per rank beside the
  // weights in the memory the engine leaves to them (kKvMemoryFraction of memory_capacity); 0
  // otherwise.
  double weight_bytes_per_element = 0;
  double kv_bytes_per_element = 0;
  double max_sequences = 0;
  std::vector<FieldError> warnings;
  std::vector<LinkResult> links;
  std::vector<KernelResult> kernels;
};

inline constexpr std::string_view kResultType = "TensorParallelLayerResult";
inline constexpr std::string_view kScenarioType = "TensorParallelLayerScenario";

// The scalar fields of a result type, in the order of docs/model.md#the-result, named once. Each
// door (the CLI's JSON, the embind value_objects) walks these tables instead of spelling the names
// again.
template <class T>
using ScalarMember = std::variant<double T::*, bool T::*, std::string T::*>;

template <class T>
struct ScalarField {
  std::string_view name;
  ScalarMember<T> member;
};

inline constexpr ScalarField<Result> kResultFields[] = {
    {"flops_per_layer", &Result::flops_per_layer},
    {"flops_per_rank", &Result::flops_per_rank},
    {"compute_time_s", &Result::compute_time_s},
    {"single_device_time_s", &Result::single_device_time_s},
    {"message_bytes", &Result::message_bytes},
    {"bytes_per_element", &Result::bytes_per_element},
    {"peak_flops", &Result::peak_flops},
    {"weights_per_rank_bytes", &Result::weights_per_rank_bytes},
    {"memory_capacity_bytes", &Result::memory_capacity_bytes},
    {"fits_in_memory", &Result::fits_in_memory},
    {"binding_link", &Result::binding_link},
    {"bound", &Result::bound},
    {"link_model", &Result::link_model},
    {"launch_overhead_s", &Result::launch_overhead_s},
    {"pass", &Result::pass},
    {"compute_multiplier", &Result::compute_multiplier},
    {"attention_flops_per_layer", &Result::attention_flops_per_layer},
    {"compute_model", &Result::compute_model},
    {"flop_time_s", &Result::flop_time_s},
    {"memory_time_s", &Result::memory_time_s},
    {"memory_bytes_per_rank", &Result::memory_bytes_per_rank},
    {"compute_bound", &Result::compute_bound},
    {"kv_cache_per_rank_bytes", &Result::kv_cache_per_rank_bytes},
    {"memory_efficiency", &Result::memory_efficiency},
    {"single_device_flop_time_s", &Result::single_device_flop_time_s},
    {"single_device_memory_time_s", &Result::single_device_memory_time_s},
    {"exchange_precision", &Result::exchange_precision},
    {"exchange_bytes_per_element", &Result::exchange_bytes_per_element},
    {"allreduce", &Result::allreduce},
    {"collective", &Result::collective},
    {"layers", &Result::layers},
    {"single_device_memory_bytes", &Result::single_device_memory_bytes},
    {"single_device_fits_in_memory", &Result::single_device_fits_in_memory},
    {"serving_engine", &Result::serving_engine},
    {"kernel_overhead_s", &Result::kernel_overhead_s},
    {"step_overhead_s", &Result::step_overhead_s},
    {"head_time_s", &Result::head_time_s},
    {"kernels_per_layer", &Result::kernels_per_layer},
    {"weight_bytes_per_element", &Result::weight_bytes_per_element},
    {"kv_bytes_per_element", &Result::kv_bytes_per_element},
    {"max_sequences", &Result::max_sequences},
};

inline constexpr ScalarField<LinkResult> kLinkResultFields[] = {
    {"name", &LinkResult::name},
    {"bandwidth_bytes_per_s", &LinkResult::bandwidth_bytes_per_s},
    {"latency_s", &LinkResult::latency_s},
    {"allreduce_time_s", &LinkResult::allreduce_time_s},
    {"bandwidth_time_s", &LinkResult::bandwidth_time_s},
    {"latency_time_s", &LinkResult::latency_time_s},
    {"communication_time_s", &LinkResult::communication_time_s},
    {"wire_bytes_per_rank", &LinkResult::wire_bytes_per_rank},
    {"comm_to_compute", &LinkResult::comm_to_compute},
    {"bound", &LinkResult::bound},
    {"regime", &LinkResult::regime},
    {"serial_layer_time_s", &LinkResult::serial_layer_time_s},
    {"overlapped_layer_time_s", &LinkResult::overlapped_layer_time_s},
    {"serial_speedup", &LinkResult::serial_speedup},
    {"serial_efficiency", &LinkResult::serial_efficiency},
    {"overlapped_speedup", &LinkResult::overlapped_speedup},
    {"overlapped_efficiency", &LinkResult::overlapped_efficiency},
    {"kind", &LinkResult::kind},
    {"protocol", &LinkResult::protocol},
    {"line_rate_allreduce_time_s", &LinkResult::line_rate_allreduce_time_s},
    {"domain", &LinkResult::domain},
    {"within_domain", &LinkResult::within_domain},
    {"node_count", &LinkResult::node_count},
    {"ranks_per_node", &LinkResult::ranks_per_node},
    {"intra_node_share", &LinkResult::intra_node_share},
    {"measured_ranks", &LinkResult::measured_ranks},
    {"measured_min_bytes", &LinkResult::measured_min_bytes},
    {"measured_max_bytes", &LinkResult::measured_max_bytes},
    {"reduce_scatter_time_s", &LinkResult::reduce_scatter_time_s},
    {"all_gather_time_s", &LinkResult::all_gather_time_s},
    {"hiding_bandwidth_bytes_per_s", &LinkResult::hiding_bandwidth_bytes_per_s},
    {"hiding_factor", &LinkResult::hiding_factor},
    {"model_time_s", &LinkResult::model_time_s},
    {"overlapped_model_time_s", &LinkResult::overlapped_model_time_s},
    {"head_communication_time_s", &LinkResult::head_communication_time_s},
    {"step_time_s", &LinkResult::step_time_s},
    {"tokens_per_s", &LinkResult::tokens_per_s},
    {"time_per_output_token_s", &LinkResult::time_per_output_token_s},
    {"time_to_first_token_s", &LinkResult::time_to_first_token_s},
    {"runnable", &LinkResult::runnable},
    {"not_runnable_because", &LinkResult::not_runnable_because},
};

inline constexpr ScalarField<KernelResult> kKernelResultFields[] = {
    {"name", &KernelResult::name},
    {"group", &KernelResult::group},
    {"count", &KernelResult::count},
    {"flops", &KernelResult::flops},
    {"bytes", &KernelResult::bytes},
    {"time_s", &KernelResult::time_s},
    {"overhead_s", &KernelResult::overhead_s},
    {"wave_efficiency", &KernelResult::wave_efficiency},
    {"bound", &KernelResult::bound},
};

}  // namespace tplayer
