// A size trick of the WebAssembly build, beside type_names.cpp and strtod.cpp (a JS library for
// emcc, --js-library): embind registers, at start-up, every type it can carry, and each
// registration keeps its JS half in the glue, which Closure cannot drop since the wasm calls it.
// tplayer's bindings carry numbers, bools, std::string and val, never a wide string
// (std::wstring, std::u16string, std::u32string) or a memory_view (a typed-array view of the
// heap): these two take those registrations and keep none, so the glue carries no UTF-16 or
// UTF-32 coder and no typed-array views (545 B gzip of tplayer.js, measured on issue 22's
// plausibility warnings). A binding that took one of those types would find it unregistered and
// fail at load with embind's unbound-type error, in every test: never silently.
/* global mergeInto, LibraryManager -- emcc runs this file with its own library API */
mergeInto(LibraryManager.library, {
  _embind_register_std_wstring: function () {},
  _embind_register_memory_view: function () {},
});
