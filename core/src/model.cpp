// Stage 3: the model of docs/model.md#the-layer on a scenario that validate() accepted, and the
// warnings that come with its result.
#include <algorithm>
#include <cmath>

#include "internal.hpp"
#include "tplayer/catalog.hpp"
#include "tplayer/format.hpp"
#include "tplayer/limits.hpp"
#include "tplayer/precision.hpp"
#include "tplayer/tplayer.hpp"
#include "tplayer/units.hpp"

namespace tplayer {

namespace {

// docs/model.md#two-tier-links: how a two-tier link's ranks sit at tp_size n: on N = n / g nodes of
// g, or on one node while n <= g (where the intra-node link alone carries the all-reduce).
struct Nodes {
  std::int64_t count = 1;
  std::int64_t per_node = 1;
};
Nodes nodes_of(const Link& link, std::int64_t n) {
  const std::int64_t g = std::max<std::int64_t>(link.ranks_per_node, 1);
  return n <= g ? Nodes{1, n} : Nodes{n / g, g};
}

using AllReduce = AllReduceTime;

// The logits' gather after a vocab-parallel LM head (docs/model.md#the-whole-step): one all-gather,
// which NCCL prices as one phase of a ring (n-1 steps moving (n-1)/n of M) and NVLS at its busBw
// (docs/model.md#sequence-parallelism).
constexpr CollectiveKind kAllGather{"all_gather", 1, 1, 5.0 / 6.0};

// docs/model.md#the-layer and #sequence-parallelism: a ring collective at line rate, alpha per
// step: its phases of n-1 steps, each moving (n-1)/n of M (0 when n = 1).
AllReduce line_rate_time(double bandwidth, double latency, double n, double message,
                         const CollectiveKind& kind) {
  const double share = kind.phases * (n - 1) / n;  // of M that each rank sends
  return {share * message / bandwidth, kind.phases * (n - 1) * latency, kRing, share * message};
}

// docs/model.md#nccl-links: whether NCCL may run branch `p` on `link`: nvls only within the
// link's domain, a tree only for an all-reduce (NCCL has no tree reduce-scatter or all-gather), an
// NVLS-tree only for an all-reduce across the nodes of a two-tier link whose node link has NVLS
// (`nvls_nodes`), a one-shot only for an all-reduce on a fully connected link within its domain.
bool may_run(const Protocol& p, const Link& link, bool within_domain, bool all_reduce,
             bool nvls_nodes = false) {
  if (p.pattern == kNvls) return within_domain;
  if (p.pattern == kTree) return all_reduce;
  if (p.pattern == kNvlsTree) return all_reduce && nvls_nodes;
  if (p.pattern == kOneShot) return all_reduce && within_domain && link.is_fully_connected();
  return true;
}

// docs/model.md#custom-all-reduce: one of the serving engine's kernels over peer memory (and
// NCCL's one-shot branch, RCCL's one-pass kernel, which moves the data as the engine's does).
// One-shot: each rank reads the other n-1 buffers whole; two-shot: reduce-scatter then all-gather,
// 2(n-1)/n of M; multimem (nvls): M crosses the switch once. Steps are per peer (one-shot) or per
// peer and phase.
AllReduce custom_branch_time(const Protocol& p, double n, double message, double bandwidth) {
  const double share = p.pattern == kOneShot ? n - 1 : p.pattern == kTwoShot ? 2 * (n - 1) / n : 1;
  const double steps = p.pattern == kOneShot ? n - 1 : p.pattern == kTwoShot ? 2 * (n - 1) : 0;
  return {share * message / (p.efficiency * bandwidth), p.base_latency + steps * p.step_latency,
          p.name, share * message};
}

// docs/model.md#nccl-links and #sequence-parallelism: the fastest of the link's protocol branches
// that may run (the first on a tie), with the collective's factors. A tree (and an NVLS-tree
// across nodes) moves M up and M down, 2 ceil(log2 n) steps; a one-shot reads (n-1) M, M over each
// of the n-1 links (`bandwidth` is theirs together), a step per peer. None when no branch may run.
std::optional<AllReduce> nccl_time(const Link& link, double bandwidth, double n, double message,
                                   bool within_domain, const CollectiveKind& kind,
                                   bool nvls_nodes = false) {
  if (n <= 1) return AllReduce{};
  std::optional<AllReduce> best;
  for (const Protocol& p : link.protocols) {
    if (!may_run(p, link, within_domain, kind.name == kAllReduce, nvls_nodes)) continue;
    const bool nvls = p.pattern == kNvls;
    const bool tree = p.pattern == kTree || p.pattern == kNvlsTree;
    const double share = nvls ? 1 : tree ? 2 : kind.phases * (n - 1) / n;
    const double steps = nvls ? 0 : tree ? 2 * std::ceil(std::log2(n)) : kind.phases * (n - 1);
    const AllReduce t =
        p.pattern == kOneShot
            ? custom_branch_time(p, n, message, bandwidth)
            : AllReduce{(nvls ? kind.nvls : 1) * share * message / (p.efficiency * bandwidth),
                        p.base_latency + steps * p.step_latency, p.name, share * message};
    if (!best || t.bandwidth_time + t.latency_time < best->bandwidth_time + best->latency_time)
      best = t;
  }
  return best;
}

bool within_domain(const Link& link, std::int64_t n) { return !link.domain || n <= *link.domain; }

// docs/model.md#nccl-links: the link has branches but none may run the scenario's collective on
// `ranks` (tree branches run an all-reduce alone; nvls ones within the domain; NVLS-tree ones
// across the nodes of a two-tier link whose node link has NVLS: `nvls_nodes`), so it is priced at
// line rate plus the launch.
bool no_branch_runs(const Scenario& s, const Link& link, std::int64_t ranks, bool nvls_nodes) {
  const bool all_reduce = s.collective != kReduceScatterAllGather;
  return s.link_model == kNccl && ranks > 1 && !link.protocols.empty() &&
         std::none_of(link.protocols.begin(), link.protocols.end(), [&](const Protocol& p) {
           return may_run(p, link, within_domain(link, ranks), all_reduce, nvls_nodes);
         });
}

// What no_branch_runs warns, by collective.
std::string_view no_branch_text(const Scenario& s) {
  return s.collective == kReduceScatterAllGather
             ? "no branch runs the reduce-scatter and all-gather (NCCL runs a tree or a one-shot "
               "for an all-reduce alone): priced at line rate plus the launch overhead"
             : "no branch runs the all-reduce here (an NVLS-tree runs only across the nodes of a "
               "two-tier link whose node link has NVLS, a one-shot only on a fully connected "
               "link within its domain): priced at line rate plus the launch overhead";
}

// Whether a two-tier link's NVLS-tree branches may run across its nodes: its node link has NVLS
// within the node.
bool nvls_in_node(const Link& intra, std::int64_t per_node) {
  return within_domain(intra, per_node) &&
         std::any_of(intra.protocols.begin(), intra.protocols.end(),
                     [](const Protocol& p) { return p.pattern == kNvls; });
}

// Whether the link's custom kernels may take this all-reduce: they are given, the message is
// within their limit, and every rank is one peer-memory hop from every other (the domain).
bool custom_runs(const Link& link, std::int64_t n, double message) {
  return !link.custom.empty() && n > 1 && within_domain(link, n) &&
         message <= link.custom_max_bytes;
}

// M = T h b_x: the bytes of one all-reduce, in the exchange's own number format
// (docs/model.md#custom-all-reduce; 0 for an unknown precision, which the reader refuses).
double message_bytes(const Scenario& s) {
  const auto precision = parse_precision(exchange_precision(s));
  return static_cast<double>(s.tokens) * static_cast<double>(s.workload.hidden_dim) *
         (precision ? precision->bytes_per_element : 0);
}

// A mixture of experts computes with fewer parameters than it holds (inference_flops < 2P).
bool mixture_of_experts(const Workload& w) {
  return w.inference_flops.value_or(2 * w.parameters) < 2 * w.parameters;
}

// docs/model.md#the-roofline: the bytes one rank reads from memory in one pass of the layer, split
// `ranks` ways: its share of the weights (each read once per product the pass computes) and, in a
// decode pass, its sequences' K and V (KV heads replicated once the ranks outnumber them).
struct MemoryTraffic {
  double weights = 0;   // per pass, with the pass's rereads
  double kv_cache = 0;  // per layer
  double total() const { return weights + kv_cache; }
};
// The share of an accelerator's memory a serving engine gives to weights and KV cache: vLLM's
// default gpu_memory_utilization, 0.9 (the rest: activations, CUDA graphs, the runtime).
constexpr double kKvMemoryFraction = 0.9;

[[gnu::noinline]] MemoryTraffic memory_traffic(const Scenario& s, double ranks) {
  const Workload& w = s.workload;
  const double b = weight_bytes_per_element(s);
  const double kv_b = kv_bytes_per_element(s);
  const double parameters = w.parameters;
  const double tokens = static_cast<double>(s.tokens);
  // A mixture of experts reads the experts its tokens route to: at most the whole layer.
  const double read =
      mixture_of_experts(w) ? std::min(parameters, tokens * *w.inference_flops / 2) : parameters;
  MemoryTraffic t;
  t.weights = read / static_cast<double>(w.layers) * b / ranks * compute_multiplier(s);
  if (s.pass == kDecode) {
    const double kv_heads = static_cast<double>(w.kv_heads.value_or(w.heads));
    const double heads_per_rank = ranks <= kv_heads ? kv_heads / ranks : 1;
    const double head_dim = head_width(w);
    t.kv_cache =
        tokens * static_cast<double>(s.attention_context) * 2 * heads_per_rank * head_dim * kv_b;
  }
  return t;
}

}  // namespace

namespace {

// A message of pieces, joined out of line: one call in place of a chain of string additions
// inlined at every warning (the module's size).
[[gnu::noinline]] std::string cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (const std::string_view part : parts) out += part;
  return out;
}

// A warning at `at`, of pieces.
[[gnu::noinline]] void warn(std::vector<FieldError>& out, const Where& at,
                            std::initializer_list<std::string_view> parts) {
  out.emplace_back(at.path(), cat(parts));
}

}  // namespace

