// The input fields of docs/model.md#the-scenario, declared once: one table per object (scenario,
// workload, accelerator, link). The reader's keys and types, validation's range rules, the
// normalised scenario's order, the sweepable fields and the catalogue's description of the fields
// (for the page and the d.ts) all walk these tables. Adding a field is one row here (plus its
// member).
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "tplayer/model.hpp"

namespace tplayer {

// How a field's value is read.
enum class FieldKind {
  Count,           // a whole number
  Real,            // a finite number
  Text,            // a string
  Choice,          // one of the row's choices
  Bool,            // true or false
  Precision,       // a precision key (docs/model.md#precision), normalised
  LinkKey,         // a link preset key
  WorkloadKey,     // a workload preset key
  AcceleratorKey,  // an accelerator preset key
  EngineKey,       // a serving engine preset key
  TwoTierKey,      // a two-tier link preset key
  Bandwidth,  // quantities (docs/model.md#units): a number in SI base units or "<number> <unit>"
  Time,
  Bytes,
  Compute,
  Workload,     // a workload preset key or object
  Accelerator,  // an accelerator preset key or object
  Engine,       // a serving engine preset key or object
  Links,        // an ordered map (or array) of links
  PeakFlops,    // an object of precision -> FLOP/s
  Protocols,    // a list of protocol branches (docs/model.md#nccl-links)
  Custom,    // a list of the serving engine's all-reduce branches (docs/model.md#custom-all-reduce)
  LinkTier,  // one tier of a two-tier link: a preset key, a bare bandwidth or a link object
  Rows,      // a measured link's rows: [[bytes, seconds], ...]
  HfConfig,  // a Hugging Face config.json object (docs/model.md#any-model-any-rig)
};

// The range rule validate() applies to a scalar field.
enum class FieldRule {
  None,
  AtLeast0,     // a whole number in [0, kMaxCount]
  AtLeast1,     // a whole number in [1, kMaxCount]
  AtLeast2,     // a whole number in [2, kMaxCount] (the ranks an all-reduce ran on)
  Positive,     // a real in [kMinPositive, kMaxReal]
  NonNegative,  // a real in [0, kMaxReal]
  Fraction,     // a real in (0, 1]
};

// A default as users see it; the struct's own initialiser holds the same value (a test checks).
using FieldDefault = std::variant<std::monostate, double, std::string_view, bool>;

// The member a row reads into: a pointer to a member of one of the types that object has.
template <class T>
struct FieldMemberOf;
template <>
struct FieldMemberOf<Scenario> {
  using type =
      std::variant<std::int64_t Scenario::*, std::optional<std::int64_t> Scenario::*,
                   double Scenario::*, std::optional<double> Scenario::*, std::string Scenario::*,
                   std::optional<std::string> Scenario::*, bool Scenario::*, Workload Scenario::*,
                   Accelerator Scenario::*, std::vector<Link> Scenario::*,
                   std::optional<ServingEngine> Scenario::*>;
};
template <>
struct FieldMemberOf<Workload> {
  using type = std::variant<std::int64_t Workload::*, std::optional<std::int64_t> Workload::*,
                            double Workload::*, std::optional<double> Workload::*,
                            std::string Workload::*, bool Workload::*>;
};
template <>
struct FieldMemberOf<Accelerator> {
  using type = std::variant<double Accelerator::*, std::string Accelerator::*,
                            std::vector<PeakFlops> Accelerator::*,
                            std::optional<std::int64_t> Accelerator::*>;
};
template <>
struct FieldMemberOf<ServingEngine> {
  using type = std::variant<double ServingEngine::*, std::optional<double> ServingEngine::*,
                            std::string ServingEngine::*>;
};
template <>
struct FieldMemberOf<Link> {
  using type = std::variant<double Link::*, std::optional<double> Link::*, std::string Link::*,
                            std::optional<std::int64_t> Link::*, std::int64_t Link::*,
                            std::vector<Protocol> Link::*, std::vector<Link> Link::*,
                            std::vector<MeasuredRow> Link::*>;
};
template <>
struct FieldMemberOf<Protocol> {
  using type = std::variant<double Protocol::*, std::string Protocol::*>;
};
template <class T>
using FieldMember = typename FieldMemberOf<T>::type;

template <class T>
struct InputField {
  std::string_view name;  // the JSON name
  FieldKind kind;
  FieldMember<T> member;
  bool required;
  FieldRule rule;
  FieldDefault fallback;  // monostate: required, or derived from other fields (see help)
  bool sweepable;         // sweep() may vary it
  std::string_view what;  // a noun phrase for messages: "a bandwidth in bytes/s"
  std::string_view help;  // one line for people
  std::span<const std::string_view> choices = {};  // the values of a Choice field
  // The fields of the same object whose values this one follows when left out (its default is
  // derived from them); empty for a field with a fixed default or none.
  std::span<const std::string_view> derived_from = {};
};

// What a derived default follows (InputField::derived_from), named once.
inline constexpr std::string_view kFromPass[] = {"pass", "recompute"};
inline constexpr std::string_view kFromLinkModel[] = {"link_model"};
inline constexpr std::string_view kFromPrecision[] = {"precision"};
inline constexpr std::string_view kFromHeads[] = {"heads"};
inline constexpr std::string_view kFromParameters[] = {"parameters"};
inline constexpr std::string_view kFromMeasured[] = {"measured"};
inline constexpr std::string_view kFromEngine[] = {"serving_engine"};
inline constexpr std::string_view kFromLinkModelAndEngine[] = {"link_model", "serving_engine"};
inline constexpr std::string_view kFromShapes[] = {"parameters", "layers",   "hidden_dim",
                                                   "heads",      "kv_heads", "vocab",
                                                   "gated_mlp",  "experts",  "head_dim"};

// A table of fields, whatever its length: the code that walks tables is one instance per object
// type, not one per table.
template <class T>
using FieldTable = std::span<const InputField<T>>;

inline constexpr std::string_view kCustomName = "custom";

// One row per field reads as a table: clang-format leaves the tables as written.
// clang-format off
inline constexpr InputField<Scenario> kScenarioFields[] = {
    {"workload", FieldKind::Workload, &Scenario::workload, true, FieldRule::None, {}, false,
     "a workload", "the transformer: a workload preset key or an object"},
    {"tp_size", FieldKind::Count, &Scenario::tp_size, true, FieldRule::AtLeast1, {}, true,
     "a rank count", "tensor-parallel degree: ranks that share the layer"},
    {"tokens", FieldKind::Count, &Scenario::tokens, true, FieldRule::AtLeast1, {}, true,
     "a token count",
     "tokens through the layer in one step (micro-batch x sequence; 1 per sequence in decode)"},
    {"accelerator", FieldKind::Accelerator, &Scenario::accelerator, true, FieldRule::None, {},
     false, "an accelerator", "the chip each rank runs on: a preset key or an object"},
    {"precision", FieldKind::Precision, &Scenario::precision, false, FieldRule::None,
     kDefaultPrecision, false, "a precision key",
     "number format and peak kind: <format>, <format>_dense or <format>_sparse"},
    {"local_efficiency", FieldKind::Real, &Scenario::local_efficiency, true, FieldRule::Fraction,
     {}, true, "a fraction", "fraction of the precision's peak the sharded matmuls reach"},
    {"links", FieldKind::Links, &Scenario::links, true, FieldRule::None, {}, false, "links",
     "the interconnects to price the exchange on: name -> link"},
    {"collectives_per_layer", FieldKind::Count, &Scenario::collectives_per_layer, false,
     FieldRule::AtLeast0, {}, true, "an all-reduce count",
     "all-reduces per layer; by default the pass's: 2 forward, 2 backward, 4 training, +2 with "
     "recomputation",
     {}, kFromPass},
    {"link_model", FieldKind::Choice, &Scenario::link_model, false, FieldRule::None, kLineRate,
     false, "a link model",
     "line_rate: each link at its line rate (mlsysim); nccl: as NCCL runs it, calibrated on "
     "published nccl-tests measurements",
     kLinkModels},
    {"launch_overhead", FieldKind::Time, &Scenario::launch_overhead, false, FieldRule::NonNegative,
     {}, false, "a launch overhead in seconds",
     "fixed cost of issuing one all-reduce (default: the serving engine's, else 0 at line rate and "
     "10 us with nccl: eager, one process per GPU; CUDA graphs ~2-5 us)",
     {}, kFromLinkModelAndEngine},
    {"pass", FieldKind::Choice, &Scenario::pass, false, FieldRule::None, kPasses[0].name, false,
     "a pass",
     "forward, backward, or training (forward + backward): compute x1, x2 or x3; decode: one new "
     "token per sequence, each reading its cached keys (the attention context)",
     kPassNames},
    {"recompute", FieldKind::Bool, &Scenario::recompute, false, FieldRule::None, false, false,
     "true or false",
     "full activation recomputation: the forward runs again in the backward (+1 compute, +2 "
     "all-reduces); backward or training only"},
    {"attention_context", FieldKind::Count, &Scenario::attention_context, false,
     FieldRule::AtLeast0, 0.0, true, "a key count",
     "keys each token attends to, for the attention FLOPs 4 x hidden x tokens x context (0 leaves "
     "them out). A causal prefill of S tokens attends to about S/2; in a decode pass also the "
     "cached keys each sequence reads, which the roofline prices as memory traffic"},
    {"compute_model", FieldKind::Choice, &Scenario::compute_model, false, FieldRule::None, kFlops,
     false, "a compute model",
     "flops: FLOPs / (peak x efficiency), as mlsysim; roofline: the slower of the FLOPs and the "
     "weights (and, in decode, KV cache) read from memory; kernels: the layer as its kernels, each "
     "on its own roofline with its fixed cost, GEMMs in waves of tiles over the compute units",
     kComputeModels},
    {"memory_efficiency", FieldKind::Real, &Scenario::memory_efficiency, false,
     FieldRule::Fraction, kDefaultMemoryEfficiency, true, "a fraction",
     "fraction of the memory bandwidth the sharded layer's reads reach (tuned decode kernels: "
     "0.7-0.9)"},
    {"exchange_precision", FieldKind::Precision, &Scenario::exchange_precision, false,
     FieldRule::None, {}, false, "a precision key",
     "number format of the all-reduce's payload (default: precision's). FP8 matmuls still "
     "all-reduce BF16 activations unless FP8 communication is switched on",
     {}, kFromPrecision},
    {"weight_precision", FieldKind::Precision, &Scenario::weight_precision, false,
     FieldRule::None, {}, false, "a precision key",
     "storage format of the weights (default: precision's): weight-only int4 (AWQ, GPTQ) reads "
     "about a quarter of the 16-bit bytes, its 16-bit scale per group of 128 counted, while the "
     "matmuls run at precision's peak",
     {}, kFromPrecision},
    {"kv_precision", FieldKind::Precision, &Scenario::kv_precision, false, FieldRule::None, {},
     false, "a precision key", "storage format of the KV cache (default: precision's)", {},
     kFromPrecision},
    {"allreduce", FieldKind::Choice, &Scenario::allreduce, false, FieldRule::None, {},
     false, "an all-reduce implementation",
     "nccl, or custom: the serving engines' one-shot / two-shot kernels over peer memory (vLLM, "
     "SGLang, TensorRT-LLM), for messages up to a link's custom_max_bytes; nccl link model only "
     "(default: the serving engine's, else nccl)",
     kAllReduces, kFromEngine},
    {"collective", FieldKind::Choice, &Scenario::collective, false, FieldRule::None, kAllReduce,
     false, "a collective",
     "all_reduce, or reduce_scatter_all_gather: sequence parallelism",
     kCollectives},
    {"serving_engine", FieldKind::Engine, &Scenario::serving_engine, false, FieldRule::None, {},
     false, "a serving engine",
     "the engine that runs the step (vllm, sglang, tensorrt_llm, ...): its fixed cost per kernel "
     "and per step, its all-reduce and launch; absent: none of these costs"},
};

inline constexpr InputField<Workload> kWorkloadFields[] = {
    {"name", FieldKind::Text, &Workload::name, false, FieldRule::None, kCustomName, false, "a name",
     "what to call it"},
    {"preset", FieldKind::WorkloadKey, &Workload::key, false, FieldRule::None, {}, false,
     "a workload preset key",
     "a catalogue workload to start from: the fields given here replace its own"},
    {"parameters", FieldKind::Real, &Workload::parameters, true, FieldRule::Positive, {}, false,
     "a parameter count", "parameters of the whole model"},
    {"layers", FieldKind::Count, &Workload::layers, true, FieldRule::AtLeast1, {}, false,
     "a layer count", "transformer layers"},
    {"hidden_dim", FieldKind::Count, &Workload::hidden_dim, true, FieldRule::AtLeast1, {}, false,
     "a width", "hidden dimension h"},
    {"heads", FieldKind::Count, &Workload::heads, true, FieldRule::AtLeast1, {}, false,
     "a head count", "attention heads"},
    {"kv_heads", FieldKind::Count, &Workload::kv_heads, false, FieldRule::None, {}, false,
     "a head count", "key/value heads (default: heads)", {}, kFromHeads},
    {"inference_flops", FieldKind::Real, &Workload::inference_flops, false, FieldRule::Positive, {},
     false, "FLOPs per token",
     "forward FLOPs per token for the whole model (default: 2 x parameters)", {}, kFromParameters},
    {"ffn_hidden", FieldKind::Count, &Workload::ffn_hidden, false, FieldRule::AtLeast1, {}, false,
     "a width",
     "the MLP's intermediate size (per expert); default: what the parameters leave once "
     "attention, the embedding and the head are counted",
     {}, kFromShapes},
    {"gated_mlp", FieldKind::Bool, &Workload::gated_mlp, false, FieldRule::None, false, false,
     "true or false", "a gated MLP (SwiGLU: gate and up projections), as Llama's; false: up alone"},
    {"vocab", FieldKind::Count, &Workload::vocab, false, FieldRule::AtLeast0, 0.0, false,
     "a vocabulary size",
     "tokens in the vocabulary, for the embedding and the LM head once per step (0 leaves them "
     "out, as mlsysim does)"},
    {"experts", FieldKind::Count, &Workload::experts, false, FieldRule::AtLeast1, 1.0, false,
     "an expert count", "a mixture of experts: the MLP's experts per layer (1: a dense MLP)"},
    {"experts_per_token", FieldKind::Count, &Workload::experts_per_token, false,
     FieldRule::AtLeast1, 1.0, false, "an expert count",
     "experts each token is routed to (at most the experts)"},
    {"head_dim", FieldKind::Count, &Workload::head_dim, false, FieldRule::AtLeast1, {}, false,
     "a width", "one attention head's width (absent: the hidden size / heads)"},
    // Read before the other fields, which win over what it gives; written as the fields it gave.
    {"hf_config", FieldKind::HfConfig, &Workload::hf_config_keys, false, FieldRule::None, {}, false,
     "a config.json object",
     "a Hugging Face model's parsed config.json: the shapes, parameters and FLOPs from it"},
    {"hf_config_keys", FieldKind::Text, &Workload::hf_config_keys, false, FieldRule::None, {},
     false, "a list of keys", "the config.json keys the workload was read from (check() says)"},
};

inline constexpr InputField<Accelerator> kAcceleratorFields[] = {
    {"name", FieldKind::Text, &Accelerator::name, false, FieldRule::None, kCustomName, false,
     "a name", "what to call it"},
    {"preset", FieldKind::AcceleratorKey, &Accelerator::key, false, FieldRule::None, {}, false,
     "an accelerator preset key",
     "a catalogue accelerator to start from: the fields given here replace its own"},
    {"peak_flops", FieldKind::PeakFlops, &Accelerator::peak_flops, true, FieldRule::None, {}, false,
     "peaks", "precision key -> peak FLOP/s (at least one)"},
    {"memory_capacity", FieldKind::Bytes, &Accelerator::memory_capacity, true, FieldRule::Positive,
     {}, false, "a capacity in bytes", "memory per accelerator"},
    {"memory_bandwidth", FieldKind::Bandwidth, &Accelerator::memory_bandwidth, true,
     FieldRule::Positive, {}, false, "a bandwidth in bytes/s", "memory bandwidth"},
    {"native_link", FieldKind::LinkKey, &Accelerator::native_link, false, FieldRule::None, {},
     false, "a link preset key", "the chip's own scale-up link, for the UI to suggest"},
    {"compute_units", FieldKind::Count, &Accelerator::compute_units, false, FieldRule::AtLeast1, {},
     false, "a unit count",
     "SMs or CUs: a GEMM's 128 x 128 tiles run on them in waves (kernels model); absent: unknown"},
};

// A serving engine (docs/model.md#the-kernels-model): its costs as measured under its launch mode.
inline constexpr InputField<ServingEngine> kServingEngineFields[] = {
    {"name", FieldKind::Text, &ServingEngine::name, false, FieldRule::None, kCustomName, false,
     "a name", "what to call it"},
    {"preset", FieldKind::EngineKey, &ServingEngine::key, false, FieldRule::None, {}, false,
     "a serving engine preset key",
     "a catalogue engine to start from: the fields given here replace its own"},
    {"kernel_overhead", FieldKind::Time, &ServingEngine::kernel_overhead, false,
     FieldRule::NonNegative, 0.0, false, "an overhead in seconds",
     "fixed cost per kernel beyond its device time: the gap its launch mode leaves (CUDA graphs: "
     "about 1 us; a kernel launched from Python: several)"},
    {"step_overhead", FieldKind::Time, &ServingEngine::step_overhead, false,
     FieldRule::NonNegative, 0.0, false, "an overhead in seconds",
     "host time per step: scheduling, sampling, detokenising, broadcasting to the TP workers"},
    {"launch_overhead", FieldKind::Time, &ServingEngine::launch_overhead, false,
     FieldRule::NonNegative, {}, false, "a launch overhead in seconds",
     "fixed cost of issuing one all-reduce under the engine (absent: the link model's)"},
    {"allreduce", FieldKind::Choice, &ServingEngine::allreduce, false, FieldRule::None,
     kAllReduces[0], false, "an all-reduce implementation",
     "nccl, or custom: the engine's own one-shot / two-shot kernels", kAllReduces},
};

inline constexpr InputField<Protocol> kProtocolFields[] = {
    {"name", FieldKind::Text, &Protocol::name, true, FieldRule::None, {}, false, "a branch name",
     "a short label: ll, ll128, simple, nvls"},
    {"pattern", FieldKind::Choice, &Protocol::pattern, false, FieldRule::None, kRing, false,
     "a pattern", "ring: 2(n-1) steps moving 2(n-1)/n of M; nvls: M crosses the switch once",
     kPatterns},
    {"base_latency", FieldKind::Time, &Protocol::base_latency, false, FieldRule::NonNegative, 0.0,
     false, "a latency in seconds", "fixed seconds per all-reduce"},
    {"step_latency", FieldKind::Time, &Protocol::step_latency, false, FieldRule::NonNegative, 0.0,
     false, "a latency in seconds", "seconds per ring step"},
    {"efficiency", FieldKind::Real, &Protocol::efficiency, true, FieldRule::Fraction, {}, false,
     "a fraction",
     "the share of the link's bandwidth it reaches (busbw for a ring, algbw for nvls)"},
};

// A serving engine's all-reduce kernel (docs/model.md#custom-all-reduce): the same members as a protocol branch, with
// its own patterns.
inline constexpr InputField<Protocol> kCustomBranchFields[] = {
    {"name", FieldKind::Text, &Protocol::name, true, FieldRule::None, {}, false, "a branch name",
     "a short label: one_shot, two_shot, multimem"},
    {"pattern", FieldKind::Choice, &Protocol::pattern, true, FieldRule::None, {}, false,
     "a pattern",
     "one_shot: base + (n-1) steps + (n-1) M / (eff B); two_shot: base + 2(n-1) steps + 2(n-1)/n M "
     "/ (eff B); nvls: base + M / (eff B)",
     kCustomPatterns},
    {"base_latency", FieldKind::Time, &Protocol::base_latency, false, FieldRule::NonNegative, 0.0,
     false, "a latency in seconds", "fixed seconds per all-reduce"},
    {"step_latency", FieldKind::Time, &Protocol::step_latency, false, FieldRule::NonNegative, 0.0,
     false, "a latency in seconds", "seconds per peer step"},
    {"efficiency", FieldKind::Real, &Protocol::efficiency, true, FieldRule::Fraction, {}, false,
     "a fraction", "the share of the link's bandwidth its reads reach"},
};

inline constexpr InputField<Link> kLinkFields[] = {
    {"name", FieldKind::Text, &Link::name, false, FieldRule::None, {}, false, "a link name",
     "the link's name (in the array form of links; the map form names it by its key)"},
    {"preset", FieldKind::LinkKey, &Link::preset, false, FieldRule::None, {}, false,
     "a link preset key",
     "a catalogue link to start from: the fields given here replace its own (its protocols stay)"},
    {"bandwidth", FieldKind::Bandwidth, &Link::bandwidth, true, FieldRule::Positive, {}, false,
     "a bandwidth in bytes/s", "bytes/s per direction, per rank"},
    {"latency", FieldKind::Time, &Link::latency, false, FieldRule::NonNegative, 0.0, false,
     "a latency in seconds", "alpha: seconds per ring step"},
    {"domain", FieldKind::Count, &Link::domain, false, FieldRule::AtLeast1, {}, false,
     "a rank count", "the most ranks it joins directly (8 for an HGX board); absent: no limit"},
    {"per_peer", FieldKind::Bandwidth, &Link::per_peer, false, FieldRule::Positive, {}, false,
     "a bandwidth in bytes/s",
     "fully connected (xGMI, NVLink without a switch): bytes/s per direction of the one link to "
     "each peer; a group of n uses n-1 of them; absent: switched"},
    {"protocols", FieldKind::Protocols, &Link::protocols, false, FieldRule::None, {}, false,
     "protocol branches", "NCCL's branches for the nccl model (at most 8); the fastest wins"},
    {"custom", FieldKind::Custom, &Link::custom, false, FieldRule::None, {}, false,
     "custom all-reduce branches",
     "the serving engine's all-reduce kernels (at most 8), competing with NCCL's branches when "
     "allreduce is custom"},
    {"custom_max_bytes", FieldKind::Bytes, &Link::custom_max_bytes, false, FieldRule::Positive,
     kDefaultCustomMaxBytes, false, "a size in bytes",
     "the largest all-reduce the custom kernels take (vLLM: 8 MiB)"},
};

// A measured link (docs/model.md#measured-links): the text nccl-tests' all_reduce_perf printed, or its rows as
// numbers (then with the rank count), priced on its own curve in both models.
inline constexpr InputField<Link> kMeasuredLinkFields[] = {
    {"name", FieldKind::Text, &Link::name, false, FieldRule::None, {}, false, "a link name",
     "the link's name (in the array form of links)"},
    {"measured", FieldKind::Text, &Link::measured, false, FieldRule::None, {}, false,
     "nccl-tests output",
     "what all_reduce_perf printed: rows of size, count, type, redop, root, "
     "time, algbw, busbw, ... (or give rows)"},
    {"rows", FieldKind::Rows, &Link::measured_rows, false, FieldRule::None, {}, false,
     "measured rows",
     "the measurement as numbers instead of text: [[bytes, seconds], ...], sizes increasing, each "
     "with its out-of-place time (give ranks with them)"},
    {"ranks", FieldKind::Count, &Link::ranks, false, FieldRule::AtLeast2, {}, false, "a rank count",
     "the ranks it was measured on (default: the text's '#  Rank' lines, else its busbw/algbw; "
     "required with rows)",
     {}, kFromMeasured},
    {"domain", FieldKind::Count, &Link::domain, false, FieldRule::AtLeast1, {}, false,
     "a rank count", "the most ranks it joins directly; absent: no limit"},
};
// clang-format on

// clang-format off
// A two-tier link (docs/model.md#two-tier-links): TP across nodes. Each tier is read like a link of its own (a
// preset key, a bare bandwidth or a link object; not measured, not two-tier). It may start from a
// catalogue two-tier link (`preset`), as a link from a catalogue link.
inline constexpr InputField<Link> kTwoTierLinkFields[] = {
    {"name", FieldKind::Text, &Link::name, false, FieldRule::None, {}, false, "a link name",
     "the link's name (in the array form of links)"},
    {"preset", FieldKind::TwoTierKey, &Link::preset, false, FieldRule::None, {}, false,
     "a two-tier link preset key",
     "a catalogue two-tier link to start from: the fields given here replace its own"},
    {"intra_node", FieldKind::LinkTier, &Link::tiers, true, FieldRule::None, {}, false, "a link",
     "the link inside a node (NVLink, PCIe): a preset key, a bandwidth or a link object"},
    {"inter_node", FieldKind::LinkTier, &Link::tiers, true, FieldRule::None, {}, false, "a link",
     "each rank's own network link across nodes (one NIC per GPU on a rail-optimised cluster)"},
    {"ranks_per_node", FieldKind::Count, &Link::ranks_per_node, true, FieldRule::AtLeast1, {},
     false, "a rank count", "ranks per node g: n ranks above it span n / g nodes"},
};
// clang-format on

// The table of a sweepable scenario field, or nullptr.
const InputField<Scenario>* find_sweepable(std::string_view name);

// "tp_size, tokens, local_efficiency or collectives_per_layer": for messages.
std::string sweepable_names();

}  // namespace tplayer
