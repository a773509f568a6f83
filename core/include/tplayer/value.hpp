// A JSON-shaped value tree: what every door converts its input into before the core reads
// a scenario from it, and what the core gives back for scenarios and the catalogue.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tplayer/format.hpp"

namespace tplayer {

struct Value {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  using Members = std::vector<std::pair<std::string, Value>>;  // insertion order is kept

  Kind kind = Kind::Null;
  bool boolean = false;
  double number = 0;  // may be NaN or infinite: adapters pass them on so the core can say so
  std::string string;
  std::vector<Value> array;
  Members object;

  // Declared here and defaulted after the class: clang 14 with libstdc++ 12 in C++20 mode would
  // otherwise instantiate them while std::pair<std::string, Value> is still incomplete.
  Value();
  Value(const Value&);
  Value(Value&&) noexcept;
  Value& operator=(const Value&);
  Value& operator=(Value&&) noexcept;
  ~Value();

  // Out of line, as the special members below: a Value is built and dropped at every member the
  // writers add, and inline code at each of those places costs the module more than the calls.
  static Value null() { return {}; }
  static Value from(bool b);
  static Value from(double d);
  static Value from(std::string s);
  static Value from(const char* s);
  static Value from(std::string_view s);
  static Value make_array();
  static Value make_object();

  bool is_null() const { return kind == Kind::Null; }
  bool is_number() const { return kind == Kind::Number; }
  bool is_string() const { return kind == Kind::String; }
  bool is_array() const { return kind == Kind::Array; }
  bool is_object() const { return kind == Kind::Object; }

  // The first member with this key, or nullptr (also when this is not an object).
  const Value* find(std::string_view key) const;
  // Appends a member to an object (keeps duplicates: read_scenario reports them).
  Value& add(std::string_view key, Value value);
  // Replaces the first member with this key, or appends it.
  void set(std::string_view key, Value value);
  Value& push(Value value);
};

// The same document: the same kinds, members in the same order, numbers with the same bits
// (any NaN equals any NaN, and -0 differs from 0).
bool identical(const Value& a, const Value& b);

// Quotes text for an error message: at most 40 bytes, cut on a UTF-8 character boundary,
// control characters shown as spaces, "..." when cut: `"abc"`, `"xxxx..."`.
std::string excerpt(std::string_view text);

// Quotes text that should have been a value, for an error message: `"abc"` as excerpt does, and
// `an empty string` for none (a field emptied on the page), which `""` says less plainly.
std::string quoted_text(std::string_view text);

// Describes a value for an error message: `8.5`, `NaN`, `null`, `the string "abc"`,
// `an empty string`, `an array`.
std::string describe(const Value& value);

// `base` with `edits` laid over it (a what-if): an object edit merges into an object member by
// member; an object edit of a catalogue key (a string) becomes {preset: key, ...edit}; anything
// else replaces what was there.
Value overlaid(Value base, const Value& edits);

// The keys nearest to a mistyped one (case-insensitive edit distance at most a third of its
// length, and at least 2), nearest first, at most three: for "did you mean".
std::vector<std::string> nearest_keys(std::string_view key, const std::vector<std::string>& keys);

// " (did you mean \"A\" or \"B\"?)" for nearest_keys, or "" when none is near.
std::string did_you_mean(std::string_view key, const std::vector<std::string>& keys);

}  // namespace tplayer