// Beyond these a scenario is more likely a slip than a step (issue 22): more tokens than Llama 3
// 405B's largest batch (16M, Dubey et al. 2024, section 3.4), or a layer slower than 10 s.
constexpr std::int64_t kMostTokensPerStep = std::int64_t{1} << 24;
constexpr double kLongestLayerSeconds = 10;

namespace {

// docs/model.md#runnable: why the setup cannot run on a link ("" when it can), in words a
// summary can quote after "cannot run: ".
std::string not_runnable_because(const Scenario& s, const Result& r, const LinkResult& l) {
  std::vector<std::string> why;
  if (!r.fits_in_memory) {
    const std::string held =
        r.kv_cache_per_rank_bytes > 0
            ? "the weights and KV cache per rank (" +
                  format_quantity(r.weights_per_rank_bytes + r.kv_cache_per_rank_bytes,
                                  Dimension::Bytes) +
                  ")"
            : "the weights per rank (" +
                  format_quantity(r.weights_per_rank_bytes, Dimension::Bytes) + ")";
    why.push_back(held + " do not fit in a GPU's " +
                  format_quantity(r.memory_capacity_bytes, Dimension::Bytes) + " of memory");
  }
  const std::string tp = "TP " + whole_number(s.tp_size);
  if (s.tp_size > s.workload.heads)
    why.push_back(tp + " is more than the " + whole_number(s.workload.heads) + " attention heads");
  if (!l.within_domain) {
    why.push_back(l.node_count > 1
                      ? tp + " needs more ranks per node, or more nodes, than the link joins"
                      : tp + " is more than the " + format_number(l.domain) +
                            " GPUs the link joins directly");
  }
  std::string out;
  for (const std::string& reason : why) {
    if (!out.empty()) out += "; ";
    out += reason;
  }
  return out;
}

}  // namespace

