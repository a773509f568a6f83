#include "tplayer/value.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace tplayer {

Value::Value() = default;
Value::Value(const Value&) = default;
Value::Value(Value&&) noexcept = default;
Value& Value::operator=(const Value&) = default;
Value& Value::operator=(Value&&) noexcept = default;
Value::~Value() = default;

Value Value::from(bool b) {
  Value v;
  v.kind = Kind::Bool;
  v.boolean = b;
  return v;
}
Value Value::from(double d) {
  Value v;
  v.kind = Kind::Number;
  v.number = d;
  return v;
}
Value Value::from(std::string s) {
  Value v;
  v.kind = Kind::String;
  v.string = std::move(s);
  return v;
}
Value Value::from(const char* s) { return from(std::string(s)); }
Value Value::from(std::string_view s) { return from(std::string(s)); }
Value Value::make_array() {
  Value v;
  v.kind = Kind::Array;
  return v;
}
Value Value::make_object() {
  Value v;
  v.kind = Kind::Object;
  return v;
}

const Value* Value::find(std::string_view key) const {
  if (kind != Kind::Object) return nullptr;
  for (const auto& [k, v] : object)
    if (k == key) return &v;
  return nullptr;
}

Value& Value::add(std::string_view key, Value value) {
  object.emplace_back(std::string(key), std::move(value));
  return object.back().second;
}

void Value::set(std::string_view key, Value value) {
  for (auto& [k, v] : object) {
    if (k == key) {
      v = std::move(value);
      return;
    }
  }
  add(key, std::move(value));
}

Value& Value::push(Value value) {
  array.push_back(std::move(value));
  return array.back();
}

bool identical(const Value& a, const Value& b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case Value::Kind::Null:
      return true;
    case Value::Kind::Bool:
      return a.boolean == b.boolean;
    case Value::Kind::Number:  // bitwise (Emscripten's libc++ has no std::bit_cast)
      return (std::isnan(a.number) && std::isnan(b.number)) ||
             std::memcmp(&a.number, &b.number, sizeof(double)) == 0;
    case Value::Kind::String:
      return a.string == b.string;
    case Value::Kind::Array:
      return std::equal(a.array.begin(), a.array.end(), b.array.begin(), b.array.end(), identical);
    case Value::Kind::Object:
      return std::equal(a.object.begin(), a.object.end(), b.object.begin(), b.object.end(),
                        [](const auto& x, const auto& y) {
                          return x.first == y.first && identical(x.second, y.second);
                        });
  }
  return false;
}

std::string excerpt(std::string_view text) {
  constexpr std::size_t kShown = 40;
  std::size_t end = std::min(text.size(), kShown);
  // Step back over continuation bytes so a multi-byte character is never cut in half.
  if (end < text.size())
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  std::string shown(text.substr(0, end));
  for (char& c : shown)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  return "\"" + shown + (end < text.size() ? "...\"" : "\"");
}

std::string quoted_text(std::string_view text) {
  return text.empty() ? "an empty string" : excerpt(text);
}

std::string describe(const Value& value) {
  switch (value.kind) {
    case Value::Kind::Null:
      return "null";
    case Value::Kind::Bool:
      return value.boolean ? "true" : "false";
    case Value::Kind::Number:
      return format_number(value.number);
    case Value::Kind::String:
      return value.string.empty() ? quoted_text(value.string)
                                  : "the string " + excerpt(value.string);
    case Value::Kind::Array:
      return "an array";
    case Value::Kind::Object:
      return "an object";
  }
  return "a value";
}

Value overlaid(Value base, const Value& edits) {
  if (!edits.is_object()) return edits;
  if (base.is_string()) {  // a catalogue key, edited: the entry's fields under the edits
    Value from = Value::make_object();
    if (!edits.find("preset")) from.add("preset", std::move(base));
    base = std::move(from);
  }
  if (!base.is_object()) return edits;
  for (const auto& [key, value] : edits.object) {
    const Value* was = base.find(key);
    base.set(key, was ? overlaid(*was, value) : value);
  }
  return base;
}

namespace {

// Levenshtein distance, ASCII letters compared without case.
std::size_t distance(std::string_view a, std::string_view b) {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min(
          {row[j] + 1, row[j - 1] + 1, diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::vector<std::string> nearest_keys(std::string_view key, const std::vector<std::string>& keys) {
  if (key.size() > 200) return {};  // a pasted document is no mistyped key
  const std::size_t limit = std::max<std::size_t>(2, key.size() / 3);
  std::vector<std::pair<std::size_t, std::string>> near;
  for (const std::string& k : keys)
    if (const std::size_t d = distance(key, k); d <= limit) near.emplace_back(d, k);
  std::stable_sort(near.begin(), near.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < near.size() && i < 3; ++i) out.push_back(near[i].second);
  return out;
}

std::string did_you_mean(std::string_view key, const std::vector<std::string>& keys) {
  const std::vector<std::string> near = nearest_keys(key, keys);
  if (near.empty()) return "";
  std::string out = " (did you mean ";
  for (std::size_t i = 0; i < near.size(); ++i) {
    if (i) out += i + 1 == near.size() ? " or " : ", ";
    out += "\"" + near[i] + "\"";
  }
  return out + "?)";
}

}  // namespace tplayer
