// tplayer: the native command-line door, beside wasm/. The only C++ with I/O.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <set>
#include <sstream>
#include <streambuf>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "text.hpp"
#include "tplayer/card.hpp"
#include "tplayer/catalog.hpp"
#include "tplayer/format.hpp"
#include "tplayer/json.hpp"
#include "tplayer/limits.hpp"
#include "tplayer/tplayer.hpp"
#include "tplayer/units.hpp"
#include "validate.hpp"

namespace {

using tplayer::Dimension;
using tplayer::format_quantity;
using tplayer::cli::kWidth;
using tplayer::cli::pad;
using tplayer::cli::wrapped;

constexpr int kExitOk = 0;
constexpr int kExitBadInput = 2;

constexpr const char* kUsage =
    R"(usage: tplayer [--preset NAME | --json FILE] [--set PATH=VALUE]... [--json | --format table|json|svg]
       tplayer [--preset NAME | --json FILE] --sweep FIELD=V1,V2,... [--json]
       tplayer [--preset NAME | --json FILE] --check
       tplayer --list [--json]
       tplayer --validate [--json]

Prices the all-reduces of one tensor-parallel transformer layer on every link you list.

  --preset NAME          solve a catalogue scenario (see --list); a scenario file may also name
                         one, {"preset": NAME, ...fields over it}
  --set PATH=VALUE       edit the scenario before it is solved (repeatable; PATH dotted, as
                         workload.layers; VALUE as JSON, else as text): --set tp_size=4
  --json FILE            read a scenario as JSON, its fields as in docs/model.md (FILE "-" = stdin)
  --hf-config FILE       the workload from a Hugging Face model's config.json (with --preset or
                         --json; --set workload.FIELD=... wins over the config)
  --json                 (with no file after it) print the result object as JSON
  --format table|json|svg
                         output format; table by default; svg: the verdict card as an image
  --permalink URL        (with --format svg) print this link at the card's foot
  --print-scenario       print the scenario (JSON) instead of solving it
  --check                print what the JS check() returns, as JSON: {result, scenario, derived}
                         (the scenario as the core read it: a catalogue part given as {preset,
                         ...} that equals its entry is its key, one that differs keeps its preset;
                         derived: the defaults that follow other fields), or {errors}
  --sweep FIELD=V1,V2,.. solve at each value of one field (tp_size, tokens, ...): a table per
                         link that marks its domain end and a two-tier link's node boundary
  --list                 list presets, workloads, accelerators, links and two-tier links (--json: all)
  --validate             both link models against the published measurements they were fitted on
  --measured NAME=FILE   add a link priced on your own nccl-tests all_reduce_perf output
                         (repeatable; with --preset or --json)
  --measured-ranks N     the ranks that measurement ran on, when its text does not say
  -h, --help             this text

Exit status: 0 on success, 2 on bad input (errors name their field; in a sweep, any point's).
)";

// --measured NAME=FILE: a link priced on a measured nccl-tests curve
// (docs/model.md#measured-links).
struct MeasuredOption {
  std::string name;
  std::string file;
  std::optional<std::int64_t> ranks;  // --measured-ranks N after it
};

// --sweep FIELD=V1,V2,...: one field at many values; which fields may vary is the core's rule.
struct SweepOption {
  std::string field;
  std::vector<double> values;
};

struct Options {
  std::vector<MeasuredOption> measured;
  std::vector<std::pair<std::string, tplayer::Value>> sets;  // --set PATH=VALUE, in order
  std::optional<SweepOption> sweep;
  std::optional<std::string> preset;
  std::optional<std::string> file;
  std::optional<std::string> hf_config;  // --hf-config FILE: the workload from a config.json
  bool json = false;
  bool svg = false;
  std::optional<std::string> permalink;
  bool list = false;
  bool validate = false;
  bool print_scenario = false;
  bool check = false;  // --check: JSON out, as the JS door's check()
  bool help = false;
  std::string problem;  // usage error
};

// "NAME=VALUE" as its two sides, neither empty; nullopt otherwise.
std::optional<std::pair<std::string, std::string>> split_at_equals(const std::string& spec) {
  const std::size_t eq = spec.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) return std::nullopt;
  return std::pair{spec.substr(0, eq), spec.substr(eq + 1)};
}

