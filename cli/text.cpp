#include "text.hpp"

#include <iostream>

namespace tplayer::cli {

std::string pad(const std::string& s, std::size_t width) {
  std::size_t shown = 0;
  for (unsigned char c : s) shown += (c & 0xC0) != 0x80;
  return shown >= width ? s + " " : s + std::string(width - shown, ' ');
}

void wrapped(std::string text, std::size_t indent) {
  while (text.size() > kWidth) {
    std::size_t cut = text.rfind(' ', kWidth);
    if (cut == std::string::npos || cut <= indent) cut = text.find(' ', kWidth);
    if (cut == std::string::npos) break;
    std::cout << text.substr(0, cut) << '\n';
    const std::size_t rest = text.find_first_not_of(' ', cut);
    if (rest == std::string::npos) return;
    text = std::string(indent, ' ') + text.substr(rest);
  }
  std::cout << text << '\n';
}

}  // namespace tplayer::cli
