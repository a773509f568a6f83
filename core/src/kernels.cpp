// docs/model.md#the-kernels-model: one step as its kernels, per rank. Each kernel runs on its own
// roofline (the slower of its FLOPs and its bytes), a GEMM in waves of 128 x 128 output tiles over
// the compute units, plus its fixed cost: the device's (a kernel's ramp and tail, by class, fitted
// on measured per-kernel times) and the serving engine's (the gap its launch mode leaves between
// kernels).
#include <algorithm>
#include <cmath>

#include "internal.hpp"
#include "tplayer/limits.hpp"
#include "tplayer/precision.hpp"
#include "tplayer/tplayer.hpp"

namespace tplayer {
namespace {

// A class of kernels and its device-side constants: the fixed cost of one run and the share of the
// memory bandwidth its reads reach (0: the scenario's memory_efficiency, as a GEMM's weights).
struct KernelClass {
  std::string_view name;
  double fixed_s;
  double memory_efficiency;
};
// Fitted by calibration/fit_kernels.py on calibration/data/kernels/vidur_layer_ops.csv.
constexpr KernelClass kKernelClasses[] = {
#include "kernel_calibration.inc"
};

const KernelClass& kernel_class(std::string_view name) {
  for (const KernelClass& k : kKernelClasses)
    if (k.name == name) return k;
  return kKernelClasses[0];  // "gemm": the attention kernel and sampling have no profile of their
                             // own
}

constexpr double kTile = 128;

double ceil_div(double a, double b) { return std::ceil(a / b); }

// The shares of the work one rank holds: heads and KV heads (docs/model.md#the-roofline: replicated
// past their count), the MLP's width; the slowest rank's when n does not divide them.
struct Shares {
  double heads, kv_heads, head_dim, ffn, vocab;
};
Shares shares_of(const Workload& w, double n) {
  const double heads = static_cast<double>(w.heads);
  const double kv = static_cast<double>(w.kv_heads.value_or(w.heads));
  return {ceil_div(heads, n), n <= kv ? ceil_div(kv, n) : 1, head_width(w),
          ceil_div(static_cast<double>(ffn_hidden(w)), n),
          ceil_div(static_cast<double>(w.vocab), n)};
}

class KernelPricer {
 public:
  explicit KernelPricer(const Scenario& s)
      : s_(s),
        b_(parse_precision(s.precision)->bytes_per_element),
        weight_b_(weight_bytes_per_element(s)),
        peak_(find_peak(s.accelerator, s.precision)->flops_per_s),
        units_(static_cast<double>(s.accelerator.compute_units.value_or(0))),
        engine_(s.serving_engine ? s.serving_engine->kernel_overhead : 0) {}

  // A GEMM of (m x k) by (k x cols), `groups` of them side by side in one kernel (the experts a
  // mixture routes to), reading `weights` elements.
  KernelResult gemm(std::string_view name, std::string_view group, double count, double m, double k,
                    double cols, double groups = 1) const {
    const double tiles = groups * ceil_div(m, kTile) * ceil_div(cols, kTile);
    const double wave = units_ > 0 ? tiles / (ceil_div(tiles, units_) * units_) : 1;
    const double flops = 2 * groups * m * k * cols;
    const double bytes = groups * (weight_b_ * k * cols + b_ * (m * k + m * cols));
    return priced(name, group, count, flops, bytes, wave, kernel_class("gemm"));
  }

  KernelResult small(std::string_view name, std::string_view kind, std::string_view group,
                     double count, double flops, double bytes) const {
    return priced(name, group, count, flops, bytes, 1, kernel_class(kind));
  }

  double b() const { return b_; }

 private:
  KernelResult priced(std::string_view name, std::string_view group, double count, double flops,
                      double bytes, double wave, const KernelClass& kind) const {
    const double efficiency =
        kind.memory_efficiency > 0 ? kind.memory_efficiency : s_.memory_efficiency;
    const double flop_time = flops / (peak_ * s_.local_efficiency * wave);
    const double memory_time = bytes / (s_.accelerator.memory_bandwidth * efficiency);
    const double fixed = kind.fixed_s + engine_;
    KernelResult k;
    k.name = name;
    k.group = group;
    k.count = count;
    k.flops = flops;
    k.bytes = bytes;
    k.overhead_s = fixed;
    k.time_s = std::max(flop_time, memory_time) + fixed;
    k.wave_efficiency = wave;
    k.bound = fixed > std::max(flop_time, memory_time) ? "overhead"
              : memory_time > flop_time                ? "memory"
                                                       : "flops";
    return k;
  }

