// Shared by the fuzz targets and the seed writer: invariant checks that abort with a message
// libFuzzer records, a JSON writer for Value (the core reads JSON but never writes it), and
// exact tree comparison for round trips.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "tplayer/model.hpp"
#include "tplayer/value.hpp"

namespace tplayer::fuzz {

// Prints "INVARIANT FAILED: what (detail)" and aborts, so libFuzzer keeps the input.
[[noreturn]] void fail(std::string_view what, std::string_view detail = {});
inline void require(bool ok, std::string_view what, std::string_view detail = {}) {
  if (!ok) fail(what, detail);
}

// Longest message a user should ever be shown for one field, and longest field path (names
// longer than kMaxNameBytes are reported on their parent, so paths stay short).
inline constexpr std::size_t kMaxMessageBytes = 1000;
inline constexpr std::size_t kMaxFieldBytes = 200;

bool valid_utf8(std::string_view text);

// xml::well_formed (well_formed.hpp), compiled here without coverage: "" or what is wrong.
std::string well_formed_xml(std::string_view text);

// Every error (or warning) names a field and says something readable: non-empty field and
// message, both of bounded length, and valid UTF-8 whenever the input was.
void check_errors(const std::vector<FieldError>& errors, bool input_utf8, std::string_view what);

}  // namespace tplayer::fuzz
