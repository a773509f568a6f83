// Types of the tplayer ES module (dist/tplayer.js). Hand-written: Emscripten 3.1.6 has no --emit-tsd.
// Source: wasm/tplayer.d.ts (the facade is wasm/index.js over wasm/facade.js, the bindings
// wasm/bindings.cpp). Field names are the JSON names of the scenario and result (snake_case, as
// mlsysim names them); the core declares each once (core/include/tplayer/fields.hpp and
// model.hpp) and a test checks these interfaces against catalog().fields and a real result.

/** A number in SI base units, or a string "<number> <unit>" such as "50 GB/s", "400 Gb/s", "5 us", "80 GiB". */
export type Quantity = number | string;

/** One step of a field's path: a member name (a link name is one step, dots and all) or an array index. */
export type PathStep = string | number;

/**
 * One problem with the input, or a warning: where (`path`, and the same path as dotted text in
 * `field`: "links.nvlink.bandwidth", "links[2].name", "scenario" for the whole scenario) and a
 * sentence saying what was expected and what came.
 */
export interface FieldError {
  field: string;
  path: PathStep[];
  message: string;
}

/**
 * The catalogue's keys, for completion in editors: catalog() lists each entry with its source, and a
 * test holds these lists to it. Any other string is read by the core, which names what it knows.
 */
/** A scenario preset of catalog().presets. */
export type PresetKey =
  | 'Gpt3TensorParallelLayerTp8'
  | 'Llama3_70BDecodeTp8'
  | 'Llama3_405BTp16AcrossNodes'
  | 'Llama2_7BPcieBoxTp4'
  | 'Llama3_70BB200Fp8Tp8'
  | 'Mixtral8x7BTp8'
  | 'Gpt3TrainingStepTp8'
  | 'Llama3_70BLongContextPrefillTp8'
  | 'Llama3_70BDecodeTp8Nccl'
  | 'Llama3_70BDecodeTp8Vllm'
  | (string & {});
/** A workload of catalog().workloads. */
export type WorkloadKey =
  | 'GPT3'
  | 'GPT2'
  | 'Llama2_7B'
  | 'Llama2_70B'
  | 'Llama3_8B'
  | 'Llama3_70B'
  | 'Llama3_405B'
  | 'Mixtral_8x7B'
  | 'BERT_Large'
  | 'Llama3_1_8B'
  | 'Llama3_1_70B'
  | 'Llama3_3_70B'
  | 'Qwen2_5_7B'
  | 'Qwen2_5_72B'
  | 'Qwen3_8B'
  | 'Qwen3_32B'
  | 'Qwen3_30B_A3B'
  | 'Qwen3_235B_A22B'
  | 'Mistral_7B'
  | 'Mixtral_8x22B'
  | 'Gemma2_27B'
  | 'GptOss_20B'
  | 'GptOss_120B'
  | (string & {});
/** A accelerator of catalog().accelerators. */
export type AcceleratorKey =
  | 'H100'
  | 'H200'
  | 'A100'
  | 'A100_PCIE'
  | 'B200'
  | 'MI300X'
  | 'V100'
  | 'TPUv5p'
  | 'Gaudi3'
  | 'RTX4090'
  | 'RTX5090'
  | 'RTXPro6000'
  | 'L40S'
  | 'L4'
  | 'A10G'
  | 'GB10'
  | 'MI355X'
  | (string & {});
/** A link of catalog().links. */
export type LinkKey =
  | 'nvlink2'
  | 'nvlink3'
  | 'nvlink4'
  | 'nvlink4_ring'
  | 'nvlink5'
  | 'nvlink5_nvl72'
  | 'infinity_fabric'
  | 'mi355x_xgmi'
  | 'ici_v5p'
  | 'roce_gaudi3'
  | 'pcie3'
  | 'pcie3_host'
  | 'pcie4'
  | 'pcie4_host'
  | 'pcie5'
  | 'pcie5_host'
  | 'cx7_200g'
  | 'thunderbolt5'
  | 'ib_hdr'
  | 'ib_ndr'
  | 'ib_xdr'
  | 'roce_100g'
  | 'roce_400g'
  | 'efa_p4d'
  | 'efa_p5'
  | 'tcpxo_a3mega'
  | 'ethernet_400g'
  | (string & {});
/** A two-tier link of catalog().two_tier_links. */
export type TwoTierLinkKey =
  | 'hgx_h100_ndr'
  | 'hgx_a100_hdr'
  | 'hgx_b200_ndr'
  | 'aws_p4d_efa'
  | 'aws_p5_efa'
  | 'gcp_a3mega_tcpxo'
  | 'mi300x_roce'
  | (string & {});
