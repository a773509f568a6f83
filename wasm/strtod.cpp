// A size trick of the WebAssembly build, in one place: strtod without musl's. musl's correctly rounded strtod works in
// 128-bit long double, which wasm emulates in software: with it the module was 14 KB larger
// (6.5 KB gzip), a sixth of the size budget. This one is exact too: Clinger's fast path (a
// mantissa <= 2^53 times or divided by an exact power of ten <= 1e22: one correctly rounded
// operation) covers the numbers people type, and every other decimal goes to JavaScript's
// Number(), which the ECMAScript spec requires to round correctly as well; the tests check
// the results against the native build bit for bit. Only decimal forms are read
// ([ws][sign]digits[.digits][e[sign]digits]), which is all the core hands to strtod: its JSON
// and quantity readers check that grammar first.
#include <emscripten/emscripten.h>

#include <cstdint>

EM_JS(double, tplayer_js_number, (const char* text, int length),
      { return Number(UTF8ToString(text, length)); });

namespace {

// Precondition: `text` holds a decimal of the grammar above (the core's readers check it before
// they convert); anything else gives 0 with *end == text, as strtod does for no number.
double decimal_to_double(const char* text, char** end) {
  const char* p = text;
  while (*p == ' ' || (*p >= '\t' && *p <= '\r')) ++p;
  const char* const start = p;
  const bool negative = *p == '-';
  if (*p == '+' || *p == '-') ++p;
  constexpr std::uint64_t kExact = std::uint64_t{1} << 53;
  std::uint64_t mantissa = 0;  // stops growing past kExact: then only the slow path is taken
  int scale = 0;               // decimal exponent of the mantissa's last digit
  int digits = 0;
  for (; *p >= '0' && *p <= '9'; ++p, ++digits) {
    if (mantissa <= kExact) mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
  }
  if (*p == '.') {
    for (++p; *p >= '0' && *p <= '9'; ++p, ++digits) {
      if (mantissa <= kExact) {
        mantissa = mantissa * 10 + static_cast<unsigned>(*p - '0');
        --scale;
      }
    }
  }
  if (digits == 0) {
    if (end) *end = const_cast<char*>(text);
    return 0;
  }
  int exponent = 0;
  if (*p == 'e' || *p == 'E') {
    const char* q = p + 1;
    const bool minus = *q == '-';
    if (*q == '+' || *q == '-') ++q;
    if (*q >= '0' && *q <= '9') {
      for (; *q >= '0' && *q <= '9'; ++q)
        exponent = exponent < 100000 ? exponent * 10 + (*q - '0') : exponent;
      if (minus) exponent = -exponent;
      p = q;
    }
  }
  if (end) *end = const_cast<char*>(p);
  static constexpr double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  const int e = exponent + scale;
  if (mantissa <= kExact && e >= -22 && e <= 22) {
    const double m = static_cast<double>(mantissa);
    const double v = e < 0 ? m / kPowers[-e] : m * kPowers[e];
    return negative ? -v : v;
  }
  return tplayer_js_number(start, static_cast<int>(p - start));
}

}  // namespace

// The C library's entry points, so that musl's strtod.o (which holds all three) is never linked.
extern "C" double strtod(const char* text, char** end) { return decimal_to_double(text, end); }
extern "C" float strtof(const char* text, char** end) {
  return static_cast<float>(decimal_to_double(text, end));
}
extern "C" long double strtold(const char* text, char** end) {
  return decimal_to_double(text, end);
}

