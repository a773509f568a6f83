// docs/model.md#any-model-any-rig: a workload from a Hugging Face model's config.json. The shapes
// it reads are the only inputs; the parameters and the active FLOPs follow from them, as they do
// for the catalogue's models defined by their configs (one derivation for both).
#include <algorithm>
#include <cmath>

#include "internal.hpp"
#include "tplayer/limits.hpp"

namespace tplayer {

Workload workload_from_shapes(const ModelShapes& m) {
  const double h = static_cast<double>(m.hidden);
  const double head =
      m.head_dim > 0 ? static_cast<double>(m.head_dim) : h / static_cast<double>(m.heads);
  const double q = static_cast<double>(m.heads) * head;
  const double kv = static_cast<double>(m.kv_heads) * head;
  const double ffn = static_cast<double>(m.ffn);
  const double experts = static_cast<double>(m.experts);
  // Per layer: Q, K, V and O (and the QKV biases), two norms, then the MLP: a dense one, or the
  // experts, their router and the shared experts.
  const double attention = 2 * h * q + 2 * h * kv + (m.qkv_bias ? q + 2 * kv : 0);
  const double expert = (m.gated ? 3 : 2) * h * ffn;
  const double mlp = experts * expert + (m.experts > 1 ? h * experts : 0) +
                     (m.gated ? 3 : 2) * h * static_cast<double>(m.shared_ffn);
  const double layers = static_cast<double>(m.layers);
  const double parameters =
      layers * (attention + 2 * h + mlp) + static_cast<double>(m.vocab) * h * (m.tied ? 1 : 2) + h;
  Workload w;
  w.parameters = parameters;
  w.layers = m.layers;
  w.hidden_dim = m.hidden;
  w.heads = m.heads;
  w.kv_heads = m.kv_heads;
  if (m.head_dim > 0 && m.head_dim * m.heads != m.hidden) w.head_dim = m.head_dim;
  w.ffn_hidden = m.ffn;
  w.gated_mlp = m.gated;
  w.vocab = m.vocab;
  w.experts = std::max<std::int64_t>(m.experts, 1);
  w.experts_per_token = std::max<std::int64_t>(m.experts_per_token, 1);
  // 2 FLOPs per parameter; a mixture of experts computes with the experts a token routes to: per
  // active parameter (the embedding counted, as the published active totals and mlsysim count it).
  w.inference_flops =
      2 * (parameters - layers * (experts - static_cast<double>(w.experts_per_token)) * expert);
  return w;
}

namespace {

// MLP kinds by model family: gated (SwiGLU / GeGLU: gate and up projections) for these.
constexpr std::string_view kGatedFamilies[] = {
    "llama", "mistral", "mixtral", "qwen2",       "qwen2_moe", "qwen3", "qwen3_moe",
    "gemma", "gemma2",  "gemma3",  "gemma3_text", "gpt_oss",   "phi3",  "olmo",
    "olmo2", "granite", "cohere",  "internlm2",   "starcoder2"};
constexpr std::string_view kGatedActivations[] = {"silu", "swish", "swiglu", "geglu"};
// Attention kinds the model does not price (docs/model.md#any-model-any-rig).
constexpr std::string_view kLatentAttentionKeys[] = {"kv_lora_rank", "q_lora_rank"};
constexpr std::string_view kLatentAttentionFamilies[] = {"deepseek_v2", "deepseek_v3"};

template <class List>
bool listed(const List& list, std::string_view key) {
  return std::find(std::begin(list), std::end(list), key) != std::end(list);
}

class ConfigReader {
 public:
  ConfigReader(const Value& config, const Where& at, std::vector<FieldError>& errors)
      : config_(config), at_(at), errors_(errors) {}

  bool has(std::string_view key) const {
    const Value* v = config_.find(key);
    return v && !v->is_null();
  }

  const Value* get(std::string_view key) {
    const Value* v = config_.find(key);
    if (!v || v->is_null()) return nullptr;
    if (!keys_.empty()) keys_ += ", ";
    keys_ += key;
    return v;
  }

  // A size: a whole number of at least `least`. `what` says what it is, for the messages.
  std::int64_t size(std::string_view key, std::string_view what, bool required,
                    std::int64_t fallback = 0, std::int64_t least = 1) {
    const Value* v = get(key);
    if (!v) {
      if (required) fail(key, "missing: expected " + std::string(what) + ", a whole number");
      return fallback;
    }
    if (!v->is_number() || !std::isfinite(v->number) || std::trunc(v->number) != v->number ||
        v->number < static_cast<double>(least) || v->number > static_cast<double>(kMaxCount)) {
      fail(key, "expected " + std::string(what) + ", a whole number of at least " +
                    std::to_string(least) + ", got " + describe(*v));
      return fallback;
    }
    return static_cast<std::int64_t>(v->number);
  }