std::vector<FieldError> warnings(const Scenario& s) {
  std::vector<FieldError> out;
  const Where root;
  const std::int64_t n = s.tp_size;
  const std::string tp = "tp_size " + whole_number(n);
  if (n > s.workload.heads) {
    warn(out, root.key("tp_size"),
         {tp, " is more than the ", whole_number(s.workload.heads),
          " attention heads: some ranks get no head to compute"});
  } else if (s.workload.heads % n != 0) {
    warn(out, root.key("tp_size"),
         {tp, " does not divide the ", whole_number(s.workload.heads),
          " attention heads: ranks get unequal shares"});
  }
  if (s.workload.hidden_dim % n != 0) {
    warn(out, root.key("tp_size"),
         {tp, " does not divide hidden_dim ", whole_number(s.workload.hidden_dim),
          ": the weight matrices cannot be split evenly"});
  }
  const double weights =
      s.workload.parameters * weight_bytes_per_element(s) / static_cast<double>(n);
  const double kv_cache =
      static_cast<double>(s.workload.layers) * memory_traffic(s, static_cast<double>(n)).kv_cache;
  if (weights + kv_cache > s.accelerator.memory_capacity) {
    const std::string w = format_quantity(weights, Dimension::Bytes);
    const std::string held =
        kv_cache > 0 ? cat({"the weights (", w, ") and KV cache (",
                            format_quantity(kv_cache, Dimension::Bytes), ") per rank do not fit"})
                     : cat({"the weights per rank (", w, ") do not fit"});
    warn(out, root.key("accelerator").key("memory_capacity"),
         {held, " in the accelerator's memory (",
          format_quantity(s.accelerator.memory_capacity, Dimension::Bytes), ", ",
          format_binary_bytes(s.accelerator.memory_capacity), ")"});
  }
  if (s.compute_model == kKernels && !s.accelerator.compute_units) {
    warn(out, root.key("accelerator").key("compute_units"),
         {"the accelerator has no compute_units (SMs or CUs): the kernels model prices every GEMM "
          "as if its tiles filled the chip (no wave quantisation)"});
  }
  if (s.compute_model == kKernels && s.workload.experts > 1) {
    warn(out, root.key("workload").key("experts"),
         {"a mixture of experts: the kernels model routes tokens evenly, each expert that receives "
          "tokens read once (real routing is uneven: the busiest expert sets the time)"});
  }
  if (s.compute_model == kRoofline && mixture_of_experts(s.workload)) {
    warn(out, root.key("workload").key("inference_flops"),
         {"a mixture of experts: the roofline reads the experts its tokens route to as "
          "min(parameters, tokens x active parameters), an upper bound (tokens that share an "
          "expert read it once)"});
  }
  if (allreduce_of(s) == kCustom && s.link_model != kNccl) {
    warn(out, root.key("allreduce"),
         {"the serving engine's all-reduce is priced in the nccl link model only: at line rate "
          "every all-reduce is the ring's"});
  } else if (allreduce_of(s) == kCustom && !custom_allreduce(s)) {
    warn(out, root.key("allreduce"),
         {"the serving engine's kernels run all-reduces only: each reduce-scatter and all-gather "
          "is NCCL's"});
  }
  if (pass_of(s).compute_multiplier > 1) {
    warn(out, root.key("pass"),
         {"a ", pass_of(s).name, " pass also holds gradients",
          pass_of(s).name == "training" ? ", optimizer state" : "",
          " and activations: the memory fit counts the weights only"});
  }
  // A serving engine's own all-reduce falls back to NCCL off peer memory as a matter of course:
  // said only when the custom all-reduce is not the engine's own choice.
  const bool asked_custom = !(s.serving_engine && s.serving_engine->allreduce == kCustom);
  const Where links = root.key("links");
  for (std::size_t i = 0; i < s.links.size(); ++i) {
    const Link& link = s.links[i];
    const Where at = link_where(links, std::span(s.links.data(), i), link.name);
    if (!within_domain(link, n)) {
      warn(out, at,
           {tp, " is more than the ", whole_number(*link.domain),
            " ranks this link joins directly (its domain): priced as if one ring reached them "
            "all"});
    }
    if (link.is_fully_connected() && n > 1 && link_bandwidth(link, n) < link.bandwidth) {
      warn(out, at,
           {"fully connected: each GPU has one link to each peer (",
            format_quantity(*link.per_peer, Dimension::Bandwidth), " per direction) and ", tp,
            " uses only the ", whole_number(n - 1),
            " to its group: ", format_quantity(link_bandwidth(link, n), Dimension::Bandwidth),
            " of the fabric's ", format_quantity(link.bandwidth, Dimension::Bandwidth)});
    }
    if (link.is_measured()) {
      const double message = message_bytes(s);
      const MeasuredTime t =
          measured_allreduce(link.measured_rows, link.measured_ranks, n, message);
      const std::string m = format_quantity(message, Dimension::Bytes);
      if (t.below_smallest)
        warn(out, at,
             {"the all-reduce (", m,
              ") is smaller than the smallest measured size: priced at that row's time (a "
              "latency floor)"});
      if (t.above_largest)
        warn(out, at,
             {"the all-reduce (", m,
              ") is larger than the largest measured size: extrapolated at the largest row's "
              "algbw"});
      if (t.rescaled)
        warn(out, at,
             {"measured on ", whole_number(link.measured_ranks), " ranks, priced at ", tp,
              " by the ring's bus-bandwidth factor 2(n-1)/n, which holds for bandwidth-bound "
              "sizes"});
      continue;
    }
    if (link.is_two_tier()) {
      const Nodes nodes = nodes_of(link, n);
      const Link& intra = link.tiers[0];
      const Link& inter = link.tiers[1];
      if (nodes.count == 1 && !within_domain(intra, n))
        warn(out, at,
             {tp, " is more than the ", whole_number(intra.domain.value_or(0)),
              " ranks the intra-node link joins directly"});
      if (nodes.count > 1 && !within_domain(intra, nodes.per_node))
        warn(out, at,
             {"ranks_per_node ", whole_number(nodes.per_node),
              " is more than the intra-node link's domain of ",
              whole_number(intra.domain.value_or(0))});
      if (nodes.count > 1 && !within_domain(inter, nodes.count))
        warn(out, at,
             {whole_number(nodes.count), " nodes are more than the inter-node link's domain of ",
              whole_number(inter.domain.value_or(0))});
      if (custom_allreduce(s) && asked_custom && nodes.count > 1)
        warn(out, at,
             {"the custom all-reduce runs over peer memory inside one node: across nodes it is "
              "NCCL's"});
      else if (custom_allreduce(s) && asked_custom && n > 1 && intra.custom.empty())
        warn(out, at, {"no custom all-reduce calibration for the intra-node link: priced by NCCL"});
      const Link& pricing = nodes.count == 1 ? intra : inter;
      if (s.link_model == kNccl && pricing.protocols.empty() && n > 1)
        warn(out, at,
             {"no NCCL calibration for the ", nodes.count == 1 ? "intra" : "inter",
              "-node link: priced at line rate plus the launch overhead"});
      else if (no_branch_runs(s, pricing, nodes.count == 1 ? n : nodes.count,
                              nodes.count > 1 && nvls_in_node(intra, nodes.per_node)))
        warn(out, at, {nodes.count == 1 ? "intra" : "inter", "-node link: ", no_branch_text(s)});
      continue;
    }
    if (custom_allreduce(s) && asked_custom && n > 1 && link.custom.empty()) {
      warn(out, at,
           {"no custom all-reduce calibration for this link (the serving engines run theirs over "
            "NVLink or PCIe peer-to-peer inside one node): priced by NCCL"});
    } else if (custom_allreduce(s) && asked_custom && n > 1 && !within_domain(link, n)) {
      warn(out, at,
           {"the custom all-reduce needs every rank one peer-memory hop from every other, and "
            "tp_size is beyond the domain: priced by NCCL"});
    }
    if (s.link_model == kNccl && link.protocols.empty()) {
      warn(out, at,
           {"no NCCL calibration for this link: priced at line rate plus the launch overhead"});
    } else if (s.link_model == kNccl && n > 1 &&
               std::none_of(link.protocols.begin(), link.protocols.end(),
                            [](const Protocol& p) { return p.pattern != kNvls; }) &&
               !within_domain(link, n)) {
      warn(out, at,
           {"only NVLS branches, which need the switch, and tp_size is beyond the domain: priced "
            "at line rate plus the launch overhead"});
    } else if (no_branch_runs(s, link, n, false)) {
      warn(out, at, {no_branch_text(s)});
    }
  }
  if (collectives_per_layer(s) == 0) {
    warn(out, root.key("collectives_per_layer"),
         {"collectives_per_layer is 0: no all-reduce is priced, so every link shows compute "
          "only"});
  }
  return out;
}

