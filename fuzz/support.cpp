#include "support.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "well_formed.hpp"

namespace tplayer::fuzz {

void fail(std::string_view what, std::string_view detail) {
  std::fprintf(stderr, "\nINVARIANT FAILED: %.*s", static_cast<int>(what.size()), what.data());
  if (!detail.empty())
    std::fprintf(stderr, " (%.*s)", static_cast<int>(detail.size()), detail.data());
  std::fprintf(stderr, "\n");
  std::abort();
}

bool valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t extra = 0;
    std::uint32_t code = 0, min = 0;
    if (lead < 0x80) {
      ++i;
      continue;
    } else if ((lead & 0xE0) == 0xC0) {
      extra = 1, code = lead & 0x1F, min = 0x80;
    } else if ((lead & 0xF0) == 0xE0) {
      extra = 2, code = lead & 0x0F, min = 0x800;
    } else if ((lead & 0xF8) == 0xF0) {
      extra = 3, code = lead & 0x07, min = 0x10000;
    } else {
      return false;
    }
    if (i + extra >= text.size()) return false;  // truncated sequence
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto c = static_cast<unsigned char>(text[i + k]);
      if ((c & 0xC0) != 0x80) return false;
      code = (code << 6) | (c & 0x3F);
    }
    if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
    i += extra + 1;
  }
  return true;
}

void check_errors(const std::vector<FieldError>& errors, bool input_utf8, std::string_view what) {
  for (const FieldError& e : errors) {
    const std::string where = std::string(what) + " on field \"" + e.field + "\": " + e.message;
    require(!e.field.empty(), "an error or warning names no field", where);
    require(e.field == dotted(e.path), "an error's field does not spell out its path", where);
    require(!e.message.empty(), "an error or warning has no message", where);
    require(e.message.size() <= kMaxMessageBytes, "a message longer than 1000 bytes",
            where.substr(0, 300));
    require(e.field.size() <= kMaxFieldBytes, "a field path longer than 200 bytes",
            where.substr(0, 300));
    if (input_utf8) {
      require(valid_utf8(e.field), "a field path is not valid UTF-8 though the input was", where);
      require(valid_utf8(e.message), "a message is not valid UTF-8 though the input was", where);
    }
  }
}

std::string well_formed_xml(std::string_view text) { return xml::well_formed(text); }

}  // namespace tplayer::fuzz
