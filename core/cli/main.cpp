// tplayer: the native command-line door. The only place in core/ with I/O.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "tplayer/catalog.hpp"
#include "tplayer/json.hpp"
#include "tplayer/scenario.hpp"
#include "tplayer/units.hpp"

namespace {

using tplayer::Dimension;
using tplayer::format_quantity;
using Json = nlohmann::ordered_json;

constexpr int kExitOk = 0;
constexpr int kExitBadInput = 2;

constexpr const char* kUsage =
    R"(usage: tplayer [--preset NAME | --json FILE] [--json | --format table|json]
       tplayer --list [--json]

Prices the all-reduces of one tensor-parallel transformer layer on every link you list.

  --preset NAME          solve a catalogue scenario (see --list)
  --json FILE            read a scenario in the JSON form of SPEC section 2 (FILE "-" = stdin)
  --json                 (with no file after it) print the result object as JSON
  --format table|json    output format; table by default
  --print-scenario       print the scenario (JSON) instead of solving it
  --list                 list presets, workloads, accelerators and links (--json for all fields)
  -h, --help             this text

Exit status: 0 on success, 2 on bad input (errors name their field).
)";

struct Options {
  std::optional<std::string> preset;
  std::optional<std::string> file;
  bool json = false;
  bool list = false;
  bool print_scenario = false;
  bool help = false;
  std::string problem;  // usage error
};

Options parse_args(const std::vector<std::string>& args) {
  Options o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_next = i + 1 < args.size();
    if (a == "--preset") {
      if (!has_next) return o.problem = "--preset needs a NAME", o;
      o.preset = args[++i];
    } else if (a == "--json") {
      // "--json FILE" reads a scenario; a bare "--json" asks for JSON output.
      if (has_next && (args[i + 1] == "-" || args[i + 1].rfind("--", 0) != 0) && !o.file) {
        o.file = args[++i];
      } else {
        o.json = true;
      }
    } else if (a == "--format") {
      if (!has_next) return o.problem = "--format needs table or json", o;
      const std::string& f = args[++i];
      if (f == "json")
        o.json = true;
      else if (f != "table")
        return o.problem = "--format takes table or json, got \"" + f + "\"", o;
    } else if (a == "--list") {
      o.list = true;
    } else if (a == "--print-scenario") {
      o.print_scenario = true;
    } else if (a == "-h" || a == "--help") {
      o.help = true;
    } else {
      return o.problem = "unknown argument \"" + a + "\"", o;
    }
  }
  if (!o.help && !o.list && !o.preset && !o.file)
    o.problem = "give --preset NAME, --json FILE or --list";
  if (o.preset && o.file) o.problem = "give either --preset or --json FILE, not both";
  return o;
}

Json to_json(const tplayer::Value& v) {
  using Kind = tplayer::Value::Kind;
  switch (v.kind) {
    case Kind::Null:
      return nullptr;
    case Kind::Bool:
      return v.boolean;
    case Kind::Number:
      return v.number;
    case Kind::String:
      return v.string;
    case Kind::Array: {
      Json out = Json::array();
      for (const auto& item : v.array) out.push_back(to_json(item));
      return out;
    }
    case Kind::Object: {
      Json out = Json::object();
      for (const auto& [key, item] : v.object) out[key] = to_json(item);
      return out;
    }
  }
  return nullptr;
}

void print_json(const tplayer::Value& v) {
  std::cout << to_json(v).dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

int report_errors(const std::vector<tplayer::FieldError>& errors, bool json) {
  if (json) {
    print_json(tplayer::to_value(errors));
  } else {
    for (const auto& e : errors) std::cerr << "tplayer: " << e.field << ": " << e.message << '\n';
  }
  return kExitBadInput;
}

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  return buffer;
}

std::string significant(double value) { return tplayer::format_significant(value, 4); }

