#include "tplayer/json.hpp"

#include <cmath>
#include <cstdlib>
#include <limits>

#include "tplayer/format.hpp"

namespace tplayer {
namespace {

class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  JsonParse run() {
    JsonParse out;
    skip_space();
    if (!read_value(out.value, 0)) return fail(std::move(out));
    skip_space();
    if (pos_ != text_.size()) {
      error_ = "unexpected text after the JSON value";
      return fail(std::move(out));
    }
    return out;
  }

 private:
  JsonParse fail(JsonParse out) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    out.value = Value::null();
    out.error = "line " + whole_number(line) + ", column " + whole_number(column) + ": " + error_;
    return out;
  }

  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }

  void skip_space() {
    while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r'))
      ++pos_;
  }

  bool expect(char c, const char* what) {
    if (peek() != c) {
      error_ = std::string("expected ") + what;
      return false;
    }
    ++pos_;
    return true;
  }

  bool literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  bool read_value(Value& out, std::size_t depth) {
    if (depth >= kMaxJsonDepth) {
      error_ = "nested deeper than " + whole_number(kMaxJsonDepth) + " levels";
      return false;
    }
    switch (peek()) {
      case '{':
        return read_object(out, depth);
      case '[':
        return read_array(out, depth);
      case '"':
        out = Value::from(std::string());
        return read_string(out.string);
      case 't':
        if (literal("true")) return out = Value::from(true), true;
        break;
      case 'f':
        if (literal("false")) return out = Value::from(false), true;
        break;
      case 'n':
        if (literal("null")) return out = Value::null(), true;
        break;
      case 'N':
        if (literal("NaN"))
          return out = Value::from(std::numeric_limits<double>::quiet_NaN()), true;
        break;
      case 'I':
        if (literal("Infinity"))
          return out = Value::from(std::numeric_limits<double>::infinity()), true;
        break;
      default:
        if (peek() == '-' || (peek() >= '0' && peek() <= '9')) return read_number(out);
    }
    error_ = at_end() ? "unexpected end of input" : "expected a JSON value";
    return false;
  }

  bool read_object(Value& out, std::size_t depth) {
    out = Value::make_object();
    ++pos_;  // '{'
    skip_space();
    if (peek() == '}') return ++pos_, true;
    while (true) {
      skip_space();
      std::string key;
      if (peek() != '"') {
        error_ = "expected a quoted member name";
        return false;
      }
      if (!read_string(key)) return false;
      skip_space();
      if (!expect(':', "':' after a member name")) return false;
      skip_space();
      Value& member = out.add(std::move(key), Value::null());
      if (!read_value(member, depth + 1)) return false;
      skip_space();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      return expect('}', "',' or '}' in an object");
    }
  }

  bool read_array(Value& out, std::size_t depth) {
    out = Value::make_array();
    ++pos_;  // '['
    skip_space();
    if (peek() == ']') return ++pos_, true;
    while (true) {
      skip_space();
      if (!read_value(out.push(Value::null()), depth + 1)) return false;
      skip_space();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      return expect(']', "',' or ']' in an array");
    }
  }

  bool read_number(Value& out) {
    const std::size_t start = pos_;
    if (peek() == '-') {
      ++pos_;
      if (literal("Infinity"))
        return out = Value::from(-std::numeric_limits<double>::infinity()), true;
    }
    auto digits = [&] {
      const std::size_t from = pos_;
      while (!at_end() && peek() >= '0' && peek() <= '9') ++pos_;
      return pos_ - from;
    };
    if (peek() == '0') {
      ++pos_;
    } else if (digits() == 0) {
      error_ = "expected a digit";
      return false;
    }
    if (peek() == '.') {
      ++pos_;
      if (digits() == 0) return error_ = "expected a digit after '.'", false;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++pos_;
      if (peek() == '+' || peek() == '-') ++pos_;
      if (digits() == 0) return error_ = "expected a digit in the exponent", false;
    }
    // The grammar above is stricter than strtod's, so strtod reads exactly this token.
    const std::string token(text_.substr(start, pos_ - start));
    out = Value::from(std::strtod(token.c_str(), nullptr));
    return true;
  }

  static void append_utf8(std::string& out, unsigned code) {
    if (code < 0x80) {
      out += static_cast<char>(code);
    } else if (code < 0x800) {
      out += static_cast<char>(0xC0 | (code >> 6));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
      out += static_cast<char>(0xE0 | (code >> 12));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code >> 18));
      out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code & 0x3F));
    }
  }

  bool read_hex4(unsigned& code) {
    if (pos_ + 4 > text_.size()) return error_ = "unfinished \\u escape", false;
    code = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text_[pos_++];
      code <<= 4;
      if (c >= '0' && c <= '9')
        code |= c - '0';
      else if (c >= 'a' && c <= 'f')
        code |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        code |= c - 'A' + 10;
      else
        return error_ = "bad hex digit in a \\u escape", false;
    }
    return true;
  }

  static bool plain(char c) {
    return c != '"' && c != '\\' && static_cast<unsigned char>(c) >= 0x20;
  }

  bool read_string(std::string& out) {
    ++pos_;  // opening quote
    while (true) {
      // Plain characters in one append up to the next quote, backslash or control character: one
      // push_back per character made a 4 KB pasted measurement cost ~100 us in WebAssembly.
      const std::size_t run = pos_;
      while (!at_end() && plain(text_[pos_])) ++pos_;
      out.append(text_.data() + run, pos_ - run);
      if (at_end()) return error_ = "unterminated string", false;
      const char c = text_[pos_++];
      if (c == '"') return true;
      if (c != '\\') return error_ = "control character in a string", false;
      if (at_end()) return error_ = "unterminated string", false;
      const char e = text_[pos_++];
      switch (e) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          unsigned code = 0;
          if (!read_hex4(code)) return false;
          if (code >= 0xD800 && code <= 0xDBFF && text_.substr(pos_, 2) == "\\u") {
            pos_ += 2;
            unsigned low = 0;
            if (!read_hex4(low)) return false;
            if (low >= 0xDC00 && low <= 0xDFFF) {
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            } else {
              append_utf8(out, 0xFFFD);
              code = low;
            }
          }
          if (code >= 0xD800 && code <= 0xDFFF) code = 0xFFFD;  // lone surrogate
          append_utf8(out, code);
          break;
        }
        default:
          return error_ = "unknown escape in a string", false;
      }
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  std::string error_;
};

}  // namespace

