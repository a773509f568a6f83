// Helpers shared by the core's stages (read, validate, pipeline); not part of the public API.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tplayer/model.hpp"
#include "tplayer/value.hpp"

namespace tplayer {

// A place in the scenario, built as a chain on the stack while reading or validating, and
// turned into a FieldPath only when an error names it: valid input allocates no paths.
class Where {
 public:
  Where() = default;  // the scenario itself
  Where key(std::string_view name) const { return Where(this, name, 0, false); }
  Where index(std::size_t i) const { return Where(this, {}, i, true); }
  FieldPath path() const;

 private:
  Where(const Where* parent, std::string_view name, std::size_t i, bool is_index)
      : parent_(parent), name_(name), index_(i), is_index_(is_index), root_(false) {}
  const Where* parent_ = nullptr;
  std::string_view name_;
  std::size_t index_ = 0;
  bool is_index_ = false;
  bool root_ = true;
};

// Whether a link is named in paths by its name: a plain label (see plain_label) of at most
// kMaxNameBytes that no earlier link has. Otherwise it is named by its position.
bool named_by_name(std::span<const Link> before, std::string_view name);

// The place of the link that follows `before` and is called `name`, under `links`.
inline Where link_where(const Where& links, std::span<const Link> before, std::string_view name) {
  return named_by_name(before, name) ? links.key(name) : links.index(before.size());
}

// A link name is a plain label: names travel in shared URLs and show on other people's pages,
// so they carry no markup, no URL scheme and nothing invisible.
bool plain_label(std::string_view name);

// The next code point of `text` from `i` (advanced past it), or nullopt for invalid UTF-8 (`i`
// left where it was).
std::optional<char32_t> next_code_point(std::string_view text, std::size_t& i);

// "a, b or c" (quoted: "\"a\", \"b\" or \"c\""), for messages that list what is allowed.
std::string spelled_list(std::span<const std::string_view> items, bool quoted);

// The accelerator's peak for a precision key (normalised on both sides), or nullptr.
const PeakFlops* find_peak(const Accelerator& accelerator, std::string_view precision);

// Sets a sweepable scenario field from a value with read_scenario's type rules, adding any
// problem to `errors`. Returns false when `field` is not sweepable.
bool read_sweep_field(Scenario& scenario, std::string_view field, const Value& value,
                      std::vector<FieldError>& errors);

// docs/model.md#the-kernels-model: a step's kernels on one of `ranks` ranks: those of one layer
// (each run L times a step) and those outside the layers (once a step: embedding, final norm, LM
// head, sampling; none without a vocabulary). Times include each kernel's fixed costs and the
// pass's multiplier.
struct StepKernels {
  std::vector<KernelResult> layer;
  std::vector<KernelResult> head;
};
StepKernels step_kernels(const Scenario& scenario, std::int64_t ranks);

// docs/model.md#any-model-any-rig: a model's shapes as its config.json gives them, and the
// workload they make (parameters and active FLOPs derived). A head_dim of 0: hidden / heads.
struct ModelShapes {
  std::int64_t hidden = 0, layers = 0, heads = 1, kv_heads = 1, head_dim = 0, ffn = 0, vocab = 0;
  std::int64_t experts = 1, experts_per_token = 1;
  std::int64_t shared_ffn = 0;  // the shared experts' MLP width, all of them (0: none)
  bool tied = false, gated = true, qkv_bias = false;
};
Workload workload_from_shapes(const ModelShapes& shapes);
// Reads a parsed config.json at `at` into `out` (its key and, failing a name in the config, its
// name kept), adding its problems to `errors`; false when it could not be read.
bool read_hf_config(const Value& config, const Where& at, Workload& out,
                    std::vector<FieldError>& errors);

// A head's width: head_dim when given, else hidden / heads.
inline double head_width(const Workload& w) {
  return w.head_dim ? static_cast<double>(*w.head_dim)
                    : static_cast<double>(w.hidden_dim) / static_cast<double>(w.heads);
}
// The query width all heads together: heads x head_dim when given, else hidden.
inline double query_width(const Workload& w) {
  return w.head_dim ? static_cast<double>(*w.head_dim) * static_cast<double>(w.heads)
                    : static_cast<double>(w.hidden_dim);
}
double total_time(const std::vector<KernelResult>& kernels);

}  // namespace tplayer
