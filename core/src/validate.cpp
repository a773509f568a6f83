// Stage 2: every range rule of docs/model.md#the-layer, in one place. Scalar fields are checked by
// the rule their row in fields.hpp names; the rules that relate fields are written out below. The
// bounds of limits.hpp keep every derived quantity a finite, non-zero double.
#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "internal.hpp"
#include "tplayer/catalog.hpp"
#include "tplayer/fields.hpp"
#include "tplayer/format.hpp"
#include "tplayer/limits.hpp"
#include "tplayer/precision.hpp"
#include "tplayer/tplayer.hpp"
#include "tplayer/units.hpp"

namespace tplayer {
namespace {

class Checker {
 public:
  explicit Checker(std::vector<FieldError>& errors) : errors_(errors) {}

  void count(const Where& at, std::int64_t value, std::int64_t min, std::int64_t max = kMaxCount) {
    if (value < min) {
      fail(at, "expected a whole number >= " + whole_number(min) + ", got " + whole_number(value));
    } else if (value > max) {
      fail(at, "expected a whole number <= " + whole_number(max) + ", got " + whole_number(value));
    }
  }

  // A positive real: what it is ("a bandwidth in bytes/s") names the expectation.
  void positive(const Where& at, double value, std::string_view what) {
    if (!std::isfinite(value)) {
      fail(at, "expected a finite number, got " + format_number(value));
    } else if (value <= 0) {
      fail(at, "expected " + std::string(what) + " > 0, got " + format_number(value));
    } else if (value < kMinPositive || value > kMaxReal) {
      fail(at, "expected " + std::string(what) + " between " + format_number(kMinPositive) +
                   " and " + format_number(kMaxReal) + ", got " + format_number(value));
    }
  }

  void non_negative(const Where& at, double value, std::string_view what) {
    if (!std::isfinite(value)) {
      fail(at, "expected a finite number, got " + format_number(value));
    } else if (value < 0) {
      fail(at, "expected " + std::string(what) + " >= 0, got " + format_number(value));
    } else if (value > kMaxReal) {
      fail(at, "expected " + std::string(what) + " <= " + format_number(kMaxReal) + ", got " +
                   format_number(value));
    }
  }

  void fraction(const Where& at, double value) {
    if (!std::isfinite(value) || value <= 0 || value > 1) {
      fail(at, "expected a fraction in (0, 1], got " + format_number(value));
    } else if (value < kMinPositive) {
      fail(at, "expected a fraction in (0, 1] no smaller than " + format_number(kMinPositive) +
                   ", got " + format_number(value));
    }
  }

  // The smallest whole number a count rule takes.
  static std::int64_t least(FieldRule rule) {
    return rule == FieldRule::AtLeast2 ? 2 : rule == FieldRule::AtLeast1 ? 1 : 0;
  }

  // The rule of one row of a field table, for the scalar members it applies to.
  template <class T>
  void rule(const Where& at, const InputField<T>& f, const T& object) {
    if (f.kind == FieldKind::Choice) choice(at.key(f.name), f, object);
    if (f.rule == FieldRule::None) return;
    const Where place = at.key(f.name);
    std::visit(
        [&](auto member) {
          using M = std::remove_cvref_t<decltype(object.*member)>;
          if constexpr (std::is_same_v<M, std::int64_t>) {
            count(place, object.*member, least(f.rule));
          } else if constexpr (std::is_same_v<M, std::optional<std::int64_t>>) {
            if (object.*member) count(place, *(object.*member), least(f.rule));
          } else if constexpr (std::is_same_v<M, double>) {
            real(place, f, object.*member);
          } else if constexpr (std::is_same_v<M, std::optional<double>>) {
            if (object.*member) real(place, f, *(object.*member));
          }
        },
        f.member);
  }

  template <class T>
  void rules(const Where& at, std::type_identity_t<FieldTable<T>> table, const T& object) {
    for (const InputField<T>& f : table) rule(at, f, object);
  }

  void fail(const Where& at, std::string message) {
    errors_.emplace_back(at.path(), std::move(message));
  }

