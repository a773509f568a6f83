// A size trick of the WebAssembly build, beside strtod.cpp's: the module is built without RTTI
// (the type_info objects, their mangled names and libc++abi's dynamic_cast machinery that their
// vtables keep alive), and embind then names each type it has not bound by sprintf("%p") in
// __getTypeName (only for the message of an unbound-type error, which this module never
// raises). That one call (siprintf: Emscripten's integer-only sprintf) would link musl's printf
// machinery; this one writes exactly what that call asks for, the pointer in hexadecimal, and
// nothing else in the module formats with printf (the link would fail with a duplicate symbol if
// anything pulled musl's sprintf.o in beside it).
#include <cstdarg>
#include <cstdint>

extern "C" int siprintf(char* out, const char* format, ...) {
  // format is "%p" (embind's __getTypeName); any other is not this module's and writes nothing.
  out[0] = '\0';
  if (!(format[0] == '%' && format[1] == 'p' && format[2] == '\0')) return -1;
  va_list args;
  va_start(args, format);
  auto value = reinterpret_cast<std::uintptr_t>(va_arg(args, void*));
  va_end(args);
  char digits[2 * sizeof value];
  int n = 0;
  do {
    digits[n++] = "0123456789abcdef"[value % 16];
    value /= 16;
  } while (value);
  out[0] = '0';
  out[1] = 'x';
  for (int i = 0; i < n; ++i) out[2 + i] = digits[n - 1 - i];
  out[2 + n] = '\0';
  return 2 + n;
}
