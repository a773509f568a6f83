// A strict JSON reader into Value, shared by the CLI and the WebAssembly door so that both
// accept exactly the same documents. Beyond RFC 8259 it reads the bare tokens NaN, Infinity
// and -Infinity, so that a JavaScript NaN reaches validation and is reported by field.
#pragma once

#include <string>
#include <string_view>

#include "tplayer/value.hpp"

namespace tplayer {

struct JsonParse {
  Value value;
  std::string
      error;  // empty on success; otherwise says where and what, e.g. "line 3, column 7: ..."
  bool ok() const { return error.empty(); }
};

inline constexpr std::size_t kMaxJsonDepth = 64;
inline constexpr std::size_t kMaxJsonBytes = 1 << 20;

JsonParse parse_json(std::string_view text);

}  // namespace tplayer
