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
    {.name = "workload", .kind = FieldKind::Workload, .member = &Scenario::workload,
     .required = true, .rule = FieldRule::None, .sweepable = false, .what = "a workload",
     .help = "the transformer: a workload preset key or an object"},
    {.name = "tp_size", .kind = FieldKind::Count, .member = &Scenario::tp_size, .required = true,
     .rule = FieldRule::AtLeast1, .sweepable = true, .what = "a rank count",
     .help = "tensor-parallel degree: ranks that share the layer"},
    {.name = "tokens", .kind = FieldKind::Count, .member = &Scenario::tokens, .required = true,
     .rule = FieldRule::AtLeast1, .sweepable = true, .what = "a token count",
     .help = "tokens through the layer in one step (micro-batch x sequence; 1 per sequence in "
         "decode)"},
    {.name = "accelerator", .kind = FieldKind::Accelerator, .member = &Scenario::accelerator,
     .required = true, .rule = FieldRule::None, .sweepable = false, .what = "an accelerator",
     .help = "the chip each rank runs on: a preset key or an object"},
    {.name = "precision", .kind = FieldKind::Precision, .member = &Scenario::precision,
     .required = false, .rule = FieldRule::None, .fallback = kDefaultPrecision, .sweepable = false,
     .what = "a precision key",
     .help = "number format and peak kind: <format>, <format>_dense or <format>_sparse"},
    {.name = "local_efficiency", .kind = FieldKind::Real, .member = &Scenario::local_efficiency,
     .required = true, .rule = FieldRule::Fraction, .sweepable = true, .what = "a fraction",
     .help = "fraction of the precision's peak the sharded matmuls reach"},
    {.name = "links", .kind = FieldKind::Links, .member = &Scenario::links, .required = true,
     .rule = FieldRule::None, .sweepable = false, .what = "links",
     .help = "the interconnects to price the exchange on: name -> link"},
    {.name = "collectives_per_layer", .kind = FieldKind::Count,
     .member = &Scenario::collectives_per_layer, .required = false, .rule = FieldRule::AtLeast0,
     .sweepable = true, .what = "an all-reduce count",
     .help = "all-reduces per layer; by default the pass's: 2 forward, 2 backward, 4 training, "
         "+2 with recomputation",
     .choices = {}, .derived_from = kFromPass},
    {.name = "link_model", .kind = FieldKind::Choice, .member = &Scenario::link_model,
     .required = false, .rule = FieldRule::None, .fallback = kLineRate, .sweepable = false,
     .what = "a link model",
     .help = "line_rate: each link at its line rate (mlsysim); nccl: as NCCL runs it, calibrated "
         "on published nccl-tests measurements",
     .choices = kLinkModels},
    {.name = "launch_overhead", .kind = FieldKind::Time, .member = &Scenario::launch_overhead,
     .required = false, .rule = FieldRule::NonNegative, .sweepable = false,
     .what = "a launch overhead in seconds",
     .help = "fixed cost of issuing one all-reduce (default: the serving engine's, else 0 at "
         "line rate and 10 us with nccl: eager, one process per GPU; CUDA graphs ~2-5 us)",
     .choices = {}, .derived_from = kFromLinkModelAndEngine},
    {.name = "pass", .kind = FieldKind::Choice, .member = &Scenario::pass, .required = false,
     .rule = FieldRule::None, .fallback = kPasses[0].name, .sweepable = false, .what = "a pass",
     .help = "forward, backward, or training (forward + backward): compute x1, x2 or x3; decode: "
         "one new token per sequence, each reading its cached keys (the attention context)",
     .choices = kPassNames},
    {.name = "recompute", .kind = FieldKind::Bool, .member = &Scenario::recompute,
     .required = false, .rule = FieldRule::None, .fallback = false, .sweepable = false,
     .what = "true or false",
     .help = "full activation recomputation: the forward runs again in the backward (+1 compute, "
         "+2 all-reduces); backward or training only"},
    {.name = "attention_context", .kind = FieldKind::Count, .member = &Scenario::attention_context,
     .required = false, .rule = FieldRule::AtLeast0, .fallback = 0.0, .sweepable = true,
     .what = "a key count",
     .help = "keys each token attends to, for the attention FLOPs 4 x hidden x tokens x context "
         "(0 leaves them out). A causal prefill of S tokens attends to about S/2; in a decode "
         "pass also the cached keys each sequence reads, which the roofline prices as memory "
         "traffic"},
    {.name = "compute_model", .kind = FieldKind::Choice, .member = &Scenario::compute_model,
     .required = false, .rule = FieldRule::None, .fallback = kFlops, .sweepable = false,
     .what = "a compute model",
     .help = "flops: FLOPs / (peak x efficiency), as mlsysim; roofline: the slower of the FLOPs "
         "and the weights (and, in decode, KV cache) read from memory; kernels: the layer as its "
         "kernels, each on its own roofline with its fixed cost, GEMMs in waves of tiles over "
         "the compute units",
     .choices = kComputeModels},
    {.name = "memory_efficiency", .kind = FieldKind::Real, .member = &Scenario::memory_efficiency,
     .required = false, .rule = FieldRule::Fraction, .fallback = kDefaultMemoryEfficiency,
     .sweepable = true, .what = "a fraction",
     .help = "fraction of the memory bandwidth the sharded layer's reads reach (tuned decode "
         "kernels: 0.7-0.9)"},
    {.name = "exchange_precision", .kind = FieldKind::Precision,
     .member = &Scenario::exchange_precision, .required = false, .rule = FieldRule::None,
     .sweepable = false, .what = "a precision key",
     .help = "number format of the all-reduce's payload (default: precision's). FP8 matmuls "
         "still all-reduce BF16 activations unless FP8 communication is switched on",
     .choices = {}, .derived_from = kFromPrecision},
    {.name = "weight_precision", .kind = FieldKind::Precision,
     .member = &Scenario::weight_precision, .required = false, .rule = FieldRule::None,
     .sweepable = false, .what = "a precision key",
     .help = "storage format of the weights (default: precision's): weight-only int4 (AWQ, GPTQ) "
         "reads about a quarter of the 16-bit bytes, its 16-bit scale per group of 128 counted, "
         "while the matmuls run at precision's peak",
     .choices = {}, .derived_from = kFromPrecision},
    {.name = "kv_precision", .kind = FieldKind::Precision, .member = &Scenario::kv_precision,
     .required = false, .rule = FieldRule::None, .sweepable = false, .what = "a precision key",
     .help = "storage format of the KV cache (default: precision's)", .choices = {},
     .derived_from = kFromPrecision},
    {.name = "allreduce", .kind = FieldKind::Choice, .member = &Scenario::allreduce,
     .required = false, .rule = FieldRule::None, .sweepable = false,
     .what = "an all-reduce implementation",
     .help = "nccl, or custom: the serving engines' one-shot / two-shot kernels over peer memory "
         "(vLLM, SGLang, TensorRT-LLM), for messages up to a link's custom_max_bytes; nccl link "
         "model only (default: the serving engine's, else nccl)",
     .choices = kAllReduces, .derived_from = kFromEngine},
    {.name = "collective", .kind = FieldKind::Choice, .member = &Scenario::collective,
     .required = false, .rule = FieldRule::None, .fallback = kAllReduce, .sweepable = false,
     .what = "a collective",
     .help = "all_reduce, or reduce_scatter_all_gather: sequence parallelism",
     .choices = kCollectives},
    {.name = "serving_engine", .kind = FieldKind::Engine, .member = &Scenario::serving_engine,
     .required = false, .rule = FieldRule::None, .sweepable = false, .what = "a serving engine",
     .help = "the engine that runs the step (vllm, sglang, tensorrt_llm, ...): its fixed cost "
         "per kernel and per step, its all-reduce and launch; absent: none of these costs"},
};