 private:
  // A choice field holds one of its row's choices.
  template <class T>
  void choice(const Where& at, const InputField<T>& f, const T& object) {
    const std::string* given = nullptr;
    std::visit(
        [&](auto member) {
          const auto& m = object.*member;
          using M = std::remove_cvref_t<decltype(m)>;
          if constexpr (std::is_same_v<M, std::string>) given = &m;
          if constexpr (std::is_same_v<M, std::optional<std::string>>)
            if (m) given = &*m;
        },
        f.member);
    if (!given) return;
    const std::string& value = *given;
    if (std::find(f.choices.begin(), f.choices.end(), value) == f.choices.end())
      fail(at, "unknown " + std::string(f.name) + " " + excerpt(value) + "; expected " +
                   spelled_list(f.choices, true));
  }

  template <class T>
  void real(const Where& at, const InputField<T>& f, double value) {
    if (f.rule == FieldRule::Positive)
      positive(at, value, f.what);
    else if (f.rule == FieldRule::NonNegative)
      non_negative(at, value, f.what);
    else if (f.rule == FieldRule::Fraction)
      fraction(at, value);
  }

  std::vector<FieldError>& errors_;
};

std::string peak_keys(const Accelerator& accelerator) {
  std::string out;
  for (const PeakFlops& peak : accelerator.peak_flops) {
    if (!out.empty()) out += ", ";
    out += peak.precision;
  }
  return out;
}

}  // namespace

const PeakFlops* find_peak(const Accelerator& accelerator, std::string_view precision) {
  const auto wanted = parse_precision(precision);
  if (!wanted) return nullptr;
  for (const PeakFlops& peak : accelerator.peak_flops)
    if (parse_precision(peak.precision) == wanted) return &peak;
  return nullptr;
}

namespace {

// Code points a label must not hold although they are valid UTF-8: C1 controls, invisible
// spaces, joiners and fillers, direction-changing characters, variation selectors, the
// byte-order mark, specials, tags and private use. They can make a name on a shared page look
// like another. Visible punctuation and symbols (an em dash, an arrow, an emoji) are fine.
constexpr std::pair<char32_t, char32_t> kHiddenCodePoints[] = {
    {0x80, 0xA0},     {0xAD, 0xAD},       {0x34F, 0x34F},     {0x61C, 0x61C},   {0x115F, 0x1160},
    {0x17B4, 0x17B5}, {0x180B, 0x180F},   {0x2000, 0x200F},   {0x2028, 0x202F}, {0x205F, 0x206F},
    {0x3164, 0x3164}, {0xE000, 0xF8FF},   {0xFE00, 0xFE0F},   {0xFEFF, 0xFEFF}, {0xFFA0, 0xFFA0},
    {0xFFF0, 0xFFFF}, {0xE0000, 0xE007F}, {0xF0000, 0x10FFFF}};

}  // namespace

std::optional<char32_t> next_code_point(std::string_view text, std::size_t& i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  const std::size_t length = lead < 0x80           ? 1
                             : (lead >> 5) == 0x6  ? 2
                             : (lead >> 4) == 0xE  ? 3
                             : (lead >> 3) == 0x1E ? 4
                                                   : 0;
  if (length == 0 || i + length > text.size()) return std::nullopt;
  char32_t code = length == 1 ? lead : lead & (0x7Fu >> length);
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return std::nullopt;
    code = (code << 6) | (byte(i + k) & 0x3Fu);
  }
  constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kSmallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
    return std::nullopt;
  i += length;
  return code;
}

// ASCII letters, digits, space and _ . , + ( ) / # @ -, and any other visible character
// (non-ASCII letters, symbols).
bool plain_label(std::string_view name) {
  constexpr std::string_view kPunctuation = " _.,+()/#@-";
  for (std::size_t i = 0; i < name.size();) {
    const auto code = next_code_point(name, i);
    if (!code) return false;
    if (*code < 0x80) {
      const char c = static_cast<char>(*code);
      const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
      if (!alnum && kPunctuation.find(c) == std::string_view::npos) return false;
      continue;
    }
    for (const auto& [first, last] : kHiddenCodePoints)
      if (*code >= first && *code <= last) return false;
  }
  return true;
}