/** A serving engine of catalog().serving_engines. */
export type ServingEngineKey =
  | 'vllm'
  | 'vllm_0_6'
  | 'sglang'
  | 'tensorrt_llm'
  | 'lmdeploy'
  | 'gpt_fast'
  | 'pytorch_eager'
  | (string & {});

/**
 * A workload object. With `preset` (a key of catalog().workloads) it starts from that entry: the
 * fields given replace the entry's, and the others are the entry's; without it the four counts
 * are required.
 */
export interface Workload {
  name?: string;
  /** A catalogue workload to start from. */
  preset?: WorkloadKey;
  /** Required unless `preset` is given. */
  parameters?: number;
  /** Required unless `preset` is given. */
  layers?: number;
  /** Required unless `preset` is given. */
  hidden_dim?: number;
  /** Required unless `preset` is given. */
  heads?: number;
  kv_heads?: number;
  /** Forward FLOPs per token for the whole model; defaults to 2 * parameters. */
  inference_flops?: number;
  /**
   * The MLP's intermediate size (per expert), for the kernels model; default: what the parameters
   * leave once attention, the embedding and the head are counted.
   */
  ffn_hidden?: number;
  /** A gated MLP (SwiGLU: gate and up projections, as Llama's); default false. */
  gated_mlp?: boolean;
  /** Vocabulary size: the embedding and LM head once per step (default 0: left out, as mlsysim). */
  vocab?: number;
  /** A mixture of experts: experts per layer (default 1: dense) and those each token is routed to. */
  experts?: number;
  experts_per_token?: number;
  /** One attention head's width, when not hidden_dim / heads (Qwen3, Gemma). */
  head_dim?: number;
  /**
   * A Hugging Face model's parsed config.json: the shapes, parameters and active FLOPs are read
   * from it (the fields given beside it win). check() writes the fields it gave, not the config.
   */
  hf_config?: Record<string, unknown>;
  /** The config.json keys the workload was read from (written by check()). */
  hf_config_keys?: string;
}

/**
 * A serving engine (the kernels model and the whole step): its fixed cost per kernel and per step,
 * and how it launches and runs the all-reduce. With `preset` (a key of catalog().serving_engines)
 * it starts from that entry.
 */
export interface ServingEngine {
  name?: string;
  preset?: ServingEngineKey;
  /** Seconds (or "1 us") per kernel beyond its device time: the gap its launch mode leaves. */
  kernel_overhead?: Quantity;
  /** Host time per step: scheduling, sampling, detokenising, broadcasting to the TP workers. */
  step_overhead?: Quantity;
  /** Launch cost of one all-reduce under the engine; absent: the link model's. */
  launch_overhead?: Quantity;
  allreduce?: AllReduce;
}

/**
 * An accelerator object. With `preset` (a key of catalog().accelerators) it starts from that
 * entry: the fields given replace the entry's (peak_flops as a whole), the others are the entry's.
 */
export interface Accelerator {
  name?: string;
  /** A catalogue accelerator to start from. */
  preset?: AcceleratorKey;
  /** Precision key ("fp16_dense", "fp8", "int8_sparse", ...) -> peak FLOP/s; required unless `preset` is given. */
  peak_flops?: Record<string, Quantity>;
  /** Required unless `preset` is given. */
  memory_capacity?: Quantity;
  /** Required unless `preset` is given. */
  memory_bandwidth?: Quantity;
  /** Link preset key of the chip's own scale-up link, a hint for UIs. */
  native_link?: string;
  /** SMs or CUs: a GEMM's 128 x 128 tiles run on them in waves (kernels model); absent: unknown. */
  compute_units?: number;
}

/** One of NCCL's branches for a link (the nccl link model): a fitted alpha-beta line. */
export interface Protocol {
  /** A short label: "ll", "ll128", "simple", "nvls". */
  name: string;
  /** "ring" (default: 2(n-1) steps moving 2(n-1)/n of M), "nvls" (M crosses the switch once; within the domain only), "tree" (2 ceil(log2 n) steps moving 2M; an all-reduce only), "nvls_tree" (the tree across the nodes of a two-tier link whose node link has NVLS; nowhere else) or "one_shot" (each rank reads the other n-1 buffers whole, n-1 steps moving (n-1)M; an all-reduce on a fully connected link within its domain only). */
  pattern?: 'ring' | 'nvls' | 'tree' | 'nvls_tree' | 'one_shot';
  /** Seconds per all-reduce; default 0. */
  base_latency?: Quantity;
  /** Seconds per ring step; default 0. */
  step_latency?: Quantity;
  /** The share of the link's bandwidth it reaches, in (0, 1]: busbw for a ring or tree, algbw for nvls. */
  efficiency: number;
}