Options parse_args(const std::vector<std::string>& args) {
  Options o;
  const std::set<std::string> once{"--preset", "--format", "--permalink", "--sweep", "--hf-config"};
  std::set<std::string> seen;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_next = i + 1 < args.size();
    // An option that sets one thing, given again, would silently undo the first.
    if (once.count(a) && !seen.insert(a).second) return o.problem = a + " given twice", o;
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
      if (!has_next) return o.problem = "--format needs table, json or svg", o;
      const std::string& f = args[++i];
      if (f == "json")
        o.json = true;
      else if (f == "svg")
        o.svg = true;
      else if (f != "table")
        return o.problem = "--format takes table, json or svg, got \"" + f + "\"", o;
    } else if (a == "--permalink") {
      if (!has_next) return o.problem = "--permalink needs a URL", o;
      o.permalink = args[++i];
    } else if (a == "--list") {
      o.list = true;
    } else if (a == "--validate") {
      o.validate = true;
    } else if (a == "--measured") {
      if (!has_next) return o.problem = "--measured needs NAME=FILE", o;
      const std::string& spec = args[++i];
      const auto parts = split_at_equals(spec);
      if (!parts) return o.problem = "--measured takes NAME=FILE, got \"" + spec + "\"", o;
      o.measured.push_back({parts->first, parts->second, std::nullopt});
    } else if (a == "--measured-ranks") {
      if (!has_next) return o.problem = "--measured-ranks needs a number", o;
      if (o.measured.empty()) return o.problem = "--measured-ranks follows a --measured", o;
      if (o.measured.back().ranks)
        return o.problem = "--measured-ranks given twice for one --measured", o;
      const std::string& n = args[++i];
      if (n.empty() || n.size() > 9 || n.find_first_not_of("0123456789") != std::string::npos)
        return o.problem = "--measured-ranks takes a whole number, got \"" + n + "\"", o;
      o.measured.back().ranks = std::stoll(n);
    } else if (a == "--sweep") {
      if (!has_next) return o.problem = "--sweep needs FIELD=V1,V2,...", o;
      const std::string& spec = args[++i];
      const auto parts = split_at_equals(spec);
      if (!parts) return o.problem = "--sweep takes FIELD=V1,V2,..., got \"" + spec + "\"", o;
      SweepOption sweep{parts->first, {}};
      std::istringstream list(parts->second);
      for (std::string item; std::getline(list, item, ',');) {
        // Each value is a finite JSON number (so that --json prints plain JSON); whether it
        // suits the field is the core's to say, per point.
        const tplayer::JsonParse number = tplayer::parse_json(item);
        if (!number.ok() || !number.value.is_number() || !std::isfinite(number.value.number))
          return o.problem = "--sweep values are finite numbers, got \"" + item + "\"", o;
        sweep.values.push_back(number.value.number);
      }
      if (sweep.values.empty() || spec.back() == ',')
        return o.problem = "--sweep takes FIELD=V1,V2,..., got \"" + spec + "\"", o;
      o.sweep = std::move(sweep);
    } else if (a == "--set") {
      if (!has_next) return o.problem = "--set needs PATH=VALUE", o;
      const std::string& spec = args[++i];
      const auto parts = split_at_equals(spec);
      if (!parts || parts->first.front() == '.' || parts->first.back() == '.' ||
          parts->first.find("..") != std::string::npos)
        return o.problem =
                   "--set takes PATH=VALUE (PATH dotted: workload.layers), got \"" + spec + "\"",
               o;
      // The value as JSON when it reads as JSON (4, true, {"preset": "H100"}), else as text
      // ("80 GB", Llama2_70B); whether it suits the field is the core's to say.
      tplayer::JsonParse value = tplayer::parse_json(parts->second);
      o.sets.emplace_back(
          parts->first, value.ok() ? std::move(value.value) : tplayer::Value::from(parts->second));
    } else if (a == "--hf-config") {
      if (!has_next) return o.problem = "--hf-config needs a FILE (a model's config.json)", o;
      o.hf_config = args[++i];
    } else if (a == "--print-scenario") {
      o.print_scenario = true;
    } else if (a == "--check") {
      o.check = true;
    } else if (a == "-h" || a == "--help") {
      o.help = true;
    } else {
      return o.problem = "unknown argument \"" + a + "\"", o;
    }
  }
  if (!o.help && !o.list && !o.validate && !o.preset && !o.file)
    o.problem = "give --preset NAME, --json FILE, --list or --validate";
  if (o.preset && o.file) o.problem = "give either --preset or --json FILE, not both";
  if (o.sweep && o.print_scenario) o.problem = "give either --sweep or --print-scenario, not both";
  if (o.check && (o.sweep || o.print_scenario))
    o.problem = "give --check alone, without --sweep or --print-scenario";
  if (o.sweep && !o.preset && !o.file) o.problem = "--sweep needs --preset NAME or --json FILE";
  if (!o.sets.empty() && !o.preset && !o.file)
    o.problem = "--set edits a scenario: give --preset NAME or --json FILE";
  if (o.hf_config && !o.preset && !o.file)
    o.problem = "--hf-config sets a scenario's workload: give --preset NAME or --json FILE";
  if (o.svg && (o.json || o.check || o.sweep || o.list || o.validate || o.print_scenario))
    o.problem =
        "--format svg draws one result: not with --json, --check, --sweep, --list, --validate or "
        "--print-scenario";
  if (o.permalink && !o.svg) o.problem = "--permalink goes with --format svg";
  return o;
}

// What reaches a terminal carries no control characters: C0 (but newline and tab), DEL and the
// C1 controls (U+0080-U+009F, two bytes in UTF-8) are each written as one space, so that no name,
// unknown key or file name in a message can move the cursor, retitle the window or write the
// clipboard (OSC 52). Installed on stdout and stderr for the whole run (JSON escapes its
// controls and the card drops them, so neither changes).
class BlankControls : public std::streambuf {
 public:
  explicit BlankControls(std::ostream& stream) : stream_(stream), out_(stream.rdbuf(this)) {}
  BlankControls(const BlankControls&) = delete;
  BlankControls& operator=(const BlankControls&) = delete;
  ~BlankControls() override {
    if (lead_) out_->sputc('\xC2');
    stream_.rdbuf(out_);
    out_->pubsync();
  }

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const auto byte = static_cast<unsigned char>(traits_type::to_char_type(c));
    if (lead_) {  // after 0xC2: a C1 control is its second byte 0x80-0x9F
      lead_ = false;
      if (byte >= 0x80 && byte <= 0x9F) return out_->sputc(' ');
      out_->sputc('\xC2');
    }
    if (byte == 0xC2) {
      lead_ = true;
      return c;
    }
    const bool control = (byte < 0x20 && byte != '\n' && byte != '\t') || byte == 0x7F;
    return out_->sputc(control ? ' ' : static_cast<char>(byte));
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    for (std::streamsize i = 0; i < n; ++i)
      if (traits_type::eq_int_type(overflow(traits_type::to_int_type(s[i])), traits_type::eof()))
        return i;
    return n;
  }
  int sync() override { return out_->pubsync(); }

 private:
  std::ostream& stream_;
  std::streambuf* out_;
  bool lead_ = false;
};