inline constexpr InputField<Workload> kWorkloadFields[] = {
    {.name = "name", .kind = FieldKind::Text, .member = &Workload::name, .required = false,
     .rule = FieldRule::None, .fallback = kCustomName, .sweepable = false, .what = "a name",
     .help = "what to call it"},
    {.name = "preset", .kind = FieldKind::WorkloadKey, .member = &Workload::key, .required = false,
     .rule = FieldRule::None, .sweepable = false, .what = "a workload preset key",
     .help = "a catalogue workload to start from: the fields given here replace its own"},
    {.name = "parameters", .kind = FieldKind::Real, .member = &Workload::parameters,
     .required = true, .rule = FieldRule::Positive, .sweepable = false, .what = "a parameter count",
     .help = "parameters of the whole model"},
    {.name = "layers", .kind = FieldKind::Count, .member = &Workload::layers, .required = true,
     .rule = FieldRule::AtLeast1, .sweepable = false, .what = "a layer count",
     .help = "transformer layers"},
    {.name = "hidden_dim", .kind = FieldKind::Count, .member = &Workload::hidden_dim,
     .required = true, .rule = FieldRule::AtLeast1, .sweepable = false, .what = "a width",
     .help = "hidden dimension h"},
    {.name = "heads", .kind = FieldKind::Count, .member = &Workload::heads, .required = true,
     .rule = FieldRule::AtLeast1, .sweepable = false, .what = "a head count",
     .help = "attention heads"},
    {.name = "kv_heads", .kind = FieldKind::Count, .member = &Workload::kv_heads, .required = false,
     .rule = FieldRule::None, .sweepable = false, .what = "a head count",
     .help = "key/value heads (default: heads)", .choices = {}, .derived_from = kFromHeads},
    {.name = "inference_flops", .kind = FieldKind::Real, .member = &Workload::inference_flops,
     .required = false, .rule = FieldRule::Positive, .sweepable = false, .what = "FLOPs per token",
     .help = "forward FLOPs per token for the whole model (default: 2 x parameters)", .choices = {},
     .derived_from = kFromParameters},
    {.name = "ffn_hidden", .kind = FieldKind::Count, .member = &Workload::ffn_hidden,
     .required = false, .rule = FieldRule::AtLeast1, .sweepable = false, .what = "a width",
     .help = "the MLP's intermediate size (per expert); default: what the parameters leave once "
         "attention, the embedding and the head are counted",
     .choices = {}, .derived_from = kFromShapes},
    {.name = "gated_mlp", .kind = FieldKind::Bool, .member = &Workload::gated_mlp,
     .required = false, .rule = FieldRule::None, .fallback = false, .sweepable = false,
     .what = "true or false",
     .help = "a gated MLP (SwiGLU: gate and up projections), as Llama's; false: up alone"},
    {.name = "vocab", .kind = FieldKind::Count, .member = &Workload::vocab, .required = false,
     .rule = FieldRule::AtLeast0, .fallback = 0.0, .sweepable = false, .what = "a vocabulary size",
     .help = "tokens in the vocabulary, for the embedding and the LM head once per step (0 "
         "leaves them out, as mlsysim does)"},
    {.name = "experts", .kind = FieldKind::Count, .member = &Workload::experts, .required = false,
     .rule = FieldRule::AtLeast1, .fallback = 1.0, .sweepable = false, .what = "an expert count",
     .help = "a mixture of experts: the MLP's experts per layer (1: a dense MLP)"},
    {.name = "experts_per_token", .kind = FieldKind::Count, .member = &Workload::experts_per_token,
     .required = false, .rule = FieldRule::AtLeast1, .fallback = 1.0, .sweepable = false,
     .what = "an expert count", .help = "experts each token is routed to (at most the experts)"},
    {.name = "head_dim", .kind = FieldKind::Count, .member = &Workload::head_dim, .required = false,
     .rule = FieldRule::AtLeast1, .sweepable = false, .what = "a width",
     .help = "one attention head's width (absent: the hidden size / heads)"},
    // Read before the other fields, which win over what it gives; written as the fields it gave.
    {.name = "hf_config", .kind = FieldKind::HfConfig, .member = &Workload::hf_config_keys,
     .required = false, .rule = FieldRule::None, .sweepable = false, .what = "a config.json object",
     .help = "a Hugging Face model's parsed config.json: the shapes, parameters and FLOPs from it"},
    {.name = "hf_config_keys", .kind = FieldKind::Text, .member = &Workload::hf_config_keys,
     .required = false, .rule = FieldRule::None, .sweepable = false, .what = "a list of keys",
     .help = "the config.json keys the workload was read from (check() says)"},
};

