// Scenario, Result, errors and the catalogue -> Value: the forms every door hands out.
#include <algorithm>
#include <variant>

#include "tplayer/catalog.hpp"
#include "tplayer/fields.hpp"
#include "tplayer/limits.hpp"
#include "tplayer/precision.hpp"
#include "tplayer/tplayer.hpp"
#include "tplayer/units.hpp"

namespace tplayer {
namespace {

Value count(std::int64_t n) { return Value::from(static_cast<double>(n)); }

Value peaks_value(const std::vector<PeakFlops>& peaks) {
  Value v = Value::make_object();
  for (const PeakFlops& p : peaks) v.add(p.precision, Value::from(p.flops_per_s));
  return v;
}

// A measured link's rows as numbers: [[bytes, seconds], ...].
Value rows_value(const std::vector<MeasuredRow>& rows) {
  Value list = Value::make_array();
  for (const MeasuredRow& r : rows) {
    Value& row = list.push(Value::make_array());
    row.push(Value::from(r.bytes));
    row.push(Value::from(r.time_s));
  }
  return list;
}

Value workload_value(const Workload& w, Parts parts);
Value branches_value(const std::vector<Protocol>& branches, FieldTable<Protocol> table);
Value accelerator_value(const Accelerator& a, Parts parts);
Value engine_value(const ServingEngine& e, Parts parts);
Value links_value(const std::vector<Link>& links, Parts parts);
Value link_value(const Link& l, Parts parts);

// The members of `object` that its field table names, in table order, after those `v` has.
// Optional members that were not given are left out; so is `skip` (the link's name, which the map
// form keys by). `parts`: how the catalogue parts inside are written.
template <class T>
Value fields_value(const T& object, std::type_identity_t<FieldTable<T>> table,
                   std::string_view skip = {}, Value v = Value::make_object(),
                   Parts parts = Parts::Keys) {
  for (const InputField<T>& f : table) {
    if (f.name == skip || f.kind == FieldKind::HfConfig) continue;  // written as what it gave
    const std::string name(f.name);
    std::visit(
        [&](auto member) {
          const auto& m = object.*member;
          using M = std::remove_cvref_t<decltype(m)>;
          if constexpr (std::is_same_v<M, std::int64_t>) {
            v.add(name, count(m));
          } else if constexpr (std::is_same_v<M, std::optional<std::int64_t>>) {
            if (m) v.add(name, count(*m));
          } else if constexpr (std::is_same_v<M, double>) {
            v.add(name, Value::from(m));
          } else if constexpr (std::is_same_v<M, std::optional<double>>) {
            if (m) v.add(name, Value::from(*m));
          } else if constexpr (std::is_same_v<M, std::string>) {
            if (f.required || !m.empty()) v.add(name, Value::from(m));
          } else if constexpr (std::is_same_v<M, std::optional<std::string>>) {
            if (m) v.add(name, Value::from(*m));
          } else if constexpr (std::is_same_v<M, bool>) {
            v.add(name, Value::from(m));
          } else if constexpr (std::is_same_v<M, Workload>) {
            v.add(name, workload_value(m, parts));
          } else if constexpr (std::is_same_v<M, Accelerator>) {
            v.add(name, accelerator_value(m, parts));
          } else if constexpr (std::is_same_v<M, std::optional<ServingEngine>>) {
            if (m) v.add(name, engine_value(*m, parts));
          } else if constexpr (std::is_same_v<M, std::vector<Link>>) {
            v.add(name, links_value(m, parts));
          } else if constexpr (std::is_same_v<M, std::vector<PeakFlops>>) {
            v.add(name, peaks_value(m));
          } else if constexpr (std::is_same_v<M, std::vector<MeasuredRow>>) {
            if (!m.empty()) v.add(name, rows_value(m));
          } else if constexpr (std::is_same_v<M, std::vector<Protocol>>) {
            if (!m.empty())
              v.add(name, f.kind == FieldKind::Custom ? branches_value(m, kCustomBranchFields)
                                                      : branches_value(m, kProtocolFields));
          }
        },
        f.member);
  }
  return v;
}

// The identity rule (docs/model.md#catalogue-parts-and-identity): a catalogue-backed part whose
// fields all equal the entry it started from is that entry's key; one that differs is an object of
// every field that keeps the entry's key as its `preset` (absent for a part that started from
// none). Resolved (`Parts::Resolved`), every part is that object, the entry's own too.
Value workload_value(const Workload& w, Parts parts) {
  const WorkloadEntry* entry = find_workload(w.key);
  if (parts == Parts::Keys && entry && entry->workload == w) return Value::from(w.key);
  return fields_value(w, kWorkloadFields);
}

// Peaks are a map: the same entries in another order are the same peaks.
bool same_accelerator(const Accelerator& a, const Accelerator& b) {
  return a.name == b.name && a.memory_capacity == b.memory_capacity &&
         a.memory_bandwidth == b.memory_bandwidth && a.native_link == b.native_link &&
         a.compute_units == b.compute_units &&
         std::is_permutation(a.peak_flops.begin(), a.peak_flops.end(), b.peak_flops.begin(),
                             b.peak_flops.end());
}

Value accelerator_value(const Accelerator& a, Parts parts) {
  const AcceleratorEntry* entry = find_accelerator(a.key);
  if (parts == Parts::Keys && entry && same_accelerator(entry->accelerator, a))
    return Value::from(a.key);
  return fields_value(a, kAcceleratorFields);
}

Value engine_value(const ServingEngine& e, Parts parts) {
  const EngineEntry* entry = find_engine(e.key);
  if (parts == Parts::Keys && entry && entry->engine == e) return Value::from(e.key);
  return fields_value(e, kServingEngineFields);
}

Value branches_value(const std::vector<Protocol>& branches, FieldTable<Protocol> table) {
  Value list = Value::make_array();
  for (const Protocol& p : branches) list.push(fields_value(p, table));
  return list;
}

// A catalogue link stays its key while it prices the same; an edited one is an object that
// names its preset and gives every field. A measured link gives its text (or its rows, as it
// was given) and rank count; a two-tier link its key while it prices as its preset, else its
// preset, its two tiers (each written the same way) and its ranks per node.
Value link_value(const Link& l, Parts parts) {
  const bool keys = parts == Parts::Keys;
  if (l.is_measured()) {
    Link resolved = l;
    resolved.ranks = l.measured_ranks;
    if (!l.measured.empty()) resolved.measured_rows.clear();  // read from the text
    return fields_value(resolved, kMeasuredLinkFields, "name");
  }
  if (l.is_two_tier()) {
    const TwoTierEntry* entry = find_two_tier(l.preset);
    if (keys && entry && same_link(link_from(*entry, l.name), l)) return Value::from(entry->key);
    Value v = Value::make_object();
    if (!l.preset.empty()) v.add("preset", Value::from(l.preset));
    for (std::size_t k = 0; k < l.tiers.size() && k < 2; ++k)
      v.add(k == 0 ? "intra_node" : "inter_node", link_value(l.tiers[k], parts));
    v.add("ranks_per_node", count(l.ranks_per_node));
    return v;
  }
  const LinkEntry* entry = find_link(l.preset);
  if (keys && entry && same_link(link_from(*entry, l.name), l)) return Value::from(entry->key);
  Value v = fields_value(l, kLinkFields, "name");
  // The size limit of the custom branches is written only where there are branches to limit.
  if (l.custom.empty())
    std::erase_if(v.object, [](const auto& member) { return member.first == "custom_max_bytes"; });
  return v;
}

Value links_value(const std::vector<Link>& links, Parts parts) {
  Value v = Value::make_object();
  for (const Link& l : links) v.add(l.name, link_value(l, parts));
  return v;
}

// The paths (below `at`) where the keyed form `keyed` has a key: the parts still their entry.
void add_entries(Value& list, const Value& keyed, const FieldPath& at) {
  if (keyed.is_string()) {
    list.push(path_value(at));
    return;
  }
  for (const char* tier : {"intra_node", "inter_node"}) {
    const Value* t = keyed.find(tier);
    if (t && t->is_string()) {
      FieldPath p = at;
      p.push_back(std::string(tier));
      list.push(path_value(p));
    }
  }
}

template <class T>
void add_scalars(Value& out, const T& object, const auto& fields) {
  for (const auto& field : fields) {
    std::visit([&](auto member) { out.add(std::string(field.name), Value::from(object.*member)); },
               field.member);
  }
}

std::string_view kind_name(FieldKind kind) {
  switch (kind) {
    case FieldKind::Count:
      return "count";
    case FieldKind::Real:
      return "real";
    case FieldKind::Text:
      return "string";
    case FieldKind::Choice:
      return "choice";
    case FieldKind::Bool:
      return "boolean";
    case FieldKind::Precision:
      return "precision";
    case FieldKind::LinkKey:
      return "link_key";
    case FieldKind::WorkloadKey:
      return "workload_key";
    case FieldKind::AcceleratorKey:
      return "accelerator_key";
    case FieldKind::TwoTierKey:
      return "two_tier_key";
    case FieldKind::EngineKey:
      return "engine_key";
    case FieldKind::Engine:
      return "serving_engine";
    case FieldKind::Bandwidth:
      return "bandwidth";
    case FieldKind::Time:
      return "time";
    case FieldKind::Bytes:
      return "bytes";
    case FieldKind::Compute:
      return "compute";
    case FieldKind::Workload:
      return "workload";
    case FieldKind::Accelerator:
      return "accelerator";
    case FieldKind::Links:
      return "links";
    case FieldKind::PeakFlops:
      return "peak_flops";
    case FieldKind::Protocols:
      return "protocols";
    case FieldKind::Custom:
      return "custom_branches";
    case FieldKind::LinkTier:
      return "link";
    case FieldKind::Rows:
      return "rows";
    case FieldKind::HfConfig:
      return "hf_config";
  }
  return "";
}

template <class T>
Value field_table_value(FieldTable<T> table) {
  Value list = Value::make_array();
  for (const InputField<T>& f : table) {
    Value& item = list.push(Value::make_object());
    item.add("name", Value::from(f.name));
    item.add("kind", Value::from(kind_name(f.kind)));
    item.add("required", Value::from(f.required));
    item.add("sweepable", Value::from(f.sweepable));
    item.add("help", Value::from(f.help));
    if (const auto* d = std::get_if<double>(&f.fallback)) item.add("default", Value::from(*d));
    if (const auto* s = std::get_if<std::string_view>(&f.fallback))
      item.add("default", Value::from(*s));
    if (const auto* b = std::get_if<bool>(&f.fallback)) item.add("default", Value::from(*b));
    if (!f.choices.empty()) {
      Value& choices = item.add("choices", Value::make_array());
      for (std::string_view c : f.choices) choices.push(Value::from(c));
    }
    if (!f.derived_from.empty()) {
      Value& from = item.add("derived_from", Value::make_array());
      for (std::string_view name : f.derived_from) from.push(Value::from(name));
    }
  }
  return list;
}

Value limits_value() {
  Value v = Value::make_object();
  v.add("max_links", Value::from(static_cast<double>(kMaxLinks)));
  v.add("max_sweep_values", Value::from(static_cast<double>(kMaxSweepValues)));
  v.add("max_protocols", Value::from(static_cast<double>(kMaxProtocols)));
  v.add("max_name_bytes", Value::from(static_cast<double>(kMaxNameBytes)));
  v.add("max_errors", Value::from(static_cast<double>(kMaxErrors)));
  v.add("max_json_bytes", Value::from(static_cast<double>(kMaxJsonBytes)));
  v.add("max_json_depth", Value::from(static_cast<double>(kMaxJsonDepth)));
  v.add("max_count", Value::from(static_cast<double>(kMaxCount)));
  v.add("min_positive", Value::from(kMinPositive));
  v.add("max_real", Value::from(kMaxReal));
  return v;
}

}  // namespace

namespace {

// Whether optional member `V T::*` of `object` is absent; false for a member of another type.
template <class V, class T, class... Members>
bool absent(const T& object, const std::variant<Members...>& member) {
  if constexpr ((std::is_same_v<std::optional<V> T::*, Members> || ...)) {
    const auto* m = std::get_if<std::optional<V> T::*>(&member);
    return m && !(object.**m);
  }
  return false;
}

// Whether a field of `object` was left out (a derived default is always optional).
template <class T>
bool left_out(const T& object, const FieldMember<T>& member) {
  return absent<std::int64_t>(object, member) || absent<double>(object, member) ||
         absent<std::string>(object, member);
}

// One derived default, at `path` + `name`, following `from` (names in the same object).
void add_derived(Value& list, FieldPath path, std::string_view name,
                 std::span<const std::string_view> from) {
  path.emplace_back(std::string(name));
  Value& item = list.push(Value::make_object());
  item.add("field", Value::from(dotted(path)));
  item.add("path", path_value(path));
  Value& sources = item.add("from", Value::make_array());
  for (std::string_view source : from) {
    path.back() = std::string(source);
    sources.push(path_value(path));
  }
}

// The fields of `object` (at `at`) that were left out and follow others.
template <class T>
void add_derived(Value& list, const T& object, std::type_identity_t<FieldTable<T>> table,
                 const FieldPath& at) {
  for (const InputField<T>& f : table)
    if (!f.derived_from.empty() && left_out(object, f.member))
      add_derived(list, at, f.name, f.derived_from);
}

}  // namespace

Value derived_value(const Scenario& s) {
  Value list = Value::make_array();
  add_derived(list, s, kScenarioFields, {});
  add_derived(list, s.workload, kWorkloadFields, {"workload"});
  for (const Link& l : s.links)
    if (l.form == LinkForm::Measured) add_derived(list, l, kMeasuredLinkFields, {"links", l.name});
  return list;
}

Value to_value(const Scenario& s, Parts parts) {
  // Every value the model used, the defaults that follow the pass and the link model included.
  Scenario used = s;
  used.collectives_per_layer = collectives_per_layer(s);
  used.launch_overhead = launch_overhead(s);
  used.exchange_precision = exchange_precision(s);
  used.weight_precision = weight_precision(s);
  used.kv_precision = kv_precision(s);
  used.workload.kv_heads = s.workload.kv_heads.value_or(s.workload.heads);
  used.workload.inference_flops = s.workload.inference_flops.value_or(2 * s.workload.parameters);
  used.workload.ffn_hidden = ffn_hidden(s.workload);
  used.allreduce = std::string(allreduce_of(s));
  Value head = Value::make_object();
  head.add("type", Value::from(kScenarioType));
  return fields_value(used, kScenarioFields, {}, std::move(head), parts);
}

Value entries_value(const Scenario& s) {
  const Value keyed = to_value(s, Parts::Keys);
  Value list = Value::make_array();
  for (const char* part : {"workload", "accelerator", "serving_engine"})
    if (const Value* v = keyed.find(part); v && v->is_string()) list.push(path_value({part}));
  if (const Value* links = keyed.find("links"))
    for (const auto& [name, v] : links->object) add_entries(list, v, {"links", name});
  return list;
}

Value to_value(const Result& r) {
  Value v = Value::make_object();
  v.add("type", Value::from(kResultType));
  add_scalars(v, r, kResultFields);
  v.add("warnings", errors_value(r.warnings));
  Value& links = v.add("links", Value::make_array());
  for (const LinkResult& l : r.links)
    add_scalars(links.push(Value::make_object()), l, kLinkResultFields);
  Value& kernels = v.add("kernels", Value::make_array());
  for (const KernelResult& k : r.kernels)
    add_scalars(kernels.push(Value::make_object()), k, kKernelResultFields);
  return v;
}

Value path_value(const FieldPath& path) {
  Value v = Value::make_array();
  for (const PathStep& step : path) {
    if (const auto* i = std::get_if<std::size_t>(&step))
      v.push(Value::from(static_cast<double>(*i)));
    else
      v.push(Value::from(std::get<std::string>(step)));
  }
  return v;
}

Value errors_value(const std::vector<FieldError>& errors) {
  Value list = Value::make_array();
  for (const FieldError& e : errors) {
    Value& item = list.push(Value::make_object());
    item.add("field", Value::from(e.field));
    item.add("path", path_value(e.path));
    item.add("message", Value::from(e.message));
  }
  return list;
}

Value to_value(const std::vector<FieldError>& errors) {
  Value v = Value::make_object();
  v.add("errors", errors_value(errors));
  return v;
}

Value measured_value(std::string_view text) {
  const MeasuredParse p = parse_measured(text);
  Value v = Value::make_object();
  Value& rows = v.add("rows", Value::make_array());
  for (const MeasuredRow& r : p.rows) {
    Value& row = rows.push(Value::make_object());
    row.add("bytes", Value::from(r.bytes));
    row.add("time_s", Value::from(r.time_s));
    row.add("line", Value::from(static_cast<double>(r.line)));
  }
  const std::int64_t ranks = p.ranks_from_header ? p.ranks_from_header : p.ranks_from_ratio;
  v.add("ranks", Value::from(static_cast<double>(ranks)));
  v.add("ranks_from", Value::from(p.ranks_from_header  ? "header"
                                  : p.ranks_from_ratio ? "busbw/algbw"
                                                       : ""));
  v.add("skipped", Value::from(static_cast<double>(p.skipped)));
  Value& skipped = v.add("first_skipped", Value::make_array());
  for (const SkippedLine& line : p.first_skipped) {
    Value& item = skipped.push(Value::make_object());
    item.add("line", Value::from(static_cast<double>(line.line)));
    item.add("text", Value::from(line.text));
    item.add("reason", Value::from(line.reason));
  }
  if (!p.ok()) v.add("error", Value::from(p.error));
  return v;
}

Value catalog_value(bool results) {
  Value v = Value::make_object();
  Value& presets = v.add("presets", Value::make_array());
  for (const ScenarioPreset& p : scenario_presets()) {
    Value& item = presets.push(Value::make_object());
    item.add("key", Value::from(p.key));
    item.add("title", Value::from(p.title));
    item.add("lesson", Value::from(p.lesson));
    item.add("scenario", to_value(p.scenario, Parts::Keys));
    item.add("derived", derived_value(p.scenario));
    if (results) item.add("result", to_value(solve(p.scenario)));
  }
  Value& workloads = v.add("workloads", Value::make_array());
  for (const WorkloadEntry& e : workload_catalog()) {
    Value head = Value::make_object();
    head.add("key", Value::from(e.workload.key));
    Value item = fields_value(e.workload, kWorkloadFields, "preset", std::move(head));
    item.add("short_name", Value::from(e.short_name));
    if (!e.note.empty()) item.add("note", Value::from(e.note));
    item.add("source", Value::from(e.source));
    workloads.push(std::move(item));
  }
  Value& accelerators = v.add("accelerators", Value::make_array());
  for (const AcceleratorEntry& e : accelerator_catalog()) {
    Value head = Value::make_object();
    head.add("key", Value::from(e.accelerator.key));
    Value item = fields_value(e.accelerator, kAcceleratorFields, "preset", std::move(head));
    item.add("short_name", Value::from(e.short_name));
    item.add("source", Value::from(e.source));
    accelerators.push(std::move(item));
  }
  Value& engines = v.add("serving_engines", Value::make_array());
  for (const EngineEntry& e : engine_catalog()) {
    Value head = Value::make_object();
    head.add("key", Value::from(e.engine.key));
    Value item = fields_value(e.engine, kServingEngineFields, "preset", std::move(head));
    item.add("short_name", Value::from(e.short_name));
    item.add("versions", Value::from(e.versions));
    item.add("source", Value::from(e.source));
    engines.push(std::move(item));
  }
  Value& links = v.add("links", Value::make_array());
  for (const LinkEntry& e : link_catalog()) {
    Value& item = links.push(Value::make_object());
    item.add("key", Value::from(e.key));
    item.add("label", Value::from(e.label));
    item.add("short_name", Value::from(e.short_name));
    item.add("bandwidth", Value::from(e.bandwidth));
    item.add("latency", Value::from(e.latency));
    if (e.domain > 0) item.add("domain", Value::from(static_cast<double>(e.domain)));
    if (e.per_peer > 0) item.add("per_peer", Value::from(e.per_peer));
    if (!e.protocols.empty()) item.add("protocols", branches_value(e.protocols, kProtocolFields));
    if (!e.custom.empty()) {
      item.add("custom", branches_value(e.custom, kCustomBranchFields));
      item.add("custom_max_bytes", Value::from(e.custom_max_bytes));
    }
    item.add("source", Value::from(e.source));
    if (!e.calibration.empty()) item.add("calibration", Value::from(e.calibration));
    if (!e.custom_calibration.empty())
      item.add("custom_calibration", Value::from(e.custom_calibration));
  }
  Value& two_tier = v.add("two_tier_links", Value::make_array());
  for (const TwoTierEntry& e : two_tier_catalog()) {
    Value& item = two_tier.push(Value::make_object());
    item.add("key", Value::from(e.key));
    item.add("label", Value::from(e.label));
    item.add("short_name", Value::from(e.short_name));
    item.add("intra_node", Value::from(e.intra_node));
    item.add("inter_node", Value::from(e.inter_node));
    item.add("ranks_per_node", count(e.ranks_per_node));
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
  Value& fields = v.add("fields", Value::make_object());
  fields.add("scenario", field_table_value<Scenario>(kScenarioFields));
  fields.add("workload", field_table_value<Workload>(kWorkloadFields));
  fields.add("accelerator", field_table_value<Accelerator>(kAcceleratorFields));
  fields.add("serving_engine", field_table_value<ServingEngine>(kServingEngineFields));
  fields.add("link", field_table_value<Link>(kLinkFields));
  fields.add("protocol", field_table_value<Protocol>(kProtocolFields));
  fields.add("custom_branch", field_table_value<Protocol>(kCustomBranchFields));
  fields.add("measured_link", field_table_value<Link>(kMeasuredLinkFields));
  fields.add("two_tier_link", field_table_value<Link>(kTwoTierLinkFields));
  v.add("limits", limits_value());
  return v;
}

}  // namespace tplayer
