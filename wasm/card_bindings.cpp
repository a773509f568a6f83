// The card's WebAssembly door (issue 21): the verdict card of card.hpp, built into a module of its
// own that the facade loads the first time card() is called, so the module every page and script
// loads first carries none of it. JSON text in (written by the facade, as for solve), the SVG text
// out, or the core's errors.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "tplayer/card.hpp"
#include "tplayer/json.hpp"
#include "tplayer/tplayer.hpp"

namespace tplayer {
namespace {

using emscripten::val;

val errors_js(const std::vector<FieldError>& errors) {
  val out = val::array();
  for (std::size_t i = 0; i < errors.size(); ++i) out.set(i, errors[i]);
  return out;
}

val path_js(const FieldError& e) {
  const Value path = path_value(e.path);
  val out = val::array();
  for (std::size_t i = 0; i < path.array.size(); ++i) {
    const Value& key = path.array[i];
    out.set(i, key.kind == Value::Kind::Number ? val(key.number) : val(key.string));
  }
  return out;
}
void no_set_path(FieldError&, val) {}

// The card's SVG text, or an array of {field, path, message}.
val card_json(const std::string& text, const std::string& title, const std::string& permalink) {
  const JsonParse parsed = parse_json(text);
  if (!parsed.ok())
    return errors_js({{FieldPath{}, "expected the scenario as JSON text: " + parsed.error}});
  const CardText card{title, permalink};
  if (auto errors = card_text_errors(card); !errors.empty()) return errors_js(errors);
  const Outcome outcome = solve_value(parsed.value);
  if (!outcome.result) return errors_js(outcome.errors);
  return val(verdict_card_svg(outcome.scenario, *outcome.result, card));
}

}  // namespace
}  // namespace tplayer

EMSCRIPTEN_BINDINGS(tplayer_card) {
  using namespace emscripten;
  using namespace tplayer;

  value_object<FieldError>("FieldError")
      .field("field", &FieldError::field)
      .field("path", &path_js, &no_set_path)
      .field("message", &FieldError::message);
  function("card", &card_json);
}