inline constexpr InputField<Accelerator> kAcceleratorFields[] = {
    {.name = "name", .kind = FieldKind::Text, .member = &Accelerator::name, .required = false,
     .rule = FieldRule::None, .fallback = kCustomName, .sweepable = false, .what = "a name",
     .help = "what to call it"},
    {.name = "preset", .kind = FieldKind::AcceleratorKey, .member = &Accelerator::key,
     .required = false, .rule = FieldRule::None, .sweepable = false,
     .what = "an accelerator preset key",
     .help = "a catalogue accelerator to start from: the fields given here replace its own"},
    {.name = "peak_flops", .kind = FieldKind::PeakFlops, .member = &Accelerator::peak_flops,
     .required = true, .rule = FieldRule::None, .sweepable = false, .what = "peaks",
     .help = "precision key -> peak FLOP/s (at least one)"},
    {.name = "memory_capacity", .kind = FieldKind::Bytes, .member = &Accelerator::memory_capacity,
     .required = true, .rule = FieldRule::Positive, .sweepable = false,
     .what = "a capacity in bytes", .help = "memory per accelerator"},
    {.name = "memory_bandwidth", .kind = FieldKind::Bandwidth,
     .member = &Accelerator::memory_bandwidth, .required = true, .rule = FieldRule::Positive,
     .sweepable = false, .what = "a bandwidth in bytes/s", .help = "memory bandwidth"},
    {.name = "native_link", .kind = FieldKind::LinkKey, .member = &Accelerator::native_link,
     .required = false, .rule = FieldRule::None, .sweepable = false, .what = "a link preset key",
     .help = "the chip's own scale-up link, for the UI to suggest"},
    {.name = "compute_units", .kind = FieldKind::Count, .member = &Accelerator::compute_units,
     .required = false, .rule = FieldRule::AtLeast1, .sweepable = false, .what = "a unit count",
     .help = "SMs or CUs: a GEMM's 128 x 128 tiles run on them in waves (kernels model); absent: "
         "unknown"},
};