void print_json(const tplayer::Value& v) { std::cout << tplayer::write_json(v, 2) << '\n'; }

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

// A tier of a two-tier link in words: its catalogue key, or its bandwidth.
std::string tier_text(const tplayer::Link& tier) {
  return tier.preset.empty() ? format_quantity(tier.bandwidth, Dimension::Bandwidth) : tier.preset;
}

// What a link is, for the head of its block: its figures, or a two-tier link's tiers.
std::string link_head(const tplayer::LinkResult& l, const tplayer::Link* link) {
  if (l.kind == "two_tier" && link && link->tiers.size() == 2) {
    return "two-tier: " + tier_text(link->tiers[0]) + " inside nodes of " +
           std::to_string(link->ranks_per_node) + ", " + tier_text(link->tiers[1]) + " across (" +
           format_quantity(l.bandwidth_bytes_per_s, Dimension::Bandwidth) +
           " per direction, alpha " + format_quantity(l.latency_s, Dimension::Time) + ")";
  }
  if (l.kind == "measured") {
    return "measured on " + tplayer::format_number(l.measured_ranks) + " ranks, " +
           format_quantity(l.measured_min_bytes, Dimension::Bytes) + " to " +
           format_quantity(l.measured_max_bytes, Dimension::Bytes) + "; busbw " +
           format_quantity(l.bandwidth_bytes_per_s, Dimension::Bandwidth);
  }
  return format_quantity(l.bandwidth_bytes_per_s, Dimension::Bandwidth) + " per direction, alpha " +
         format_quantity(l.latency_s, Dimension::Time);
}

const tplayer::Link* find_link_named(const tplayer::Scenario& s, const std::string& name) {
  for (const tplayer::Link& link : s.links)
    if (link.name == name) return &link;
  return nullptr;
}

// docs/model.md#sequence-parallelism: the bandwidth from which the link's exchange takes no longer
// than the compute.
std::string hiding_text(const tplayer::LinkResult& l) {
  if (l.communication_time_s == 0) return "nothing to hide: no exchange";
  if (l.hiding_bandwidth_bytes_per_s == 0)
    return "by no bandwidth: the latency terms alone take longer than the compute";
  const std::string what = l.kind == "measured"   ? "a bus bandwidth of "
                           : l.kind != "two_tier" ? ""
                           : l.node_count > 1     ? "each GPU's network link at "
                                                  : "the node's link at ";
  const std::string times = fixed(l.hiding_factor, l.hiding_factor < 10 ? 2 : 1) + "x";
  return "from " + what + format_quantity(l.hiding_bandwidth_bytes_per_s, Dimension::Bandwidth) +
         " per direction (" +
         (l.kind == "measured" ? "its curve " + times + " as fast" : times + " this link's") + ")";
}

// What one step of the whole model is, in words, for the pass and its tokens.
std::string step_words(const std::string& pass, std::int64_t tokens) {
  if (pass == tplayer::kDecode)
    return "per decode step (a token for " +
           (tokens == 1 ? std::string("1 sequence")
                        : "each of " + std::to_string(tokens) + " sequences") +
           ")";
  return "per " + (pass == "training" ? std::string("training step") : pass + " pass") + " of " +
         tplayer::counted(tokens, "token");
}

// One link as a block of rows, so that the table fits kWidth columns whatever the names.
void print_link(const tplayer::LinkResult& l, const tplayer::Link* link, bool binding, bool nccl,
                const std::string& step, double head_time, double step_overhead) {
  using tplayer::format_quantity;
  std::string head = l.name + (binding ? " *" : "") + "  " + link_head(l, link);
  if (l.kind == "two_tier") {
    if (l.node_count > 1)
      head += "; " + tplayer::format_number(l.node_count) + " nodes";
    else
      head += "; one node: the intra-node link alone";
    if (!l.within_domain) head += "; a tier BEYOND its domain";
  } else if (l.domain > 0) {
    head += (l.within_domain ? "; domain " : "; BEYOND its domain of ") +
            tplayer::format_number(l.domain);
  }
  wrapped(head, 2);
  // docs/model.md#runnable: priced all the same, but never to be read as a setup that works.
  if (!l.runnable)
    wrapped("  CANNOT RUN  " + l.not_runnable_because + " (priced all the same)", 14);
  const bool pair = l.reduce_scatter_time_s > 0;
  std::string priced =
      std::string(pair ? "  rs + ag     " : "  all-reduce  ") +
      format_quantity(l.allreduce_time_s, Dimension::Time) + " = " +
      format_quantity(l.bandwidth_time_s, Dimension::Time) + " bandwidth + " +
      format_quantity(l.latency_time_s, Dimension::Time) + " latency (" + l.regime + " regime)" +
      (pair ? "; a reduce-scatter " + format_quantity(l.reduce_scatter_time_s, Dimension::Time) +
                  ", an all-gather " + format_quantity(l.all_gather_time_s, Dimension::Time)
            : std::string());
  wrapped(priced, 14);
  if (l.kind == "two_tier" && l.node_count > 1)
    std::cout << "  tiers       at line rate " << fixed(100 * l.intra_node_share, 1)
              << "% in the node, " << fixed(100 * (1 - l.intra_node_share), 1)
              << "% across nodes\n";
  if (nccl && l.kind != "measured")
    std::cout << "  NCCL runs   " << l.protocol << "; at line rate "
              << format_quantity(l.line_rate_allreduce_time_s, Dimension::Time) << '\n';
  std::cout << "  exchange    " << format_quantity(l.communication_time_s, Dimension::Time)
            << " per layer = " << fixed(l.comm_to_compute, 3) << " x compute: " << l.bound
            << "-bound\n";
  std::cout << "  speedup     " << fixed(l.serial_speedup, 2) << "x serial, "
            << fixed(l.overlapped_speedup, 2) << "x overlapped (efficiency "
            << fixed(100 * l.serial_efficiency, 1) << "% / "
            << fixed(100 * l.overlapped_efficiency, 1) << "%)\n";
  wrapped("  hidden      " + hiding_text(l), 14);
  wrapped("  layers      " + format_quantity(l.model_time_s, Dimension::Time) + " serial, " +
              format_quantity(l.overlapped_model_time_s, Dimension::Time) + " overlapped " + step,
          14);
  std::string whole = "  step        " + format_quantity(l.step_time_s, Dimension::Time) +
                      " = the layers + " +
                      format_quantity(head_time + l.head_communication_time_s, Dimension::Time) +
                      " outside them (embedding, head, their exchanges)";
  if (step_overhead > 0)
    whole += " + " + format_quantity(step_overhead, Dimension::Time) + " engine step overhead";
  whole += ": " + tplayer::format_rate(l.tokens_per_s) + " tokens/s";
  if (l.time_per_output_token_s > 0)
    whole += ", " + format_quantity(l.time_per_output_token_s, Dimension::Time) + " per token";
  if (l.time_to_first_token_s > 0)
    whole += ", first token after " + format_quantity(l.time_to_first_token_s, Dimension::Time);
  wrapped(whole, 14);
  std::cout << '\n';
}

