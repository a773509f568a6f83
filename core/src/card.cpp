// The verdict card as SVG (card.hpp). Pure string building from the solved result: no number here
// is computed again, only laid out. Written into one buffer piece by piece, through a few
// out-of-line calls, rather than as chains of string additions: the module ships this code, and
// each inlined chain costs bytes on every door.
#include "tplayer/card.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

#include "internal.hpp"
#include "tplayer/catalog.hpp"
#include "tplayer/format.hpp"
#include "tplayer/limits.hpp"

namespace tplayer {
namespace {

constexpr double kPad = 20;
constexpr double kBarWidth = kCardWidth - 2 * kPad - 84;  // the right 84 px: each bar's time
constexpr std::size_t kCardLinks = 12;  // bars drawn; the rest are counted (the card <= 12 KB)
// Characters per line before a line wraps, for each size of text across the card (system fonts
// differ; these leave room for the widest of them).
constexpr std::size_t kTitleChars = 52;      // 18 px bold
constexpr std::size_t kVerdictChars = 62;    // 15 px semibold
constexpr std::size_t kLineChars = 84;       // 12-12.5 px
constexpr std::size_t kLinkChars = 80;       // 13 px: a link's name and bound
constexpr std::size_t kPermalinkChars = 92;  // 10.5 px monospace
constexpr std::size_t kPermalinkLines = 3;   // a longer permalink ends in an ellipsis
constexpr std::string_view kEllipsis = "\u2026";

// `at`, or the start of the code point it falls inside (so a cut leaves whole characters).
std::size_t boundary(std::string_view s, std::size_t at) {
  if (at >= s.size()) return s.size();
  for (int back = 0; back < 3 && at > 0 && (static_cast<unsigned char>(s[at]) & 0xC0) == 0x80;
       ++back)
    --at;
  return at;
}

// At most `bytes` bytes of `s`: longer text is cut at a code point and ends in an ellipsis.
std::string shorten(std::string_view s, std::size_t bytes) {
  if (s.size() <= bytes) return std::string(s);
  return std::string(s.substr(0, boundary(s, bytes - kEllipsis.size()))) + std::string(kEllipsis);
}

// The styles of the card's text, by role.
constexpr std::string_view kTitleStyle = R"(font-size="18" font-weight="700" fill="#18181b")";
constexpr std::string_view kLineStyle = R"(font-size="12.5" fill="#52525b")";
constexpr std::string_view kVerdictStyle = R"(font-size="15" font-weight="600" fill="#18181b")";
constexpr std::string_view kLinkStyle = R"(font-size="13" fill="#18181b")";
constexpr std::string_view kBindingStyle = R"(font-size="13" font-weight="700" fill="#18181b")";
constexpr std::string_view kSmallStyle = R"(font-size="12" fill="#52525b")";
constexpr std::string_view kFootStyle = R"(font-size="12" fill="#18181b")";
constexpr std::string_view kLinkTextStyle =
    R"(font-size="10.5" font-family="ui-monospace,'SF Mono',Menlo,Consolas,monospace" fill="#52525b")";
constexpr std::string_view kCompute = "#2563eb";
constexpr std::string_view kExchange = "#ea580c";

struct Card {
  std::string out;
  double y = 14;  // the baseline of the last line written