JsonParse parse_json(std::string_view text) {
  if (text.size() > kMaxJsonBytes) {
    JsonParse out;
    out.error = "the document is " + whole_number(text.size()) + " bytes; at most " +
                whole_number(kMaxJsonBytes) + " are read";
    return out;
  }
  return Reader(text).run();
}

namespace {

// The length of the valid UTF-8 sequence at text[i], or 0.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto at = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = at(i);
  const std::size_t length = lead < 0x80                    ? 1
                             : lead >= 0xC2 && lead <= 0xDF ? 2
                             : (lead >> 4) == 0xE           ? 3
                             : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                            : 0;
  if (length == 0 || i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k)
    if ((at(i + k) & 0xC0) != 0x80) return 0;
  // Overlong forms, surrogates and code points above U+10FFFF.
  if (length == 3 && ((lead == 0xE0 && at(i + 1) < 0xA0) || (lead == 0xED && at(i + 1) >= 0xA0)))
    return 0;
  if (length == 4 && ((lead == 0xF0 && at(i + 1) < 0x90) || (lead == 0xF4 && at(i + 1) >= 0x90)))
    return 0;
  return length;
}

// A JSON string; bytes that are not UTF-8 become U+FFFD, so the output is always valid text.
void write_string(std::string& out, std::string_view text) {
  constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80) {
      const std::size_t length = utf8_length(text, i);
      if (length == 0) {
        out += "\xEF\xBF\xBD";
      } else {
        out.append(text.substr(i, length));
        i += length - 1;
      }
      continue;
    }
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (byte < 0x20 || byte == 0x7F) {
      out += "\\u00";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    } else {
      out += c;
    }
  }
  out += '"';
}

// The fewest significant digits that read back as the same double.
std::string shortest(double value) {
  for (int digits = 1; digits < 17; ++digits) {
    std::string text = format_significant(value, digits);
    if (std::strtod(text.c_str(), nullptr) == value) return text;
  }
  return format_significant(value, 17);
}

void write(std::string& out, const Value& v, int indent, int depth) {
  const auto newline = [&](int level) {
    if (indent <= 0) return;
    out += '\n';
    out.append(static_cast<std::size_t>(indent * level), ' ');
  };
  switch (v.kind) {
    case Value::Kind::Null:
      out += "null";
      return;
    case Value::Kind::Bool:
      out += v.boolean ? "true" : "false";
      return;
    case Value::Kind::Number:
      if (std::isnan(v.number))
        out += "NaN";
      else if (std::isinf(v.number))
        out += v.number > 0 ? "Infinity" : "-Infinity";
      else
        out += shortest(v.number);
      return;
    case Value::Kind::String:
      write_string(out, v.string);
      return;
    case Value::Kind::Array:
      out += '[';
      for (std::size_t i = 0; i < v.array.size(); ++i) {
        if (i) out += ',';
        newline(depth + 1);
        write(out, v.array[i], indent, depth + 1);
      }
      if (!v.array.empty()) newline(depth);
      out += ']';
      return;
    case Value::Kind::Object:
      out += '{';
      for (std::size_t i = 0; i < v.object.size(); ++i) {
        if (i) out += ',';
        newline(depth + 1);
        write_string(out, v.object[i].first);
        out += indent > 0 ? ": " : ":";
        write(out, v.object[i].second, indent, depth + 1);
      }
      if (!v.object.empty()) newline(depth);
      out += '}';
      return;
  }
}

}  // namespace

std::string write_json(const Value& value, int indent) {
  std::string out;
  write(out, value, indent, 0);
  return out;
}

}  // namespace tplayer
