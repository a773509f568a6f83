// Scenario, Result and catalogue -> Value, and the read+validate+solve pipeline.
#include <algorithm>
#include <variant>

#include "tplayer/catalog.hpp"
#include "tplayer/precision.hpp"
#include "tplayer/scenario.hpp"
#include "tplayer/units.hpp"

namespace tplayer {
namespace {

Value count(std::int64_t n) { return Value::from(static_cast<double>(n)); }

Value workload_object(const Workload& w) {
  Value v = Value::make_object();
  v.add("name", Value::from(w.name));
  v.add("parameters", Value::from(w.parameters));
  v.add("layers", count(w.layers));
  v.add("hidden_dim", count(w.hidden_dim));
  v.add("heads", count(w.heads));
  if (w.kv_heads) v.add("kv_heads", count(*w.kv_heads));
  if (w.inference_flops) v.add("inference_flops", Value::from(*w.inference_flops));
  return v;
}

Value accelerator_object(const Accelerator& a) {
  Value v = Value::make_object();
  v.add("name", Value::from(a.name));
  Value& peaks = v.add("peak_flops", Value::make_object());
  for (const PeakFlops& p : a.peak_flops) peaks.add(p.precision, Value::from(p.flops_per_s));
  v.add("memory_capacity", Value::from(a.memory_capacity));
  v.add("memory_bandwidth", Value::from(a.memory_bandwidth));
  if (!a.native_link.empty()) v.add("native_link", Value::from(a.native_link));
  return v;
}

Value link_object(const Link& l) {
  Value v = Value::make_object();
  v.add("bandwidth", Value::from(l.bandwidth));
  v.add("latency", Value::from(l.latency));
  return v;
}

template <class T>
void add_scalars(Value& out, const T& object, const auto& fields) {
  for (const auto& field : fields) {
    std::visit([&](auto member) { out.add(std::string(field.name), Value::from(object.*member)); },
               field.member);
  }
}

Value errors_array(const std::vector<FieldError>& errors) {
  Value list = Value::make_array();
  for (const FieldError& e : errors) {
    Value& item = list.push(Value::make_object());
    item.add("field", Value::from(e.field));
    item.add("message", Value::from(e.message));
  }
  return list;
}

}  // namespace

Value to_value(const Scenario& s) {
  Value v = Value::make_object();
  v.add("type", Value::from(kScenarioType));
  const WorkloadEntry* w = find_workload(s.workload.key);
  v.add("workload", w && w->workload == s.workload ? Value::from(w->workload.key)
                                                   : workload_object(s.workload));
  v.add("tp_size", count(s.tp_size));
  v.add("tokens", count(s.tokens));
  const AcceleratorEntry* a = find_accelerator(s.accelerator.key);
  v.add("accelerator", a && a->accelerator == s.accelerator ? Value::from(a->accelerator.key)
                                                            : accelerator_object(s.accelerator));
  v.add("precision", Value::from(s.precision));
  v.add("local_efficiency", Value::from(s.local_efficiency));
  Value& links = v.add("links", Value::make_object());
  for (const Link& l : s.links) {
    const LinkEntry* entry = find_link(l.preset);
    const bool is_preset = entry && entry->bandwidth == l.bandwidth && entry->latency == l.latency;
    links.add(l.name, is_preset ? Value::from(entry->key) : link_object(l));
  }
  v.add("collectives_per_layer", count(s.collectives_per_layer));
  return v;
}

Value to_value(const Result& r) {
  Value v = Value::make_object();
  v.add("type", Value::from(kResultType));
  add_scalars(v, r, kResultFields);
  v.add("warnings", errors_array(r.warnings));
  Value& links = v.add("links", Value::make_array());
  for (const LinkResult& l : r.links)
    add_scalars(links.push(Value::make_object()), l, kLinkResultFields);
  return v;
}

Value to_value(const std::vector<FieldError>& errors) {
  Value v = Value::make_object();
  v.add("errors", errors_array(errors));
  return v;
}

namespace {

// Adds validate()'s range errors to the type errors of reading (not twice for one field, nor
// for a field inside or holding one already reported) and solves when nothing is wrong.
// Whether `field` is `outer` or lies inside it ("links.a.bandwidth" inside "links.a").
bool within(std::string_view field, std::string_view outer) {
  return field.starts_with(outer) && (field.size() == outer.size() || field[outer.size()] == '.');
}

// Adds validate()'s range errors to the type errors of reading (not twice for one field, nor
// for a field inside or holding one already reported) and solves when nothing is wrong. Once
// the list is full, range checks could add nothing that would be listed, so they are skipped:
// that also keeps the pairwise check below to at most kMaxErrors times a few hundred.
Outcome finish(const Scenario& scenario, std::vector<FieldError> errors, bool check_ranges) {
  Outcome out;
  out.errors = std::move(errors);
  const std::size_t read_errors = out.errors.size();
  if (check_ranges && read_errors < kMaxErrors) {
    for (FieldError& e : validate(scenario)) {
      const bool covered = std::any_of(
          out.errors.begin(), out.errors.begin() + static_cast<std::ptrdiff_t>(read_errors),
          [&](const FieldError& seen) {
            return within(e.field, seen.field) || within(seen.field, e.field);
          });
      if (!covered) out.errors.push_back(std::move(e));
    }
  }
  if (out.errors.size() > kMaxErrors) {
    const std::size_t more = out.errors.size() - (kMaxErrors - 1);
    out.errors.resize(kMaxErrors - 1);
    out.errors.push_back({"scenario", "and " + std::to_string(more) + " more problems not listed"});
  }
  if (out.errors.empty()) out.result = solve(scenario);
  return out;
}

}  // namespace

Outcome solve_value(const Value& value) {
  ScenarioRead read = read_scenario(value);
  // A value that is not an object has no fields to range-check.
  Outcome out = finish(read.scenario, std::move(read.errors), value.is_object());
  out.scenario = std::move(read.scenario);
  return out;
}

std::vector<Outcome> sweep(const Value& scenario, std::string_view field,
                           std::span<const double> values) {
  bool sweepable = false;
  for (std::string_view f : kSweepableFields) sweepable = sweepable || f == field;
  std::vector<Outcome> out;
  out.reserve(values.size());
  if (!sweepable) {
    for (std::size_t i = 0; i < values.size(); ++i) {
      Outcome refused;
      refused.errors.push_back({"sweep",
                                "can sweep tp_size, tokens, local_efficiency or "
                                "collectives_per_layer, got " +
                                    excerpt(field)});
      out.push_back(std::move(refused));
    }
    return out;
  }
  // Read once; each point then differs from the base in the swept field only, which is all
  // that changes in the one working copy.
  ScenarioRead base = read_scenario(scenario);
  std::erase_if(base.errors, [&](const FieldError& e) { return e.field == field; });
  Scenario& point = base.scenario;
  for (const double x : values) {
    std::vector<FieldError> errors = base.errors;
    read_number_field(point, field, Value::from(x), errors);
    out.push_back(finish(point, std::move(errors), scenario.is_object()));
  }
  return out;
}

Value catalog_value() {
  Value v = Value::make_object();
  Value& presets = v.add("presets", Value::make_array());
  for (const ScenarioPreset& p : scenario_presets()) {
    Value& item = presets.push(Value::make_object());
    item.add("key", Value::from(p.key));
    item.add("title", Value::from(p.title));
    item.add("lesson", Value::from(p.lesson));
    item.add("scenario", to_value(p.scenario));
    item.add("result", to_value(solve(p.scenario)));
  }
  Value& workloads = v.add("workloads", Value::make_array());
  for (const WorkloadEntry& e : workload_catalog()) {
    Value item = workload_object(e.workload);
    item.object.insert(item.object.begin(), {"key", Value::from(e.workload.key)});
    if (!e.note.empty()) item.add("note", Value::from(e.note));
    item.add("source", Value::from(e.source));
    workloads.push(std::move(item));
  }
  Value& accelerators = v.add("accelerators", Value::make_array());
  for (const AcceleratorEntry& e : accelerator_catalog()) {
    Value item = accelerator_object(e.accelerator);
    item.object.insert(item.object.begin(), {"key", Value::from(e.accelerator.key)});
    item.add("source", Value::from(e.source));
    accelerators.push(std::move(item));
  }
  Value& links = v.add("links", Value::make_array());
  for (const LinkEntry& e : link_catalog()) {
    Value& item = links.push(Value::make_object());
    item.add("key", Value::from(e.key));
    item.add("label", Value::from(e.label));
    item.add("bandwidth", Value::from(e.bandwidth));
    item.add("latency", Value::from(e.latency));
    item.add("source", Value::from(e.source));
  }
  Value& precisions = v.add("precisions", Value::make_array());
  for (std::string_view f : precision_formats()) {
    Value& item = precisions.push(Value::make_object());
    item.add("format", Value::from(f));
    item.add("bytes_per_element", Value::from(parse_precision(f)->bytes_per_element));
  }
  Value& unit_list = v.add("units", Value::make_array());
  for (const Unit& u : units()) {
    Value& item = unit_list.push(Value::make_object());
    item.add("symbol", Value::from(u.symbol));
    item.add("dimension", Value::from(base_unit(u.dimension)));
    item.add("factor", Value::from(u.factor / u.divisor));
  }
  return v;
}

}  // namespace tplayer