// docs/model.md#the-kernels-model: where a step's compute goes in the kernels model, one line per
// kernel, per rank.
void print_kernels(const tplayer::Result& r) {
  using tplayer::format_quantity;
  if (r.kernels.empty()) return;
  std::cout << "  where the compute goes (per rank, one step; fixed costs in brackets):\n";
  for (const tplayer::KernelResult& k : r.kernels) {
    const double total = k.count * k.time_s;
    std::cout << "    " << pad(k.name, 20) << pad(format_quantity(total, Dimension::Time), 10)
              << pad((k.count > 1 ? tplayer::format_number(k.count) + " x " +
                                        format_quantity(k.time_s, Dimension::Time)
                                  : std::string("once")),
                     20)
              << k.bound << "-bound (" << format_quantity(k.overhead_s, Dimension::Time)
              << (k.wave_efficiency < 1
                      ? "; tiles fill " + fixed(100 * k.wave_efficiency, 0) + "% of the units"
                      : std::string())
              << ")\n";
  }
  std::cout << '\n';
}

void print_table(const tplayer::Scenario& s, const tplayer::Result& r) {
  const bool sequence_parallel = r.collective == tplayer::kReduceScatterAllGather;
  wrapped(
      s.workload.name + ", TP " + std::to_string(s.tp_size) + ", " +
          tplayer::counted(s.tokens, "token") + ", " +
          tplayer::counted(tplayer::collectives_per_layer(s),
                           sequence_parallel ? "reduce-scatter + all-gather pair" : "all-reduce") +
          (sequence_parallel ? " per layer (sequence parallelism), " : " per layer, ") + s.pass +
          " pass" + (s.recompute ? " with recomputation" : ""),
      2);
  wrapped(s.accelerator.name + ", " + s.precision + ": " +
              format_quantity(r.peak_flops, Dimension::Compute) + " x " +
              tplayer::format_number(s.local_efficiency) + " local efficiency; memory " +
              format_quantity(s.accelerator.memory_bandwidth, Dimension::Bandwidth) + " x " +
              tplayer::format_number(r.memory_efficiency),
          2);
  const bool roofline = r.compute_model == tplayer::kRoofline;
  const bool kernels = r.compute_model == tplayer::kKernels;
  const bool custom = tplayer::custom_allreduce(s);
  const bool flops = r.compute_model == tplayer::kFlops;
  wrapped(
      std::string(kernels && r.link_model == tplayer::kNccl     ? "model: as it runs"
                  : flops && r.link_model == tplayer::kLineRate ? "model: mlsysim's"
                                                                : "model: mixed") +
          " (compute " +
          (kernels
               ? "as its kernels, each on its roofline plus its fixed cost" +
                     (r.serving_engine.empty()
                          ? std::string(", no serving engine")
                          : ", under " + r.serving_engine + " (" +
                                format_quantity(r.kernel_overhead_s, Dimension::Time) +
                                " per kernel, " +
                                format_quantity(r.step_overhead_s, Dimension::Time) + " per step)")
           : roofline ? std::string("by the roofline: the slower of FLOPs and memory traffic")
                      : std::string("by FLOPs alone")) +
          "; " +
          (r.link_model == tplayer::kNccl
               ? "links as " + std::string(custom ? "the serving engine's all-reduce or " : "") +
                     "NCCL runs them (calibrated on published measurements), launch "
                     "overhead " +
                     format_quantity(r.launch_overhead_s, Dimension::Time) +
                     (sequence_parallel ? " per call" : " per all-reduce")
               : "links at line rate" +
                     (r.launch_overhead_s > 0
                          ? ", launch overhead " +
                                format_quantity(r.launch_overhead_s, Dimension::Time)
                          : std::string())) +
          ")",
      2);
  std::cout << '\n';
  std::cout << "  compute per rank       " << format_quantity(r.compute_time_s, Dimension::Time)
            << "  (" << (r.compute_bound == "memory" ? "memory" : "FLOPs") << "-bound)\n";
  std::cout << "    FLOPs term           " << format_quantity(r.flop_time_s, Dimension::Time)
            << "  (" << significant(r.flops_per_layer) << " FLOP per layer / "
            << tplayer::counted(s.tp_size, "rank") << ")\n";
  std::cout << "    memory term          " << format_quantity(r.memory_time_s, Dimension::Time)
            << "  (" << format_quantity(r.memory_bytes_per_rank, Dimension::Bytes)
            << " read per rank" << (flops ? "; shown, not used by the FLOPs model" : "") << ")\n";
  wrapped("  one accelerator alone  " + format_quantity(r.single_device_time_s, Dimension::Time) +
              (r.single_device_fits_in_memory
                   ? std::string()
                   : "  (hypothetical: it cannot hold the " +
                         format_quantity(r.single_device_memory_bytes, Dimension::Bytes) +
                         (r.kv_cache_per_rank_bytes > 0 ? " of weights and KV cache)"
                                                        : " of weights)")),
          25);
  std::cout << (sequence_parallel ? "  message of each call   " : "  all-reduce message     ")
            << format_quantity(r.message_bytes, Dimension::Bytes) << "  ("
            << tplayer::counted(s.tokens, "token") << " x " << s.workload.hidden_dim << " hidden x "
            << tplayer::format_number(r.exchange_bytes_per_element) << " B"
            << (r.exchange_precision != s.precision ? ", exchanged in " + r.exchange_precision
                                                    : std::string())
            << ")\n";
  std::cout << "  weights per rank       "
            << format_quantity(r.weights_per_rank_bytes, Dimension::Bytes);
  if (r.kv_cache_per_rank_bytes > 0)
    std::cout << " + KV cache " << format_quantity(r.kv_cache_per_rank_bytes, Dimension::Bytes);
  std::cout << " of " << format_quantity(r.memory_capacity_bytes, Dimension::Bytes) << " ("
            << tplayer::format_binary_bytes(r.memory_capacity_bytes)
            << "): " << (r.fits_in_memory ? "fits" : "DOES NOT FIT") << '\n';
  // docs/model.md#any-model-any-rig: the KV capacity beside that fit, with the memory the engine
  // leaves to it.
  if (r.kv_cache_per_rank_bytes > 0)
    std::cout << "  KV capacity            " << tplayer::format_number(r.max_sequences)
              << " sequences at " << s.attention_context
              << " tokens (in 90% of the memory, vLLM's default)\n";
  std::cout << '\n';

  print_kernels(r);
  const std::string step = step_words(r.pass, s.tokens);
  for (const tplayer::LinkResult& l : r.links)
    print_link(l, find_link_named(s, l.name), l.name == r.binding_link,
               r.link_model == tplayer::kNccl, step, r.head_time_s, r.step_overhead_s);
  // docs/model.md#runnable: the answer for each link, in the scenario's own link names.
  for (const tplayer::LinkResult& l : r.links) {
    wrapped(
        "on " + l.name + ": " +
            (l.runnable ? l.bound + "-bound, " + fixed(l.serial_speedup, 2) + "x serial speedup (" +
                              fixed(100 * l.serial_efficiency, 1) + "% efficient)"
                        : "cannot run: " + l.not_runnable_because),
        2);
  }
  std::cout << "* binding link: " << r.binding_link << " (the layer is " << r.bound << "-bound)\n";
  std::cout << "  serial = no overlap of compute and exchange; overlapped = perfect overlap\n";
  wrapped("  layers = the layer x " +
              tplayer::counted(static_cast<std::int64_t>(r.layers), "layer") +
              "; step = the layers, the embedding, LM head and sampling (" +
              (s.workload.vocab > 0 ? "vocabulary " + std::to_string(s.workload.vocab)
                                    : std::string("none: no vocabulary given")) +
              ") and the serving engine's step overhead; no pipeline or data parallelism",
          4);
  if (r.warnings.empty()) {
    std::cout << "warnings: none\n";
  } else {
    for (const auto& w : r.warnings) wrapped("warning: " + w.field + ": " + w.message, 2);
  }
}

