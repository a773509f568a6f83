#include "validate.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "text.hpp"
#include "tplayer/catalog.hpp"
#include "tplayer/format.hpp"
#include "tplayer/json.hpp"
#include "tplayer/tplayer.hpp"

namespace tplayer::cli {
namespace {

struct MeasuredTable {
  const char* file;
  const char* system;
  const char* link;   // the catalogue link it calibrates
  const char* intra;  // a two-tier table's intra-node link; "" on one node
  int ranks;
  int nodes;
  double launch_overhead;                    // fitted for this table's harness, seconds
  std::array<const char*, 8> branches;       // the protocol branches that ran
  const char* left_out_fitted_on;            // the tables the prediction was fitted on
  double left_out_median, left_out_max;      // from calibration/fit.py; < 0 when none
  double in_sample_target, left_out_target;  // medians (calibration/fit.py: RCCL, EFA looser)
  const char* left_out_kin;  // a link with one table is predicted from this link; "" otherwise
  std::vector<std::array<double, 2>> rows;  // {bytes, out-of-place time in us}, >= 4 KiB
};

const std::vector<MeasuredTable>& tables() {
  static const std::vector<MeasuredTable> all = {
#include "validation_tables.inc"
  };
  return all;
}

// The catalogue link restricted to the branches the measurement ran (NVLS off, Simple forced);
// on a 2-node table, the two-tier link of docs/model.md#two-tier-links with it across the nodes.
Link measured_link(const MeasuredTable& t) {
  Link link = link_from(*find_link(t.link), t.link);
  std::erase_if(link.protocols, [&](const Protocol& p) {
    return std::none_of(t.branches.begin(), t.branches.end(),
                        [&](const char* b) { return b && p.name == b; });
  });
  if (t.nodes <= 1) return link;
  Link two_tier;
  two_tier.name = t.link;
  two_tier.form = LinkForm::TwoTier;
  two_tier.ranks_per_node = t.ranks / t.nodes;
  two_tier.tiers = {link_from(*find_link(t.intra), t.intra), link};
  return two_tier;
}

// A target's verdict, short so that each row fits 100 columns.
const char* verdict(bool pass) { return pass ? " met" : " MISS"; }

}  // namespace

Value kernels_validation_report();

Errors errors_of(std::vector<double> relative) {
  std::sort(relative.begin(), relative.end());
  const std::size_t k = relative.size();
  return {k % 2 ? relative[k / 2] : (relative[k / 2 - 1] + relative[k / 2]) / 2, relative.back()};
}

Value errors_value(const Errors& e, double target) {
  Value v = Value::make_object();
  v.add("median", Value::from(e.median));
  v.add("max", Value::from(e.max));
  if (target > 0) {
    v.add("target_median", Value::from(target));
    v.add("pass", Value::from(e.median <= target));
  }
  return v;
}

std::string percent(double x) { return format_significant(100 * x, x < 0.1 ? 2 : 3) + "%"; }

Value validation_report() {
  Value list = Value::make_array();
  for (const MeasuredTable& t : tables()) {
    const Link link = measured_link(t);
    std::vector<double> line, nccl;
    for (const auto& [bytes, time_us] : t.rows) {
      const double measured = time_us / 1e6;
      line.push_back(
          std::fabs(allreduce_time(link, t.ranks, bytes, kLineRate, 0).time() - measured) /
          measured);
      nccl.push_back(
          std::fabs(allreduce_time(link, t.ranks, bytes, kNccl, t.launch_overhead).time() -
                    measured) /
          measured);
    }
    Value& item = list.push(Value::make_object());
    item.add("table", Value::from(t.file));
    item.add("system", Value::from(t.system));
    item.add("link", Value::from(t.link));
    item.add("ranks", Value::from(static_cast<double>(t.ranks)));
    item.add("nodes", Value::from(static_cast<double>(t.nodes)));
    item.add("min_bytes", Value::from(t.rows.front()[0]));
    item.add("max_bytes", Value::from(t.rows.back()[0]));
    item.add("rows", Value::from(static_cast<double>(t.rows.size())));
    item.add("launch_overhead_s", Value::from(t.launch_overhead));
    item.add("line_rate", errors_value(errors_of(line), 0));
    item.add("nccl", errors_value(errors_of(nccl), t.in_sample_target));
    if (t.left_out_median >= 0) {
      Value& left = item.add("left_out",
                             errors_value({t.left_out_median, t.left_out_max}, t.left_out_target));
      left.add("fitted_on", Value::from(t.left_out_fitted_on));
      if (*t.left_out_kin) left.add("carried_from", Value::from(t.left_out_kin));
    }
  }
  Value report = Value::make_object();
  report.add("tables", std::move(list));
  // The catalogue's links that no table above calibrates, with where their NCCL branches came
  // from (a carry-over, a subset of another link's) or "" when they have none.
  Value without = Value::make_array();
  for (const LinkEntry& e : link_catalog())
    if (std::none_of(tables().begin(), tables().end(),
                     [&](const MeasuredTable& t) { return e.key == t.link; })) {
      Value& c = without.push(Value::make_object());
      c.add("link", Value::from(e.key));
      c.add("calibration", Value::from(e.calibration));
    }
  report.add("links_without_table", std::move(without));
  Value serving = serving_validation_report();
  for (auto& [key, value] : serving.object) report.add(key, std::move(value));
  report.add("kernels", kernels_validation_report());
  return report;
}

// docs/model.md#the-kernels-model: the kernels model against vidur's per-kernel profiles and the
// serving engines against published per-token, per-request and first-token times, as
// calibration/fit_kernels.py scored them through this CLI (kept current by its --check).
Value kernels_validation_report() {
  static const char* const text =
#include "kernels_validation.inc"
      ;
  return parse_json(text).value;
}

void print_kernels_validation(const Value& report) {
  const Value& k = *report.find("kernel_report");
  std::cout << "\nThe kernels model (compute_model \"kernels\") against measured per-kernel times\n"
               "(calibration/data/kernels/vidur_layer_ops.csv, "
            << format_number(k.find("kernels")->number)
            << " kernels of a decoder\nlayer, A100 and H100, TP 1-8):\n"
               "  per kernel: median "
            << percent(k.find("median_in_sample")->number) << " in sample, "
            << percent(k.find("median_left_out")->number) << " leaving one model out (target <= 15%"
            << verdict(k.find("median_left_out")->number <= 0.15) << ")\n  by class, left out:";
  for (const auto& [cls, e] : k.find("per_class_left_out")->object)
    std::cout << ' ' << cls << ' ' << percent(e.number);
  std::cout
      << "\n\nServing engines against published step times (calibration/data/serving): error of "
         "the\nstep's time in sample and with the point's source left out\n";
  std::cout << "  " << pad("source", 30) << pad("engine", 14) << pad("kind", 8) << pad("GPU", 5)
            << pad("TP", 3) << pad("b", 3) << pad("measured", 10) << pad("in sample", 10)
            << "left out\n";
  for (const Value& p : report.find("engine_points")->array) {
    const double m = p.find("measured_s")->number;
    const auto err = [&](const char* key) {
      const double e = p.find(key)->number / m - 1;
      return (e >= 0 ? "+" : "") + percent(e);
    };
    std::cout << "  " << pad(p.find("source")->string.substr(0, 29), 30)
              << pad(p.find("engine")->string, 14) << pad(p.find("kind")->string, 8)
              << pad(p.find("gpu")->string, 5) << pad(format_number(p.find("tp")->number), 3)
              << pad(format_number(p.find("batch")->number), 3)
              << pad(format_significant(m * 1e3, 4) + " ms", 10) << pad(err("in_sample_s"), 10)
              << err("left_out_s") << '\n';
  }
  for (const auto& [which, label] :
       {std::pair{"in_sample_s", "in sample"}, std::pair{"left_out_s", "one source left out"}}) {
    const Value& s = *report.find("engine_report")->find(which);
    const double points = s.find("points")->number, ratios = s.find("ratios")->number;
    const double within = s.find("within_20")->number,
                 ratio_ok = s.find("ratios_within_25")->number;
    std::cout << "  " << label << ": median " << percent(s.find("median_abs_error")->number)
              << "; within 20% on " << format_number(within) << "/" << format_number(points)
              << " points (target 80%" << verdict(within >= 0.8 * points)
              << ")\n    TP ratios within 25% on " << format_number(ratio_ok) << "/"
              << format_number(ratios) << " (target 75%" << verdict(ratio_ok >= 0.75 * ratios)
              << ")\n";
  }
}

void print_validation(const Value& report) {
  std::cout << "The link models against published nccl-tests measurements (calibration/data),\n"
               "relative error of one all-reduce's time over sizes >= 4 KiB.\n\n";
  // One row per table in 100 columns; the launch and what each was left out from below it.
  std::cout << pad("table", 25) << pad("link", 16) << pad("n", 3) << pad("line", 7)
            << pad("nccl in sample", 14) << pad("target", 11) << pad("left out", 14) << "target\n";
  const auto pair = [](const Value& e) {
    return percent(e.find("median")->number) + " / " + percent(e.find("max")->number);
  };
  const auto target = [](const Value& e) {
    return "<=" + percent(e.find("target_median")->number) + verdict(e.find("pass")->boolean);
  };
  for (const Value& t : report.find("tables")->array) {
    const Value& nccl = *t.find("nccl");
    const Value* left = t.find("left_out");
    std::cout << pad(t.find("table")->string, 25) << pad(t.find("link")->string, 16)
              << pad(format_number(t.find("ranks")->number), 3)
              << pad(percent(t.find("line_rate")->find("median")->number), 7) << pad(pair(nccl), 14)
              << pad(target(nccl), 11);
    if (left) std::cout << pad(pair(*left), 14) << target(*left);
    std::cout << '\n';
  }
  std::cout << "\nmedian / largest error over the sizes from 4 KiB up; line: mlsysim's line-rate "
               "model\n(median; no launch cost); nccl: the catalogue's fitted branches plus each "
               "table's launch\noverhead (its harness's). Left out: the link fitted without the "
               "table (a link with\none table: the constants of its kin, as the catalogue carries "
               "a link without a table).\n\n";
  for (const Value& t : report.find("tables")->array) {
    const Value* left = t.find("left_out");
    std::string line =
        "  " + pad(t.find("table")->string, 25) + "launch " +
        pad(format_significant(t.find("launch_overhead_s")->number * 1e6, 3) + " µs", 9);
    if (left) {
      const Value* kin = left->find("carried_from");
      line += kin ? "left out: carried from " + kin->string
                  : "left out: fitted on " + left->find("fitted_on")->string;
    }
    wrapped(line, 43);  // a long list of tables goes on under "left out:"
  }
  std::cout
      << "The 16-, 32- and 64-rank tables are 2, 4 and 8 nodes x 8 GPUs: a two-tier link (NVLink\n"
         "in the node, the network across), both models as for TP across nodes. mi300x_8.txt is\n"
         "RCCL, not NCCL.\n";
  std::cout << "\nCatalogue links without a table of their own, and where their NCCL branches "
               "came from:\n";
  for (const Value& c : report.find("links_without_table")->array) {
    const std::string& from = c.find("calibration")->string;
    wrapped(std::string(2, ' ')
                .append(pad(c.find("link")->string, 16))
                .append(from.empty() ? "none: the nccl model prices it at line rate plus the "
                                       "launch overhead, and warns"
                                     : from),
            18);
  }
  print_serving_validation(report);
  print_kernels_validation(*report.find("kernels"));
}

}  // namespace tplayer::cli