// A serving engine (docs/model.md#the-kernels-model): its costs as measured under its launch mode.
inline constexpr InputField<ServingEngine> kServingEngineFields[] = {
    {.name = "name", .kind = FieldKind::Text, .member = &ServingEngine::name, .required = false,
     .rule = FieldRule::None, .fallback = kCustomName, .sweepable = false, .what = "a name",
     .help = "what to call it"},
    {.name = "preset", .kind = FieldKind::EngineKey, .member = &ServingEngine::key,
     .required = false, .rule = FieldRule::None, .sweepable = false,
     .what = "a serving engine preset key",
     .help = "a catalogue engine to start from: the fields given here replace its own"},
    {.name = "kernel_overhead", .kind = FieldKind::Time, .member = &ServingEngine::kernel_overhead,
     .required = false, .rule = FieldRule::NonNegative, .fallback = 0.0, .sweepable = false,
     .what = "an overhead in seconds",
     .help = "fixed cost per kernel beyond its device time: the gap its launch mode leaves (CUDA "
         "graphs: about 1 us; a kernel launched from Python: several)"},
    {.name = "step_overhead", .kind = FieldKind::Time, .member = &ServingEngine::step_overhead,
     .required = false, .rule = FieldRule::NonNegative, .fallback = 0.0, .sweepable = false,
     .what = "an overhead in seconds",
     .help = "host time per step: scheduling, sampling, detokenising, broadcasting to the TP "
         "workers"},
    {.name = "launch_overhead", .kind = FieldKind::Time, .member = &ServingEngine::launch_overhead,
     .required = false, .rule = FieldRule::NonNegative, .sweepable = false,
     .what = "a launch overhead in seconds",
     .help = "fixed cost of issuing one all-reduce under the engine (absent: the link model's)"},
    {.name = "allreduce", .kind = FieldKind::Choice, .member = &ServingEngine::allreduce,
     .required = false, .rule = FieldRule::None, .fallback = kAllReduces[0], .sweepable = false,
     .what = "an all-reduce implementation",
     .help = "nccl, or custom: the engine's own one-shot / two-shot kernels",
     .choices = kAllReduces},
};

inline constexpr InputField<Protocol> kProtocolFields[] = {
    {.name = "name", .kind = FieldKind::Text, .member = &Protocol::name, .required = true,
     .rule = FieldRule::None, .sweepable = false, .what = "a branch name",
     .help = "a short label: ll, ll128, simple, nvls"},
    {.name = "pattern", .kind = FieldKind::Choice, .member = &Protocol::pattern, .required = false,
     .rule = FieldRule::None, .fallback = kRing, .sweepable = false, .what = "a pattern",
     .help = "ring: 2(n-1) steps moving 2(n-1)/n of M; nvls: M crosses the switch once; tree: "
             "2 ceil(log2 n) steps moving 2M (all-reduce only); nvls_tree: the tree across the "
             "nodes of a two-tier link whose node link has NVLS; one_shot: each rank reads the "
             "other n-1 buffers whole (all-reduce only, on a fully connected link)",
     .choices = kPatterns},
    {.name = "base_latency", .kind = FieldKind::Time, .member = &Protocol::base_latency,
     .required = false, .rule = FieldRule::NonNegative, .fallback = 0.0, .sweepable = false,
     .what = "a latency in seconds", .help = "fixed seconds per all-reduce"},
    {.name = "step_latency", .kind = FieldKind::Time, .member = &Protocol::step_latency,
     .required = false, .rule = FieldRule::NonNegative, .fallback = 0.0, .sweepable = false,
     .what = "a latency in seconds", .help = "seconds per ring step"},
    {.name = "efficiency", .kind = FieldKind::Real, .member = &Protocol::efficiency,
     .required = true, .rule = FieldRule::Fraction, .sweepable = false, .what = "a fraction",
     .help = "the share of the link's bandwidth it reaches (busbw for a ring or tree, algbw for "
             "nvls)"},
};

