// The verdict card (card.hpp): what it says comes from the result, its bars are to one scale,
// text is escaped, it references nothing outside itself and stays under 12 KB.
#include "tplayer/card.hpp"

#include <cstddef>
#include <string>

#include "../../fuzz/well_formed.hpp"
#include "support.hpp"
#include "tplayer/catalog.hpp"

namespace tplayer::test {
namespace {

std::string card_of(const Value& scenario, const CardText& text = {}) {
  const Outcome out = solve_value(scenario);
  std::string listed;
  for (const FieldError& e : out.errors) listed += e.field + ": " + e.message + "\n";
  INFO("errors:\n" << listed);
  REQUIRE(out.result.has_value());
  return verdict_card_svg(out.scenario, *out.result, text);
}

std::size_t count(const std::string& text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The width attribute of the n-th <rect> with this fill.
double bar_width(const std::string& svg, std::string_view fill, int nth) {
  std::size_t at = 0;
  for (int i = 0; i <= nth; ++i) {
    at = svg.find(std::string("fill=\"") + std::string(fill) + "\"", at + 1);
    REQUIRE(at != std::string::npos);
  }
  const std::size_t rect = svg.rfind("<rect", at);
  const std::size_t w = svg.find("width=\"", rect) + 7;
  return std::stod(svg.substr(w, svg.find('"', w) - w));
}

TEST_CASE(
    "the card of docs/model.md#the-worked-example says the verdict and draws both links to one "
    "scale") {
  const std::string svg = card_of(spec_scenario(), {"GPT-3 on H100", "https://example.org/#v=3"});
  CHECK(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"", 0) == 0);
  CHECK(count(svg, "<title id=\"tplayer-card-title\">GPT-3 on H100</title>") == 1);
  CHECK(count(svg, "Communication-bound on IB NDR: exchange 1.94x compute") == 2);
  CHECK(count(svg, "IB NDR (binding) · communication-bound") == 1);
  CHECK(count(svg, "NVLink 4 · compute-bound") == 1);
  CHECK(count(svg, "mlsysim's model") == 1);
  CHECK(count(svg, "speedup 2.72x over one NVIDIA H100 SXM alone (34% efficient)") == 1);
  CHECK(count(svg, ">https://example.org/#v=3</text>") == 1);
  // Compute 1.887 ms against exchanges of 0.4055 and 3.663 ms: the longest spans the bars.
  const double longest = bar_width(svg, "#ea580c", 2);  // the legend's swatch is the third
  CHECK(bar_width(svg, "#ea580c", 1) == Approx(516).margin(0.05));
  CHECK(bar_width(svg, "#2563eb", 0) == Approx(516 * 1.8874283788 / 3.66321516).margin(0.1));
  CHECK(bar_width(svg, "#ea580c", 0) == Approx(516 * 0.40548 / 3.66321516).margin(0.1));
  CHECK(longest == 10);
}

TEST_CASE("the card names a link as the page does: its entry's short name, edited, or its own") {
  Value scenario = spec_scenario();
  Value edited = Value::make_object();
  edited.add("preset", Value::from("nvlink4"));
  edited.add("bandwidth", Value::from("400 GB/s"));
  Value links = Value::make_object();
  links.add("nvlink", std::move(edited));
  links.add("ib", Value::from("ib_ndr"));
  links.add("my_link", Value::from("25 GB/s"));
  scenario.set("links", std::move(links));
  const std::string svg = card_of(scenario);
  CHECK(count(svg, ">NVLink 4, edited · compute-bound") == 1);
  CHECK(count(svg, ">IB NDR · communication-bound") == 1);
  CHECK(count(svg, ">my_link (binding) · communication-bound") == 1);
  CHECK(count(svg, "Communication-bound on my_link: exchange") == 2);
}

TEST_CASE("the card references nothing outside itself and escapes every text") {
  // Names cannot carry markup (the core refuses it); a title and a permalink come from outside.
  const std::string svg = card_of(
      spec_scenario(), {"<script>alert('x')</script> & \"more\"", "https://e.org/?a=1&b=<2>"});
  CHECK(count(svg, "<script") == 0);
  CHECK(count(svg, "&lt;script&gt;alert('x')&lt;/script&gt; &amp; &quot;more&quot;") == 2);
  CHECK(count(svg, "?a=1&amp;b=&lt;2&gt;") == 1);
  CHECK(count(svg, "href") == 0);
  CHECK(count(svg, "url(") == 0);
  CHECK(count(svg, "http") == 1 + 1);  // the SVG namespace and the permalink
}

TEST_CASE("a card of 64 links draws 12 and counts the rest, under 12 KB") {
  Value scenario = spec_scenario();
  Value links = Value::make_object();
  for (int i = 0; i < 64; ++i)
    links.add(std::string(60, 'x') + std::to_string(1000 + i), Value::from("50 GB/s"));
  scenario.set("links", std::move(links));
  const std::string svg = card_of(scenario, {std::string(64, '&'), std::string(1000, 'p')});
  CHECK(svg.size() <= 12 * 1000);
  CHECK(xml::well_formed(svg) == "");
  CHECK(count(svg, "and 52 more links") == 1);
  CHECK(count(svg, "fill=\"#ea580c\"") == 12 + 1);
}

TEST_CASE("the binding link is drawn, in bold, however far down the list it comes") {
  Value scenario = spec_scenario();
  Value links = Value::make_object();
  for (int i = 0; i < 14; ++i) links.add("fast_" + std::to_string(i), Value::from("nvlink4"));
  Value slow = Value::make_object();
  slow.add("bandwidth", Value::from("5 GB/s"));
  slow.add("latency", Value::from("5 us"));
  links.add("slow_ib", std::move(slow));
  scenario.set("links", std::move(links));
  const std::string svg = card_of(scenario);
  CHECK(count(svg, ">slow_ib (binding) · communication-bound</text>") == 1);
  CHECK(count(svg, "font-weight=\"700\" fill=\"#18181b\">slow_ib") == 1);
  CHECK(count(svg, ">NVLink 4 · compute-bound</text>") == 11);  // the 12th place is the binding's
  CHECK(count(svg, "and 3 more links") == 1);
  CHECK(count(svg, "fill=\"#ea580c\"") == 12 + 1);
}

TEST_CASE("a link's long name and its bound wrap inside the card") {
  Value scenario = spec_scenario();
  Value links = Value::make_object();
  const std::string name = "rail_optimised_infiniband_between_two_hgx_nodes_rack_b17_row_4";
  links.add(name, Value::from("ib_ndr"));
  Value slow = Value::make_object();
  slow.add("bandwidth", Value::from("5 GB/s"));
  links.add(name + "x", std::move(slow));
  scenario.set("links", std::move(links));
  const std::string svg = card_of(scenario);
  CHECK(count(svg, ">" + name + "x (binding)</text>") == 1);
  CHECK(count(svg, ">communication-bound</text>") == 1);
  // No line of text is longer than the card holds at its size (13 px: 80 bytes).
  for (std::size_t at = svg.find("font-size=\"13\""); at != std::string::npos;
       at = svg.find("font-size=\"13\"", at + 1)) {
    const std::size_t open = svg.find('>', at) + 1;
    CHECK(svg.find('<', open) - open <= 80);
  }
}

TEST_CASE("one rank has nothing to exchange, and says so") {
  Value scenario = spec_scenario();
  scenario.set("tp_size", Value::from(1.0));
  scenario.set("workload", Value::from("Llama2_7B"));  // one H100 holds it
  const std::string svg = card_of(scenario);
  CHECK(count(svg, "One rank: nothing to exchange") == 2);
  CHECK(count(svg, "<title id=\"tplayer-card-title\">Llama 2 7B, TP 1</title>") == 1);
  CHECK(count(svg, "speedup") == 0);
}

// docs/model.md#runnable: a setup that cannot run is never summed up as fine, and the summary's
// figures say whose they are.
TEST_CASE("a setup that cannot run says so, on each link and in the verdict") {
  Value scenario = spec_scenario();
  scenario.set("tp_size", Value::from(2.0));  // 175 GB of weights per rank on an 80 GiB part
  const std::string svg = card_of(scenario);
  CHECK(count(svg, "Cannot run: the weights per rank (175 GB) do not fit") == 2);   // title, text
  CHECK(count(svg, ">cannot run: the weights per rank (175 GB) do not fit") == 2);  // each link
  CHECK(count(svg, "-bound") == 0);
  CHECK(count(svg, "on IB NDR: speedup ") == 1);
  CHECK(count(svg, "it cannot run") == 1);
  CHECK(count(svg, "whole model on IB NDR (96 layers): ") == 1);

  // TP 16 fits, but beyond NVLink's 8-GPU domain: that link alone cannot run.
  scenario.set("tp_size", Value::from(16.0));
  const std::string beyond = card_of(scenario);
  CHECK(count(beyond, "cannot run: TP 16 is more than the 8 GPUs the link joins directly") == 1);
  CHECK(count(beyond, "Compute-bound on every link") == 0);
}

TEST_CASE("one token and one layer are said in the singular") {
  Value scenario = spec_scenario();
  scenario.set("tokens", Value::from(1.0));
  scenario.set("workload", json(R"({"preset": "GPT3", "layers": 1})"));
  const std::string svg = card_of(scenario);
  CHECK(count(svg, " · 1 token · ") == 1);
  CHECK(count(svg, " (1 layer): ") == 1);
  CHECK(count(svg, "1 tokens") + count(svg, "1 layers") == 0);
}

// The card of docs/model.md#the-worked-example as solved, with these texts put where names go (a
// Scenario built in C++ is not validated: the card must hold whatever it is given).
std::string card_named(const std::string& name, const CardText& text) {
  const Outcome out = solve_value(spec_scenario());
  REQUIRE(out.result.has_value());
  Scenario scenario = out.scenario;
  Result result = *out.result;
  scenario.workload.name = scenario.accelerator.name = name;
  for (std::size_t i = 0; i < scenario.links.size(); ++i) {
    scenario.links[i].preset.clear();
    scenario.links[i].name = result.links[i].name = name + std::to_string(i);
  }
  result.binding_link = result.links[1].name;
  return verdict_card_svg(scenario, result, text);
}

TEST_CASE("the card is well-formed XML in UTF-8 whatever its texts hold") {
  // Controls (an OSC 52 clipboard write), U+FFFE, a C1 control, bytes that are not UTF-8, markup.
  const std::string hostile =
      "a\x1b]52;c;aGk=\x07 \xef\xbf\xbe \xc2\x85 \xff\xc0\x80 \x01<b>&\"\t\n\r z";
  const std::string svg = card_named(hostile, {hostile, hostile});
  CHECK(xml::well_formed(svg) == "");
  CHECK(count(svg, "\x1b") + count(svg, "\xef\xbf\xbe") + count(svg, "\xc2\x85") == 0);
  CHECK(count(svg, "a]52;c;aGk=") > 0);  // what XML allows is kept, escaped
  CHECK(count(svg, "&lt;b&gt;&amp;&quot;") > 0);
}

TEST_CASE("the permalink is cut at code points, in at most three lines, then an ellipsis") {
  std::string permalink = "https://example.org/#";
  for (int i = 0; i < 200; ++i) permalink += "\xc3\xa9\xe2\x82\xac";  // e-acute and the euro sign
  const std::string svg = card_of(spec_scenario(), {"", permalink});
  CHECK(xml::well_formed(svg) == "");
  CHECK(count(svg, "font-family=\"ui-monospace") == 3);
  CHECK(count(svg, "\xe2\x80\xa6</text>") == 1);
}

TEST_CASE("names, the title and the permalink are shortened: the card stays under kMaxCardBytes") {
  // 1 MB of text in every place (2.7 MB of card before; the JS door's 10 MB title, 20 MB).
  for (const std::string& name : {std::string(1 << 20, '&'), std::string(1 << 20, 'x'),
                                  std::string(300000, ' ') + "\xe2\x82\xac"}) {
    const std::string svg = card_named(name, {name, name});
    CHECK(xml::well_formed(svg) == "");
    CHECK(svg.size() <= kMaxCardBytes);
  }
  // 64 links named by 64 bytes of three-byte characters, a 120-byte title, a 20 kB permalink.
  Value scenario = spec_scenario();
  Value links = Value::make_object();
  std::string wide;
  for (int i = 0; i < 20; ++i) wide += "\xe2\x82\xac";
  for (int i = 0; i < 64; ++i) links.add(wide + std::to_string(1000 + i), Value::from("50 GB/s"));
  scenario.set("links", std::move(links));
  const std::string svg =
      card_of(scenario, {std::string(kMaxTitleBytes, 'W'), std::string(20000, '&')});
  CHECK(xml::well_formed(svg) == "");
  CHECK(svg.size() <= kMaxCardBytes);
}

TEST_CASE("a card's title is a label: the name rule, at most kMaxTitleBytes, errors at title") {
  CHECK(card_text_errors({"", "any \x1b text"}).empty());
  for (const ScenarioPreset& p : scenario_presets()) {
    INFO(p.key);
    CHECK(card_text_errors({p.title, ""}).empty());
  }
  for (const std::string& title :
       {std::string("a\x1b]52;c;aGk=\x07"), std::string("a \xe2\x80\xae gnp.exe"),
        std::string("\xef\xbf\xbe"), std::string("<b>"), std::string(kMaxTitleBytes + 1, 'x')}) {
    INFO(title);
    const auto errors = card_text_errors({title, ""});
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].field == "title");
    CHECK(errors[0].message.rfind("expected a title of ", 0) == 0);
  }
  CHECK(card_text_errors({"Llama: TP 8 (two-tier: NVLink + NDR)", ""}).empty());
}

}  // namespace
}  // namespace tplayer::test