namespace {

// docs/model.md#measured-links: the measured curve, in both models and with no launch overhead (the
// measurement holds it). Its bandwidth term is the ring's bytes at the largest row's busbw, at most
// the time.
AllReduce measured_allreduce_time(const Link& link, std::int64_t ranks, double message_bytes) {
  const double n = static_cast<double>(ranks);
  const double share = ranks > 1 ? 2 * (n - 1) / n : 0;
  const double time =
      measured_allreduce(link.measured_rows, link.measured_ranks, ranks, message_bytes).time_s;
  const double bandwidth = bus_bandwidth(link.measured_rows.back(), link.measured_ranks);
  const double bandwidth_time = std::min(share * message_bytes / bandwidth, time);
  return {bandwidth_time, time - bandwidth_time, "measured", share * message_bytes, time};
}

// mlsysim's hierarchical collective at line rate (docs/model.md#two-tier-links,
// #sequence-parallelism): the node's reduce-scatter (and, for an all-reduce, its all-gather), and
// across the N nodes the collective on M/g over each rank's own network link at `inter_bandwidth`.
// Also the intra-node part.
AllReduce two_tier_line_rate(const Link& intra, const Link& inter, double inter_bandwidth, double g,
                             double nodes, double message, const CollectiveKind& kind,
                             double* intra_time) {
  const double rs_bandwidth =
      (g - 1) / g * message / link_bandwidth(intra, static_cast<std::int64_t>(g));
  const double rs_latency = (g - 1) * intra.latency;
  const AllReduce across = line_rate_time(inter_bandwidth, inter.latency, nodes, message / g, kind);
  if (intra_time) *intra_time = kind.phases * (rs_bandwidth + rs_latency);
  AllReduce out{kind.phases * rs_bandwidth + across.bandwidth_time,
                kind.phases * rs_latency + across.latency_time, kRing,
                kind.phases * (g - 1) / g * message + across.bytes_per_rank};
  out.intra_bandwidth_time = kind.phases * rs_bandwidth;
  return out;
}

AllReduce collective_time(const Link& link, double bandwidth, std::int64_t ranks, double message,
                          std::string_view link_model, double launch, bool custom,
                          const CollectiveKind& kind);

// A two-tier link (docs/model.md#two-tier-links), `bandwidth` its node link's while the ranks fit
// one node, its network link's beyond.
AllReduce two_tier_time(const Link& link, double bandwidth, std::int64_t ranks, double message,
                        std::string_view link_model, double launch, bool custom,
                        const CollectiveKind& kind) {
  const Nodes at = nodes_of(link, ranks);
  if (at.count == 1)
    return collective_time(link.tiers[0], bandwidth, ranks, message, link_model, launch, custom,
                           kind);
  const Link& intra = link.tiers[0];
  const Link& inter = link.tiers[1];
  const double g = static_cast<double>(at.per_node);
  AllReduce out = two_tier_line_rate(intra, inter, bandwidth, g, static_cast<double>(at.count),
                                     message, kind, nullptr);
  if (link_model == kNccl && !inter.protocols.empty()) {
    // NCCL's hierarchical algorithms follow the node's aggregate network bandwidth: the inter-
    // node link's branches with N ranks at g x its bandwidth (docs/model.md#two-tier-links). With
    // none that may run (tree branches only, a reduce-scatter and an all-gather), the line-rate
    // hierarchy below, as for a network link without branches.
    const double nodes = static_cast<double>(at.count);
    if (const auto t =
            nccl_time(inter, g * bandwidth, nodes, message, within_domain(inter, at.count), kind,
                      nvls_in_node(intra, at.per_node))) {
      const double bytes = out.bytes_per_rank;
      out = *t;
      out.bytes_per_rank = bytes;
    }
  }
  out.latency_time += launch;
  return out;
}

// One call of a collective on a link, with the bandwidth a hiding search varies (see
// varied_bandwidth) set to `bandwidth`; the launch added when n > 1 (not on a measured link).
AllReduce collective_time(const Link& link, double bandwidth, std::int64_t ranks, double message,
                          std::string_view link_model, double launch, bool custom,
                          const CollectiveKind& kind) {
  if (link.is_measured()) return measured_allreduce_time(link, ranks, message);
  if (link.is_two_tier())
    return two_tier_time(link, bandwidth, ranks, message, link_model, launch, custom, kind);
  const double n = static_cast<double>(ranks);
  const AllReduce line = line_rate_time(bandwidth, link.latency, n, message, kind);
  const bool nccl = link_model == kNccl;
  AllReduce out =
      nccl && !link.protocols.empty()
          ? nccl_time(link, bandwidth, n, message, within_domain(link, ranks), kind).value_or(line)
          : line;
  if (nccl && custom && custom_runs(link, ranks, message)) {
    // The engine's kernels compete with NCCL's branches: the fastest runs (NCCL on a tie).
    for (const Protocol& p : link.custom) {
      const AllReduce t = custom_branch_time(p, n, message, bandwidth);
      if (t.time() < out.time()) out = t;
    }
  }
  if (ranks > 1) out.latency_time += launch;
  return out;
}

// The bandwidth docs/model.md#the-hiding-bandwidth's hiding search varies: the link's own; a
// two-tier link's node link while its ranks fit one node, its network link beyond (a measured
// link's is its bus bandwidth).
double varied_bandwidth(const Link& link, std::int64_t ranks) {
  if (!link.is_two_tier()) return link_bandwidth(link, ranks);
  const Nodes at = nodes_of(link, ranks);
  return at.count > 1 ? link.tiers[1].bandwidth : link_bandwidth(link.tiers[0], ranks);
}

// How every link of a scenario prices one of the layer's c exchanges.
struct Pricing {
  std::int64_t ranks;
  double message;
  std::string_view link_model;
  double launch;
  bool custom;
  const CollectiveKind& kind;
};

// One exchange (docs/model.md#sequence-parallelism): the collective's calls, each priced alone
// (NCCL prices the reduce- scatter and the all-gather alike, so the second is the first again).
AllReduce exchange_time(const Link& link, double bandwidth, const Pricing& p) {
  AllReduce t = collective_time(link, bandwidth, p.ranks, p.message, p.link_model, p.launch,
                                p.custom, p.kind);
  t.bandwidth_time *= p.kind.calls;
  t.latency_time *= p.kind.calls;
  t.bytes_per_rank *= p.kind.calls;
  t.intra_bandwidth_time *= p.kind.calls;
  if (t.measured_time >= 0) t.measured_time *= p.kind.calls;
  return t;
}

// docs/model.md#sequence-parallelism: the varied bandwidth at which `c` exchanges take `compute`
// seconds, and it over the link's own (`own`); {0, 0} when none does or nothing is exchanged. In
// the varied bandwidth b an exchange takes, on each branch, rest + scaled / b; the time is the
// least of those lines. At line rate and on a measured link one line (`t`, priced at `own`): the
// closed form. In the nccl model the search starts where the branch with the least fixed cost runs
// (b unbounded) and steps to where the running line takes the target: the lines lie above their
// least, so every step lands at or above the answer and the steps only fall, reaching it exactly
// once they stay on one line (at most one step per branch). A bandwidth above kMaxReal counts as
// none.
constexpr int kMaxHidingSteps = 64;
HidingBandwidth hiding_search(const Link& link, const Pricing& p, double c, double compute,
                              double own, AllReduce t) {
  if (c <= 0 || t.time() <= 0) return {};
  const double target = compute / c;
  const bool search = p.link_model == kNccl && !link.is_measured();
  double b = own;
  if (search) t = exchange_time(link, b = kMaxReal, p);
  for (int step = 0; step < kMaxHidingSteps; ++step) {
    const double scaled = t.bandwidth_time - t.intra_bandwidth_time;
    const double rest = t.time() - scaled;
    if (rest >= target) return {};
    const double next = b * scaled / (target - rest);
    if (search && next >= b) {
      if (step == 0) return {};  // beyond kMaxReal, the largest bandwidth the model takes
      break;
    }
    b = next;
    if (!search) break;
    t = exchange_time(link, b, p);
  }
  if (!(b <= kMaxReal)) return {};  // beyond any bandwidth the model takes: none hides it
  return {b, b / own};
}

// The pricing of a scenario's exchanges (docs/model.md#the-hiding-bandwidth), and the bandwidth a
// link's hiding search starts from (its bus bandwidth for a measured link).
Pricing pricing_of(const Scenario& s, double message) {
  return {s.tp_size,           message,         s.link_model, launch_overhead(s),
          custom_allreduce(s), collective_of(s)};
}
double own_bandwidth(const Link& link, std::int64_t ranks) {
  return link.is_measured() ? bus_bandwidth(link.measured_rows.back(), link.measured_ranks)
                            : varied_bandwidth(link, ranks);
}

}  // namespace

