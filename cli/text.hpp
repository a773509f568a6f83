// The CLI's text layout, shared by the result tables and --validate: columns padded by the code
// points they show, and paragraphs folded to the terminal's 100 columns.
#pragma once

#include <cstddef>
#include <string>

namespace tplayer::cli {

constexpr std::size_t kWidth = 100;  // columns of the human output

// `s` and spaces up to `width` columns (UTF-8 code points, not bytes), or `s` and one space.
std::string pad(const std::string& s, std::size_t width);

// Prints `text` in lines of at most kWidth columns (broken at spaces), the lines after the first
// indented by `indent`.
void wrapped(std::string text, std::size_t indent);

}  // namespace tplayer::cli