/** One of a serving engine's own all-reduce kernels over peer memory (docs/model.md#custom-all-reduce). */
export interface CustomBranch {
  /** A short label: "one_shot", "two_shot", "multimem". */
  name: string;
  /** one_shot: base + (n-1) steps + (n-1) M / (eff B); two_shot: base + 2(n-1) steps + 2(n-1)/n M / (eff B); nvls: base + M / (eff B). */
  pattern: 'one_shot' | 'two_shot' | 'nvls';
  /** Seconds per all-reduce; default 0. */
  base_latency?: Quantity;
  /** Seconds per peer step; default 0. */
  step_latency?: Quantity;
  /** The share of the link's bandwidth its reads reach, in (0, 1]. */
  efficiency: number;
}

export interface Link {
  /** A catalogue link to start from: the fields given here replace its own (its protocols stay). */
  preset?: LinkKey;
  /** Bytes/s in one direction, per rank (NVLink 4: 450 GB/s, not 900); required unless `preset` is given. */
  bandwidth?: Quantity;
  /** Seconds per ring step (alpha); default 0. */
  latency?: Quantity;
  /** The most ranks it joins directly (8 for an HGX board); absent: no limit. */
  domain?: number;
  /**
   * Fully connected (xGMI, NVLink without a switch): bytes/s per direction of the one link to each
   * peer; a group of n ranks uses n-1 of them, (n-1) x per_peer, at most `bandwidth`. Absent: switched.
   */
  per_peer?: Quantity;
  /** NCCL's branches for the nccl model (1 to 8); the fastest wins. */
  protocols?: Protocol[];
  /** The serving engine's all-reduce kernels (1 to 8), competing with NCCL's when allreduce is "custom". */
  custom?: CustomBranch[];
  /** The largest all-reduce the custom kernels take; default 8 MiB (vLLM's limit). */
  custom_max_bytes?: Quantity;
}

/**
 * Tensor parallelism across nodes: ranks sit `ranks_per_node` to a node, joined by the node's own
 * link inside it and by each rank's own network link across nodes. A two-tier preset key (see
 * catalog().two_tier_links) is the same thing given as a string; `{ preset, ...edits }` starts
 * from that entry (the fields given replace its own).
 */
export interface TwoTierLink {
  /** A catalogue two-tier link to start from (a key of catalog().two_tier_links). */
  preset?: TwoTierLinkKey;
  /** The link inside a node (NVLink, PCIe): a link preset key, a bare bandwidth or a link object; required unless `preset` is given. */
  intra_node?: string | number | Link;
  /** Each rank's own network link across nodes (one NIC per GPU on a rail-optimised cluster); required unless `preset` is given. */
  inter_node?: string | number | Link;
  /** Ranks per node g: tp_size above it spans tp_size / g nodes and must be a multiple of g; required unless `preset` is given. */
  ranks_per_node?: number;
}

/**
 * A link as a scenario gives it: a link or two-tier link preset key, a bare bandwidth (bytes/s,
 * or "450 GB/s"), or an object.
 */
export type LinkValue = LinkKey | TwoTierLinkKey | number | Link | MeasuredLink | TwoTierLink;