HidingBandwidth hiding_bandwidth(const Scenario& s, const Link& link, double compute_time_s) {
  const Pricing p = pricing_of(s, message_bytes(s));
  return hiding_search(link, p, static_cast<double>(collectives_per_layer(s)), compute_time_s,
                       own_bandwidth(link, s.tp_size),
                       exchange_time(link, varied_bandwidth(link, s.tp_size), p));
}

AllReduceTime allreduce_time(const Link& link, std::int64_t ranks, double message_bytes,
                             std::string_view link_model, double launch, bool custom) {
  return collective_time(link, varied_bandwidth(link, ranks), ranks, message_bytes, link_model,
                         launch, custom, kCollectiveKinds[0]);
}

AllReduceTime custom_branch_time(const Protocol& branch, const Link& link, std::int64_t ranks,
                                 double message_bytes, double launch) {
  if (ranks <= 1) return {};
  AllReduce t = custom_branch_time(branch, static_cast<double>(ranks), message_bytes,
                                   link_bandwidth(link, ranks));
  t.latency_time += launch;
  return t;
}

double link_bandwidth(const Link& link, std::int64_t ranks) {
  if (!link.per_peer || ranks < 2) return link.bandwidth;
  return std::min(link.bandwidth, static_cast<double>(ranks - 1) * *link.per_peer);
}