void print_list(bool json) {
  if (json) {
    print_json(tplayer::catalog_value());
    return;
  }
  std::cout << "Scenario presets (--preset NAME):\n";
  for (const auto& p : tplayer::scenario_presets()) wrapped("  " + pad(p.key, 28) + p.title, 30);
  std::cout << "\nWorkloads:\n";
  for (const auto& e : tplayer::workload_catalog()) {
    const auto& w = e.workload;
    wrapped("  " + pad(w.key, 13) + w.name + ": " + significant(w.parameters / 1e9) + "B params, " +
                std::to_string(w.layers) + " layers, hidden " + std::to_string(w.hidden_dim) +
                ", " + std::to_string(w.heads) + " heads",
            15);
    wrapped("               [" + e.source + "]", 16);
  }
  std::cout << "\nAccelerators:\n";
  for (const auto& e : tplayer::accelerator_catalog()) {
    std::string line = "  " + pad(e.accelerator.key, 9) + e.accelerator.name + ": ";
    bool sparse = false;
    for (const auto& p : e.accelerator.peak_flops) {
      if (p.precision.ends_with("_sparse")) {
        sparse = true;
        continue;
      }
      line += p.precision.substr(0, p.precision.find('_')) + " " +
              format_quantity(p.flops_per_s, Dimension::Compute) + ", ";
    }
    line += std::string(sparse ? "(sparse 2x), " : "") +
            format_quantity(e.accelerator.memory_capacity, Dimension::Bytes) + " (" +
            tplayer::format_binary_bytes(e.accelerator.memory_capacity) + ")";
    wrapped(line, 11);
    wrapped("           [" + e.source + "]", 12);
  }
  std::cout << "\nLinks (bandwidth per direction, latency alpha per ring step):\n";
  for (const auto& e : tplayer::link_catalog()) {
    wrapped("  " + pad(e.key, 16) + pad(format_quantity(e.bandwidth, Dimension::Bandwidth), 11) +
                pad(format_quantity(e.latency, Dimension::Time), 8) + e.label,
            37);
    wrapped("                  [" + e.source + "]", 19);
  }
  std::cout << "\nTwo-tier links (a link as this key: the node's link inside it, each GPU's NIC "
               "across nodes):\n";
  for (const auto& e : tplayer::two_tier_catalog()) {
    wrapped("  " + pad(e.key, 18) + e.label, 20);
    std::cout << "                    = " << e.intra_node << " inside nodes of " << e.ranks_per_node
              << ", " << e.inter_node << " across\n";
    wrapped("                    [" + e.source + "]", 21);
  }
}