export interface Scenario {
  type?: 'TensorParallelLayerScenario';
  /** A workload preset key (see catalog().workloads) or an object. */
  workload: WorkloadKey | Workload;
  tp_size: number;
  tokens: number;
  /** An accelerator preset key (see catalog().accelerators) or an object. */
  accelerator: AcceleratorKey | Accelerator;
  /** Default "fp16_dense"; a bare format means dense. */
  precision?: string;
  local_efficiency: number;
  /** Ordered name -> link (preset key, bare bandwidth or object); or an array of preset keys / links with a name. */
  links: Record<string, LinkValue> | Array<string | (Link & { name: string })>;
  /** All-reduces per layer; by default the pass's: 2 forward, 2 backward, 4 training, +2 with recompute. */
  collectives_per_layer?: number;
  /** "line_rate" (default: mlsysim's model) or "nccl" (as NCCL runs it, calibrated on published nccl-tests). */
  link_model?: LinkModel;
  /** Fixed cost of issuing one all-reduce: default 0 at line rate, 10 us with nccl (CUDA graphs: ~2-5 us). */
  launch_overhead?: Quantity;
  /** "forward" (default), "backward", or "training" (forward + backward): compute x1, x2, x3. */
  pass?: Pass;
  /** Full activation recomputation (backward or training only): +1 forward of compute, +2 all-reduces. Default false. */
  recompute?: boolean;
  /**
   * Keys each token attends to, for the attention FLOPs 4 * hidden_dim * tokens * attention_context
   * per forward (default 0: left out). A causal prefill of S tokens attends to about S/2; a decode
   * step (pass "decode") each sequence reads this many cached keys, which the roofline prices as
   * memory traffic.
   */
  attention_context?: number;
  /**
   * "flops" (default: mlsysim's FLOPs / (peak x efficiency)), "roofline" (the slower of FLOPs and
   * memory traffic) or "kernels" (the layer as its kernels, each on its roofline plus its fixed
   * cost, GEMMs in waves of tiles over the compute units).
   */
  compute_model?: ComputeModel;
  /** Fraction of the memory bandwidth the layer's reads reach, in (0, 1]; default 0.8. */
  memory_efficiency?: number;
  /** Number format of the all-reduce's payload; default: precision's (FP8 matmuls usually exchange "bf16"). */
  exchange_precision?: string;
  /** Storage format of the weights; default: precision's. Weight-only "int4" (AWQ, GPTQ) counts a 16-bit scale per group of 128 (0.515625 bytes a weight) while the matmuls run at precision's peak. */
  weight_precision?: string;
  /** Storage format of the KV cache; default: precision's. */
  kv_precision?: string;
  /** "nccl" or "custom": the serving engines' one-shot / two-shot kernels (nccl link model only); default: the serving engine's, else "nccl". */
  allreduce?: AllReduce;
  /**
   * "all_reduce" (default: Megatron) or "reduce_scatter_all_gather" (Megatron sequence parallelism:
   * each all-reduce a reduce-scatter and an all-gather of the same bytes, two NCCL calls). Not
   * with a measured link: all_reduce_perf measures all-reduces only.
   */
  collective?: Collective;
  /** A key of catalog().serving_engines ("vllm", "sglang", "tensorrt_llm", ...) or an object; absent: no engine costs. */
  serving_engine?: ServingEngineKey | ServingEngine;
}

/** "decode": one new token for each of `tokens` sequences, reading attention_context cached keys each. */
export type Pass = 'forward' | 'backward' | 'training' | 'decode';
export type ComputeModel = 'flops' | 'roofline' | 'kernels';
export type AllReduce = 'nccl' | 'custom';
export type Collective = 'all_reduce' | 'reduce_scatter_all_gather';
export type LinkModel = 'line_rate' | 'nccl';

export interface LinkResult {
  name: string;
  /** The bandwidth the group gets: a fully connected link's (n-1) x per_peer, at most the fabric's. */
  bandwidth_bytes_per_s: number;
  latency_s: number;
  allreduce_time_s: number;
  bandwidth_time_s: number;
  latency_time_s: number;
  communication_time_s: number;
  wire_bytes_per_rank: number;
  comm_to_compute: number;
  bound: 'compute' | 'communication';
  regime: 'bandwidth' | 'latency';
  serial_layer_time_s: number;
  overlapped_layer_time_s: number;
  serial_speedup: number;
  serial_efficiency: number;
  overlapped_speedup: number;
  overlapped_efficiency: number;
  kind: 'link' | 'measured' | 'two_tier';
  /**
   * The winning branch in nccl mode ("ll", "ll128", "simple", "nvls", ...); "ring" at line rate.
   * Under sequence parallelism both calls' winners: "ll128/ll128", "ring/ring".
   */
  protocol: string;
  /** One all-reduce (or reduce-scatter + all-gather) at line rate, without launch overhead (mlsysim's figure), in both models. */
  line_rate_allreduce_time_s: number;
  /** The most ranks the link joins directly; 0 when it has no limit. */
  domain: number;
  /** Whether tp_size is within the domain (beyond it the link is priced as one ring anyway, with a warning). */
  within_domain: boolean;
  /** A two-tier link's nodes N and ranks per node g (1 and tp_size for other links). */
  node_count: number;
  ranks_per_node: number;
  /** The intra-node stages' share of a two-tier link's line-rate time (1 for other links). */
  intra_node_share: number;
  /** A measured link's rank count and size range; 0 for other links. */
  measured_ranks: number;
  measured_min_bytes: number;
  measured_max_bytes: number;
  /** Under sequence parallelism one reduce-scatter and one all-gather (allreduce_time_s is the pair); 0 otherwise. */
  reduce_scatter_time_s: number;
  all_gather_time_s: number;
  /**
   * The bandwidth per direction at which the layer's exchange takes exactly its compute, all else
   * unchanged: the link's (a two-tier link's node link while its ranks fit one node, each GPU's
   * network link beyond; a measured link's bus bandwidth). 0 when no bandwidth hides it (the
   * latency terms alone outlast the compute) or there is nothing to hide (tp_size 1, no
   * collectives: communication_time_s is 0).
   */
  hiding_bandwidth_bytes_per_s: number;
  /** hiding_bandwidth_bytes_per_s over that bandwidth: how many times faster the link (a measured link's curve) must be; 0 as above. */
  hiding_factor: number;
  /**
   * The whole model on this link: the layer x `layers`, serial and overlapped, for one step (a
   * token for each of the `tokens` sequences in decode; a forward, backward or training step
   * otherwise). Embeddings, the output head, sampling, pipeline and data parallelism are left out.
   */
  model_time_s: number;
  overlapped_model_time_s: number;
  /** Outside the layers, on this link: the embedding's all-reduce and the logits' gather (0 without a vocabulary). */
  head_communication_time_s: number;
  /** The whole step: model_time_s + head_time_s + head_communication_time_s + step_overhead_s. */
  step_time_s: number;
  /** Tokens per second through the whole step: tokens / step_time_s. */
  tokens_per_s: number;
  /** In a decode pass, the step: the time per output token; 0 otherwise. */
  time_per_output_token_s: number;
  /** In a forward pass, the step: the time to the first token of a prompt of `tokens`; 0 otherwise. */
  time_to_first_token_s: number;
  /**
   * Whether this setup can run on this link (docs/model.md#runnable): false when the weights (in
   * decode with the KV cache) do not fit per rank, or tp_size exceeds the heads or the link's
   * domain. Its times are priced all the same.
   */
  runnable: boolean;
  /** Why it cannot run, in words ("; "-joined, to follow "cannot run: "); empty when it can. */
  not_runnable_because: string;
}