bool same_link(const Link& a, const Link& b) {
  return a.form == b.form && a.bandwidth == b.bandwidth && a.latency == b.latency &&
         a.domain == b.domain && a.per_peer == b.per_peer && a.protocols == b.protocols &&
         a.custom == b.custom && a.custom_max_bytes == b.custom_max_bytes &&
         a.measured == b.measured && a.ranks == b.ranks && a.ranks_per_node == b.ranks_per_node &&
         std::equal(a.tiers.begin(), a.tiers.end(), b.tiers.begin(), b.tiers.end(), same_link);
}

double launch_overhead(const Scenario& s) {
  if (s.launch_overhead) return *s.launch_overhead;
  if (s.link_model != kNccl) return 0.0;
  if (s.serving_engine && s.serving_engine->launch_overhead)
    return *s.serving_engine->launch_overhead;
  return kNcclLaunchOverhead;
}

std::string_view allreduce_of(const Scenario& s) {
  if (s.allreduce) return *s.allreduce;
  return s.serving_engine ? std::string_view(s.serving_engine->allreduce) : kAllReduces[0];
}

const PassKind& pass_of(const Scenario& s) {
  for (const PassKind& p : kPasses)
    if (p.name == s.pass) return p;
  return kPasses[0];
}

int compute_multiplier(const Scenario& s) {
  return pass_of(s).compute_multiplier + (s.recompute ? kRecomputeMultiplier : 0);
}

std::int64_t collectives_per_layer(const Scenario& s) {
  if (s.collectives_per_layer) return *s.collectives_per_layer;
  return pass_of(s).collectives_per_layer + (s.recompute ? kRecomputeCollectives : 0);
}

std::string exchange_precision(const Scenario& s) {
  return s.exchange_precision.value_or(s.precision);
}

std::string weight_precision(const Scenario& s) { return s.weight_precision.value_or(s.precision); }

std::string kv_precision(const Scenario& s) { return s.kv_precision.value_or(s.precision); }

// AWQ and GPTQ quantise in groups of 128 weights, each with a 16-bit scale (llm-awq's and
// AutoGPTQ's default q_group_size / group_size = 128): 0.5 + 2 / 128 bytes per weight.
constexpr double kInt4GroupSize = 128;
constexpr double kInt4ScaleBytes = 2;

double weight_bytes_per_element(const Scenario& s) {
  const auto p = parse_precision(weight_precision(s));
  if (!p) return 0;
  return p->format == "int4" ? p->bytes_per_element + kInt4ScaleBytes / kInt4GroupSize
                             : p->bytes_per_element;
}

double kv_bytes_per_element(const Scenario& s) {
  const auto p = parse_precision(kv_precision(s));
  return p ? p->bytes_per_element : 0;
}

bool custom_allreduce(const Scenario& s) {
  return allreduce_of(s) == kCustom && s.link_model == kNccl && collective_of(s).calls == 1;
}

const CollectiveKind& collective_of(const Scenario& s) {
  return kCollectiveKinds[s.collective == kReduceScatterAllGather];
}

