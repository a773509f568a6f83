// A strict JSON reader into Value, shared by the CLI and the WebAssembly door so that both
// accept exactly the same documents. Beyond RFC 8259 it reads the bare tokens NaN, Infinity
// and -Infinity, so that a JavaScript NaN reaches validation and is reported by field.
#pragma once

#include <string>
#include <string_view>

#include "tplayer/limits.hpp"
#include "tplayer/value.hpp"

namespace tplayer {

struct JsonParse {
  Value value;
  std::string
      error;  // empty on success; otherwise says where and what, e.g. "line 3, column 7: ..."
  bool ok() const { return error.empty(); }
};

// Reads at most kMaxJsonBytes nested at most kMaxJsonDepth deep (limits.hpp).
JsonParse parse_json(std::string_view text);

// Writes a value as JSON text: `indent` spaces per level (0: one line). Numbers are written in
// the fewest digits that read back as the same double; NaN and infinities as the bare tokens
// parse_json reads.
std::string write_json(const Value& value, int indent = 0);

}  // namespace tplayer