/** One kernel of a step in the kernels model, per rank. */
export interface KernelResult {
  name: string;
  group: 'gemm' | 'attention' | 'small' | 'head';
  /** Runs per step: the layers for a layer's kernel, 1 outside them. */
  count: number;
  flops: number;
  bytes: number;
  /** One run, its fixed costs included. */
  time_s: number;
  /** Of which fixed costs: the device's (by kernel class) and the serving engine's. */
  overhead_s: number;
  /** A GEMM's tiles over its waves of compute units (1 for other kernels). */
  wave_efficiency: number;
  bound: 'flops' | 'memory' | 'overhead';
}

export interface Result {
  type: 'TensorParallelLayerResult';
  flops_per_layer: number;
  flops_per_rank: number;
  compute_time_s: number;
  single_device_time_s: number;
  message_bytes: number;
  bytes_per_element: number;
  peak_flops: number;
  weights_per_rank_bytes: number;
  memory_capacity_bytes: number;
  fits_in_memory: boolean;
  binding_link: string;
  bound: 'compute' | 'communication';
  link_model: LinkModel;
  /** The launch overhead added to each all-reduce (n >= 2). */
  launch_overhead_s: number;
  pass: Pass;
  /** Forward passes of compute the pass costs: 1, 2 or 3, +1 with recompute. */
  compute_multiplier: number;
  /** The attention part of flops_per_layer (0 when attention_context is 0). */
  attention_flops_per_layer: number;
  compute_model: ComputeModel;
  /** Per rank: flops_per_rank / (peak x local_efficiency). */
  flop_time_s: number;
  /** Per rank: memory_bytes_per_rank / (memory_bandwidth x memory_efficiency); shown in the flops model too. */
  memory_time_s: number;
  /** Weights (read once per product of the pass) and, in decode, the KV cache each rank reads. */
  memory_bytes_per_rank: number;
  /** "memory" when the roofline's memory term is the larger; always "flops" in the flops model. */
  compute_bound: 'flops' | 'memory';
  /** The whole model's KV cache per rank in a decode pass (counted in fits_in_memory); 0 otherwise. */
  kv_cache_per_rank_bytes: number;
  memory_efficiency: number;
  /** The same two compute terms on one accelerator alone. */
  single_device_flop_time_s: number;
  single_device_memory_time_s: number;
  /** The all-reduce's number format, normalised, and its bytes per element. */
  exchange_precision: string;
  exchange_bytes_per_element: number;
  allreduce: AllReduce;
  collective: Collective;
  /** The workload's layer count L, by which the links' model times multiply the layer's. */
  layers: number;
  /** What one accelerator alone would hold: all the weights and, in decode, the whole KV cache. */
  single_device_memory_bytes: number;
  /** Whether it fits; when not, the speedups' baseline (one accelerator) is a hypothetical. */
  single_device_fits_in_memory: boolean;
  /** The serving engine's key (or name); "" without one. */
  serving_engine: string;
  /** Its fixed cost per kernel (kernels model only; else 0) and per step. */
  kernel_overhead_s: number;
  step_overhead_s: number;
  /** The compute outside the layers, once per step (kernels model: embedding, final norm, LM head, sampling; 0 in the others, whose parameters hold it). */
  head_time_s: number;
  /** Kernels one layer runs (kernels model; 0 otherwise). */
  kernels_per_layer: number;
  /** The weights' and the KV cache's bytes per element (weight_precision, kv_precision; int4 weights count their group scales). */
  weight_bytes_per_element: number;
  kv_bytes_per_element: number;
  /** Decode with attention: the sequences at attention_context whose KV cache fits per rank beside the weights in 90 % of memory_capacity (vLLM's default gpu_memory_utilization); 0 otherwise. */
  max_sequences: number;
  warnings: FieldError[];
  links: LinkResult[];
  /** The kernels model's kernels, a layer's then the head's; empty in the other models. */
  kernels: KernelResult[];
}