bool named_by_name(std::span<const Link> before, std::string_view name) {
  if (name.empty() || name.size() > kMaxNameBytes || !plain_label(name)) return false;
  for (const Link& link : before)
    if (link.name == name) return false;
  return true;
}

namespace {

// A name shown on pages, cards and terminals (a link's, a workload's, an accelerator's): at most
// kMaxNameBytes bytes of plain_label characters. `what`: "a link name", "an accelerator name".
void label(Checker& check, const Where& at, std::string_view name, std::string_view what,
           bool required) {
  if (name.empty()) {
    if (required)
      check.fail(at, "expected a non-empty " + std::string(what.substr(what.find(' ') + 1)) +
                         ", got an empty one");
  } else if (name.size() > kMaxNameBytes) {
    check.fail(at, "expected " + std::string(what) + " of at most " + whole_number(kMaxNameBytes) +
                       " bytes, got " + whole_number(name.size()) + " bytes: " + excerpt(name));
  } else if (!plain_label(name)) {
    check.fail(at, "expected " + std::string(what) +
                       " of letters, digits, spaces or _ . , + ( ) / # @ - (no "
                       "markup, URL scheme or invisible characters), got " +
                       excerpt(name));
  }
}

// A link's NCCL protocol branches or its custom all-reduce branches: at most kMaxProtocols, each
// named by a plain label, each member by its table's rule.
void branches(Checker& check, const Where& at, const std::vector<Protocol>& list,
              FieldTable<Protocol> table, std::string_view what) {
  if (list.size() > kMaxProtocols)
    check.fail(at, "expected at most " + whole_number(kMaxProtocols) + " " + std::string(what) +
                       ", got " + whole_number(list.size()));
  for (std::size_t k = 0; k < list.size(); ++k) {
    const Protocol& p = list[k];
    const Where branch = at.index(k);
    if (p.name.empty())
      check.fail(branch.key("name"), "expected a branch name, got an empty one");
    else if (p.name.size() > kMaxNameBytes || !plain_label(p.name))
      check.fail(branch.key("name"),
                 "expected a branch name of at most " + whole_number(kMaxNameBytes) +
                     " bytes of letters, digits, spaces or _ . , + ( ) / # @ - (it is shown on "
                     "pages), got " +
                     excerpt(p.name));
    check.rules(branch, table, p);
  }
}

// The rules of a link priced from its bandwidth (a link object, a preset, a bare bandwidth):
// alone, or as one tier of a two-tier link.
void priced_link(Checker& check, const Where& at, const Link& link) {
  check.rules(at, kLinkFields, link);
  if (!link.preset.empty() && !find_link(link.preset))
    check.fail(at.key("preset"), "unknown link preset " + excerpt(link.preset));
  branches(check, at.key("protocols"), link.protocols, kProtocolFields, "protocol branches");
  branches(check, at.key("custom"), link.custom, kCustomBranchFields, "custom branches");
}

}  // namespace

