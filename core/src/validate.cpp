// Every range rule of SPEC section 3, in one place. The bounds keep every derived quantity a
// finite, non-zero double: with integers up to 1e12 and positive reals within [1e-30, 1e30],
// no product or quotient of the model leaves the range of a double.
#include <cmath>
#include <optional>
#include <utility>

#include "tplayer/catalog.hpp"
#include "tplayer/precision.hpp"
#include "tplayer/scenario.hpp"
#include "tplayer/units.hpp"

namespace tplayer {
namespace {

constexpr std::int64_t kMaxCount = 1'000'000'000'000;  // 1e12
constexpr double kMinMagnitude = 1e-30;
constexpr double kMaxMagnitude = 1e30;

class Checker {
 public:
  explicit Checker(std::vector<FieldError>& errors) : errors_(errors) {}

  void count(std::string_view field, std::int64_t value, std::int64_t min,
             std::int64_t max = kMaxCount) {
    if (value < min) {
      fail(field,
           "expected a whole number >= " + std::to_string(min) + ", got " + std::to_string(value));
    } else if (value > max) {
      fail(field,
           "expected a whole number <= " + std::to_string(max) + ", got " + std::to_string(value));
    }
  }

  // A positive real: what it is ("a bandwidth in bytes/s") names the expectation.
  void positive(std::string_view field, double value, std::string_view what,
                std::string_view leaf = {}) {
    if (!std::isfinite(value)) {
      fail(field, leaf, "expected a finite number, got " + format_number(value));
    } else if (value <= 0) {
      fail(field, leaf, "expected " + std::string(what) + " > 0, got " + format_number(value));
    } else if (value < kMinMagnitude || value > kMaxMagnitude) {
      fail(
          field, leaf,
          "expected " + std::string(what) + " between 1e-30 and 1e30, got " + format_number(value));
    }
  }

  void non_negative(std::string_view field, double value, std::string_view what,
                    std::string_view leaf = {}) {
    if (!std::isfinite(value)) {
      fail(field, leaf, "expected a finite number, got " + format_number(value));
    } else if (value < 0) {
      fail(field, leaf, "expected " + std::string(what) + " >= 0, got " + format_number(value));
    } else if (value > kMaxMagnitude) {
      fail(field, leaf, "expected " + std::string(what) + " <= 1e30, got " + format_number(value));
    }
  }

  void fraction(std::string_view field, double value) {
    if (!std::isfinite(value)) {
      fail(field, "expected a fraction in (0, 1], got " + format_number(value));
    } else if (value <= 0 || value > 1) {
      fail(field, "expected a fraction in (0, 1], got " + format_number(value));
    } else if (value < kMinMagnitude) {
      fail(field,
           "expected a fraction in (0, 1] no smaller than 1e-30, got " + format_number(value));
    }
  }

  // A field is named by up to two parts ("links.nvlink" and "bandwidth"), joined only when an
  // error names it: valid input, the common case, allocates nothing (most paths outgrow the 10
  // bytes that wasm32's libc++ strings hold inline, and its allocator is slower than glibc's).
  void fail(std::string_view field, std::string message) { fail(field, {}, std::move(message)); }
  void fail(std::string_view field, std::string_view leaf, std::string message) {
    std::string path(field);
    if (!leaf.empty()) path.append(".").append(leaf);
    errors_.push_back({std::move(path), std::move(message)});
  }