std::string pad(const std::string& s, std::size_t width) {
  std::size_t shown = 0;  // count UTF-8 code points, not bytes
  for (unsigned char c : s) shown += (c & 0xC0) != 0x80;
  return shown >= width ? s + " " : s + std::string(width - shown, ' ');
}

void print_table(const tplayer::Scenario& s, const tplayer::Result& r) {
  std::cout << s.workload.name << ", TP " << s.tp_size << ", " << s.tokens << " tokens, "
            << s.accelerator.name << " " << s.precision << " ("
            << format_quantity(r.peak_flops, Dimension::Compute) << " x "
            << tplayer::format_number(s.local_efficiency) << " local efficiency), "
            << s.collectives_per_layer << " all-reduces per layer\n\n";
  std::cout << "  compute per rank       " << format_quantity(r.compute_time_s, Dimension::Time)
            << "  (" << significant(r.flops_per_layer) << " FLOP per layer / " << s.tp_size
            << " ranks)\n";
  std::cout << "  one accelerator alone  "
            << format_quantity(r.single_device_time_s, Dimension::Time) << '\n';
  std::cout << "  all-reduce message     " << format_quantity(r.message_bytes, Dimension::Bytes)
            << "  (" << s.tokens << " tokens x " << s.workload.hidden_dim << " hidden x "
            << tplayer::format_number(r.bytes_per_element) << " B)\n";
  std::cout << "  weights per rank       "
            << format_quantity(r.weights_per_rank_bytes, Dimension::Bytes) << " of "
            << format_quantity(r.memory_capacity_bytes, Dimension::Bytes) << " ("
            << tplayer::format_binary_bytes(r.memory_capacity_bytes)
            << "): " << (r.fits_in_memory ? "fits" : "DOES NOT FIT") << "\n\n";

  std::size_t name_width = 6;
  for (const tplayer::LinkResult& l : r.links) name_width = std::max(name_width, l.name.size() + 3);
  const std::vector<std::pair<std::string, std::size_t>> columns = {{"link", name_width},
                                                                    {"bandwidth/dir", 14},
                                                                    {"alpha", 9},
                                                                    {"all-reduce", 11},
                                                                    {"= bw + latency", 22},
                                                                    {"exchange", 10},
                                                                    {"x compute", 10},
                                                                    {"bound", 14},
                                                                    {"regime", 10},
                                                                    {"speedup ser/ovl", 16},
                                                                    {"efficiency ser/ovl", 18}};
  for (const auto& [title, width] : columns) std::cout << pad(title, width);
  std::cout << '\n';
  for (const tplayer::LinkResult& l : r.links) {
    const std::vector<std::string> cells = {
        l.name + (l.name == r.binding_link ? " *" : ""),
        format_quantity(l.bandwidth_bytes_per_s, Dimension::Bandwidth),
        format_quantity(l.latency_s, Dimension::Time),
        format_quantity(l.allreduce_time_s, Dimension::Time),
        format_quantity(l.bandwidth_time_s, Dimension::Time) + " + " +
            format_quantity(l.latency_time_s, Dimension::Time),
        format_quantity(l.communication_time_s, Dimension::Time),
        fixed(l.comm_to_compute, 3),
        l.bound,
        l.regime,
        fixed(l.serial_speedup, 2) + "x / " + fixed(l.overlapped_speedup, 2) + "x",
        fixed(100 * l.serial_efficiency, 1) + "% / " + fixed(100 * l.overlapped_efficiency, 1) +
            "%"};
    for (std::size_t i = 0; i < cells.size(); ++i) std::cout << pad(cells[i], columns[i].second);
    std::cout << '\n';
  }
  std::cout << "\n* binding link: " << r.binding_link << " (the layer is " << r.bound
            << "-bound)\n";
  std::cout << "  speedups: serial = no overlap of compute and exchange; ovl = perfect overlap\n";
  if (r.warnings.empty()) {
    std::cout << "warnings: none\n";
  } else {
    for (const auto& w : r.warnings)
      std::cout << "warning: " << w.field << ": " << w.message << '\n';
  }
}