// A serving engine's all-reduce kernel (docs/model.md#custom-all-reduce): the same members as a protocol branch, with
// its own patterns.
inline constexpr InputField<Protocol> kCustomBranchFields[] = {
    {.name = "name", .kind = FieldKind::Text, .member = &Protocol::name, .required = true,
     .rule = FieldRule::None, .sweepable = false, .what = "a branch name",
     .help = "a short label: one_shot, two_shot, multimem"},
    {.name = "pattern", .kind = FieldKind::Choice, .member = &Protocol::pattern, .required = true,
     .rule = FieldRule::None, .sweepable = false, .what = "a pattern",
     .help = "one_shot: base + (n-1) steps + (n-1) M / (eff B); two_shot: base + 2(n-1) steps + "
         "2(n-1)/n M / (eff B); nvls: base + M / (eff B)",
     .choices = kCustomPatterns},
    {.name = "base_latency", .kind = FieldKind::Time, .member = &Protocol::base_latency,
     .required = false, .rule = FieldRule::NonNegative, .fallback = 0.0, .sweepable = false,
     .what = "a latency in seconds", .help = "fixed seconds per all-reduce"},
    {.name = "step_latency", .kind = FieldKind::Time, .member = &Protocol::step_latency,
     .required = false, .rule = FieldRule::NonNegative, .fallback = 0.0, .sweepable = false,
     .what = "a latency in seconds", .help = "seconds per peer step"},
    {.name = "efficiency", .kind = FieldKind::Real, .member = &Protocol::efficiency,
     .required = true, .rule = FieldRule::Fraction, .sweepable = false, .what = "a fraction",
     .help = "the share of the link's bandwidth its reads reach"},
};

inline constexpr InputField<Link> kLinkFields[] = {
    {.name = "name", .kind = FieldKind::Text, .member = &Link::name, .required = false,
     .rule = FieldRule::None, .sweepable = false, .what = "a link name",
     .help = "the link's name (in the array form of links; the map form names it by its key)"},
    {.name = "preset", .kind = FieldKind::LinkKey, .member = &Link::preset, .required = false,
     .rule = FieldRule::None, .sweepable = false, .what = "a link preset key",
     .help = "a catalogue link to start from: the fields given here replace its own (its "
         "protocols stay)"},
    {.name = "bandwidth", .kind = FieldKind::Bandwidth, .member = &Link::bandwidth,
     .required = true, .rule = FieldRule::Positive, .sweepable = false,
     .what = "a bandwidth in bytes/s", .help = "bytes/s per direction, per rank"},
    {.name = "latency", .kind = FieldKind::Time, .member = &Link::latency, .required = false,
     .rule = FieldRule::NonNegative, .fallback = 0.0, .sweepable = false,
     .what = "a latency in seconds", .help = "alpha: seconds per ring step"},
    {.name = "domain", .kind = FieldKind::Count, .member = &Link::domain, .required = false,
     .rule = FieldRule::AtLeast1, .sweepable = false, .what = "a rank count",
     .help = "the most ranks it joins directly (8 for an HGX board); absent: no limit"},
    {.name = "per_peer", .kind = FieldKind::Bandwidth, .member = &Link::per_peer, .required = false,
     .rule = FieldRule::Positive, .sweepable = false, .what = "a bandwidth in bytes/s",
     .help = "fully connected (xGMI, NVLink without a switch): bytes/s per direction of the one "
         "link to each peer; a group of n uses n-1 of them; absent: switched"},
    {.name = "protocols", .kind = FieldKind::Protocols, .member = &Link::protocols,
     .required = false, .rule = FieldRule::None, .sweepable = false, .what = "protocol branches",
     .help = "NCCL's branches for the nccl model (at most 8); the fastest wins"},
    {.name = "custom", .kind = FieldKind::Custom, .member = &Link::custom, .required = false,
     .rule = FieldRule::None, .sweepable = false, .what = "custom all-reduce branches",
     .help = "the serving engine's all-reduce kernels (at most 8), competing with NCCL's "
         "branches when allreduce is custom"},
    {.name = "custom_max_bytes", .kind = FieldKind::Bytes, .member = &Link::custom_max_bytes,
     .required = false, .rule = FieldRule::Positive, .fallback = kDefaultCustomMaxBytes,
     .sweepable = false, .what = "a size in bytes",
     .help = "the largest all-reduce the custom kernels take (vLLM: 8 MiB)"},
};

