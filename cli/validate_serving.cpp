// tplayer --validate, the parts beyond nccl-tests: the serving engines' all-reduce branches against
// their published per-call times (docs/model.md#custom-all-reduce), and whole layers measured end
// to end against both models (docs/model.md#passes, #the-roofline). The data is compiled into the
// CLI only; nothing here is fitted.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include "tplayer/catalog.hpp"
#include "tplayer/format.hpp"
#include "tplayer/json.hpp"
#include "tplayer/tplayer.hpp"
#include "validate.hpp"

namespace tplayer::cli {
namespace {

struct CustomTable {
  const char* section;  // of calibration/data/custom-allreduce.md
  const char* system;
  const char* link;
  int ranks;
  const char* branch;
  double left_out_median, left_out_max;     // < 0: the link has no other table for this branch
  std::vector<std::array<double, 2>> rows;  // {bytes, ms}
};

// The rows, the launch the fit assumed (CUDA graphs) and the targets: calibration/fit_custom.py's.
#include "custom_validation.inc"

// One experiment of calibration/data/end-to-end.md, times in ms. Each row's scenario differs from
// the base in its pass, recomputation and collective (sequence parallelism,
// docs/model.md#sequence-parallelism); "modelled" is false where the model has no such feature
// (selective recomputation).
struct EndToEndRow {
  const char* experiment;
  bool recompute;
  const char* collective;
  bool modelled;
  const char* why_not;
  double forward_ms, backward_ms, combined_ms;
};

#include "end_to_end.inc"

// The layer of calibration/data/end-to-end.md (its scenario in end_to_end.inc) in a pass, in one of
// the two models.
Scenario end_to_end_layer(const char* pass, bool recompute, const char* collective,
                          bool roofline_nccl) {
  ScenarioRead read = read_scenario(parse_json(kEndToEndScenario).value);
  Scenario s = std::move(read.scenario);
  s.pass = pass;
  s.recompute = recompute;
  s.collective = collective;
  if (roofline_nccl) {
    s.compute_model = kRoofline;
    s.link_model = kNccl;
  }
  return s;
}

}  // namespace

Value serving_validation_report() {
  Value report = Value::make_object();
  Value& custom = report.add("custom_allreduce", Value::make_array());
  for (const CustomTable& t : custom_tables()) {
    const LinkEntry& entry = *find_link(t.link);
    const Link link = link_from(entry, t.link);
    const auto branch = std::find_if(entry.custom.begin(), entry.custom.end(),
                                     [&](const Protocol& p) { return p.name == t.branch; });
    if (branch == entry.custom.end()) continue;
    std::vector<double> errors;
    for (const auto& [bytes, ms] : t.rows) {
      const double measured = ms / 1e3;
      errors.push_back(
          std::fabs(custom_branch_time(*branch, link, t.ranks, bytes, kCustomLaunchS).time() -
                    measured) /
          measured);
    }
    Value& item = custom.push(Value::make_object());
    item.add("table", Value::from(std::string("custom-allreduce.md ") + t.section));
    item.add("system", Value::from(t.system));
    item.add("link", Value::from(t.link));
    item.add("ranks", Value::from(static_cast<double>(t.ranks)));
    item.add("branch", Value::from(t.branch));
    item.add("rows", Value::from(static_cast<double>(t.rows.size())));
    item.add("in_sample", errors_value(errors_of(errors), kCustomInSampleTarget));
    if (t.left_out_median >= 0)
      item.add("left_out", errors_value({t.left_out_median, t.left_out_max}, kCustomLeftOutTarget));
  }
  Value& e2e = report.add("end_to_end", Value::make_array());
  for (const EndToEndRow& row : kEndToEnd) {
    Value& item = e2e.push(Value::make_object());
    item.add("source", Value::from(kEndToEndSource));
    item.add("experiment", Value::from(row.experiment));
    item.add("collective", Value::from(row.collective));
    item.add("modelled", Value::from(row.modelled));
    if (!row.modelled) item.add("why_not", Value::from(row.why_not));
    struct Part {
      const char* name;
      const char* pass;
      double ms;
    };
    for (const Part part :
         {Part{"forward", "forward", row.forward_ms}, Part{"backward", "backward", row.backward_ms},
          Part{"combined", "training", row.combined_ms}}) {
      Value& p = item.add(part.name, Value::make_object());
      p.add("measured_s", Value::from(part.ms / 1e3));
      if (!row.modelled) continue;
      // Recomputation belongs to the backward (and so to the whole step), not the forward.
      const bool recompute = row.recompute && std::string(part.pass) != "forward";
      for (const bool roofline_nccl : {false, true}) {
        const Result r =
            solve(end_to_end_layer(part.pass, recompute, row.collective, roofline_nccl));
        const LinkResult& l = r.links.front();
        Value& m = p.add(roofline_nccl ? "roofline_nccl" : "mlsysim", Value::make_object());
        m.add("compute_s", Value::from(r.compute_time_s));
        m.add("exchange_s", Value::from(l.communication_time_s));
        m.add("serial_s", Value::from(l.serial_layer_time_s));
        m.add("overlapped_s", Value::from(l.overlapped_layer_time_s));
        m.add("serial_error", Value::from(l.serial_layer_time_s / (part.ms / 1e3) - 1));
      }
    }
  }
  return report;
}

void print_serving_validation(const Value& report) {
  std::cout << "\nThe serving engines' all-reduce (docs/model.md#custom-all-reduce): each custom\n"
               "branch against its own column of calibration/data/custom-allreduce.md (vLLM's\n"
               "benchmarks, CUDA graphs, launch "
            << format_quantity(kCustomLaunchS, Dimension::Time)
            << "), messages up to 8 MiB; median / largest error.\n";
  for (const Value& t : report.find("custom_allreduce")->array) {
    const Value& in = *t.find("in_sample");
    std::string line = "  " + t.find("table")->string + "  " + t.find("link")->string + "  n " +
                       format_number(t.find("ranks")->number) + "  " + t.find("branch")->string +
                       ": " + percent(in.find("median")->number) + " / " +
                       percent(in.find("max")->number) +
                       (in.find("pass")->boolean ? " met" : " MISS");
    if (const Value* lo = t.find("left_out"))
      line += "; left out " + percent(lo->find("median")->number) + " / " +
              percent(lo->find("max")->number) + (lo->find("pass")->boolean ? " met" : " MISS");
    std::cout << line << '\n';
  }
  std::cout
      << "\nWhole layers measured end to end (checks, nothing fitted): "
         "Korthikanti et al. 2022,\nTable 4, one 22B layer at TP 8 on a DGX A100 "
         "(bf16, local_efficiency 0.5). Serial\nlayer time in ms: measured, mlsysim's model, "
         "the roofline with NCCL (error).\nThe kernels model (as it runs) prices serving steps "
         "under "
         "an engine (checked above);\na training layer runs under none, so its check stays on "
         "the roofline.\n";
  for (const Value& row : report.find("end_to_end")->array) {
    std::cout << "  " << row.find("experiment")->string << '\n';
    for (const char* part : {"forward", "backward", "combined"}) {
      const Value& p = *row.find(part);
      const double measured = p.find("measured_s")->number;
      std::string line = "    " + std::string(part) +
                         std::string(10 - std::string(part).size(), ' ') +
                         format_significant(measured * 1e3, 3) + " ms";
      if (const Value* m = p.find("mlsysim")) {
        const Value& a = *p.find("roofline_nccl");
        line += "   mlsysim " + format_significant(m->find("serial_s")->number * 1e3, 3) + " (" +
                percent(m->find("serial_error")->number) + ")   roofline+NCCL " +
                format_significant(a.find("serial_s")->number * 1e3, 3) + " (" +
                percent(a.find("serial_error")->number) + ")";
      }
      std::cout << line << '\n';
    }
    if (const Value* why = row.find("why_not"))
      std::cout << "    not modelled: " << why->string << '\n';
  }
  std::cout
      << "  Where the gaps come from: the model serialises compute and exchange, while the\n"
         "  backward overlaps its all-reduces with the weight-gradient matmuls; the model\n"
         "  leaves out layer norms, softmax, dropout and residuals (measured inside the layer);\n"
         "  and one local_efficiency serves forward and backward, whose matmuls differ. Under\n"
         "  sequence parallelism the layer norms and dropouts run on 1/8 of the tokens, which the\n"
         "  measured forward gains and the model leaves out; as NCCL runs them the reduce-scatter\n"
         "  and all-gather cost a launch and a base latency more than the all-reduce (the paper\n"
         "  measured the pair slower too).\n";
}

}  // namespace tplayer::cli