/** A result, or the errors that stop one (never both). */
export type Outcome =
  { result: Result; errors?: undefined } | { result?: undefined; errors: FieldError[] };

/**
 * check()'s outcome: the result with the scenario as the core read it (defaults applied,
 * quantities as SI numbers, precision normalised; what `tplayer --print-scenario` prints, and what
 * solve() accepts back unchanged), or the errors. Every catalogue-backed part (workload,
 * accelerator, link, two-tier link, tier) comes back resolved: an object of all its fields that
 * keeps `preset: 'k'` when it started from entry k (none when it started from no entry). The core
 * decides identity: `entries` lists the paths of the parts whose fields all equal their entry's
 * (`['accelerator']`, `['links', 'nvlink']`, `['links', 'hgx', 'intra_node']`); a part not listed
 * was edited ("NVLink 4, edited").
 */
export type CheckOutcome =
  | {
      result: Result;
      scenario: NormalisedScenario;
      derived: Derivation[];
      entries: (string | number)[][];
      errors?: undefined;
    }
  | {
      result?: undefined;
      scenario?: undefined;
      derived?: undefined;
      entries?: undefined;
      errors: FieldError[];
    };

/**
 * A default the core derived because the scenario left the field out (FieldInfo.derived_from):
 * where it is (`path`, and as dotted text `field`) and the paths of the fields it followed, in
 * the same object, e.g. `{ field: 'collectives_per_layer', path: ['collectives_per_layer'],
 * from: [['pass'], ['recompute']] }`.
 */
export interface Derivation {
  field: string;
  path: (string | number)[];
  from: (string | number)[][];
}

/** A scenario as the core read it: every field present, numbers in SI base units. */
export interface NormalisedScenario extends Scenario {
  type: 'TensorParallelLayerScenario';
  precision: string;
  links: Record<
    string,
    string | (Link & { bandwidth: number; latency: number }) | MeasuredLink | TwoTierLink
  >;
  collectives_per_layer: number;
  link_model: LinkModel;
  launch_overhead: number;
  pass: Pass;
  recompute: boolean;
  attention_context: number;
  compute_model: ComputeModel;
  memory_efficiency: number;
  exchange_precision: string;
  weight_precision: string;
  kv_precision: string;
  allreduce: AllReduce;
  collective: Collective;
}

export type SweepPoint = Outcome & { value: number };

export type SweepField =
  | 'tp_size'
  | 'tokens'
  | 'local_efficiency'
  | 'collectives_per_layer'
  | 'attention_context'
  | 'memory_efficiency';

export interface Preset {
  key: PresetKey;
  title: string;
  /** What the preset teaches, in one sentence. */
  lesson: string;
  /** As the core normalised it: every field present, its derived defaults applied. */
  scenario: NormalisedScenario;
  /** The defaults in `scenario` that the preset leaves to follow its other fields. */
  derived: Derivation[];
  result: Result;
}

