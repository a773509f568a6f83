// The core's JSON reader: strict RFC 8259 plus the NaN / Infinity tokens, positions in syntax
// errors, the depth and size limits, unicode escapes, duplicate keys kept in order.
#include <cmath>

#include "support.hpp"

namespace tplayer::test {
namespace {

std::string syntax_error(std::string_view text) {
  const JsonParse parsed = parse_json(text);
  INFO("JSON: " << text);
  REQUIRE_FALSE(parsed.ok());
  CHECK(parsed.value.is_null());
  return parsed.error;
}

}  // namespace

TEST_CASE("JSON: values, member order, nesting", "[json]") {
  const Value v = json(R"( {"b": [1, -2.5e3, true, false, null, "x"], "a": {"c": {}}, "d": []} )");
  REQUIRE(v.is_object());
  REQUIRE(v.object.size() == 3);
  CHECK(v.object[0].first == "b");
  CHECK(v.object[1].first == "a");
  CHECK(v.object[2].first == "d");
  const Value& b = *v.find("b");
  REQUIRE(b.array.size() == 6);
  CHECK(b.array[0].number == 1);
  CHECK(b.array[1].number == -2500);
  CHECK(b.array[2].kind == Value::Kind::Bool);
  CHECK(b.array[2].boolean);
  CHECK_FALSE(b.array[3].boolean);
  CHECK(b.array[4].is_null());
  CHECK(b.array[5].string == "x");
  CHECK(v.find("a")->find("c")->is_object());
  CHECK(v.find("d")->is_array());
  CHECK(v.find("zz") == nullptr);
  CHECK(json("-0").number == 0);
  CHECK(std::signbit(json("-0").number));
  CHECK(json("0.5E-2").number == 0.005);
  CHECK(json("\t\r\n 7 \n").number == 7);
}

TEST_CASE("JSON: syntax errors say line and column", "[json]") {
  CHECK(syntax_error("{\n  \"a\": 1,\n  \"b\": ]\n}").starts_with("line 3, column 8: "));
  CHECK(syntax_error("{\"a\" 1}").starts_with("line 1, column 6: "));
  CHECK(contains(syntax_error("{\"a\" 1}"), "':'"));
  CHECK(syntax_error("[1,\n2,\n]").starts_with("line 3, column 1: "));
  CHECK(syntax_error("").starts_with("line 1, column 1: "));
  CHECK(contains(syntax_error(""), "end of input"));
  CHECK(contains(syntax_error("{} x"), "after the JSON value"));
  CHECK(contains(syntax_error("\"abc"), "unterminated string"));
  CHECK(contains(syntax_error("\"a\nb\""), "control character"));
  CHECK(contains(syntax_error("\"\\x\""), "escape"));
  for (const char* bad :
       {"01",  "+1",  ".5",     "1.",       "1e",   "1e+",       "-",          "--1",   "tru",
        "nul", "nan", "-NaN",   "infinity", "{,}",  "[1 2]",     "{\"a\":1,}", "{a:1}", "'a'",
        "[",   "{",   "{\"a\"", "{\"a\":",  "[1,]", "\"\\u12\"", "\"\\uZZZZ\""}) {
    INFO(bad);
    const std::string error = syntax_error(bad);
    CHECK(error.starts_with("line 1, column "));
  }
}

TEST_CASE("JSON: the NaN, Infinity and -Infinity tokens", "[json]") {
  const Value v = json("[NaN, Infinity, -Infinity, 1e400, -1e400]");
  REQUIRE(v.array.size() == 5);
  CHECK(std::isnan(v.array[0].number));
  CHECK(v.array[1].number == INFINITY);
  CHECK(v.array[2].number == -INFINITY);
  CHECK(v.array[3].number == INFINITY);  // overflows like JSON.parse; validation reports it
  CHECK(v.array[4].number == -INFINITY);
}

TEST_CASE("JSON: depth limit", "[json]") {
  const auto nested = [](std::size_t depth) {
    return std::string(depth, '[') + std::string(depth, ']');
  };
  CHECK(parse_json(nested(kMaxJsonDepth)).ok());
  CHECK(contains(syntax_error(nested(kMaxJsonDepth + 1)), "nested deeper"));
  CHECK(contains(syntax_error(std::string(100000, '[')), "nested deeper"));  // no stack overflow
  std::string objects;
  for (std::size_t i = 0; i <= kMaxJsonDepth; ++i) objects += "{\"a\":";
  objects += "1" + std::string(kMaxJsonDepth + 1, '}');
  CHECK(contains(syntax_error(objects), "nested deeper"));
}

TEST_CASE("JSON: size limit", "[json]") {
  std::string big = "\"" + std::string(kMaxJsonBytes, 'a') + "\"";
  CHECK(contains(syntax_error(big), std::to_string(kMaxJsonBytes)));
  std::string fits = "\"" + std::string(kMaxJsonBytes - 2, 'a') + "\"";
  CHECK(parse_json(fits).ok());
}

TEST_CASE("JSON: string escapes and unicode", "[json]") {
  CHECK(json(R"("\"\\\/\b\f\n\r\t")").string == "\"\\/\b\f\n\r\t");
  CHECK(json(R"("5 \u00b5s")").string == "5 \xC2\xB5s");
  CHECK(json(R"("\u0041\u00e9\u20ac")").string == "A\xC3\xA9\xE2\x82\xAC");
  CHECK(json(R"("\ud83d\ude00")").string == "\xF0\x9F\x98\x80");  // surrogate pair
  CHECK(json(R"("\ud800")").string == "\xEF\xBF\xBD");            // lone high
  CHECK(json(R"("\udc00x")").string == "\xEF\xBF\xBDx");          // lone low
  CHECK(json(R"("\ud800\u0041")").string ==
        "\xEF\xBF\xBD"
        "A");                                                  // high then not low
  CHECK(json("\"raw \xC2\xB5s\"").string == "raw \xC2\xB5s");  // UTF-8 passes through
  CHECK(json(R"("\u0000")").string == std::string(1, '\0'));
  // A unit string written with an escape parses like the literal one.
  const Value v = json(R"({"links": {"x": {"bandwidth": "1 GB/s", "latency": "2 \u00b5s"}}})");
  CHECK(v.find("links")->find("x")->find("latency")->string == "2 \xC2\xB5s");
}

TEST_CASE("JSON: duplicate keys are kept, in order", "[json]") {
  const Value v = json(R"({"a": 1, "b": 2, "a": 3})");
  REQUIRE(v.object.size() == 3);
  CHECK(v.object[0].first == "a");
  CHECK(v.object[2].first == "a");
  CHECK(v.object[2].second.number == 3);
  CHECK(v.find("a")->number == 1);  // find() gives the first
}

}  // namespace tplayer::test
