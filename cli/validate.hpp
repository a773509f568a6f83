// tplayer --validate: the link models against the published measurements they were calibrated
// on (calibration/data), priced by the core. The tables are compiled into the CLI only.
#pragma once

#include <string>
#include <vector>

#include "tplayer/value.hpp"

namespace tplayer::cli {

// The median and largest of a list of relative errors, as a report gives them: {median, max},
// and with a target (> 0) {target_median, pass} too; "7.3%" for people.
struct Errors {
  double median = 0;
  double max = 0;
};
Errors errors_of(std::vector<double> relative);
Value errors_value(const Errors& e, double target);
std::string percent(double x);

// Per table: system, ranks, size range, and the median and largest relative error of the
// line-rate and the nccl model over sizes >= 4 KiB, beside their targets.
Value validation_report();

// The same as text for people, within 100 columns.
void print_validation(const Value& report);

// The serving engines' custom all-reduce branches against their per-call times
// (docs/model.md#custom-all-reduce), and whole layers measured end to end against both models
// (checks; validate_serving.cpp).
Value serving_validation_report();
void print_serving_validation(const Value& report);

}  // namespace tplayer::cli
