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

}  // namespace tplayer
