#pragma once

// The verdict card: one result drawn as a self-contained SVG image (issue 21), the same bytes on
// every door (the CLI's --format svg, the JS API's card(), the page's "Download image").

#include <string>

#include "tplayer/model.hpp"

namespace tplayer {

struct CardText {
  std::string title;      // empty: "<workload>, TP <n>"
  std::string permalink;  // printed as text at the foot; empty: left out
};

// Fixed size (kCardWidth wide, its height set by the number of links), system fonts, no external
// references, text as text: a title, the scenario in one line, the verdict sentence, one pair of
// bars per link (compute per rank against the exchange per layer, on one scale), the binding
// link, the model, and the permalink.
std::string verdict_card_svg(const Scenario& scenario, const Result& result,
                             const CardText& text = {});

inline constexpr int kCardWidth = 640;

}  // namespace tplayer