std::vector<FieldError> validate(const Scenario& s) {
  std::vector<FieldError> errors;
  Checker check(errors);
  const Where root;

  const Workload& w = s.workload;
  const Where workload = root.key("workload");
  check.rules(workload, kWorkloadFields, w);
  label(check, workload.key("name"), w.name, "a workload name", false);
  if (w.kv_heads)  // at most the heads, when they are valid (a bad heads is named once, at heads)
    check.count(workload.key("kv_heads"), *w.kv_heads, 1, w.heads >= 1 ? w.heads : kMaxCount);

  if (w.experts_per_token > w.experts && w.experts >= 1)
    check.count(workload.key("experts_per_token"), w.experts_per_token, 1, w.experts);

  check.rules(root, kScenarioFields, s);
  if (s.serving_engine) {
    const Where engine = root.key("serving_engine");
    check.rules(engine, kServingEngineFields, *s.serving_engine);
    // The result names the engine: a label, as a link's name is.
    label(check, engine.key("name"), s.serving_engine->name, "an engine name", true);
  }
  if (s.recompute && pass_of(s).compute_multiplier == 1) {
    check.fail(root.key("recompute"),
               "recomputation runs the forward again inside a backward pass; expected pass "
               "\"backward\" or \"training\" with recompute true, got pass " +
                   excerpt(s.pass));
  }

  const Accelerator& a = s.accelerator;
  const Where accelerator = root.key("accelerator");
  const Where peaks = accelerator.key("peak_flops");
  if (a.peak_flops.empty())
    check.fail(peaks, "expected at least one precision with its peak FLOP/s");
  for (const PeakFlops& peak : a.peak_flops) {
    // NaN: a peak that did not read, named by reading under the key as written (maybe an alias,
    // "fp16"); refused here of the whole map, which that error covers.
    const bool unread = std::isnan(peak.flops_per_s);
    if (!parse_precision(peak.precision))
      check.fail(peaks.key(peak.precision), "unknown precision " + excerpt(peak.precision));
    else
      check.positive(unread ? peaks : peaks.key(peak.precision), peak.flops_per_s,
                     "a peak in FLOP/s");
  }
  check.rules(accelerator, kAcceleratorFields, a);
  label(check, accelerator.key("name"), a.name, "an accelerator name", false);
  if (!a.native_link.empty() && !find_link(a.native_link))
    check.fail(accelerator.key("native_link"), "unknown link preset " + excerpt(a.native_link));

  if (const auto precision = parse_precision(s.precision)) {
    if (!a.peak_flops.empty() && !find_peak(a, s.precision))
      check.fail(root.key("precision"), (a.name.empty() ? std::string("the accelerator") : a.name) +
                                            " has no peak for " + precision->key() + "; it has " +
                                            peak_keys(a));
  } else {
    check.fail(root.key("precision"), "unknown precision " + excerpt(s.precision));
  }

  const Where links = root.key("links");
  if (s.links.empty()) check.fail(links, "expected at least one link, got none");
  for (std::size_t i = 0; i < s.links.size(); ++i) {
    const Link& link = s.links[i];
    const std::span<const Link> before(s.links.data(), i);
    const Where at = link_where(links, before, link.name);
    const Where name = at.key("name");
    label(check, name, link.name, "a link name", true);
    if (!link.name.empty() && link.name.size() <= kMaxNameBytes && plain_label(link.name) &&
        !named_by_name(before, link.name)) {
      check.fail(name, "expected a unique link name, got " + excerpt(link.name) + " a second time");
    }
    if (link.is_measured()) {
      check.rules(at, kMeasuredLinkFields, link);
      // The text, or the rows when they were given as numbers; the link itself when neither
      // read (the reader has said why, there or inside).
      const Where given = !link.measured.empty()        ? at.key("measured")
                          : !link.measured_rows.empty() ? at.key("rows")
                                                        : at;
      if (link.measured_rows.size() < 2)
        check.fail(given,
                   "expected at least two measured rows (read the text with "
                   "read_scenario), got " +
                       whole_number(link.measured_rows.size()));
      else if (link.measured_ranks < 2 && !link.ranks)
        check.fail(at.key("ranks"), "expected a rank count >= 2 for the measurement, got " +
                                        whole_number(link.measured_ranks));
      if (collective_of(s).calls > 1)
        check.fail(given,
                   "all_reduce_perf measures all-reduces only: it cannot price "
                   "\"reduce_scatter_all_gather\"");
      continue;
    }
    if (link.is_two_tier()) {
      check.rules(at, kTwoTierLinkFields, link);
      if (!link.preset.empty() && !find_two_tier(link.preset))
        check.fail(at, "unknown two-tier link preset " + excerpt(link.preset));
      for (std::size_t k = 0; k < link.tiers.size() && k < 2; ++k)
        priced_link(check, at.key(k == 0 ? "intra_node" : "inter_node"), link.tiers[k]);
      const std::int64_t g = link.ranks_per_node;
      if (g >= 1 && s.tp_size > g && s.tp_size % g != 0)
        check.fail(at.key("ranks_per_node"),
                   "tp_size " + whole_number(s.tp_size) + " is above ranks_per_node " +
                       whole_number(g) + " and not a multiple of it: the ranks cannot sit " +
                       whole_number(g) + " to a node");
      continue;
    }
    priced_link(check, at, link);
  }
  return errors;
}

}  // namespace tplayer