Result solve(const Scenario& s) {
  const Precision precision = *parse_precision(s.precision);
  const double peak = find_peak(s.accelerator, s.precision)->flops_per_s;

  const double n = static_cast<double>(s.tp_size);
  const double tokens = static_cast<double>(s.tokens);
  const double c = static_cast<double>(collectives_per_layer(s));
  const double multiplier = compute_multiplier(s);
  const double b = precision.bytes_per_element;
  const double eta = s.local_efficiency;
  const double flops_per_token = s.workload.inference_flops.value_or(2 * s.workload.parameters);
  const bool roofline = s.compute_model == kRoofline;

  // docs/model.md#passes: one forward is the matmuls plus attention (QK^T and AV: 4 h T context
  // FLOPs); the pass costs `multiplier` forwards.
  const double matmul_flops = flops_per_token / static_cast<double>(s.workload.layers) * tokens;
  const double attention_flops =
      4 * query_width(s.workload) * tokens * static_cast<double>(s.attention_context);

  Result r;
  r.pass = pass_of(s).name;
  r.compute_multiplier = multiplier;
  r.attention_flops_per_layer = multiplier * attention_flops;
  r.flops_per_layer = multiplier * (matmul_flops + attention_flops);
  r.flops_per_rank = r.flops_per_layer / n;
  r.flop_time_s = r.flops_per_rank / (peak * eta);
  r.single_device_flop_time_s = r.flops_per_layer / (peak * eta);

  // docs/model.md#the-roofline: the memory term, in both models (the flops model shows it without
  // using it).
  const double memory_rate = s.accelerator.memory_bandwidth * s.memory_efficiency;
  const MemoryTraffic per_rank = memory_traffic(s, n);
  r.memory_bytes_per_rank = per_rank.total();
  r.memory_time_s = r.memory_bytes_per_rank / memory_rate;
  const MemoryTraffic alone = memory_traffic(s, 1);
  r.single_device_memory_time_s = alone.total() / memory_rate;
  r.memory_efficiency = s.memory_efficiency;
  r.compute_model = s.compute_model;
  const bool memory_bound = roofline && r.memory_time_s > r.flop_time_s;
  r.compute_bound = memory_bound ? "memory" : "flops";
  r.compute_time_s = memory_bound ? r.memory_time_s : r.flop_time_s;
  r.single_device_time_s =
      roofline ? std::max(r.single_device_flop_time_s, r.single_device_memory_time_s)
               : r.single_device_flop_time_s;
  const bool kernels = s.compute_model == kKernels;
  if (kernels) {
    // docs/model.md#the-kernels-model: the layer as its kernels; its memory-bound share decides the
    // compute's bound.
    StepKernels step = step_kernels(s, s.tp_size);
    r.compute_time_s = total_time(step.layer);
    r.single_device_time_s = total_time(step_kernels(s, 1).layer);
    double memory = 0, flops = 0;
    for (const KernelResult& k : step.layer) (k.bound == "flops" ? flops : memory) += k.time_s;
    r.compute_bound = memory >= flops ? "memory" : "flops";
    r.head_time_s = total_time(step.head);
    r.kernels_per_layer = static_cast<double>(step.layer.size());
    r.kernels = std::move(step.layer);
    r.kernels.insert(r.kernels.end(), step.head.begin(), step.head.end());
  }
  const ServingEngine* engine = s.serving_engine ? &*s.serving_engine : nullptr;
  r.serving_engine = engine ? (engine->key.empty() ? engine->name : engine->key) : "";
  r.kernel_overhead_s = engine && kernels ? engine->kernel_overhead : 0;
  r.step_overhead_s = engine ? engine->step_overhead : 0;

  r.message_bytes = message_bytes(s);
  r.bytes_per_element = b;
  r.exchange_precision = exchange_precision(s);
  r.exchange_bytes_per_element = parse_precision(r.exchange_precision)->bytes_per_element;
  r.allreduce = allreduce_of(s);
  r.peak_flops = peak;
  const double weight_b = weight_bytes_per_element(s);
  r.weight_bytes_per_element = weight_b;
  r.kv_bytes_per_element = kv_bytes_per_element(s);
  r.weights_per_rank_bytes = s.workload.parameters * weight_b / n;
  const double layers = static_cast<double>(s.workload.layers);
  r.kv_cache_per_rank_bytes = layers * per_rank.kv_cache;
  r.memory_capacity_bytes = s.accelerator.memory_capacity;
  r.fits_in_memory =
      r.weights_per_rank_bytes + r.kv_cache_per_rank_bytes <= r.memory_capacity_bytes;
  r.layers = layers;
  r.single_device_memory_bytes = s.workload.parameters * weight_b + layers * alone.kv_cache;
  // docs/model.md#any-model-any-rig: the sequences at attention_context whose KV cache fits beside
  // the weights.
  if (per_rank.kv_cache > 0) {
    const double per_sequence = layers * per_rank.kv_cache / tokens;
    const double room = kKvMemoryFraction * r.memory_capacity_bytes - r.weights_per_rank_bytes;
    r.max_sequences = room > 0 ? std::floor(room / per_sequence) : 0;
  }
  r.single_device_fits_in_memory = r.single_device_memory_bytes <= r.memory_capacity_bytes;
  r.warnings = warnings(s);
  const double single_share =
      roofline || kernels ? std::min(1.0, r.single_device_time_s / (n * r.compute_time_s)) : 1.0;
  const double launch = launch_overhead(s);
  r.link_model = s.link_model;
  r.launch_overhead_s = launch;
  const CollectiveKind& kind = collective_of(s);
  r.collective = kind.name;
  const Pricing pricing = pricing_of(s, r.message_bytes);
  const Pricing line_rate{s.tp_size, r.message_bytes, kLineRate, 0, false, kind};

  for (const Link& link : s.links) {
    LinkResult l;
    l.name = link.name;
    l.bandwidth_bytes_per_s = link_bandwidth(link, s.tp_size);
    l.latency_s = link.latency;
    l.domain = static_cast<double>(link.domain.value_or(0));
    l.within_domain = within_domain(link, s.tp_size);
    const double own = varied_bandwidth(link, s.tp_size);
    const AllReduce line = exchange_time(link, own, line_rate);
    const AllReduce priced = exchange_time(link, own, pricing);
    l.line_rate_allreduce_time_s =
        link.is_measured() ? line.bandwidth_time : line.bandwidth_time + line.latency_time;
    if (link.is_measured()) {
      l.kind = "measured";
      l.bandwidth_bytes_per_s = bus_bandwidth(link.measured_rows.back(), link.measured_ranks);
      l.measured_ranks = static_cast<double>(link.measured_ranks);
      l.measured_min_bytes = link.measured_rows.front().bytes;
      l.measured_max_bytes = link.measured_rows.back().bytes;
    }
    l.ranks_per_node = static_cast<double>(s.tp_size);
    if (link.is_two_tier()) {
      const Nodes at = nodes_of(link, s.tp_size);
      const Link& intra = link.tiers[0];
      const Link& inter = link.tiers[1];
      l.kind = "two_tier";
      l.bandwidth_bytes_per_s = inter.bandwidth;
      l.latency_s = inter.latency;
      l.node_count = static_cast<double>(at.count);
      l.ranks_per_node = static_cast<double>(at.count > 1 ? at.per_node : link.ranks_per_node);
      l.domain = static_cast<double>(intra.domain.value_or(0));
      l.within_domain = at.count == 1
                            ? within_domain(intra, s.tp_size)
                            : within_domain(intra, at.per_node) && within_domain(inter, at.count);
      if (at.count > 1) {
        double intra_time = 0;
        const AllReduce lr =
            two_tier_line_rate(intra, inter, inter.bandwidth, static_cast<double>(at.per_node),
                               static_cast<double>(at.count), r.message_bytes, kind, &intra_time);
        l.intra_node_share = intra_time / lr.time();
      }
    }
    l.protocol = priced.protocol;
    if (kind.calls > 1) {  // a reduce-scatter and an all-gather, each its own call
      l.protocol.append(1, '/').append(priced.protocol);
      l.reduce_scatter_time_s = l.all_gather_time_s = priced.time() / kind.calls;
    }
    const HidingBandwidth hiding =
        hiding_search(link, pricing, c, r.compute_time_s,
                      link.is_measured() ? l.bandwidth_bytes_per_s : own, priced);
    l.hiding_bandwidth_bytes_per_s = hiding.bandwidth_bytes_per_s;
    l.hiding_factor = hiding.factor;
    l.bandwidth_time_s = priced.bandwidth_time;
    l.latency_time_s = priced.latency_time;
    l.allreduce_time_s = priced.time();
    l.communication_time_s = c * l.allreduce_time_s;
    l.wire_bytes_per_rank = c * priced.bytes_per_rank;
    l.comm_to_compute = l.communication_time_s / r.compute_time_s;
    l.bound = l.communication_time_s > r.compute_time_s ? "communication" : "compute";
    l.regime = l.latency_time_s > l.bandwidth_time_s ? "latency" : "bandwidth";
    l.serial_layer_time_s = r.compute_time_s + l.communication_time_s;
    l.overlapped_layer_time_s = std::max(r.compute_time_s, l.communication_time_s);
    // docs/model.md#the-layer: speedup = t_single / time, efficiency = speedup / n. Since t_single
    // = n * t_comp, this is efficiency = t_comp / time and speedup = efficiency * n, the form in
    // which rounding can never report an efficiency above 1 or a speedup above n (the other form
    // gave 1.0000000000000002 for one scenario in eight).
    // In the roofline t_single <= n t_comp (a rank reads at least 1/n of the bytes), so the
    // same form holds with the share of n that one accelerator's time is (1 in the flops model).
    l.serial_efficiency = r.compute_time_s / l.serial_layer_time_s * single_share;
    l.serial_speedup = l.serial_efficiency * n;
    l.overlapped_efficiency = r.compute_time_s / l.overlapped_layer_time_s * single_share;
    l.overlapped_speedup = l.overlapped_efficiency * n;
    l.model_time_s = layers * l.serial_layer_time_s;
    l.overlapped_model_time_s = layers * l.overlapped_layer_time_s;
    // docs/model.md#the-whole-step: the whole step. Outside the layers each step runs the
    // vocab-parallel embedding's all-reduce and gathers the logits on this link; the head's compute
    // is its kernels' in the kernels model (in the others the catalogue's parameters already hold
    // its share).
    if (s.workload.vocab > 0) {
      const AllReduce embedding = exchange_time(link, own, pricing);
      const Pricing gather{
          s.tp_size,
          tokens * static_cast<double>(s.workload.vocab) * r.exchange_bytes_per_element,
          s.link_model,
          launch,
          false,
          kAllGather};
      l.head_communication_time_s = embedding.time() + exchange_time(link, own, gather).time();
    }
    l.step_time_s =
        l.model_time_s + r.head_time_s + l.head_communication_time_s + r.step_overhead_s;
    l.tokens_per_s = tokens / l.step_time_s;
    if (s.pass == kDecode) l.time_per_output_token_s = l.step_time_s;
    if (s.pass == kPasses[0].name) l.time_to_first_token_s = l.step_time_s;
    l.not_runnable_because = not_runnable_because(s, r, l);
    l.runnable = l.not_runnable_because.empty();
    r.links.push_back(std::move(l));
  }

  const auto binding = std::max_element(
      r.links.begin(), r.links.end(), [](const LinkResult& x, const LinkResult& y) {
        return x.communication_time_s < y.communication_time_s;  // first of equals wins
      });
  if (binding != r.links.end()) {
    r.binding_link = binding->name;
    r.bound = binding->bound;
  }
  // Inputs no real step has: the model still answers, and says so where the answer is read.
  const Where root;
  if (s.tokens > kMostTokensPerStep)
    warn(r.warnings, root.key("tokens"),
         {whole_number(s.tokens),
          " tokens in one step: more than any batch trained or served (Llama 3 405B's largest "
          "was 16M tokens); one step's tokens, not a dataset's"});
  const double layer = binding != r.links.end() ? binding->serial_layer_time_s : r.compute_time_s;
  if (layer > kLongestLayerSeconds)
    warn(r.warnings, root,
         {"one layer takes ", format_quantity(layer, Dimension::Time),
          ", more than 10 s: check tokens, local_efficiency and the links' bandwidth"});
  // docs/model.md#what-the-answer-says: mlsysim's model prices a decode pass by its FLOPs alone.
  // Where reading the weights and the KV cache takes longer, say by how much, and what a token
  // takes as it runs (the kernels model, NCCL and the named engine, else the default one, with
  // the engine's own all-reduce and launch).
  if (s.compute_model == kFlops && s.pass == kDecode && r.memory_time_s > r.flop_time_s &&
      binding != r.links.end()) {
    Scenario runs = s;
    runs.compute_model = kKernels;
    runs.link_model = kNccl;
    if (!runs.serving_engine) runs.serving_engine = find_engine(kDefaultServingEngine)->engine;
    // The engine's own all-reduce and launch, as they run: not those the line-rate model derived
    // (check() writes derived defaults out, and its scenario must solve to the same warning).
    runs.launch_overhead.reset();
    runs.allreduce.reset();
    const Result as_runs = solve(runs);
    const auto at = static_cast<std::size_t>(binding - r.links.begin());
    warn(r.warnings, root.key("compute_model"),
         {"mlsysim's model prices decode by FLOPs alone, but reading the weights and KV cache "
          "takes ",
          format_significant(r.memory_time_s / r.flop_time_s, 3),
          "x as long as the FLOPs: as it runs (the kernels model, NCCL, ",
          runs.serving_engine->name, ") a token takes ",
          format_quantity(as_runs.links[at].time_per_output_token_s, Dimension::Time), " on ",
          binding->name, ", not ",
          format_quantity(binding->time_per_output_token_s, Dimension::Time)});
  }
  return r;
}

}  // namespace tplayer