// The scenario the sweep varies, in a line: what stays fixed.
void print_sweep_head(const tplayer::Scenario& s, const tplayer::Result& r,
                      const std::string& field) {
  wrapped(s.workload.name + " on " + s.accelerator.name + " (" + s.precision + "), " +
              (r.link_model == tplayer::kNccl ? "links as NCCL runs them" : "links at line rate") +
              (r.collective == tplayer::kReduceScatterAllGather
                   ? ", sequence parallel (each all-reduce a reduce-scatter + all-gather)"
                   : "") +
              "; " + field + " swept",
          2);
  std::cout << "speedup and efficiency serial: compute per rank + the exchange, no overlap\n"
               "tokens/s: through the whole step (the layers, the embedding and the head), serial\n"
               "hidden from: the bandwidth from which the exchange takes no longer than the "
               "compute\n(a two-tier link's node link in one node, each GPU's network link "
               "across nodes)\n";
}

// One link's rows of a sweep. Between two rows a line marks where the link's domain ends (the
// rows beyond it carry a dagger) and where a two-tier link's ranks outgrow one node.
void print_sweep_link(const std::string& field, const std::vector<double>& values,
                      const std::vector<tplayer::Outcome>& points, std::size_t k,
                      const tplayer::LinkResult& first, const tplayer::Link* link,
                      double base_tokens) {
  std::cout << '\n';
  wrapped(first.name + "  " + link_head(first, link), 2);
  const std::size_t w = std::max<std::size_t>(field.size(), 7);
  std::cout << "  " << std::string(w - field.size(), ' ') << field
            << (first.reduce_scatter_time_s > 0 ? "  rs + ag   " : "  all-reduce")
            << "  exch/compute  speedup  efficiency tokens/s hidden from bound\n";
  const tplayer::LinkResult* before = nullptr;
  bool dagger = false;
  // docs/model.md#any-model-any-rig: in decode, the sequences whose KV cache fits per rank beside
  // the weights; a point with more is marked, and the first one after a point that fits says so.
  const auto beyond_kv = [&](std::size_t i) {
    const tplayer::Result& r = *points[i].result;
    return r.pass == "decode" && r.kv_cache_per_rank_bytes > 0 &&
           (field == "tokens" ? values[i] : base_tokens) > r.max_sequences;
  };
  bool fitted = false, double_dagger = false;
  std::string cannot;  // docs/model.md#runnable: the first point that cannot run, and why
  for (std::size_t i = 0; i < points.size(); ++i) {
    const std::string value = tplayer::format_number(values[i]);
    const std::string lead =
        "  " + std::string(w > value.size() ? w - value.size() : 0, ' ') + value + "  ";
    if (!points[i].result) {
      std::cout << lead << "-  (not solved: see the errors below)\n";
      continue;
    }
    const tplayer::LinkResult& l = points[i].result->links[k];
    if (before && (before->node_count > 1) != (l.node_count > 1))
      wrapped("  " + std::string(w, '-') + "  node boundary (" +
                  tplayer::counted(l.ranks_per_node, "rank") +
                  " per node): beyond it both tiers are priced",
              w + 4);
    if (before && before->within_domain != l.within_domain) {
      wrapped("  " + std::string(w, '-') +
                  (l.kind == "two_tier"
                       ? "  domain end: beyond it a tier joins more ranks than it can reach "
                         "directly (marked †)"
                       : "  domain end: this link joins " + tplayer::format_number(l.domain) +
                             " ranks directly; beyond it a ring the hardware cannot build "
                             "(marked †)"),
              w + 4);
    }
    dagger = dagger || !l.within_domain;
    const bool over = beyond_kv(i);
    if (over && fitted)
      wrapped("  " + std::string(w, '-') +
                  "  KV capacity: " + tplayer::format_number(points[i].result->max_sequences) +
                  " sequences fit per rank beside the weights; beyond it the cache does not fit "
                  "(marked ‡)",
              w + 4);
    fitted = !over;
    double_dagger = double_dagger || over;
    std::string row =
        lead + pad(format_quantity(l.allreduce_time_s, Dimension::Time), 12) +
        pad(fixed(l.comm_to_compute, 3), 14) + pad(fixed(l.serial_speedup, 2) + "x", 9) +
        pad(fixed(100 * l.serial_efficiency, 1) + "%", 11) +
        pad(tplayer::format_rate(l.tokens_per_s), 9) +
        pad(l.communication_time_s == 0 ? "-"
            : l.hiding_bandwidth_bytes_per_s == 0
                ? "none"
                : format_quantity(l.hiding_bandwidth_bytes_per_s, Dimension::Bandwidth),
            12) +
        (l.runnable ? l.bound : std::string("CANNOT RUN"));
    if (!l.runnable && cannot.empty()) cannot = field + " " + value + ": " + l.not_runnable_because;
    if (l.kind == "two_tier" && l.node_count > 1)
      row += ", " + tplayer::format_number(l.node_count) + " nodes";
    if (!l.within_domain) row += " †";
    if (over) row += " ‡";
    std::cout << row << '\n';
    before = &l;
  }
  if (!cannot.empty())
    wrapped("  CANNOT RUN: that setup cannot run on this link, priced all the same (first, " +
                cannot + ")",
            4);
  if (dagger) std::cout << "  † beyond the domain: priced as if the hardware could build it\n";
  if (double_dagger)
    std::cout << "  ‡ more sequences than the KV cache holds per rank (max_sequences): priced as "
                 "if it fit\n";
}

