// Whether text is a well-formed XML document of the kind the verdict card writes (elements,
// double-quoted attributes, character data, the five predefined entities; no comments, CDATA,
// processing instructions or doctype), in valid UTF-8 holding only characters XML 1.0 allows,
// C1 controls excluded. Header-only: fuzz_card and the card's Catch2 test both use it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tplayer::xml {

// The next code point from `i` (advanced), or -1 for invalid UTF-8.
inline long next_code_point(std::string_view s, std::size_t& i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char lead = b(i);
  const std::size_t n = lead < 0x80           ? 1
                        : (lead >> 5) == 0x6  ? 2
                        : (lead >> 4) == 0xE  ? 3
                        : (lead >> 3) == 0x1E ? 4
                                              : 0;
  if (n == 0 || i + n > s.size()) return -1;
  long code = n == 1 ? lead : lead & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) return -1;
    code = (code << 6) | (b(i + k) & 0x3F);
  }
  constexpr long kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kSmallest[n] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return -1;
  i += n;
  return code;
}

// "" when `s` is well-formed, else what is wrong and where.
inline std::string well_formed(std::string_view s) {
  const auto at = [](std::size_t i) { return " at byte " + std::to_string(i); };
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t from = i;
    const long c = next_code_point(s, i);
    if (c < 0) return "invalid UTF-8" + at(from);
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || (c >= 0x7F && c <= 0x9F) ||
        c == 0xFFFE || c == 0xFFFF)
      return "a character XML forbids or discourages" + at(from);
  }
  const auto name_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_' || c == ':';
  };
  // An entity reference at i ('&'): one of the five; i is moved past it.
  const auto entity = [&](std::size_t& i) {
    for (std::string_view e : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"})
      if (s.substr(i, e.size()) == e) {
        i += e.size();
        return true;
      }
    return false;
  };
  std::vector<std::string_view> open;
  bool root_seen = false;
  std::size_t i = 0;
  while (i < s.size()) {
    if (s[i] != '<') {
      if (open.empty() && s[i] != '\n' && s[i] != ' ') return "text outside the root" + at(i);
      if (s[i] == '&') {
        if (!entity(i)) return "an unknown entity" + at(i);
      } else if (s[i] == '>') {
        return "a raw > in text" + at(i);
      } else {
        ++i;
      }
      continue;
    }
    const std::size_t start = i++;
    const bool closing = i < s.size() && s[i] == '/';
    if (closing) ++i;
    const std::size_t name_at = i;
    while (i < s.size() && name_char(s[i])) ++i;
    const std::string_view name = s.substr(name_at, i - name_at);
    if (name.empty()) return "a tag without a name" + at(start);
    if (closing) {
      if (i >= s.size() || s[i] != '>') return "a closing tag not ended by >" + at(start);
      ++i;
      if (open.empty() || open.back() != name)
        return "a closing tag that closes nothing" + at(start);
      open.pop_back();
      continue;
    }
    if (open.empty() && root_seen) return "a second root" + at(start);
    std::vector<std::string_view> attributes;
    for (;;) {
      const std::size_t before = i;
      while (i < s.size() && (s[i] == ' ' || s[i] == '\n')) ++i;
      if (i >= s.size()) return "a tag not ended" + at(start);
      if (s[i] == '>' || (s[i] == '/' && i + 1 < s.size() && s[i + 1] == '>')) break;
      if (i == before) return "attributes not separated by space" + at(i);
      const std::size_t attribute_at = i;
      while (i < s.size() && name_char(s[i])) ++i;
      const std::string_view attribute = s.substr(attribute_at, i - attribute_at);
      if (attribute.empty()) return "an attribute without a name" + at(attribute_at);
      for (std::string_view a : attributes)
        if (a == attribute) return "an attribute given twice" + at(attribute_at);
      attributes.push_back(attribute);
      if (s.substr(i, 2) != "=\"") return "an attribute value not in double quotes" + at(i);
      i += 2;
      while (i < s.size() && s[i] != '"') {
        if (s[i] == '<') return "a < in an attribute value" + at(i);
        if (s[i] == '&') {
          if (!entity(i)) return "an unknown entity" + at(i);
        } else {
          ++i;
        }
      }
      if (i >= s.size()) return "an attribute value not closed" + at(attribute_at);
      ++i;
    }
    root_seen = true;
    if (s[i] == '/') {
      i += 2;
    } else {
      ++i;
      open.push_back(name);
    }
  }
  if (!root_seen) return "no root element";
  if (!open.empty()) return "an element left open: " + std::string(open.back());
  return "";
}

}  // namespace tplayer::xml