  [[gnu::noinline]] Card& put(std::string_view s) {
    out.append(s);
    return *this;
  }
  // A coordinate, to a tenth of a pixel: what format_number(round(v * 10) / 10) prints, from the
  // whole number of tenths (format_number's exact digits cost most of a card's time: ~3x).
  [[gnu::noinline]] Card& num(double v) {
    const double tenths = std::round(v * 10);
    if (!(tenths >= 0 && tenths < 1e15)) return put(format_number(tenths / 10));
    const auto t = static_cast<std::int64_t>(tenths);
    put(whole_number(t / 10));
    if (t % 10 != 0) out.append(1, '.').append(1, static_cast<char>('0' + t % 10));
    return *this;
  }
  // Text as character data or a double-quoted attribute value. What XML 1.0 forbids or
  // discourages is dropped (invalid UTF-8, C0 and C1 controls, U+FFFE, U+FFFF), so the card is
  // well-formed whatever the text held.
  [[gnu::noinline]] Card& esc(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
      const char c = s[i];
      if (static_cast<unsigned char>(c) < 0x80) {  // ASCII: most of a card
        ++i;
        if (c == '&')
          out += "&amp;";
        else if (c == '<')
          out += "&lt;";
        else if (c == '>')
          out += "&gt;";
        else if (c == '"')
          out += "&quot;";
        else if (c >= 0x20 && c != 0x7F)
          out += c;
        continue;
      }
      const std::size_t from = i;
      const auto code = next_code_point(s, i);
      if (!code)
        ++i;
      else if (*code > 0x9F && *code != 0xFFFE && *code != 0xFFFF)
        out.append(s.substr(from, i - from));
    }
    return *this;
  }
  [[gnu::noinline]] Card& open_text(double x, double at, std::string_view style) {
    return put("<text x=\"").num(x).put("\" y=\"").num(at).put("\" ").put(style).put(">");
  }
  Card& close_text() { return put("</text>\n"); }
  [[gnu::noinline]] void text(double x, double at, std::string_view style, std::string_view body) {
    open_text(x, at, style).esc(body).close_text();
  }
  [[gnu::noinline]] void rect(double x, double at, double w, double h, std::string_view fill) {
    put("<rect x=\"").num(x).put("\" y=\"").num(at).put("\" width=\"").num(w);
    put("\" height=\"").num(h).put("\" rx=\"2\" fill=\"").put(fill).put("\"/>\n");
  }
  // Words in lines of at most `chars` characters (a longer word stands alone on its line), each
  // line `size` px below the last.
  [[gnu::noinline]] void lines(std::string_view words, std::size_t chars, double size,
                               std::string_view style) {
    while (!words.empty()) {
      std::size_t cut = words.size();
      if (cut > chars) {
        cut = words.rfind(' ', chars);
        if (cut == std::string_view::npos || cut == 0)
          cut = std::min(words.find(' '), words.size());
      }
      y += size * 1.35;
      text(kPad, y, style, words.substr(0, cut));
      words.remove_prefix(std::min(cut + 1, words.size()));
    }
  }
};

std::string seconds(double s) { return format_quantity(s, Dimension::Time); }

// "1.94x": a ratio or a speedup, to three significant digits; "34%".
[[gnu::noinline]] Card& times(Card& c, double x) {
  return c.put(format_significant(x, 3)).put("x");
}
[[gnu::noinline]] Card& percent(Card& c, double x) {
  return c.put(format_significant(x * 100, 2)).put("%");
}

void model_words(Card& c, const Result& r) {
  const bool roofline = r.compute_model == kRoofline;
  const bool nccl = r.link_model == kNccl;
  if (!roofline && !nccl) {
    c.put("mlsysim's model: compute by FLOPs, links at line rate");
  } else if (roofline && nccl) {
    c.put("as it runs: the roofline, links as NCCL runs them");
  } else {
    c.put("compute by ").put(roofline ? "the roofline" : "FLOPs");
    c.put(", links ").put(nccl ? "as NCCL runs them" : "at line rate");
  }
}

void scenario_line(Card& c, const Scenario& s, const Result& r) {
  c.put(shorten(s.workload.name, kMaxNameBytes))
      .put(" · TP ")
      .put(whole_number(s.tp_size))
      .put(" · ");
  c.put(counted(s.tokens, "token")).put(" · ").put(shorten(s.accelerator.name, kMaxNameBytes));
  c.put(" · ").put(s.precision);
  if (r.exchange_precision != s.precision)
    c.put(" (exchanged in ").put(r.exchange_precision).put(")");
  c.put(" · ").put(r.pass);
  if (r.collective != kCollectives[0]) c.put(" · sequence parallel");
}

// A link as the page names it: its catalogue entry's short name (", edited" once it prices
// differently from the entry), else the name the scenario gives it.
std::string display_name(const Link& l) {
  if (const LinkEntry* e = find_link(l.preset))
    return e->short_name + (same_link(l, link_from(*e, l.name)) ? "" : ", edited");
  if (const TwoTierEntry* e = find_two_tier(l.preset))
    return e->short_name + (same_link(l, link_from(*e, l.name)) ? "" : ", edited");
  return shorten(l.name, kMaxNameBytes);
}

void verdict_sentence(Card& c, const Scenario& s, const Result& r, const LinkResult* binding,
                      std::string_view binding_name) {
  // docs/model.md#runnable: a setup that runs on no link is never summed up as a bound.
  const auto runs = [](const LinkResult& l) { return l.runnable; };
  if (!r.links.empty() && std::none_of(r.links.begin(), r.links.end(), runs)) {
    c.put("Cannot run: ").put(r.links.front().not_runnable_because);
  } else if (!binding || binding->communication_time_s == 0) {
    c.put(s.tp_size == 1 ? "One rank: nothing to exchange" : "No exchange is priced");
  } else if (binding->bound == "communication") {
    times(c.put("Communication-bound on ").put(binding_name).put(": exchange "),
          binding->comm_to_compute)
        .put(" compute");
  } else {
    percent(c.put(std::all_of(r.links.begin(), r.links.end(), runs)
                      ? "Compute-bound on every link: exchange on "
                      : "Compute-bound on every link that can run: exchange on ")
                .put(binding_name)
                .put(" "),
            binding->comm_to_compute)
        .put(" of compute");
  }
}

}  // namespace

