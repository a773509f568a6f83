// libFuzzer target: the verdict card (card.hpp) of a preset's result with arbitrary text where
// text goes: the title, the permalink, the workload's, the accelerator's and up to 16 links'
// names (a Scenario built in C++ is not validated: the card must hold whatever it is given).
// Input: a byte choosing the preset, a byte choosing the link count, then the texts separated by
// NUL. Invariants: the card is well-formed XML in valid UTF-8 (fuzz/well_formed.hpp), at most
// kMaxCardBytes; card_text_errors refuses every title the name rule refuses, each error at
// "title" with a readable message.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "support.hpp"
#include "tplayer/card.hpp"
#include "tplayer/catalog.hpp"
#include "tplayer/tplayer.hpp"

namespace {

using namespace tplayer;
using fuzz::require;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const auto& presets = scenario_presets();
  const ScenarioPreset& preset = presets[data[0] % presets.size()];
  // Up to 16 links: past the 12 drawn (the rest counted, the binding one moved up), not 64,
  // whose strings copied on every run halved the executions; and one to three on three runs in
  // four, as a card's cost grows with its bars (its numbers, not its texts, cost the most).
  const std::size_t links = data[1] < 0xC0 ? 1 + data[1] % 3 : 1 + data[1] % 16;
  std::vector<std::string> texts;
  std::string_view rest(reinterpret_cast<const char*>(data + 2), size - 2);
  for (;;) {
    const std::size_t end = rest.find('\0');
    texts.emplace_back(rest.substr(0, end));
    if (end == std::string_view::npos) break;
    rest.remove_prefix(end + 1);
  }
  const auto text = [&](std::size_t i) { return i < texts.size() ? texts[i] : std::string(); };

  static const std::vector<Outcome> solved = [&] {
    std::vector<Outcome> out;
    for (const ScenarioPreset& p : presets) out.push_back(solve_value(to_value(p.scenario)));
    return out;
  }();
  const Outcome& outcome = solved[&preset - presets.data()];
  require(outcome.result.has_value(), "a preset solves", preset.key);
  Scenario scenario = outcome.scenario;
  Result result = *outcome.result;
  scenario.workload.name = text(2);
  scenario.accelerator.name = text(3);
  // The links, repeated up to the count, each named by a text (its preset cleared: the card then
  // shows the name).
  std::vector<Link> scenario_links;
  std::vector<LinkResult> result_links;
  for (std::size_t i = 0; i < links; ++i) {
    Link link = scenario.links[i % scenario.links.size()];
    LinkResult priced = result.links[i % result.links.size()];
    link.preset.clear();
    link.name = i + 4 < texts.size() ? texts[i + 4] : "link " + std::to_string(i);
    priced.name = link.name;
    scenario_links.push_back(std::move(link));
    result_links.push_back(std::move(priced));
  }
  scenario.links = std::move(scenario_links);
  result.links = std::move(result_links);
  result.binding_link = result.links[(data[1] / 16) % links].name;  // any of them may bind

  const CardText card{text(0), text(1)};
  const std::string svg = verdict_card_svg(scenario, result, card);
  const std::string why = fuzz::well_formed_xml(svg);
  require(why.empty(), "the card is well-formed XML in valid UTF-8", why);
  require(svg.size() <= kMaxCardBytes, "the card is at most kMaxCardBytes",
          std::to_string(svg.size()) + " bytes");

  const std::vector<FieldError> errors = card_text_errors(card);
  fuzz::check_errors(errors, fuzz::valid_utf8(card.title), "card_text_errors");
  for (const FieldError& e : errors) require(e.field == "title", "a card error names the title");
  return 0;
}