/** One input field as the core declares it (the page builds its form hints from these). */
export interface FieldInfo {
  name: string;
  /** How its value is read ("link": one tier of a two-tier link, a preset key, bandwidth or object). */
  kind:
    | 'count'
    | 'real'
    | 'string'
    | 'choice'
    | 'boolean'
    | 'precision'
    | 'link_key'
    | 'workload_key'
    | 'accelerator_key'
    | 'two_tier_key'
    | 'engine_key'
    | 'serving_engine'
    | 'bandwidth'
    | 'time'
    | 'bytes'
    | 'compute'
    | 'workload'
    | 'accelerator'
    | 'links'
    | 'peak_flops'
    | 'protocols'
    | 'custom_branches'
    | 'link'
    | 'rows'
    | 'hf_config';
  required: boolean;
  /** Whether sweep() may vary it. */
  sweepable: boolean;
  /** One line for people. */
  help: string;
  /** Present when the field has a fixed default. */
  default?: number | string | boolean;
  /** The values a "choice" field takes. */
  choices?: string[];
  /** The fields of the same object its default follows when it is left out (it has no fixed default). */
  derived_from?: string[];
}

/** The limits on a scenario, as the core enforces them. */
export interface Limits {
  max_links: number;
  /** Most values one sweep() takes (1024), on every door: the CLI's --sweep and MCP's sweep too. */
  max_sweep_values: number;
  max_protocols: number;
  max_name_bytes: number;
  max_errors: number;
  max_json_bytes: number;
  max_json_depth: number;
  max_count: number;
  min_positive: number;
  max_real: number;
}

export interface Catalog {
  presets: Preset[];
  /**
   * Each entry a scenario can name (workloads, accelerators, links, two-tier links) has a
   * `short_name` for UIs ("GPT-3 175B", "H100 SXM", "NVLink 4", "IB NDR") beside its full name or
   * label.
   */
  workloads: Array<
    Required<Omit<Workload, 'preset' | 'kv_heads' | 'inference_flops'>> &
      Omit<Workload, 'preset'> & { key: string; short_name: string; note?: string; source: string }
  >;
  accelerators: Array<{
    key: string;
    name: string;
    short_name: string;
    peak_flops: Record<string, number>;
    memory_capacity: number;
    memory_bandwidth: number;
    native_link?: string;
    compute_units?: number;
    source: string;
  }>;
  links: Array<{
    key: string;
    label: string;
    short_name: string;
    bandwidth: number;
    latency: number;
    /** Absent: no limit. */
    domain?: number;
    /** Fully connected: bytes/s per direction of each peer link; absent for a switched link. */
    per_peer?: number;
    /** Fitted on published nccl-tests measurements; absent for a link without them. */
    protocols?: Array<Required<Protocol> & { base_latency: number; step_latency: number }>;
    source: string;
    /** Where the protocols came from: the measurement files, or what they were carried over from. */
    calibration?: string;
    /** The serving engine's all-reduce kernels, fitted on published per-call times; absent where none runs. */
    custom?: Array<Required<CustomBranch> & { base_latency: number; step_latency: number }>;
    custom_max_bytes?: number;
    /** Where the custom branches came from. */
    custom_calibration?: string;
  }>;
  /**
   * Two-tier link presets (TP across nodes): a system's node link and network link, each a key of
   * `links`. Give the key as a link (`links: { x: 'hgx_h100_ndr' }`) or edit it as a TwoTierLink.
   */
  /** Serving engines (the kernels model): fitted constants, the versions measured, the source. */
  serving_engines: Array<
    Required<Omit<ServingEngine, 'preset' | 'launch_overhead'>> & {
      key: string;
      launch_overhead?: number;
      kernel_overhead: number;
      step_overhead: number;
      short_name: string;
      versions: string;
      source: string;
    }
  >;
  two_tier_links: Array<{
    key: string;
    label: string;
    short_name: string;
    intra_node: string;
    inter_node: string;
    ranks_per_node: number;
    source: string;
  }>;
  precisions: Array<{ format: string; bytes_per_element: number }>;
  units: Array<{ symbol: string; dimension: 'B' | 'B/s' | 's' | 'FLOP/s'; factor: number }>;
  /** The input fields of each object, in the core's order. */
  fields: {
    scenario: FieldInfo[];
    workload: FieldInfo[];
    accelerator: FieldInfo[];
    serving_engine: FieldInfo[];
    link: FieldInfo[];
    protocol: FieldInfo[];
    custom_branch: FieldInfo[];
    measured_link: FieldInfo[];
    two_tier_link: FieldInfo[];
  };
  limits: Limits;
}

export interface MeasuredRead {
  rows: Array<{ bytes: number; time_s: number; line: number }>;
  ranks: number;
  ranks_from: 'header' | 'busbw/algbw' | '';
  skipped: number;
  first_skipped: Array<{ line: number; text: string; reason: string }>;
  error?: string;
}

/**
 * A measured link, priced on its own curve in both models: what nccl-tests' all_reduce_perf
 * printed (`measured`), or the same table as numbers (`rows`, with `ranks`); exactly one of the two.
 */
