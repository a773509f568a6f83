// What both WebAssembly binding files (bindings.cpp, testing_bindings.cpp) read from the facade's
// arguments.
#pragma once

#include <vector>

#include "tplayer/json.hpp"

namespace tplayer {

// The numbers of a JSON array the facade wrote (it checks that each item is a number).
inline std::vector<double> json_numbers(const JsonParse& parsed) {
  std::vector<double> out;
  out.reserve(parsed.value.array.size());
  for (const Value& v : parsed.value.array) out.push_back(v.number);
  return out;
}

}  // namespace tplayer