// --sweep: the table (or with --json the points as {value, result} or {value, errors}); exit 2
// when any point could not be solved, its errors on stderr.
int print_sweep(const tplayer::Value& scenario, const SweepOption& sweep, bool json) {
  if (auto capped = tplayer::sweep_values_errors(sweep.values.size()); !capped.empty())
    return report_errors(capped, json);
  const std::vector<tplayer::Outcome> points = tplayer::sweep(scenario, sweep.field, sweep.values);
  const auto solved = std::find_if(points.begin(), points.end(),
                                   [](const tplayer::Outcome& p) { return p.result.has_value(); });
  const bool all_solved = std::all_of(
      points.begin(), points.end(), [](const tplayer::Outcome& p) { return p.result.has_value(); });
  if (json) {
    tplayer::Value out = tplayer::Value::make_object();
    out.add("field", tplayer::Value::from(sweep.field));
    tplayer::Value& list = out.add("points", tplayer::Value::make_array());
    for (std::size_t i = 0; i < points.size(); ++i) {
      tplayer::Value& point = list.push(tplayer::Value::make_object());
      point.add("value", tplayer::Value::from(sweep.values[i]));
      if (points[i].result)
        point.add("result", tplayer::to_value(*points[i].result));
      else
        point.add("errors", tplayer::errors_value(points[i].errors));
    }
    print_json(out);
    return all_solved ? kExitOk : kExitBadInput;
  }
  const bool same_errors =
      std::all_of(points.begin(), points.end(),
                  [&](const tplayer::Outcome& p) { return p.errors == points.front().errors; });
  if (solved == points.end() && same_errors) return report_errors(points.front().errors, false);
  if (solved != points.end()) {
    const tplayer::Scenario base = tplayer::read_scenario(scenario).scenario;
    print_sweep_head(base, *solved->result, sweep.field);
    const std::vector<tplayer::LinkResult>& links = solved->result->links;
    for (std::size_t k = 0; k < links.size(); ++k)
      print_sweep_link(sweep.field, sweep.values, points, k, links[k],
                       find_link_named(base, links[k].name), static_cast<double>(base.tokens));
    // Each point's warnings, as the single solve's table says them, its value first.
    bool warned = false;
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (!points[i].result) continue;
      for (const auto& w : points[i].result->warnings) {
        warned = true;
        wrapped("warning: " + sweep.field + " " + tplayer::format_number(sweep.values[i]) + ": " +
                    w.field + ": " + w.message,
                2);
      }
    }
    if (!warned && all_solved) std::cout << "warnings: none\n";
  }
  for (std::size_t i = 0; i < points.size(); ++i)
    for (const auto& e : points[i].errors)
      std::cerr << "tplayer: " << sweep.field << " " << tplayer::format_number(sweep.values[i])
                << ": " << e.field << ": " << e.message << '\n';
  return all_solved ? kExitOk : kExitBadInput;
}

// A file's text, or why it was not read.
struct Input {
  std::string text;
  std::string problem;  // empty when the text was read
};

// The whole of a file, or of stdin ("-"), when it holds at most `limit` bytes: at most limit + 1
// bytes are read, so /dev/zero, a FIFO or an endless pipe cannot grow the process; a longer one
// is refused with the limit (the core's kMaxJsonBytes, for a scenario and for measured text).
Input read_input(const std::string& file, std::size_t limit = tplayer::kMaxJsonBytes) {
  const std::string named = file == "-" ? "the standard input" : "the file \"" + file + "\"";
  Input out;
  std::error_code not_a_file;
  std::FILE* in = file == "-" ? stdin : nullptr;
  if (!in && !std::filesystem::is_directory(file, not_a_file)) in = std::fopen(file.c_str(), "rb");
  if (!in) return out.problem = "cannot read " + named, out;
  out.text.resize(limit + 1);
  std::size_t got = 0;
  while (got < out.text.size()) {
    const std::size_t n = std::fread(out.text.data() + got, 1, out.text.size() - got, in);
    if (n == 0) break;
    got += n;
  }
  const bool failed = std::ferror(in) != 0;
  if (in != stdin) std::fclose(in);
  out.text.resize(got);
  if (failed)
    out.problem = "cannot read " + named;
  else if (got > limit)
    out.problem = named + " holds more than " +
                  tplayer::whole_number(static_cast<std::int64_t>(limit)) + " bytes; at most " +
                  tplayer::whole_number(static_cast<std::int64_t>(limit)) + " are read";
  return out;
}

