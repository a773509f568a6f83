// libFuzzer target: arbitrary bytes -> parse_json (the reader of the CLI's --json and the wasm
// door) -> read_scenario + validate + solve (solve_value), then sweep(). Beyond "no crash, no
// sanitizer report", it checks the promises of docs/model.md#the-layer on every result and the
// shape of every error list, and aborts with "INVARIANT FAILED: ..." when one breaks.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "support.hpp"
#include "tplayer/catalog.hpp"
#include "tplayer/json.hpp"
#include "tplayer/tplayer.hpp"

namespace {

using namespace tplayer;
using fuzz::require;

std::string num(double x) { return format_number(x); }

// Every number of the result is finite and >= 0; names the first that is not.
template <class T, class Fields>
void check_numbers(const T& object, const Fields& fields, std::string_view where) {
  for (const auto& field : fields) {
    if (const auto* member = std::get_if<double T::*>(&field.member)) {
      const double x = object.**member;
      const std::string detail = std::string(where) + std::string(field.name) + " = " + num(x);
      require(std::isfinite(x), "a result number is not finite", detail);
      require(x >= 0, "a result number is negative", detail);
    }
  }
}

// The promises of docs/model.md#the-layer for one solved scenario.
void check_result(const Scenario& s, const Result& r) {
  const double c = static_cast<double>(collectives_per_layer(s));

  check_numbers(r, kResultFields, "result.");
  require(r.compute_time_s > 0 && r.single_device_time_s > 0 && r.flops_per_layer > 0 &&
              r.peak_flops > 0 && r.message_bytes > 0 && r.bytes_per_element > 0,
          "a positive input gave a zero compute time, FLOP count, peak or message size");
  require(r.fits_in_memory ==
              (r.weights_per_rank_bytes + r.kv_cache_per_rank_bytes <= r.memory_capacity_bytes),
          "fits_in_memory disagrees with weights + KV cache per rank <= memory_capacity_bytes");
  require(r.kv_cache_per_rank_bytes == 0 || s.pass == "decode", "a KV cache only in decode");
  // One accelerator holds at least what each of the n ranks does, and fits when it does.
  require(r.single_device_memory_bytes >= r.weights_per_rank_bytes + r.kv_cache_per_rank_bytes &&
              r.single_device_fits_in_memory ==
                  (r.single_device_memory_bytes <= r.memory_capacity_bytes),
          "one accelerator's memory is below a rank's, or its fit disagrees");
  // docs/model.md#the-roofline: the roofline takes the slower term; the flops model the FLOPs term
  // alone.
  if (s.compute_model == "roofline")
    require(r.compute_time_s == std::max(r.flop_time_s, r.memory_time_s) &&
                r.compute_bound == (r.memory_time_s > r.flop_time_s ? "memory" : "flops") &&
                r.single_device_time_s <=
                    static_cast<double>(s.tp_size) * r.compute_time_s * (1 + 1e-12),
            "roofline: t_comp = max(t_flop, t_mem), and one accelerator is at most n ranks' time");
  else if (s.compute_model == "kernels") {
    // docs/model.md#the-kernels-model: t_comp is the layer's kernels, each at least its fixed cost;
    // the head's follow.
    double layer = 0, head = 0;
    for (const KernelResult& k : r.kernels) {
      require(std::isfinite(k.time_s) && k.time_s > 0 && k.overhead_s >= 0 &&
                  k.time_s >= k.overhead_s && k.wave_efficiency > 0 && k.wave_efficiency <= 1 &&
                  k.flops >= 0 && k.bytes >= 0,
              "a kernel's time is finite, positive and at least its fixed cost", k.name);
      (k.group == "head" ? head : layer) += k.time_s;
    }
    require(!r.kernels.empty() && r.kernels_per_layer >= 10 &&
                std::fabs(layer - r.compute_time_s) <= 1e-9 * r.compute_time_s &&
                std::fabs(head - r.head_time_s) <= 1e-9 * std::max(head, 1e-300) &&
                (r.compute_bound == "memory" || r.compute_bound == "flops") &&
                r.single_device_time_s <=
                    static_cast<double>(s.tp_size) * r.compute_time_s * (1 + 1e-12),
            "kernels: t_comp is the layer's kernels, and one accelerator is at most n ranks' time");
  } else {
    require(r.compute_time_s == r.flop_time_s && r.compute_bound == "flops" && r.kernels.empty() &&
                r.head_time_s == 0,
            "the flops model's t_comp is its FLOPs term");
  }

  require(r.links.size() == s.links.size(), "one link result per scenario link");
  require(!r.links.empty(), "a solved scenario has links");
  std::size_t binding = 0;
  for (std::size_t i = 0; i < r.links.size(); ++i) {
    const LinkResult& l = r.links[i];
    const std::string where = "links[" + std::to_string(i) + "].";
    check_numbers(l, kLinkResultFields, where);
    require(l.name == s.links[i].name, "link results keep the input order and names", where);
    if (s.links[i].is_measured()) {
      const Link& m = s.links[i];
      require(
          l.kind == "measured" && l.protocol == "measured" &&
              l.bandwidth_bytes_per_s == bus_bandwidth(m.measured_rows.back(), m.measured_ranks),
          "a measured link shows the busbw of its largest row", where);
      require(l.line_rate_allreduce_time_s == l.bandwidth_time_s &&
                  l.bandwidth_time_s <= l.allreduce_time_s,
              "a measured link's line-rate figure is its bandwidth term, at most its time", where);
    } else if (s.links[i].is_two_tier()) {
      // docs/model.md#two-tier-links: the inter-node link's figures; N nodes of g, or one node up
      // to g ranks.
      const Link& t = s.links[i];
      const std::int64_t g = t.ranks_per_node;
      const std::int64_t nodes = s.tp_size <= g ? 1 : s.tp_size / g;
      require(l.kind == "two_tier" && l.bandwidth_bytes_per_s == t.tiers[1].bandwidth &&
                  l.latency_s == t.tiers[1].latency,
              "a two-tier link shows its inter-node link's bandwidth and latency", where);
      require(l.node_count == static_cast<double>(nodes) &&
                  (nodes == 1 || l.node_count * l.ranks_per_node == static_cast<double>(s.tp_size)),
              "N nodes of g ranks make tp_size", where);
      require(l.intra_node_share >= 0 && l.intra_node_share <= 1 &&
                  (nodes > 1 || l.intra_node_share == 1),
              "the intra-node share is a fraction (1 on one node)", where);
    } else {
      // A fully connected link's group has (n - 1) of its per-peer links, at most the fabric.
      const Link& own = s.links[i];
      const double group =
          own.per_peer && s.tp_size >= 2
              ? std::min(own.bandwidth, static_cast<double>(s.tp_size - 1) * *own.per_peer)
              : own.bandwidth;
      require(l.bandwidth_bytes_per_s == group &&
                  l.bandwidth_bytes_per_s == link_bandwidth(own, s.tp_size) &&
                  l.latency_s == own.latency,
              "a link result echoes its group's bandwidth and its latency", where);
      require(l.node_count == 1 && l.ranks_per_node == static_cast<double>(s.tp_size) &&
                  l.intra_node_share == 1,
              "a one-tier link is one node of tp_size ranks", where);
    }
    if (l.kind == "measured")  // the measured time to the bit; its split is rounded
      require(std::fabs(l.allreduce_time_s - (l.bandwidth_time_s + l.latency_time_s)) <=
                  4e-16 * l.allreduce_time_s,
              "t_ar == t_bw + t_lat (to a rounding)", where);
    else
      require(l.allreduce_time_s == l.bandwidth_time_s + l.latency_time_s, "t_ar == t_bw + t_lat",
              where);
    // docs/model.md#nccl-links / #domains: the line-rate figure, the winning branch and the domain.
    const Link& link = s.links[i];
    if (link.is_two_tier()) {
      if (l.kind != "two_tier") fuzz::fail("a two-tier link is priced as one", where);
      if (l.communication_time_s > r.links[binding].communication_time_s) binding = i;
      continue;  // its tiers' branches and domains are checked by the case files
    }
    const bool within = !link.domain || s.tp_size <= *link.domain;
    require(l.within_domain == within && l.domain == static_cast<double>(link.domain.value_or(0)),
            "within_domain is tp_size <= domain", where);
    const bool priced_by_branch =
        s.link_model == "nccl" && s.tp_size > 1 && !link.protocols.empty();
    // docs/model.md#sequence-parallelism: a reduce-scatter and an all-gather, each its own call,
    // name both winners "a/a".
    const bool pair = s.collective == kReduceScatterAllGather;
    // A branch's own name may hold a '/': a pair's is the winner's twice, around one.
    const std::string winner = pair ? l.protocol.substr(0, l.protocol.size() / 2) : l.protocol;
    require((!pair || l.protocol == winner + "/" + winner),
            "a pair names both calls' winner, an all-reduce its one", where + " " + l.protocol);
    require(pair ? l.reduce_scatter_time_s == l.all_gather_time_s &&
                       l.reduce_scatter_time_s + l.all_gather_time_s == l.allreduce_time_s
                 : l.reduce_scatter_time_s == 0 && l.all_gather_time_s == 0,
            "the pair's time is its reduce-scatter's and its all-gather's", where);
    const auto won = std::find_if(link.protocols.begin(), link.protocols.end(),
                                  [&](const Protocol& p) { return p.name == winner; });
    // nvls runs within the domain, a tree for an all-reduce alone, an NVLS-tree never on a flat
    // link, a one-shot for an all-reduce on a fully connected link within its domain
    // (docs/model.md#nccl-links).
    const auto runs = [&](const Protocol& p) {
      return p.pattern == "ring" ||
             (p.pattern == "tree"        ? !pair
              : p.pattern == "nvls_tree" ? false
              : p.pattern == "one_shot"  ? !pair && within && link.per_peer.has_value()
                                         : within);
    };
    const bool any_runs = std::any_of(link.protocols.begin(), link.protocols.end(), runs);
    // One of the serving engine's kernels (docs/model.md#custom-all-reduce) may win over NCCL's
    // branches or, on a link without them, over the line-rate ring: only when asked for, within
    // the domain and up to the link's size limit.
    const auto custom = std::find_if(link.custom.begin(), link.custom.end(),
                                     [&](const Protocol& p) { return p.name == winner; });
    const bool custom_won = won == link.protocols.end() && custom != link.custom.end() &&
                            !(winner == "ring" && (!priced_by_branch || !any_runs));
    if (link.is_measured()) {
      // priced on its own curve (checked above)
    } else if (custom_won) {
      require(custom_allreduce(s) && !pair && within && r.message_bytes <= link.custom_max_bytes,
              "the winning branch is one of the link's (custom ones only where they may run)",
              where + " " + l.protocol);
    } else if (!priced_by_branch || !any_runs) {
      require(winner == "ring", "line rate (or no branch that may run) prices a ring", where);
    } else if (won == link.protocols.end()) {
      fuzz::fail("the winning branch is none of the link's", where + " " + l.protocol);
    } else {
      require(runs(*won),
              "NVLS wins only within the domain, a tree only an all-reduce, a one-shot only on a "
              "fully connected link within its domain",
              where);
    }
    if (s.link_model == "line_rate" && !s.launch_overhead && !link.is_measured())
      require(l.allreduce_time_s == l.line_rate_allreduce_time_s,
              "at line rate with no launch overhead, t_ar is the line-rate figure", where);
    if (s.tp_size == 1)
      require(l.allreduce_time_s == 0 && l.line_rate_allreduce_time_s == 0,
              "one rank all-reduces nothing", where);
    require(l.communication_time_s == c * l.allreduce_time_s, "t_comm == c * t_ar",
            where + " t_comm " + num(l.communication_time_s) + ", t_ar " + num(l.allreduce_time_s) +
                ", c " + num(c));
    require(l.bound == (l.communication_time_s > r.compute_time_s ? "communication" : "compute"),
            "bound agrees with communication_time_s > compute_time_s",
            where + " bound " + l.bound + ", t_comm " + num(l.communication_time_s) + ", t_comp " +
                num(r.compute_time_s));
    require(l.regime == (l.latency_time_s > l.bandwidth_time_s ? "latency" : "bandwidth"),
            "regime agrees with latency_time_s > bandwidth_time_s", where + " " + l.regime);
    require(l.serial_layer_time_s == r.compute_time_s + l.communication_time_s,
            "serial time == t_comp + t_comm", where);
    require(l.overlapped_layer_time_s == std::max(r.compute_time_s, l.communication_time_s),
            "overlapped time == max(t_comp, t_comm)", where);
    require(l.serial_speedup <= l.overlapped_speedup, "serial speedup <= overlapped speedup",
            where + " " + num(l.serial_speedup) + " > " + num(l.overlapped_speedup));
    require(l.serial_efficiency <= l.overlapped_efficiency,
            "serial efficiency <= overlapped efficiency", where);
    require(l.overlapped_efficiency <= 1,
            "overlapped efficiency <= 1 (exactly, no rounding past it)",
            where + " " + num(l.overlapped_efficiency));
    require(l.overlapped_speedup <= static_cast<double>(s.tp_size), "overlapped speedup <= tp_size",
            where + " " + num(l.overlapped_speedup));
    if (s.tp_size == 1)
      require(l.communication_time_s == 0 && l.wire_bytes_per_rank == 0,
              "tp_size 1 exchanges nothing", where);
    if (collectives_per_layer(s) == 0)
      require(l.communication_time_s == 0 && l.bound == "compute",
              "collectives_per_layer 0 prices no exchange", where);
    if (l.communication_time_s > r.links[binding].communication_time_s) binding = i;
  }
  // docs/model.md#the-hiding-bandwidth: the bandwidth that hides the exchange. A compute-bound link
  // hides it at its own bandwidth, so some bandwidth no larger does; a communication-bound one
  // needs a larger one, or none does. 0 exactly when nothing is exchanged or none hides it; the
  // factor is its ratio.
  for (std::size_t i = 0; i < r.links.size(); ++i) {
    const LinkResult& l = r.links[i];
    const std::string where = "links[" + std::to_string(i) + "].";
    require((l.hiding_bandwidth_bytes_per_s == 0) == (l.hiding_factor == 0),
            "the hiding bandwidth and its factor are 0 together", where);
    // Issue 22: the whole model is the layer L times over; its throughput the step's tokens.
    require(l.model_time_s == r.layers * l.serial_layer_time_s &&
                l.overlapped_model_time_s == r.layers * l.overlapped_layer_time_s,
            "the layers are the layer x L", where);
    // docs/model.md#the-whole-step: the step is the layers and what runs outside them, at its
    // tokens per second.
    require(
        std::isfinite(l.step_time_s) && l.step_time_s >= l.model_time_s &&
            l.head_communication_time_s >= 0 &&
            (s.workload.vocab > 0 || l.head_communication_time_s == 0) &&
            l.step_time_s ==
                l.model_time_s + r.head_time_s + l.head_communication_time_s + r.step_overhead_s &&
            l.tokens_per_s > 0 && l.tokens_per_s == static_cast<double>(s.tokens) / l.step_time_s &&
            l.time_per_output_token_s == (s.pass == "decode" ? l.step_time_s : 0) &&
            l.time_to_first_token_s == (s.pass == "forward" ? l.step_time_s : 0),
        "the step is the layers, the head and the engine, at the step's tokens per second", where);
    // docs/model.md#runnable: a link cannot run exactly when the memory, the heads or its domain
    // say so, and then says why.
    const bool cannot = !r.fits_in_memory || s.tp_size > s.workload.heads || !l.within_domain;
    require(l.runnable == !cannot && l.runnable == l.not_runnable_because.empty(),
            "runnable follows the memory, the heads and the domain, with its reasons", where);
    if (l.communication_time_s == 0)
      require(l.hiding_bandwidth_bytes_per_s == 0, "nothing exchanged, nothing to hide", where);
    else if (l.bound == "compute")
      require(l.hiding_bandwidth_bytes_per_s > 0 && l.hiding_factor <= 1 + 1e-9,
              "a compute-bound link hides its exchange at a bandwidth no larger than its own",
              where + " factor " + num(l.hiding_factor));
    else
      require(l.hiding_factor == 0 || l.hiding_factor >= 1 - 1e-9,
              "a communication-bound link needs a larger bandwidth to hide its exchange, or none",
              where + " factor " + num(l.hiding_factor));
    const Link& link = s.links[i];
    if (s.link_model == "line_rate" && !link.is_two_tier() && !link.is_measured() &&
        l.communication_time_s > 0) {
      // The closed form: c (M' / B + t_lat) = t_comp at B = the hiding bandwidth (0: t_lat alone
      // takes the compute's time).
      if (c * l.latency_time_s >= r.compute_time_s)
        require(l.hiding_bandwidth_bytes_per_s == 0, "latency alone outlasts the compute", where);
      else if (l.hiding_bandwidth_bytes_per_s > 0)
        require(std::fabs(c *
                              (l.bandwidth_time_s * l.bandwidth_bytes_per_s /
                                   l.hiding_bandwidth_bytes_per_s +
                               l.latency_time_s) /
                              r.compute_time_s -
                          1) <= 1e-9,
                "at line rate the hiding bandwidth takes exactly the compute's time", where);
    }
  }
  require(r.binding_link == r.links[binding].name,
          "binding_link is the first link with the largest communication_time_s",
          "got " + r.binding_link + ", expected " + r.links[binding].name);
  require(r.bound == r.links[binding].bound, "the scenario's bound is its binding link's bound");

  // Warnings: exactly the rules of docs/model.md#the-layer.
  std::size_t tp_warnings = 0, memory_warnings = 0, collective_warnings = 0, pass_warnings = 0,
              link_warnings = 0, allreduce_warnings = 0, experts_warnings = 0, units_warnings = 0,
              tokens_warnings = 0, layer_warnings = 0, model_warnings = 0;
  for (const FieldError& w : r.warnings) {
    if (w.field == "tp_size")
      ++tp_warnings;
    else if (w.field == "accelerator.memory_capacity")
      ++memory_warnings;
    else if (w.field == "collectives_per_layer")
      ++collective_warnings;
    else if (w.field == "pass")
      ++pass_warnings;
    else if (w.field == "allreduce")
      ++allreduce_warnings;
    else if (w.field == "workload.inference_flops" || w.field == "workload.experts")
      ++experts_warnings;
    else if (w.field == "accelerator.compute_units")
      ++units_warnings;
    else if (w.field == "tokens")
      ++tokens_warnings;
    else if (w.field == "compute_model")
      ++model_warnings;
    else if (w.path.empty())
      ++layer_warnings;
    else if (w.path.size() == 2 && w.path[0] == PathStep(std::string("links")))
      ++link_warnings;
    else
      fuzz::fail("a warning on an unexpected field", w.field);
  }
  const auto& w = s.workload;
  const std::size_t want_tp = (s.tp_size > w.heads || w.heads % s.tp_size != 0 ? 1u : 0u) +
                              (w.hidden_dim % s.tp_size != 0 ? 1u : 0u);
  require(tp_warnings == want_tp, "tp_size warnings match the divisibility rules",
          std::to_string(tp_warnings) + " != " + std::to_string(want_tp));
  require(memory_warnings == (r.fits_in_memory ? 0u : 1u),
          "a memory warning exactly when the weights do not fit");
  require(collective_warnings == (collectives_per_layer(s) == 0 ? 1u : 0u),
          "a collectives warning exactly when collectives_per_layer is 0");
  require(allreduce_warnings ==
              (allreduce_of(s) == "custom" &&
                       (s.link_model != "nccl" || s.collective == kReduceScatterAllGather)
                   ? 1u
                   : 0u),
          "an allreduce warning exactly when the custom all-reduce is asked at line rate or for "
          "sequence parallelism's calls");
  // Issue 22's plausibility: more tokens than Llama 3 405B's largest batch (2^24), and a layer
  // (on its binding link) slower than 10 s.
  require(tokens_warnings == (s.tokens > (std::int64_t{1} << 24) ? 1u : 0u),
          "a tokens warning exactly above 2^24 tokens in one step");
  // docs/model.md#what-the-answer-says: mlsysim's model, decoding, reading more than computing.
  require(model_warnings == (s.compute_model == "flops" && s.pass == "decode" &&
                                     r.memory_time_s > r.flop_time_s && !r.links.empty()
                                 ? 1u
                                 : 0u),
          "a compute_model warning exactly when mlsysim's model decodes memory-bound");
  const double layer = r.links.empty() ? r.compute_time_s : r.links[binding].serial_layer_time_s;
  require(layer_warnings == (layer > 10 ? 1u : 0u),
          "a warning on the scenario exactly when one layer takes more than 10 s");
  const bool experts = w.inference_flops.value_or(2 * w.parameters) < 2 * w.parameters;
  require(experts_warnings == (s.compute_model == "roofline" && experts ? 1u : 0u) +
                                  (s.compute_model == "kernels" && w.experts > 1 ? 1u : 0u),
          "a mixture-of-experts warning exactly in the roofline and the kernels model");
  require(
      units_warnings == (s.compute_model == "kernels" && !s.accelerator.compute_units ? 1u : 0u),
      "a compute_units warning exactly in the kernels model without them");
  // The engine's own custom all-reduce falls back to NCCL without a word.
  const bool custom = custom_allreduce(s) && s.tp_size > 1 &&
                      !(s.serving_engine && s.serving_engine->allreduce == "custom");
  std::size_t want_link = 0;  // beyond the domain; uncalibrated in nccl mode
  for (const Link& link : s.links) {
    if (link.is_two_tier()) {  // docs/model.md#domains for two tiers, and no NCCL calibration where
                               // it prices
      const std::int64_t g = link.ranks_per_node;
      const bool one_node = s.tp_size <= g;
      const std::int64_t nodes = one_node ? 1 : s.tp_size / g;
      const auto beyond = [](const Link& t, std::int64_t k) { return t.domain && k > *t.domain; };
      want_link += one_node ? (beyond(link.tiers[0], s.tp_size) ? 1u : 0u)
                            : (beyond(link.tiers[0], g) ? 1u : 0u) +
                                  (beyond(link.tiers[1], nodes) ? 1u : 0u);
      const Link& pricing = one_node ? link.tiers[0] : link.tiers[1];
      want_link += s.link_model == "nccl" && pricing.protocols.empty() && s.tp_size > 1 ? 1u : 0u;
      // A tier whose branches cannot run the collective (trees only for a pair, nvls beyond its
      // domain, NVLS-tree but in one node or without NVLS in the node).
      const std::int64_t k = one_node ? s.tp_size : nodes;
      const bool pair = s.collective == kReduceScatterAllGather;
      const bool nvls_nodes =
          !one_node && !beyond(link.tiers[0], g) &&
          std::any_of(link.tiers[0].protocols.begin(), link.tiers[0].protocols.end(),
                      [](const Protocol& p) { return p.pattern == "nvls"; });
      want_link +=
          s.link_model == "nccl" && !pricing.protocols.empty() && s.tp_size > 1 &&
                  std::none_of(pricing.protocols.begin(), pricing.protocols.end(),
                               [&](const Protocol& p) {
                                 return p.pattern == "ring" || (p.pattern == "tree" && !pair) ||
                                        (p.pattern == "nvls_tree" && !pair && nvls_nodes) ||
                                        (p.pattern == "nvls" && !beyond(pricing, k));
                               })
              ? 1u
              : 0u;
      // docs/model.md#custom-all-reduce: the custom all-reduce runs inside one node, on a tier that
      // has its kernels.
      want_link += custom && (!one_node || link.tiers[0].custom.empty()) ? 1u : 0u;
      continue;
    }
    want_link += link.domain && s.tp_size > *link.domain ? 1u : 0u;
    // A fully connected link whose group uses fewer than all of its peer links says so.
    want_link += link.per_peer && s.tp_size > 1 && link_bandwidth(link, s.tp_size) < link.bandwidth
                     ? 1u
                     : 0u;
    if (link.is_measured()) {  // docs/model.md#measured-links: each assumption it made
      const MeasuredTime t =
          measured_allreduce(link.measured_rows, link.measured_ranks, s.tp_size, r.message_bytes);
      want_link +=
          (t.below_smallest ? 1u : 0u) + (t.above_largest ? 1u : 0u) + (t.rescaled ? 1u : 0u);
      continue;
    }
    want_link += s.link_model == "nccl" && link.protocols.empty() ? 1u : 0u;
    // docs/model.md#custom-all-reduce: a link without custom kernels, or one beyond its domain, is
    // priced by NCCL.
    want_link +=
        custom && (link.custom.empty() || (link.domain && s.tp_size > *link.domain)) ? 1u : 0u;
    // No branch that may run (one warning): only nvls beyond the domain; for a pair no ring and
    // no nvls within; for an all-reduce no ring, tree or nvls within, nor a one-shot within on a
    // fully connected link (NVLS-tree never runs here).
    const bool beyond = link.domain && s.tp_size > *link.domain;
    const bool nccl_branches = s.link_model == "nccl" && !link.protocols.empty() && s.tp_size > 1;
    const bool pair = s.collective == kReduceScatterAllGather;
    const bool some_runs =
        std::any_of(link.protocols.begin(), link.protocols.end(), [&](const Protocol& p) {
          return p.pattern == "ring" || (p.pattern == "tree" && !pair) ||
                 (p.pattern == "nvls" && !beyond) ||
                 (p.pattern == "one_shot" && !pair && !beyond && link.per_peer.has_value());
        });
    want_link += nccl_branches && !some_runs ? 1u : 0u;
  }
  require(link_warnings == want_link, "link warnings: beyond the domain, or no NCCL branch",
          std::to_string(link_warnings) + " != " + std::to_string(want_link));
  require(pass_warnings == (pass_of(s).compute_multiplier > 1 ? 1u : 0u),
          "a memory-fit warning exactly for a backward or training pass");
  // docs/model.md#passes: the pass multiplies compute; attention is part of the FLOPs.
  const int m = compute_multiplier(s);
  require(r.compute_multiplier == m && m >= 1 && m <= 4, "compute_multiplier is the pass's");
  require(r.attention_flops_per_layer <= r.flops_per_layer,
          "attention FLOPs are part of the layer's FLOPs");
  require((r.attention_flops_per_layer == 0) == (s.attention_context == 0),
          "attention FLOPs exactly when attention_context > 0");
}

// to_value(result) has the field names of docs/model.md#the-result in order and survives JSON text
// unchanged.
void check_result_value(const Value& v) {
  require(v.is_object() && !v.object.empty() && v.object[0].first == "type",
          "a result value starts with its type");
  std::size_t k = 1;
  for (const auto& field : kResultFields)
    require(k < v.object.size() && v.object[k++].first == field.name,
            "a result value lists the result fields in order", std::string(field.name));
  require(k + 3 == v.object.size() && v.object[k].first == "warnings" &&
              v.object[k + 1].first == "links" && v.object[k + 2].first == "kernels",
          "a result value ends with warnings, links and kernels");

  const std::string text = write_json(v);
  const JsonParse back = parse_json(text);
  require(back.ok(), "a result value written as JSON parses again", back.error);
  require(identical(back.value, v), "a result value survives JSON text unchanged");
}

// Issue 17's identity rule on a normalised scenario: a catalogue-backed part written as an
// object names an existing entry as its preset, or none; as a string, it is an entry's key.
void check_identity(const Value& scenario) {
  const auto part = [](const Value& v, auto find, std::string_view what) {
    if (v.is_string()) {
      require(find(v.string) != nullptr, "a part written as a key names an entry", what);
    } else if (const Value* preset = v.find("preset")) {
      require(preset->is_string() && find(preset->string) != nullptr,
              "an edited part keeps the key of an existing entry as its preset", what);
    }
  };
  part(*scenario.find("workload"), find_workload, "workload");
  part(*scenario.find("accelerator"), find_accelerator, "accelerator");
  const auto any_link = [](std::string_view key) -> const void* {
    return find_link(key) ? static_cast<const void*>(find_link(key)) : find_two_tier(key);
  };
  for (const auto& [name, link] : scenario.find("links")->object) {
    part(link, any_link, name);
    for (const char* tier : {"intra_node", "inter_node"})
      if (const Value* t = link.find(tier)) part(*t, find_link, name + "." + tier);
  }
}

void check_outcome(const Outcome& o, bool input_utf8, std::string_view what) {
  require(o.result.has_value() == o.errors.empty(), "a result exists iff there are no errors",
          what);
  fuzz::check_errors(o.errors, input_utf8, what);
  if (o.result) fuzz::check_errors(o.result->warnings, input_utf8, what);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const JsonParse parsed = parse_json(text);
  if (!parsed.ok()) {
    require(parsed.value.is_null(), "a failed parse leaves no value");
    require(parsed.error.starts_with("line ") || parsed.error.starts_with("the document is"),
            "a JSON syntax error says where", parsed.error);
    return 0;
  }
  const bool input_utf8 = fuzz::valid_utf8(text);

  const Outcome outcome = solve_value(parsed.value);
  check_outcome(outcome, input_utf8, "solve_value");
  if (!outcome.result) return 0;

  // The same document read by hand: what solve_value solved, read_scenario and validate accept.
  const ScenarioRead read = read_scenario(parsed.value);
  require(read.errors.empty() && validate(read.scenario).empty(),
          "solve_value solves only what read_scenario and validate accept");
  check_result(read.scenario, *outcome.result);
  const Value result_value = to_value(*outcome.result);
  check_result_value(result_value);

  // The scenario as the doors print it (--print-scenario and check(): its catalogue parts
  // resolved; the presets: keyed) solves to the same result, and reads back to itself: the
  // identity the core decided (a part still its entry, else an object that keeps its preset) is
  // decided the same again, the parts still their entry (entries_value) the same from both.
  const Value written = to_value(read.scenario, Parts::Keys);
  const Value entries = entries_value(read.scenario);
  for (const Parts parts : {Parts::Keys, Parts::Resolved}) {
    const Value form = to_value(read.scenario, parts);
    const Outcome again = solve_value(form);
    require(again.result.has_value(), "to_value(scenario) of a valid scenario is valid");
    require(identical(to_value(*again.result), result_value),
            "to_value(scenario) solves to the same result");
    require(identical(to_value(again.scenario, parts), form),
            "to_value(scenario) reads back to itself (identity decided once)");
    require(identical(entries_value(again.scenario), entries),
            "the resolved form keeps which parts are their entry");
  }
  check_identity(written);

  // A sweep over tp_size: every point of a valid scenario is valid and keeps the invariants;
  // the point at the scenario's own tp_size is the same result.
  const double tp_values[] = {1, 3, static_cast<double>(read.scenario.tp_size)};
  const std::vector<Outcome> points = sweep(parsed.value, "tp_size", tp_values);
  require(points.size() == std::size(tp_values), "sweep gives one outcome per value");
  for (std::size_t i = 0; i < points.size(); ++i) {
    check_outcome(points[i], input_utf8, "sweep");
    // Only a two-tier link can refuse a tp_size: above its ranks per node and not a multiple.
    const bool refused_by_node_rule =
        !points[i].result && !points[i].errors.empty() &&
        std::all_of(points[i].errors.begin(), points[i].errors.end(), [](const FieldError& e) {
          return e.path.size() == 3 && e.path[2] == PathStep(std::string("ranks_per_node"));
        });
    require(points[i].result.has_value() || refused_by_node_rule,
            "every tp_size point of a valid scenario solves (or is off a two-tier node grid)");
    if (!points[i].result) continue;
    Scenario varied = read.scenario;
    varied.tp_size = static_cast<std::int64_t>(tp_values[i]);
    check_result(varied, *points[i].result);
  }
  require(identical(to_value(*points.back().result), result_value),
          "sweep at the scenario's own tp_size gives the same result");

  // docs/model.md#sequence-parallelism against the all-reduce of the same scenario: at line rate
  // the pair costs it (to a rounding), as NCCL runs it never less unless a serving engine's kernel
  // runs the all-reduce.
  if (read.scenario.collective == kReduceScatterAllGather) {
    Scenario all_reduce = read.scenario;
    all_reduce.collective = std::string(kAllReduce);
    require(validate(all_reduce).empty(), "the same scenario with all-reduces is valid");
    const Result& p = *outcome.result;
    const Result a = solve(all_reduce);
    for (std::size_t i = 0; i < p.links.size(); ++i) {
      const LinkResult& x = a.links[i];
      const LinkResult& y = p.links[i];
      const std::string where = "links[" + std::to_string(i) + "] all-reduce " +
                                num(x.allreduce_time_s) + " " + x.protocol + ", pair " +
                                num(y.allreduce_time_s) + " " + y.protocol;
      require(std::fabs(x.line_rate_allreduce_time_s - y.line_rate_allreduce_time_s) <=
                  1e-12 * x.line_rate_allreduce_time_s,
              "at line rate the pair costs the all-reduce", where);
      if (read.scenario.link_model == "line_rate")
        require(
            y.allreduce_time_s >= x.allreduce_time_s * (1 - 1e-12) &&
                (read.scenario.launch_overhead.value_or(0) > 0 ||
                 std::fabs(x.allreduce_time_s - y.allreduce_time_s) <= 1e-12 * x.allreduce_time_s),
            "at line rate the pair is the all-reduce, plus a launch when one is given", where);
      // A serving engine's kernel of the link, or of a two-tier link's node link, ran it.
      bool custom_kernel = false;
      const Link& link = read.scenario.links[i];
      for (const Link* part : {&link, link.tiers.empty() ? &link : &link.tiers[0]})
        for (const Protocol& b : part->custom)
          custom_kernel = custom_kernel || b.name == x.protocol;
      // A tree branch ran it, and the pair, which no tree runs, found no branch of its own: the
      // pair is at line rate (with a warning, docs/model.md#nccl-links), the tree as fitted.
      bool tree_won = false;
      for (const Link* part : {&link, link.tiers.empty() ? &link : &link.tiers[0],
                               link.tiers.size() > 1 ? &link.tiers[1] : &link})
        for (const Protocol& b : part->protocols)
          tree_won = tree_won || (b.pattern == "tree" && b.name == x.protocol);
      const bool pair_unpriced = tree_won && y.protocol == "ring/ring";
      if (!custom_kernel && !pair_unpriced)
        require(y.allreduce_time_s >= x.allreduce_time_s * (1 - 1e-12),
                "the pair is never cheaper than the all-reduce NCCL runs", where);
    }
  }
  return 0;
}