  bool flag(std::string_view key, bool fallback) {
    const Value* v = get(key);
    if (!v) return fallback;
    if (v->kind != Value::Kind::Bool) {
      fail(key, "expected true or false, got " + describe(*v));
      return fallback;
    }
    return v->boolean;
  }

  std::string text(std::string_view key) {
    const Value* v = get(key);
    return v && v->is_string() ? v->string : std::string();
  }

  void fail(std::string_view key, std::string message) {
    ok_ = false;
    errors_.emplace_back(at_.key(key).path(), std::move(message));
  }

  bool ok() const { return ok_; }
  std::string keys() const { return keys_; }

 private:
  const Value& config_;
  const Where& at_;
  std::vector<FieldError>& errors_;
  std::string keys_;
  bool ok_ = true;
};

}  // namespace

bool read_hf_config(const Value& value, const Where& where, Workload& out,
                    std::vector<FieldError>& errors) {
  if (!value.is_object()) {
    errors.emplace_back(
        where.path(), "expected a config.json object (hidden_size, num_hidden_layers, ...), got " +
                          describe(value));
    return false;
  }
  // A multimodal model's language model has its own config (Gemma 3, Llama 4).
  const Value* text_config = value.find("text_config");
  const bool nested = !value.find("hidden_size") && text_config && text_config->is_object();
  const Where inner = where.key("text_config");
  ConfigReader c(nested ? *text_config : value, nested ? inner : where, errors);

  const std::string family = c.text("model_type");
  for (std::string_view key : kLatentAttentionKeys) {
    if (c.has(key)) {
      c.fail(key,
             "multi-head latent attention (DeepSeek's MLA) is an attention kind the model does "
             "not price; expected multi-head or grouped-query attention (num_key_value_heads)");
      return false;
    }
  }
  if (listed(kLatentAttentionFamilies, family)) {
    c.fail("model_type",
           "\"" + family +
               "\" uses multi-head latent attention (MLA), an attention kind the "
               "model does not price; expected multi-head or grouped-query attention");
    return false;
  }

  ModelShapes m;
  m.hidden = c.size("hidden_size", "the hidden width", true);
  m.layers = c.size("num_hidden_layers", "the layer count", true);
  m.heads = c.size("num_attention_heads", "the attention heads", true);
  m.kv_heads = c.size("num_key_value_heads", "the key/value heads", false, m.heads);
  m.head_dim = c.size("head_dim", "a head's width", false);
  m.vocab = c.size("vocab_size", "the vocabulary size", true);
  m.experts = 1;
  for (std::string_view key : {"num_local_experts", "num_experts", "n_routed_experts"}) {
    if (c.has(key)) {
      m.experts = c.size(key, "the experts per layer", false, 1, 0);
      break;
    }
  }
  if (m.experts > 1) {
    const std::string_view k =
        c.has("num_experts_per_tok") ? "num_experts_per_tok" : "experts_per_token";
    m.experts_per_token = c.size(k, "the experts each token routes to", true, 1);
    if (c.ok() && m.experts_per_token > m.experts)
      c.fail(k, "expected at most the " + std::to_string(m.experts) + " experts per layer, got " +
                    std::to_string(m.experts_per_token));
    m.ffn = c.has("moe_intermediate_size")
                ? c.size("moe_intermediate_size", "an expert's MLP width", true)
                : c.size("intermediate_size", "an expert's MLP width", true);
    if (c.has("shared_expert_intermediate_size"))
      m.shared_ffn =
          c.size("shared_expert_intermediate_size", "the shared expert's width", false, 0, 0);
    else if (c.has("n_shared_experts"))
      m.shared_ffn = c.size("n_shared_experts", "the shared experts", false, 0, 0) * m.ffn;
  } else {
    m.experts = 1;
    m.ffn = c.size("intermediate_size", "the MLP's width", true);
  }
  // transformers' own default ties the embeddings; the families that untie them say so in their
  // configs, except Llama's, Mistral's and Qwen's config classes, whose default is untied.
  m.tied = c.flag("tie_word_embeddings", family.starts_with("gemma"));
  std::string act = c.text("hidden_act");
  if (act.empty()) act = c.text("hidden_activation");
  m.gated = listed(kGatedFamilies, family) || act.empty() ||
            std::any_of(std::begin(kGatedActivations), std::end(kGatedActivations),
                        [&](std::string_view a) { return act == a; });
  m.qkv_bias = c.flag("attention_bias", family == "qwen2" || family == "qwen2_moe");
  if (!c.ok()) return false;

  const std::string from = out.key;
  const std::string name = out.name;
  out = workload_from_shapes(m);
  out.key = from;
  std::string label = c.text("_name_or_path");
  if (label.empty() || label.size() > kMaxNameBytes || !plain_label(label)) label = family;
  out.name = label.empty() || label.size() > kMaxNameBytes || !plain_label(label) ? name : label;
  out.hf_config_keys = c.keys();
  return true;
}

}  // namespace tplayer