  const Scenario& s_;
  double b_;         // activations
  double weight_b_;  // the weights' storage (docs/model.md#any-model-any-rig)
  double peak_;
  double units_;
  double engine_;
};

}  // namespace

std::int64_t ffn_hidden(const Workload& w) {
  if (w.ffn_hidden) return *w.ffn_hidden;
  const double h = static_cast<double>(w.hidden_dim);
  const double heads = static_cast<double>(std::max<std::int64_t>(w.heads, 1));
  const double kv = static_cast<double>(w.kv_heads.value_or(w.heads));
  const double layers = static_cast<double>(std::max<std::int64_t>(w.layers, 1));
  // Per layer: the parameters less the embedding and the head (untied), less attention's Q, K, V
  // and O; the rest is the MLP's (gate,) up and down, per expert.
  const double q = w.head_dim ? heads * static_cast<double>(*w.head_dim) : h;
  const double attention = 2 * h * q + 2 * h * kv * (q / heads);
  const double per_layer = (w.parameters - 2 * static_cast<double>(w.vocab) * h) / layers;
  const double matrices =
      (w.gated_mlp ? 3 : 2) * h * static_cast<double>(std::max<std::int64_t>(w.experts, 1));
  const double f = std::round((per_layer - attention) / matrices);
  // Within the field's own range, so the normalised scenario that writes it reads back: a model
  // so large that its MLP would be wider than kMaxCount is priced at that width.
  if (!(f >= 1)) return 1;
  return f <= static_cast<double>(kMaxCount) ? static_cast<std::int64_t>(f) : kMaxCount;
}

StepKernels step_kernels(const Scenario& s, std::int64_t ranks) {
  const Workload& w = s.workload;
  const double n = static_cast<double>(ranks);
  const double T = static_cast<double>(s.tokens);
  const double h = static_cast<double>(w.hidden_dim);
  const double L = static_cast<double>(w.layers);
  const double m = compute_multiplier(s);
  const Shares p = shares_of(w, n);
  const KernelPricer price(s);
  const double b = price.b();
  const double q = p.heads * p.head_dim;      // this rank's query width
  const double kv = p.kv_heads * p.head_dim;  // and its key (= value) width
  const bool decode = s.pass == kDecode;
  const double context = static_cast<double>(s.attention_context);
  const double experts = static_cast<double>(w.experts);
  const double routed = static_cast<double>(w.experts_per_token);
  const double up_cols = (w.gated_mlp ? 2 : 1) * p.ffn;

  StepKernels out;
  auto& layer = out.layer;
  layer.push_back(price.small("input_norm", "norm", "small", L, 4 * T * h, b * (2 * T * h + h)));
  layer.push_back(price.gemm("qkv", "gemm", L, T, h, q + 2 * kv));
  layer.push_back(
      price.small("rotary", "rope", "small", L, 6 * T * (q + kv), 2 * b * T * (q + kv)));
  // docs/model.md#passes over this rank's heads; in decode each sequence reads its cached K and V
  // (docs/model.md#the-roofline), in the KV cache's own format.
  const double attention_bytes = decode
                                     ? T * (kv_bytes_per_element(s) * context * 2 * kv + b * 2 * q)
                                     : b * T * (2 * q + 2 * kv);
  layer.push_back(
      price.small("attention", "gemm", "attention", L, 4 * T * context * q, attention_bytes));
  layer.push_back(price.gemm("o_proj", "gemm", L, T, q, h));
  layer.push_back(price.small("attention_residual", "add", "small", L, T * h, 3 * b * T * h));
  layer.push_back(
      price.small("post_attention_norm", "norm", "small", L, 4 * T * h, b * (2 * T * h + h)));
  if (experts > 1) {
    // The router (replicated on every rank) and each token's experts: even routing, each expert
    // that receives tokens read once (at most the experts, at most tokens x k of them).
    layer.push_back(price.gemm("router", "gemm", L, T, h, experts));
    const double touched = std::min(experts, T * routed);
    const double per_expert = T * routed / touched;
    layer.push_back(price.gemm("experts_up", "gemm", L, per_expert, h, up_cols, touched));
    layer.push_back(price.small("activation", "act", "small", L, 5 * T * routed * p.ffn,
                                b * T * routed * (up_cols + p.ffn)));
    layer.push_back(price.gemm("experts_down", "gemm", L, per_expert, p.ffn, h, touched));
  } else {
    layer.push_back(price.gemm("up_proj", "gemm", L, T, h, up_cols));
    layer.push_back(
        price.small("activation", "act", "small", L, 5 * T * p.ffn, b * T * (up_cols + p.ffn)));
    layer.push_back(price.gemm("down_proj", "gemm", L, T, p.ffn, h));
  }
  layer.push_back(price.small("mlp_residual", "add", "small", L, T * h, 3 * b * T * h));

  if (w.vocab > 0) {
    // Once per step: the vocab-parallel embedding (its all-reduce is the link's), the final norm,
    // the LM head over this rank's share of the vocabulary, and sampling the gathered logits.
    auto& head = out.head;
    head.push_back(price.small("embedding", "embedding", "head", 1, 0, 2 * b * T * h));
    head.push_back(price.small("final_norm", "norm", "head", 1, 4 * T * h, b * (2 * T * h + h)));
    head.push_back(price.gemm("lm_head", "head", 1, T, h, p.vocab));
    head.push_back(price.small("sampling", "norm", "head", 1, 4 * T * static_cast<double>(w.vocab),
                               b * T * static_cast<double>(w.vocab)));
  }
  // A backward pass runs each kernel again for each product it computes (the multiplier of
  // docs/model.md#passes).
  for (auto* list : {&out.layer, &out.head})
    for (KernelResult& k : *list) {
      k.time_s *= m;
      k.overhead_s *= m;
      k.flops *= m;
      k.bytes *= m;
    }
  return out;
}

double total_time(const std::vector<KernelResult>& kernels) {
  double t = 0;
  for (const KernelResult& k : kernels) t += k.time_s;
  return t;
}

}  // namespace tplayer