export interface MeasuredLink {
  /** The text as printed (rows of size, count, type, redop, root, time, algbw, busbw, ...). */
  measured?: string;
  /**
   * The rows as numbers: [bytes, seconds] each (the message size and its out-of-place time),
   * sizes growing, at least two; priced exactly as the same rows in a text.
   */
  rows?: Array<[number, number]>;
  /** The ranks it ran on; default: the text's "#  Rank" lines, else its busbw/algbw. Required with `rows`. */
  ranks?: number;
  /** The most ranks it joins directly; absent: no limit. */
  domain?: number;
}

/**
 * A scenario as an object, or as its JSON text: text is read by the core's own JSON reader, as
 * `tplayer --json FILE` reads a file (a member given twice is an error on that field, where
 * JSON.parse would keep the last copy; bare NaN / Infinity tokens are read and refused by field).
 */
export type ScenarioInput = Scenario | string;

export interface Tplayer {
  /** Solves a scenario; throws ScenarioError (with every problem) on bad input, never anything else. */
  solve(scenario: ScenarioInput): Result;
  /** Like solve, but returns the errors instead of throwing, and the normalised scenario with a result. */
  check(scenario: ScenarioInput): CheckOutcome;
  /**
   * Solves the scenario once per value of one numeric field, inside WebAssembly in one call: one
   * point per value, in order, each a result or that value's errors (a field that cannot be
   * swept gives every point an error on the field "sweep"). Throws ScenarioError when `field` is
   * not a string, `values` is not an array of numbers or holds more than
   * `catalog().limits.max_sweep_values` (1024) of them, the error at "values".
   */
  sweep(scenario: ScenarioInput, field: SweepField, values: readonly number[]): SweepPoint[];
  /**
   * What the core reads from nccl-tests all_reduce_perf output, before anything is priced: the
   * kept rows, the rank count it found (0: none; then give `ranks` with the link), the lines
   * it passed over (the first few, with why), and the error that stops it, if any. Throws
   * ScenarioError when `text` is not a string or is longer than the JSON limit.
   */
  readMeasured(text: string): MeasuredRead;
  /**
   * The verdict card: the scenario's result drawn as a self-contained SVG image (640 px wide,
   * text as text, system fonts, no external references), the very bytes `tplayer --format svg`
   * prints. `title` replaces the default "<workload>, TP <n>"; `permalink` is printed at its
   * foot. The first call loads the card's own module (tplayer-card.js and tplayer-card.wasm.gz,
   * beside tplayer.js); rejects with ScenarioError on bad input.
   */
  card(scenario: ScenarioInput, text?: CardText): Promise<string>;
  /**
   * The catalogue: presets (with solved results, each solved when first read), workloads,
   * accelerators, links, two-tier links, precisions, units; each entry with its source. Loaded once: the same deeply frozen object
   * every call (copy with structuredClone before editing).
   */
  catalog(): Catalog;
  /** Scenario presets by key, each with its solved `.result` (the catalogue's presets, frozen). */
  readonly Scenarios: Readonly<Record<string, Preset>>;
  readonly ScenarioError: typeof ScenarioError;
  /** The package version, e.g. "0.1.0". */
  readonly version: string;
}

/** Thrown by solve (and sweep on bad arguments); `errors` names every problem by field. */
export class ScenarioError extends Error {
  readonly name: 'ScenarioError';
  readonly errors: FieldError[];
  constructor(errors: FieldError[]);
}

/** What card() prints besides the result. */
export interface CardText {
  /** The card's title; default "<workload>, TP <n>". */
  title?: string;
  /** A link printed at the card's foot, as text (the page's permalink of the view). */
  permalink?: string;
}

export interface LoadOptions {
  /**
   * Where the gzip-compressed wasm lies (relative to tplayer.js, or absolute); by default
   * tplayer.wasm.gz beside tplayer.js, fetched (read from disk in Node, for a file: URL) and
   * compiled while it streams in.
   */
  wasmUrl?: string | URL;
  /** The raw (uncompressed) wasm bytes, when the host wants to supply them itself: nothing is fetched. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * Where the card's gzip-compressed wasm lies (relative to tplayer.js, or absolute); by default
   * tplayer-card.wasm.gz beside `wasmUrl` when that is given, else beside tplayer.js. Fetched
   * the first time card() is called.
   */
  cardWasmUrl?: string | URL;
}

/** Loads the module once; later calls return the same promise (and ignore their options). */
export function load(options?: LoadOptions): Promise<Tplayer>;