 private:
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

// The next code point of `text` from `i` (advanced past it), or nullopt for invalid UTF-8.
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

// A link name is a plain label: names travel in shared URLs and show on other people's pages,
// so they carry no markup, no URL scheme and nothing invisible. ASCII letters, digits, space
// and _ . , + ( ) / # @ -, and any other visible character (non-ASCII letters, symbols).
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

}  // namespace

std::string link_path(std::span<const Link> before, std::string_view name) {
  bool taken = name.empty() || name.size() > kMaxNameBytes || !plain_label(name);
  for (const Link& link : before) taken = taken || link.name == name;
  return taken ? "links[" + std::to_string(before.size()) + "]" : "links." + std::string(name);
}

std::vector<FieldError> validate(const Scenario& s) {
  std::vector<FieldError> errors;
  Checker check(errors);

  const Workload& w = s.workload;
  check.positive("workload.parameters", w.parameters, "a parameter count");
  check.count("workload.layers", w.layers, 1);
  check.count("workload.hidden_dim", w.hidden_dim, 1);
  check.count("workload.heads", w.heads, 1);
  if (w.kv_heads)
    check.count("workload.kv_heads", *w.kv_heads, 1, std::max<std::int64_t>(w.heads, 1));
  if (w.inference_flops)
    check.positive("workload.inference_flops", *w.inference_flops, "FLOPs per token");

  check.count("tp_size", s.tp_size, 1);
  check.count("tokens", s.tokens, 1);
  check.fraction("local_efficiency", s.local_efficiency);
  check.count("collectives_per_layer", s.collectives_per_layer, 0);

  const Accelerator& a = s.accelerator;
  if (a.peak_flops.empty())
    check.fail("accelerator.peak_flops", "expected at least one precision with its peak FLOP/s");
  for (const PeakFlops& peak : a.peak_flops) {
    if (!parse_precision(peak.precision))
      check.fail("accelerator.peak_flops", peak.precision,
                 "unknown precision " + excerpt(peak.precision));
    else
      check.positive("accelerator.peak_flops", peak.flops_per_s, "a peak in FLOP/s",
                     peak.precision);
  }
  check.positive("accelerator.memory_capacity", a.memory_capacity, "a capacity in bytes");
  check.positive("accelerator.memory_bandwidth", a.memory_bandwidth, "a bandwidth in bytes/s");
  if (!a.native_link.empty() && !find_link(a.native_link))
    check.fail("accelerator.native_link", "unknown link preset " + excerpt(a.native_link));

  if (const auto precision = parse_precision(s.precision)) {
    if (!a.peak_flops.empty() && !find_peak(a, s.precision))
      check.fail("precision", (a.name.empty() ? std::string("the accelerator") : a.name) +
                                  " has no peak for " + precision->key() + "; it has " +
                                  peak_keys(a));
  } else {
    check.fail("precision", "unknown precision " + excerpt(s.precision));
  }

  if (s.links.empty()) check.fail("links", "expected at least one link, got none");
  for (std::size_t i = 0; i < s.links.size(); ++i) {
    const Link& link = s.links[i];
    const std::span<const Link> before(s.links.data(), i);
    const std::string field = link_path(before, link.name);
    if (link.name.empty()) {
      check.fail(field, "name", "expected a non-empty link name, got an empty one");
    } else if (link.name.size() > kMaxNameBytes) {
      check.fail(field, "name",
                 "expected a link name of at most " + std::to_string(kMaxNameBytes) +
                     " bytes, got " + std::to_string(link.name.size()) +
                     " bytes: " + excerpt(link.name));
    } else if (!plain_label(link.name)) {
      check.fail(field, "name",
                 "expected a link name of letters, digits, spaces or _ . , + ( ) / # @ - (no "
                 "markup, URL scheme or invisible characters), got " +
                     excerpt(link.name));
    } else if (field.starts_with("links[")) {
      check.fail(field, "name",
                 "expected a unique link name, got " + excerpt(link.name) + " a second time");
    }
    check.positive(field, link.bandwidth, "a bandwidth in bytes/s", "bandwidth");
    check.non_negative(field, link.latency, "a latency in seconds", "latency");
  }
  return errors;
}

std::vector<FieldError> warnings(const Scenario& s) {
  std::vector<FieldError> out;
  const std::int64_t n = s.tp_size;
  const auto tp = [n] { return "tp_size " + std::to_string(n); };
  if (n > s.workload.heads) {
    out.push_back({"tp_size", tp() + " is more than the " + std::to_string(s.workload.heads) +
                                  " attention heads: some ranks get no head to compute"});
  } else if (s.workload.heads % n != 0) {
    out.push_back({"tp_size", tp() + " does not divide the " + std::to_string(s.workload.heads) +
                                  " attention heads: ranks get unequal shares"});
  }
  if (s.workload.hidden_dim % n != 0) {
    out.push_back({"tp_size", tp() + " does not divide hidden_dim " +
                                  std::to_string(s.workload.hidden_dim) +
                                  ": the weight matrices cannot be split evenly"});
  }
  const auto precision = parse_precision(s.precision);
  const double weights = s.workload.parameters * (precision ? precision->bytes_per_element : 0) /
                         static_cast<double>(n);
  if (weights > s.accelerator.memory_capacity) {
    out.push_back({"accelerator.memory_capacity",
                   "the weights per rank (" + format_quantity(weights, Dimension::Bytes) +
                       ") do not fit in the accelerator's memory (" +
                       format_quantity(s.accelerator.memory_capacity, Dimension::Bytes) + ", " +
                       format_binary_bytes(s.accelerator.memory_capacity) + ")"});
  }
  if (s.collectives_per_layer == 0) {
    out.push_back({"collectives_per_layer",
                   "collectives_per_layer is 0: no all-reduce is priced, so every link shows "
                   "compute only"});
  }
  return out;
}

}  // namespace tplayer