std::vector<FieldError> card_text_errors(const CardText& text) {
  std::vector<FieldError> errors;
  const std::string& title = text.title;
  if (title.size() > kMaxTitleBytes) {
    errors.emplace_back(FieldPath{"title"}, "expected a title of at most " +
                                                whole_number(kMaxTitleBytes) + " bytes, got " +
                                                whole_number(title.size()) +
                                                " bytes: " + excerpt(title));
    return errors;
  }
  // A name's rule, with colons: a title is never a link, so a colon is no URL scheme there.
  std::string plain = title;
  std::replace(plain.begin(), plain.end(), ':', ' ');
  if (!plain_label(plain))
    errors.emplace_back(FieldPath{"title"},
                        "expected a title of letters, digits, spaces or _ . , + ( ) / # @ - : (no "
                        "markup or invisible characters), got " +
                            excerpt(title));
  return errors;
}

std::string verdict_card_svg(const Scenario& scenario, const Result& result, const CardText& text) {
  const LinkResult* binding = nullptr;
  std::string binding_name;
  std::vector<std::string> names;  // result.links and scenario.links are both in input order
  double longest = result.compute_time_s;
  for (std::size_t i = 0; i < result.links.size(); ++i) {
    const LinkResult& l = result.links[i];
    names.push_back(i < scenario.links.size() ? display_name(scenario.links[i]) : l.name);
    if (l.name == result.binding_link) binding = &l, binding_name = names.back();
    longest = std::max(longest, l.communication_time_s);
  }
  const auto bar = [&](double t) { return t <= 0 ? 0.0 : std::max(1.0, kBarWidth * t / longest); };
  Card title;
  if (text.title.empty())
    title.put(shorten(scenario.workload.name, kMaxNameBytes))
        .put(", TP ")
        .put(whole_number(scenario.tp_size));
  else
    title.put(shorten(text.title, kMaxTitleBytes));
  Card verdict;
  verdict_sentence(verdict, scenario, result, binding, binding_name);
  Card line;

  // The body first, top to bottom; the height is known at its end.
  Card body;
  body.lines(title.out, kTitleChars, 18, kTitleStyle);
  body.y += 2;
  scenario_line(line, scenario, result);
  body.lines(line.out, kLineChars, 12.5, kLineStyle);
  body.y += 8;
  body.lines(verdict.out, kVerdictChars, 15, kVerdictStyle);
  body.y += 8;

  // The links drawn: the first kCardLinks, the binding one always among them (last, when it comes
  // later in the list); the rest are counted.
  std::vector<std::size_t> drawn;
  for (std::size_t i = 0; i < result.links.size() && drawn.size() < kCardLinks; ++i)
    drawn.push_back(i);
  const auto binding_at = binding ? static_cast<std::size_t>(binding - result.links.data()) : 0;
  if (binding_at >= kCardLinks) drawn.back() = binding_at;
  for (const std::size_t i : drawn) {
    const LinkResult& l = result.links[i];
    const bool is_binding = &l == binding;
    // "<name> (binding) · <bound>", on one line where it fits, else the bound on a line of its own.
    line.out.clear();
    if (!l.runnable)
      line.put("cannot run: ").put(l.not_runnable_because);
    else
      line.put(l.bound == "communication" ? "communication-bound" : "compute-bound");
    const std::string head = names[i] + (is_binding ? " (binding)" : "");
    const std::string_view style = is_binding ? kBindingStyle : kLinkStyle;
    if (head.size() + std::string_view(" · ").size() + line.out.size() <= kLinkChars) {
      body.lines(head + " · " + line.out, kLinkChars, 13, style);
    } else {
      body.lines(head, kLinkChars, 13, style);
      body.lines(line.out, kLinkChars, 13, style);
    }
    const double y = body.y;
    body.rect(kPad, y + 7, bar(result.compute_time_s), 10, kCompute);
    body.text(kPad + kBarWidth + 8, y + 16, kSmallStyle, seconds(result.compute_time_s));
    body.rect(kPad, y + 21, bar(l.communication_time_s), 10, kExchange);
    body.text(kPad + kBarWidth + 8, y + 30, kSmallStyle, seconds(l.communication_time_s));
    body.y += 35;
  }
  if (result.links.size() > kCardLinks) {
    body.y += 17;
    body.open_text(kPad, body.y, kSmallStyle)
        .put("and ")
        .put(whole_number(static_cast<std::int64_t>(result.links.size() - kCardLinks)))
        .put(" more links (the page and the JSON have them all)")
        .close_text();
  }

  const double legend = body.y += 22;
  body.rect(kPad, legend - 9, 10, 10, kCompute);
  body.text(kPad + 15, legend, kSmallStyle, "compute per rank");
  body.rect(kPad + 130, legend - 9, 10, 10, kExchange);
  body.text(kPad + 145, legend, kSmallStyle, "exchange per layer");
  body.y += 10;
  line.out.clear();
  model_words(line, result);
  body.lines(line.out, kLineChars, 12, kFootStyle);
  if (binding && binding->communication_time_s > 0) {
    line.out.clear();
    // The figures are the binding link's: said, as the links are alternatives.
    percent(times(line.put("on ").put(binding_name).put(": speedup "), binding->serial_speedup)
                .put(" over one ")
                .put(shorten(scenario.accelerator.name, kMaxNameBytes))
                .put(" alone ("),
            binding->serial_efficiency)
        .put(" efficient), no overlap");
    if (!result.single_device_fits_in_memory)
      line.put("; one cannot hold the model: a hypothetical baseline");
    if (!binding->runnable) line.put("; it cannot run");
    body.lines(line.out, kLineChars, 12, kFootStyle);
  }
  if (binding) {
    line.out.clear();
    line.put("whole model on ")
        .put(binding_name)
        .put(" (")
        .put(counted(static_cast<std::int64_t>(result.layers), "layer"))
        .put("): ")
        .put(seconds(binding->model_time_s))
        .put(result.pass == kDecode ? " per token, " : " per step, ")
        .put(format_rate(binding->tokens_per_s))
        .put(" tokens/s");
    body.lines(line.out, kLineChars, 12, kFootStyle);
  }
  body.y += 4;
  // The permalink in lines of kPermalinkChars bytes, each cut at a code point; past
  // kPermalinkLines lines, an ellipsis.
  std::string_view rest = text.permalink;
  for (std::size_t n = 1; !rest.empty(); ++n) {
    std::string shown(rest.substr(0, boundary(rest, kPermalinkChars)));
    if (n == kPermalinkLines && shown.size() < rest.size()) shown = shorten(rest, kPermalinkChars);
    rest.remove_prefix(n == kPermalinkLines ? rest.size() : shown.size());
    body.text(kPad, body.y += 14, kLinkTextStyle, shown);
  }

  Card svg;
  const double height = std::ceil(body.y + 14);
  svg.put(R"(<svg xmlns="http://www.w3.org/2000/svg" width=")")
      .num(kCardWidth)
      .put(R"(" height=")")
      .num(height)
      .put(R"(" viewBox="0 0 )")
      .num(kCardWidth)
      .put(" ")
      .num(height)
      .put(
          R"(" role="img" aria-labelledby="tplayer-card-title tplayer-card-verdict" )"
          R"(font-family="system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif">)"
          "\n<title id=\"tplayer-card-title\">")
      .esc(title.out)
      .put("</title>\n<desc id=\"tplayer-card-verdict\">")
      .esc(verdict.out)
      .put("</desc>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n")
      .put(body.out)
      .put("</svg>\n");
  return svg.out;
}

}  // namespace tplayer
