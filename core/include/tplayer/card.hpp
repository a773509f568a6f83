#pragma once

// The verdict card: one result drawn as a self-contained SVG image (issue 21), the same bytes on
// every door (the CLI's --format svg, the JS API's card(), the page's "Download image").

#include <string>
#include <vector>

#include "tplayer/model.hpp"

namespace tplayer {

struct CardText {
  std::string title;      // empty: "<workload>, TP <n>"
  std::string permalink;  // printed as text at the foot; empty: left out
};

// Longest title a card takes (a preset's title is up to ~80 bytes).
inline constexpr std::size_t kMaxTitleBytes = 120;

// The title's problems, under "title": a name's rule (plain visible characters, nothing
// invisible or direction-changing: validate's rule for names), at most kMaxTitleBytes. The
// permalink is any text: the card drops what XML forbids and shortens it.
std::vector<FieldError> card_text_errors(const CardText& text);

// Fixed size (kCardWidth wide, its height set by the number of links), system fonts, no external
// references, text as text: a title, the scenario in one line, the verdict sentence, one pair of
// bars per link (compute per rank against the exchange per layer, on one scale), the binding
// link, the model, and the permalink. Well-formed XML in valid UTF-8 whatever the text holds
// (what XML forbids is dropped, text is cut at code points), at most kMaxCardBytes: names, the
// title and the permalink are shortened with an ellipsis, at most 12 links drawn.
std::string verdict_card_svg(const Scenario& scenario, const Result& result,
                             const CardText& text = {});

inline constexpr int kCardWidth = 640;
inline constexpr std::size_t kMaxCardBytes = 12 * 1024;

}  // namespace tplayer