// A measured link (docs/model.md#measured-links): the text nccl-tests' all_reduce_perf printed, or its rows as
// numbers (then with the rank count), priced on its own curve in both models.
inline constexpr InputField<Link> kMeasuredLinkFields[] = {
    {.name = "name", .kind = FieldKind::Text, .member = &Link::name, .required = false,
     .rule = FieldRule::None, .sweepable = false, .what = "a link name",
     .help = "the link's name (in the array form of links)"},
    {.name = "measured", .kind = FieldKind::Text, .member = &Link::measured, .required = false,
     .rule = FieldRule::None, .sweepable = false, .what = "nccl-tests output",
     .help = "what all_reduce_perf printed: rows of size, count, type, redop, root, time, algbw, "
         "busbw, ... (or give rows)"},
    {.name = "rows", .kind = FieldKind::Rows, .member = &Link::measured_rows, .required = false,
     .rule = FieldRule::None, .sweepable = false, .what = "measured rows",
     .help = "the measurement as numbers instead of text: [[bytes, seconds], ...], sizes "
         "increasing, each with its out-of-place time (give ranks with them)"},
    {.name = "ranks", .kind = FieldKind::Count, .member = &Link::ranks, .required = false,
     .rule = FieldRule::AtLeast2, .sweepable = false, .what = "a rank count",
     .help = "the ranks it was measured on (default: the text's '#  Rank' lines, else its "
         "busbw/algbw; required with rows)",
     .choices = {}, .derived_from = kFromMeasured},
    {.name = "domain", .kind = FieldKind::Count, .member = &Link::domain, .required = false,
     .rule = FieldRule::AtLeast1, .sweepable = false, .what = "a rank count",
     .help = "the most ranks it joins directly; absent: no limit"},
};
// clang-format on

// clang-format off
// A two-tier link (docs/model.md#two-tier-links): TP across nodes. Each tier is read like a link of its own (a
// preset key, a bare bandwidth or a link object; not measured, not two-tier). It may start from a
// catalogue two-tier link (`preset`), as a link from a catalogue link.
inline constexpr InputField<Link> kTwoTierLinkFields[] = {
    {.name = "name", .kind = FieldKind::Text, .member = &Link::name, .required = false,
     .rule = FieldRule::None, .sweepable = false, .what = "a link name",
     .help = "the link's name (in the array form of links)"},
    {.name = "preset", .kind = FieldKind::TwoTierKey, .member = &Link::preset, .required = false,
     .rule = FieldRule::None, .sweepable = false, .what = "a two-tier link preset key",
     .help = "a catalogue two-tier link to start from: the fields given here replace its own"},
    {.name = "intra_node", .kind = FieldKind::LinkTier, .member = &Link::tiers, .required = true,
     .rule = FieldRule::None, .sweepable = false, .what = "a link",
     .help = "the link inside a node (NVLink, PCIe): a preset key, a bandwidth or a link object"},
    {.name = "inter_node", .kind = FieldKind::LinkTier, .member = &Link::tiers, .required = true,
     .rule = FieldRule::None, .sweepable = false, .what = "a link",
     .help = "each rank's own network link across nodes (one NIC per GPU on a rail-optimised "
         "cluster)"},
    {.name = "ranks_per_node", .kind = FieldKind::Count, .member = &Link::ranks_per_node,
     .required = true, .rule = FieldRule::AtLeast1, .sweepable = false, .what = "a rank count",
     .help = "ranks per node g: n ranks above it span n / g nodes"},
};
// clang-format on

// The table of a sweepable scenario field, or nullptr.
const InputField<Scenario>* find_sweepable(std::string_view name);

// "tp_size, tokens, local_efficiency or collectives_per_layer": for messages.
std::string sweepable_names();

}  // namespace tplayer
