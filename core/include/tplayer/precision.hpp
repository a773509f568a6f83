// Precision keys of docs/model.md#precision: "<format>", "<format>_dense" or "<format>_sparse".
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tplayer {

struct Precision {
  std::string_view format;  // "fp16"
  bool sparse = false;
  double bytes_per_element = 0;
  std::string key() const;  // normalised, e.g. "fp16_dense"
  friend bool operator==(const Precision& a, const Precision& b) {
    return a.format == b.format && a.sparse == b.sparse;
  }
};

// nullopt when the format is unknown or the suffix is neither _dense nor _sparse.
std::optional<Precision> parse_precision(std::string_view key);

// The formats in the order of docs/model.md#precision: fp32 tf32 bf16 fp16 fp8 int8 fp4 int4.
const std::vector<std::string_view>& precision_formats();

}  // namespace tplayer
