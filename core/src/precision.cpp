#include "tplayer/precision.hpp"

namespace tplayer {
namespace {

struct Format {
  std::string_view name;
  double bytes;
};

constexpr Format kFormats[] = {
    {"fp32", 4}, {"tf32", 4}, {"bf16", 2},  {"fp16", 2},
    {"fp8", 1},  {"int8", 1}, {"fp4", 0.5}, {"int4", 0.5},
};

}  // namespace

std::string Precision::key() const { return std::string(format) + (sparse ? "_sparse" : "_dense"); }

std::optional<Precision> parse_precision(std::string_view key) {
  bool sparse = false;
  std::string_view format = key;
  if (const auto underscore = key.find('_'); underscore != std::string_view::npos) {
    const std::string_view kind = key.substr(underscore + 1);
    if (kind == "sparse")
      sparse = true;
    else if (kind != "dense")
      return std::nullopt;
    format = key.substr(0, underscore);
  }
  for (const Format& f : kFormats)
    if (f.name == format) return Precision{f.name, sparse, f.bytes};
  return std::nullopt;
}

const std::vector<std::string_view>& precision_formats() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const Format& f : kFormats) out.push_back(f.name);
    return out;
  }();
  return names;
}

}  // namespace tplayer