void print_list(bool json) {
  if (json) {
    print_json(tplayer::catalog_value());
    return;
  }
  std::cout << "Scenario presets (--preset NAME):\n";
  for (const auto& p : tplayer::scenario_presets())
    std::cout << "  " << pad(p.key, 28) << p.title << '\n';
  std::cout << "\nWorkloads:\n";
  for (const auto& e : tplayer::workload_catalog())
    std::cout << "  " << pad(e.workload.key, 14) << pad(e.workload.name, 20)
              << pad(significant(e.workload.parameters / 1e9) + "B params", 15) << e.workload.layers
              << " layers, hidden " << e.workload.hidden_dim << ", " << e.workload.heads
              << " heads   [" << e.source << "]\n";
  std::cout << "\nAccelerators:\n";
  for (const auto& e : tplayer::accelerator_catalog()) {
    std::cout << "  " << pad(e.accelerator.key, 9) << pad(e.accelerator.name, 22);
    bool sparse = false;
    for (const auto& p : e.accelerator.peak_flops) {
      if (p.precision.ends_with("_sparse")) {
        sparse = true;
        continue;
      }
      std::cout << p.precision.substr(0, p.precision.find('_')) << " "
                << format_quantity(p.flops_per_s, Dimension::Compute) << ", ";
    }
    std::cout << (sparse ? "(sparse 2x), " : "")
              << format_quantity(e.accelerator.memory_capacity, Dimension::Bytes) << " ("
              << tplayer::format_binary_bytes(e.accelerator.memory_capacity) << ")   [" << e.source
              << "]\n";
  }
  std::cout << "\nLinks (bandwidth per direction, latency alpha per ring step):\n";
  for (const auto& e : tplayer::link_catalog())
    std::cout << "  " << pad(e.key, 16) << pad(e.label, 44)
              << pad(format_quantity(e.bandwidth, Dimension::Bandwidth), 12)
              << pad(format_quantity(e.latency, Dimension::Time), 8) << "[" << e.source << "]\n";
}

std::optional<std::string> read_input(const std::string& file) {
  if (file == "-") {
    return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

int run(const Options& o) {
  if (o.list) {
    print_list(o.json);
    return kExitOk;
  }
  tplayer::Value scenario;
  if (o.preset) {
    const tplayer::ScenarioPreset* preset = tplayer::find_preset(*o.preset);
    if (!preset) {
      std::string known;
      for (const auto& p : tplayer::scenario_presets())
        known += (known.empty() ? "" : ", ") + p.key;
      return report_errors({{"preset", "unknown preset \"" + *o.preset + "\"; known: " + known}},
                           o.json);
    }
    scenario = tplayer::to_value(preset->scenario);
  } else {
    const auto text = read_input(*o.file);
    if (!text) return report_errors({{"json", "cannot read the file \"" + *o.file + "\""}}, o.json);
    tplayer::JsonParse parsed = tplayer::parse_json(*text);
    if (!parsed.ok()) return report_errors({{"json", parsed.error}}, o.json);
    scenario = std::move(parsed.value);
  }
  const tplayer::Outcome outcome = tplayer::solve_value(scenario);
  if (!outcome.result) return report_errors(outcome.errors, o.json);
  if (o.print_scenario) {
    print_json(tplayer::to_value(outcome.scenario));
  } else if (o.json) {
    print_json(tplayer::to_value(*outcome.result));
  } else {
    print_table(outcome.scenario, *outcome.result);
  }
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  const Options options = parse_args(std::vector<std::string>(argv + 1, argv + argc));
  if (options.help) {
    std::cout << kUsage;
    return kExitOk;
  }
  if (!options.problem.empty()) {
    std::cerr << "tplayer: " << options.problem << "\n\n" << kUsage;
    return kExitBadInput;
  }
  return run(options);
}