// Adds each --measured link to the scenario's links (map or array form), its text read from
// the file; the core reads, checks (its size too) and prices it like any other link.
std::vector<tplayer::FieldError> add_measured_links(tplayer::Value& scenario,
                                                    const std::vector<MeasuredOption>& measured) {
  std::vector<tplayer::FieldError> problems;
  for (const MeasuredOption& m : measured) {
    const tplayer::FieldPath where{"links", m.name, "measured"};
    const Input text = read_input(m.file);
    if (!text.problem.empty()) {
      problems.emplace_back(where, text.problem);
      continue;
    }
    tplayer::Value link = tplayer::Value::make_object();
    link.add("measured", tplayer::Value::from(text.text));
    if (m.ranks) link.add("ranks", tplayer::Value::from(static_cast<double>(*m.ranks)));
    if (!scenario.is_object()) continue;  // the core says what is wrong with the scenario
    tplayer::Value* links = nullptr;
    for (auto& [key, value] : scenario.object)
      if (key == "links") links = &value;
    if (!links) links = &scenario.add("links", tplayer::Value::make_object());
    // A name the scenario's links (or an earlier --measured) already use: said here by the name
    // given, where the core could only point at the second link's index.
    bool taken = links->is_object() && links->find(m.name);
    for (const tplayer::Value& l : links->array) {  // empty unless the links are a list
      // A listed link's name: its "name", else the catalogue key it is or starts from.
      const tplayer::Value* name = l.is_string() ? &l : l.find("name");
      if (!name) name = l.find("preset");
      taken = taken || (name && name->is_string() && name->string == m.name);
    }
    if (taken) {
      problems.emplace_back(tplayer::FieldPath{"links", m.name},
                            "expected a name no other link has, got \"" + m.name +
                                "\", which the scenario's links already use");
      continue;
    }
    if (links->is_array()) {
      link.object.insert(link.object.begin(), {"name", tplayer::Value::from(m.name)});
      links->push(std::move(link));
    } else if (links->is_object()) {
      links->add(m.name, std::move(link));  // a repeated name is the core's to report
    }
  }
  return problems;
}

int run(const Options& o) {
  if (o.validate) {
    const tplayer::Value report = tplayer::cli::validation_report();
    if (o.json)
      print_json(report);
    else
      tplayer::cli::print_validation(report);
    return kExitOk;
  }
  if (o.list) {
    print_list(o.json);
    return kExitOk;
  }
  const bool as_json = o.json || o.check;  // errors as JSON where the answer would be
  tplayer::Value scenario;
  if (o.preset) {
    const tplayer::ScenarioPreset* preset = tplayer::find_preset(*o.preset);
    if (!preset) {
      std::string known;
      std::vector<std::string> keys;
      for (const auto& p : tplayer::scenario_presets()) {
        known += (known.empty() ? "" : ", ") + p.key;
        keys.push_back(p.key);
      }
      return report_errors({{tplayer::FieldPath{"preset"},
                             "unknown preset \"" + *o.preset + "\"" +
                                 tplayer::did_you_mean(*o.preset, keys) + "; known: " + known}},
                           as_json);
    }
    scenario = tplayer::to_value(preset->scenario, tplayer::Parts::Keys);
  } else {
    const Input text = read_input(*o.file);
    if (!text.problem.empty())
      return report_errors({{tplayer::FieldPath{"json"}, text.problem}}, as_json);
    tplayer::JsonParse parsed = tplayer::parse_json(text.text);
    if (!parsed.ok()) return report_errors({{tplayer::FieldPath{"json"}, parsed.error}}, as_json);
    scenario = std::move(parsed.value);
  }
  // --hf-config: the workload is the config's (docs/model.md#any-model-any-rig); --set may edit it.
  if (o.hf_config) {
    const tplayer::FieldPath where{"workload", "hf_config"};
    const Input text = read_input(*o.hf_config);
    if (!text.problem.empty()) return report_errors({{where, text.problem}}, as_json);
    tplayer::JsonParse parsed = tplayer::parse_json(text.text);
    if (!parsed.ok()) return report_errors({{where, parsed.error}}, as_json);
    tplayer::Value workload = tplayer::Value::make_object();
    workload.add("hf_config", std::move(parsed.value));
    if (scenario.is_object()) {
      tplayer::Value* member = nullptr;
      for (auto& [key, value] : scenario.object)
        if (key == "workload") member = &value;
      if (member)
        *member = std::move(workload);
      else
        scenario.add("workload", std::move(workload));
    }
  }
  // Each --set, in order, laid over the scenario as the edit {a: {b: VALUE}} of "a.b".
  for (const auto& [path, value] : o.sets) {
    tplayer::Value edit = value;
    for (std::size_t end = path.size(); end != std::string::npos && end > 0;) {
      const std::size_t dot = path.rfind('.', end - 1);
      const std::size_t begin = dot == std::string::npos ? 0 : dot + 1;
      tplayer::Value member = tplayer::Value::make_object();
      member.add(path.substr(begin, end - begin), std::move(edit));
      edit = std::move(member);
      end = dot;
    }
    scenario = tplayer::overlaid(std::move(scenario), edit);
  }
  if (const auto problems = add_measured_links(scenario, o.measured); !problems.empty())
    return report_errors(problems, as_json);
  if (o.sweep) return print_sweep(scenario, *o.sweep, o.json);
  const tplayer::Outcome outcome = tplayer::solve_value(scenario);
  if (!outcome.result) return report_errors(outcome.errors, as_json);
  if (o.check) {
    tplayer::Value checked = tplayer::Value::make_object();
    checked.add("result", tplayer::to_value(*outcome.result));
    checked.add("scenario", tplayer::to_value(outcome.scenario));
    checked.add("derived", tplayer::derived_value(outcome.scenario));
    checked.add("entries", tplayer::entries_value(outcome.scenario));
    print_json(checked);
  } else if (o.print_scenario) {
    print_json(tplayer::to_value(outcome.scenario));
  } else if (o.json) {
    print_json(tplayer::to_value(*outcome.result));
  } else if (o.svg) {
    const tplayer::ScenarioPreset* preset = o.preset ? tplayer::find_preset(*o.preset) : nullptr;
    std::cout << tplayer::verdict_card_svg(outcome.scenario, *outcome.result,
                                           {preset ? preset->title : "", o.permalink.value_or("")});
  } else {
    print_table(outcome.scenario, *outcome.result);
  }
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  const BlankControls out(std::cout), err(std::cerr);
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
