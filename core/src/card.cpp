// The verdict card as SVG (card.hpp). Pure string building from the solved result: no number here
// is computed again, only laid out.
#include "tplayer/card.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

#include "tplayer/format.hpp"

namespace tplayer {
namespace {

constexpr int kPad = 20;
constexpr int kRowHeight = 52;
constexpr int kValueColumn = 84;  // right of the bars: each bar's time
// Characters per line before a line wraps, for each size of text across the card (system fonts
// differ; these leave room for the widest of them).
constexpr std::size_t kCardLinks = 12;  // bars drawn; the rest are counted (the card <= 12 KB)
constexpr std::size_t kTitleChars = 52;      // 18 px bold
constexpr std::size_t kVerdictChars = 62;    // 15 px semibold
constexpr std::size_t kLineChars = 84;       // 12-12.5 px
constexpr std::size_t kPermalinkChars = 92;  // 10.5 px monospace
constexpr std::string_view kFont =
    "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";
constexpr std::string_view kCompute = "#2563eb";
constexpr std::string_view kExchange = "#ea580c";
constexpr std::string_view kMuted = "#52525b";

// Text as SVG character data or a double-quoted attribute value.
std::string escaped(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (const char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// Words in lines of at most `chars` characters (a longer word stands alone on its line).
std::vector<std::string> wrapped(std::string_view words, std::size_t chars) {
  std::vector<std::string> out(1);
  std::size_t start = 0;
  while (start < words.size()) {
    std::size_t end = words.find(' ', start);
    if (end == std::string_view::npos) end = words.size();
    const std::string_view word = words.substr(start, end - start);
    if (!out.back().empty() && out.back().size() + 1 + word.size() > chars) out.emplace_back();
    if (!out.back().empty()) out.back() += ' ';
    out.back() += word;
    start = end + 1;
  }
  return out;
}

// A coordinate to a tenth of a pixel.
std::string px(double v) { return format_number(std::round(v * 10) / 10); }

std::string seconds(double s) { return format_quantity(s, Dimension::Time); }

// "1.94x", "6.59x": a ratio or a speedup to three significant digits.
std::string times(double x) { return format_significant(x, 3) + "x"; }

std::string percent(double x) { return format_significant(x * 100, 2) + "%"; }

struct Svg {
  std::string out;
  void text(double x, double y, std::string_view body, std::string_view attributes = {}) {
    out += "<text x=\"" + px(x) + "\" y=\"" + px(y) + "\"";
    if (!attributes.empty()) (out += ' ') += attributes;
    out += '>';
    out += escaped(body);
    out += "</text>\n";
  }
  void rect(double x, double y, double w, double h, std::string_view fill) {
    out += "<rect x=\"" + px(x) + "\" y=\"" + px(y) + "\" width=\"" + px(w) + "\" height=\"" +
           px(h) + "\" rx=\"2\" fill=\"" + std::string(fill) + "\"/>\n";
  }
};

const LinkResult* binding_link(const Result& r) {
  for (const LinkResult& l : r.links)
    if (l.name == r.binding_link) return &l;
  return r.links.empty() ? nullptr : &r.links.front();
}

std::string model_words(const Result& r) {
  if (r.link_model == kLineRate && r.compute_model == kFlops)
    return "mlsysim's model: compute by FLOPs, links at line rate";
  if (r.link_model == kNccl && r.compute_model == kRoofline)
    return "as it runs: the roofline, links as NCCL runs them";
  return std::string("compute by ") + (r.compute_model == kRoofline ? "the roofline" : "FLOPs") +
         ", links " + (r.link_model == kNccl ? "as NCCL runs them" : "at line rate");
}

std::string scenario_line(const Scenario& s, const Result& r) {
  std::string line = s.workload.name + " · TP " + format_number(static_cast<double>(s.tp_size)) +
                     " · " + format_number(static_cast<double>(s.tokens)) + " tokens · " +
                     s.accelerator.name + " · " + s.precision;
  if (r.exchange_precision != s.precision) line += " (exchanged in " + r.exchange_precision + ")";
  line += " · " + r.pass;
  if (r.collective != kCollectives[0]) line += " · sequence parallel";
  return line;
}

std::string verdict_sentence(const Scenario& s, const LinkResult* binding) {
  if (!binding || binding->communication_time_s == 0)
    return s.tp_size == 1 ? "One rank: nothing to exchange" : "No exchange is priced";
  if (binding->bound == "communication")
    return "Communication-bound on " + binding->name + ": exchange " +
           times(binding->comm_to_compute) + " compute";
  return "Compute-bound on every link: exchange on " + binding->name + " " +
         percent(binding->comm_to_compute) + " of compute";
}

std::string link_note(const LinkResult& l) {
  std::string note = l.bound == "communication" ? "communication-bound" : "compute-bound";
  if (!l.within_domain) note += ", beyond its " + format_number(l.domain) + "-rank domain";
  return note;
}

}  // namespace

std::string verdict_card_svg(const Scenario& scenario, const Result& result, const CardText& text) {
  const double width = kCardWidth;
  const double bar_width = width - 2 * kPad - kValueColumn;
  const LinkResult* binding = binding_link(result);
  const std::string title =
      text.title.empty()
          ? scenario.workload.name + ", TP " + format_number(static_cast<double>(scenario.tp_size))
          : text.title;
  const std::string verdict = verdict_sentence(scenario, binding);
  const std::string ink = "fill=\"#18181b\"";
  const std::string muted = "fill=\"" + std::string(kMuted) + "\"";

  double longest = result.compute_time_s;
  for (const LinkResult& l : result.links) longest = std::max(longest, l.communication_time_s);
  const auto bar = [&](double t) { return t <= 0 ? 0.0 : std::max(1.0, bar_width * t / longest); };

  // The body first, top to bottom with a running baseline; the height is known at its end.
  Svg body;
  double y = 14;
  const auto lines = [&](std::string_view words, std::size_t chars, double size,
                         const std::string& style) {
    for (const std::string& line : wrapped(words, chars)) {
      y += size * 1.35;
      body.text(kPad, y, line, "font-size=\"" + px(size) + "\" " + style);
    }
  };
  lines(title, kTitleChars, 18, "font-weight=\"700\" " + ink);
  y += 2;
  lines(scenario_line(scenario, result), kLineChars, 12.5, muted);
  y += 8;
  lines(verdict, kVerdictChars, 15, "font-weight=\"600\" " + ink);
  y += 8;

  std::size_t drawn = 0;
  for (const LinkResult& l : result.links) {
    if (drawn++ == kCardLinks) {
      y += 17;
      body.text(kPad, y,
                "and " + format_number(static_cast<double>(result.links.size() - kCardLinks)) +
                    " more links (the page and the JSON have them all)",
                "font-size=\"12\" " + muted);
      break;
    }
    const bool is_binding = binding && &l == binding;
    y += 17;
    body.text(kPad, y, l.name + (is_binding ? " (binding)" : "") + " · " + link_note(l),
              std::string("font-size=\"13\" ") + (is_binding ? "font-weight=\"700\" " : "") + ink);
    const double value_x = kPad + bar_width + 8;
    const std::string value_style = "font-size=\"12\" " + muted;
    body.rect(kPad, y + 7, bar(result.compute_time_s), 10, kCompute);
    body.text(value_x, y + 16, seconds(result.compute_time_s), value_style);
    body.rect(kPad, y + 21, bar(l.communication_time_s), 10, kExchange);
    body.text(value_x, y + 30, seconds(l.communication_time_s), value_style);
    y += 35;
  }

  y += 22;
  body.rect(kPad, y - 9, 10, 10, kCompute);
  body.text(kPad + 15, y, "compute per rank", "font-size=\"12\" " + muted);
  body.rect(kPad + 130, y - 9, 10, 10, kExchange);
  body.text(kPad + 145, y, "exchange per layer", "font-size=\"12\" " + muted);
  y += 10;
  lines(model_words(result), kLineChars, 12, ink);
  if (binding && binding->communication_time_s > 0)
    lines("speedup " + times(binding->serial_speedup) + " over one " + scenario.accelerator.name +
              " alone (" + percent(binding->serial_efficiency) + " efficient), no overlap",
          kLineChars, 12, ink);
  if (!text.permalink.empty()) {
    y += 4;
    for (std::size_t i = 0; i < text.permalink.size(); i += kPermalinkChars) {
      y += 14;
      body.text(
          kPad, y, text.permalink.substr(i, kPermalinkChars),
          "font-size=\"10.5\" font-family=\"ui-monospace,'SF Mono',Menlo,Consolas,monospace\" " +
              muted);
    }
  }
  const double height = std::ceil(y + 14);

  std::string svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + px(width) +
                    "\" height=\"" + px(height) + "\" viewBox=\"0 0 " + px(width) + " " +
                    px(height) +
                    "\" role=\"img\" aria-labelledby=\"tplayer-card-title tplayer-card-verdict\" "
                    "font-family=\"" +
                    std::string(kFont) + "\">\n";
  svg += "<title id=\"tplayer-card-title\">" + escaped(title) + "</title>\n";
  svg += "<desc id=\"tplayer-card-verdict\">" + escaped(verdict) + "</desc>\n";
  svg += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  svg += body.out;
  svg += "</svg>\n";
  return svg;
}

}  // namespace tplayer
