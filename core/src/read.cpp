// Stage 1, Value -> Scenario: type conversion only, driven by the field tables of fields.hpp.
// Range rules live in validate.cpp.
#include <algorithm>
#include <cmath>
#include <limits>

#include "internal.hpp"
#include "tplayer/catalog.hpp"
#include "tplayer/fields.hpp"
#include "tplayer/format.hpp"
#include "tplayer/limits.hpp"
#include "tplayer/measured.hpp"
#include "tplayer/precision.hpp"
#include "tplayer/tplayer.hpp"
#include "tplayer/units.hpp"

namespace tplayer {
namespace {

// A key's value as a JavaScript array index ("0", "7", "4294967294"; not "07"), else ~0.
std::uint64_t js_index(std::string_view key) {
  constexpr std::uint64_t kNone = ~std::uint64_t{0};
  if (key.empty() || key.size() > 10 || (key.size() > 1 && key[0] == '0')) return kNone;
  std::uint64_t n = 0;
  for (const char c : key) {
    if (c < '0' || c > '9') return kNone;
    n = n * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return n <= 4294967294u ? n : kNone;
}

// The members of an object in the order a JavaScript object keeps them: array indices first,
// ascending, then the other keys as written. Links given as an object take this order on every
// door, so the CLI lists {"10": ..., "2": ...} as the JS door does: 2, then 10.
std::vector<std::size_t> js_key_order(const Value::Members& members) {
  // An insertion sort, stable (at most kMaxLinks members are read): std::stable_sort cost the
  // module 622 bytes (gzip -9).
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < members.size(); ++i) {
    std::size_t at = order.size();
    while (at > 0 && js_index(members[order[at - 1]].first) > js_index(members[i].first)) --at;
    order.insert(order.begin() + static_cast<std::ptrdiff_t>(at), i);
  }
  return order;
}

constexpr double kMaxExactInteger = 9007199254740992.0;  // 2^53

// Descriptive members any object may carry (catalogue entries have them); they are ignored.
constexpr std::string_view kMetadataKeys[] = {"key",    "label",       "short_name",
                                              "source", "note",        "title",
                                              "lesson", "calibration", "custom_calibration"};
// Members of the scenario object beyond its fields.
constexpr std::string_view kScenarioExtraKeys[] = {"type", "name", "description"};

template <class Names>
std::string joined(const Names& names, std::string_view separator = ", ") {
  std::string out;
  for (const auto& name : names) {
    if (!out.empty()) out += separator;
    out += name;
  }
  return out;
}

template <class T>
std::string field_names(FieldTable<T> table, bool with_extras) {
  std::vector<std::string_view> names;
  for (const InputField<T>& f : table) names.push_back(f.name);
  if (with_extras)
    names.insert(names.end(), std::begin(kScenarioExtraKeys), std::end(kScenarioExtraKeys));
  return joined(names);
}

// The keys of a known_keys() list again, for did_you_mean.
std::vector<std::string> split_keys(const std::string& list) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at < list.size();) {
    const std::size_t end = std::min(list.find(", ", at), list.size());
    out.push_back(list.substr(at, end - at));
    at = end + 2;
  }
  return out;
}

template <class Entries, class KeyOf>
std::string known_keys(const Entries& entries, KeyOf key_of) {
  std::vector<std::string> keys;
  for (const auto& entry : entries) keys.push_back(key_of(entry));
  return joined(keys);
}

std::string precision_help() {
  return "expected <format>, <format>_dense or <format>_sparse with a format of " +
         joined(precision_formats(), " ");
}

std::string_view quantity_example(Dimension dimension) {
  switch (dimension) {
    case Dimension::Bandwidth:
      return "50 GB/s";
    case Dimension::Time:
      return "5 us";
    case Dimension::Bytes:
      return "80 GiB";
    case Dimension::Compute:
      return "989 TFLOP/s";
  }
  return "";
}

std::optional<Dimension> dimension_of(FieldKind kind) {
  switch (kind) {
    case FieldKind::Bandwidth:
      return Dimension::Bandwidth;
    case FieldKind::Time:
      return Dimension::Time;
    case FieldKind::Bytes:
      return Dimension::Bytes;
    case FieldKind::Compute:
      return Dimension::Compute;
    default:
      return std::nullopt;
  }
}

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

class Reader {
 public:
  explicit Reader(std::vector<FieldError>& errors) : errors_(errors) {}

  Scenario scenario(const Value& value) {
    Scenario s;
    const Where root;
    if (!value.is_object()) {
      fail(root, "expected a JSON object with the scenario's fields, got " + describe(value));
      return s;
    }
    // A what-if (docs/model.md#any-model-any-rig): a catalogue scenario named by `preset`, the
    // other members laid over it (an object member merges into the entry's part, anything else
    // replaces it).
    if (const Value* preset = value.find("preset")) {
      const ScenarioPreset* entry = preset->is_string() ? find_preset(preset->string) : nullptr;
      if (!entry) {
        std::vector<std::string> keys;
        for (const ScenarioPreset& p : scenario_presets()) keys.push_back(p.key);
        fail(root.key("preset"),
             (preset->is_string() ? "unknown scenario preset " + excerpt(preset->string) +
                                        did_you_mean(preset->string, keys)
                                  : "expected a scenario preset key, got " + describe(*preset)) +
                 "; known: " + joined(keys));
        return s;
      }
      Value edits = Value::make_object();
      for (const auto& member : value.object)
        if (member.first != "preset") edits.add(member.first, member.second);
      return scenario(overlaid(to_value(entry->scenario, Parts::Keys), edits));
    }
    check_members<Scenario>(value, root, kScenarioFields, true);
    if (const Value* type = value.find("type");
        type && !(type->is_string() && type->string == kScenarioType)) {
      fail(root.key("type"),
           "expected \"" + std::string(kScenarioType) + "\" (or no type), got " + describe(*type));
    }
    fields(value, root, kScenarioFields, s);
    return s;
  }

  bool sweep_field(Scenario& s, std::string_view name, const Value& v) {
    const InputField<Scenario>* field = find_sweepable(name);
    if (!field) return false;
    this->field(v, Where().key(field->name), *field, s);
    return true;
  }

 private:
  void fail(const Where& where, std::string message) {
    errors_.emplace_back(where.path(), std::move(message));
  }

  // Unknown or repeated members of an object whose fields are `table`.
  template <class T>
  void check_members(const Value& object, const Where& at, FieldTable<T> table,
                     bool scenario_extras = false) {
    std::vector<std::string_view> seen;  // known names so far: at most a dozen
    const auto in = [](const auto& names, std::string_view key) {
      return std::any_of(std::begin(names), std::end(names),
                         [&](const auto& n) { return std::string_view(n) == key; });
    };
    for (const auto& member : object.object) {
      const std::string& key = member.first;  // clang 14 lambdas cannot capture a binding
      const bool known =
          std::any_of(std::begin(table), std::end(table), [&](auto& f) { return f.name == key; }) ||
          in(kMetadataKeys, key) || (scenario_extras && in(kScenarioExtraKeys, key));
      if (known) {
        if (in(seen, key)) {
          fail(at.key(key),
               "given twice; give each field once (JSON readers disagree on which copy counts)");
        }
        seen.push_back(key);
        continue;
      }
      const std::string expected = "; expected one of " + field_names<T>(table, scenario_extras);
      if (key.empty()) {
        fail(at, "unknown field with an empty name" + expected);
      } else if (key.size() > kMaxNameBytes) {
        fail(at, "unknown field " + excerpt(key) + expected);
      } else {
        fail(at.key(key), "unknown field" + expected);
      }
    }
  }

  template <class T>
  void fields(const Value& object, const Where& at, std::type_identity_t<FieldTable<T>> table,
              T& out, bool based_on_preset = false) {
    for (const InputField<T>& f : table) {
      if (f.kind == FieldKind::HfConfig) continue;  // read first, by catalogued()
      const Value* member = object.find(f.name);
      if (!member || (!f.required && member->is_null())) {
        if (f.required && !based_on_preset) fail(at.key(f.name), "missing required field");
        continue;
      }
      field(*member, at.key(f.name), f, out);
    }
  }

  template <class T>
  void field(const Value& v, const Where& at, const InputField<T>& f, T& out) {
    std::visit(Overloaded{
                   [&](std::int64_t T::*m) { count(v, at, out.*m); },
                   [&](std::optional<std::int64_t> T::*m) {
                     std::int64_t n = 0;
                     if (count(v, at, n)) out.*m = n;
                   },
                   [&](double T::*m) { number(v, at, f.kind, out.*m); },
                   [&](std::optional<double> T::*m) {
                     double x = 0;
                     if (number(v, at, f.kind, x)) out.*m = x;
                   },
                   [&](std::string T::*m) {
                     if (f.kind == FieldKind::Precision)
                       out.*m = precision(v, at);
                     else if (f.kind == FieldKind::Choice)
                       choice(v, at, f, out.*m);
                     else
                       text(v, at, out.*m);
                   },
                   [&](std::optional<std::string> T::*m) {
                     if (f.kind == FieldKind::Choice) {
                       std::string picked;
                       choice(v, at, f, picked);
                       out.*m = picked;
                     } else {
                       out.*m = precision(v, at);
                     }
                   },
                   [&](std::optional<ServingEngine> T::*m) { out.*m = engine(v, at); },
                   [&](bool T::*m) { boolean(v, at, out.*m); },
                   [&](Workload T::*m) { out.*m = workload(v, at); },
                   [&](Accelerator T::*m) { out.*m = accelerator(v, at); },
                   [&](std::vector<Link> T::*m) {
                     if (f.kind == FieldKind::LinkTier)
                       tier(v, at, f.name, out.*m);
                     else
                       out.*m = links(v, at);
                   },
                   [&](std::vector<PeakFlops> T::*m) { out.*m = peaks(v, at); },
                   [&](std::vector<MeasuredRow> T::*m) { out.*m = rows(v, at); },
                   [&](std::vector<Protocol> T::*m) {
                     // A custom branch names its pattern (no ring to fall back on).
                     out.*m = f.kind == FieldKind::Custom
                                  ? branches(v, at, kCustomBranchFields,
                                             Protocol{.name = {}, .pattern = {}})
                                  : branches(v, at, kProtocolFields, Protocol{});
                   },
               },
               f.member);
  }

  // `as_text`: a count may be written as text ("1.5M", "70B": docs/model.md#units); a measured
  // row's numbers may not (they are a table's, as nccl-tests prints them).
  bool count(const Value& v, const Where& at, std::int64_t& out, bool as_text = true) {
    double number = v.number;
    if (v.is_string() && as_text) {
      const QuantityParse parsed = parse_scaled_number(v.string, false);
      if (!parsed.ok()) {
        fail(at, parsed.error);
        return false;
      }
      number = parsed.value;
    }
    const bool read_as_text = v.is_string() && as_text;
    if ((!v.is_number() && !read_as_text) || !std::isfinite(number) ||
        std::trunc(number) != number) {
      fail(at,
           "expected a whole number, got " +
               (v.is_string() ? describe(v) + " (" + format_number(number) + ")" : describe(v)));
      return false;
    }
    if (std::fabs(number) > kMaxExactInteger) {
      fail(at, "expected a whole number no larger than 2^53, got " + describe(v));
      return false;
    }
    out = static_cast<std::int64_t>(number);
    return true;
  }

  bool number(const Value& v, const Where& at, FieldKind kind, double& out, bool as_text = true) {
    const std::optional<Dimension> dimension = dimension_of(kind);
    if (dimension && v.is_string()) {
      const QuantityParse parsed = parse_quantity(v.string, *dimension);
      if (!parsed.ok()) {
        fail(at, parsed.error);
        return false;
      }
      out = parsed.value;
      return true;
    }
    // docs/model.md#units: a real as text ("70B", "1.5M", "50%").
    if (!dimension && v.is_string() && kind == FieldKind::Real && as_text) {
      const QuantityParse parsed = parse_scaled_number(v.string, true);
      if (!parsed.ok()) {
        fail(at, parsed.error);
        return false;
      }
      out = parsed.value;
      return true;
    }
    if (!v.is_number() || !std::isfinite(v.number)) {
      if (dimension) {
        fail(at, "expected " + std::string(dimension_name(*dimension)) +
                     " (a number, or a string like \"" + std::string(quantity_example(*dimension)) +
                     "\"), got " + describe(v));
      } else {
        fail(at, "expected a finite number, got " + describe(v));
      }
      return false;
    }
    out = v.number;
    return true;
  }

  bool text(const Value& v, const Where& at, std::string& out) {
    if (!v.is_string()) {
      fail(at, "expected a string, got " + describe(v));
      return false;
    }
    out = v.string;
    return true;
  }

  // A choice is read as a string; which strings it may be is validate()'s rule.
  template <class T>
  void choice(const Value& v, const Where& at, const InputField<T>& f, std::string& out) {
    if (!v.is_string()) {
      fail(at, "expected " + spelled_list(f.choices, true) + ", got " + describe(v));
      return;
    }
    out = v.string;
  }

  void boolean(const Value& v, const Where& at, bool& out) {
    if (v.kind != Value::Kind::Bool) {
      fail(at, "expected true or false, got " + describe(v));
      return;
    }
    out = v.boolean;
  }

  std::string precision(const Value& v, const Where& at) {
    std::string key;
    if (!text(v, at, key)) return key;
    if (const auto p = parse_precision(key)) return p->key();
    fail(at, "unknown precision " + excerpt(key) + "; " + precision_help());
    return key;
  }

  // A catalogue-backed part (docs/model.md#workload, #accelerator): a catalogue key, or an object
  // of its table's fields that may start from a catalogue entry (`preset`): the fields it gives
  // replace the entry's, and those it leaves out are the entry's (not missing). `what` is "a
  // workload", "an accelerator".
  template <class T>
  T catalogued(const Value& v, const Where& at, std::string_view what, FieldTable<T> table,
               const T* (*find)(std::string_view), std::string (*known)()) {
    if (v.is_string()) {
      if (const T* entry = find(v.string)) return *entry;
      unknown_entry(at, what, " ", v.string, known);
      return {};
    }
    T out;
    if (!v.is_object()) {
      fail(at, "expected " + std::string(what) + " preset key or an object, got " + describe(v));
      return out;
    }
    check_members<T>(v, at, table);
    out.name = kCustomName;
    if (const std::string* key = preset_key(v)) {
      if (const T* entry = find(*key))
        out = *entry;
      else
        unknown_entry(at.key("preset"), what, " preset ", *key, known);
    }
    bool given = names_preset(v);
    if constexpr (std::is_same_v<T, Workload>) {
      // docs/model.md#any-model-any-rig: a config.json gives the shapes; the fields given win.
      if (const Value* config = v.find("hf_config"); config && !config->is_null()) {
        read_hf_config(*config, at.key("hf_config"), out, errors_);
        given = true;
      }
    }
    const std::string from = out.key;  // the entry it came from: empty for an unknown key
    fields(v, at, table, out, given);
    out.key = from;
    return out;
  }

  // A key that names no entry of the catalogue of `what` ("a workload"), as the value itself
  // (`as` " ") or as its object's preset (" preset "), with the keys there are.
  void unknown_entry(const Where& at, std::string_view what, const char* as, std::string_view key,
                     std::string (*known)()) {
    const std::string keys = known();
    fail(at, "unknown " + std::string(what.substr(what.find(' ') + 1)) + as + excerpt(key) +
                 did_you_mean(key, split_keys(keys)) + "; known: " + keys);
  }

  // The key an object names as its `preset`, or nullptr when it names none as a string (a preset
  // of another type is reported with the object's fields).
  static const std::string* preset_key(const Value& v) {
    const Value* key = v.find("preset");
    return key && key->is_string() ? &key->string : nullptr;
  }

  // Whether an object names a preset at all: then the fields it leaves out are not missing (an
  // unknown or mistyped preset is reported once, not again as every field it would have given).
  static bool names_preset(const Value& v) {
    const Value* key = v.find("preset");
    return key && !key->is_null();
  }

  Workload workload(const Value& v, const Where& at) {
    return catalogued<Workload>(
        v, at, "a workload", kWorkloadFields,
        [](std::string_view key) -> const Workload* {
          const WorkloadEntry* entry = find_workload(key);
          return entry ? &entry->workload : nullptr;
        },
        [] { return known_keys(workload_catalog(), [](auto& e) { return e.workload.key; }); });
  }

  Accelerator accelerator(const Value& v, const Where& at) {
    return catalogued<Accelerator>(
        v, at, "an accelerator", kAcceleratorFields,
        [](std::string_view key) -> const Accelerator* {
          const AcceleratorEntry* entry = find_accelerator(key);
          return entry ? &entry->accelerator : nullptr;
        },
        [] {
          return known_keys(accelerator_catalog(), [](auto& e) { return e.accelerator.key; });
        });
  }

  ServingEngine engine(const Value& v, const Where& at) {
    return catalogued<ServingEngine>(
        v, at, "a serving engine", kServingEngineFields,
        [](std::string_view key) -> const ServingEngine* {
          const EngineEntry* entry = find_engine(key);
          return entry ? &entry->engine : nullptr;
        },
        [] { return known_keys(engine_catalog(), [](auto& e) { return e.engine.key; }); });
  }

  std::vector<PeakFlops> peaks(const Value& v, const Where& at) {
    std::vector<PeakFlops> out;
    if (!v.is_object()) {
      fail(at,
           "expected an object of precision -> FLOP/s, e.g. {\"fp16_dense\": \"989 TFLOP/s\"}, "
           "got " +
               describe(v));
    }
    for (const auto& [key, peak] : v.object) {
      const bool nameable = !key.empty() && key.size() <= kMaxNameBytes;
      const Where place = nameable ? at.key(key) : at;
      const auto p = parse_precision(key);
      if (!p) {
        fail(place, "unknown precision " + excerpt(key) + "; " + precision_help());
        continue;
      }
      const bool repeated = std::any_of(
          out.begin(), out.end(), [&](const PeakFlops& e) { return e.precision == p->key(); });
      if (repeated) {
        fail(place, "the same precision as " + p->key() + ", given twice");
        continue;
      }
      // A peak that does not read is named here and kept as NaN: the precision still has a peak,
      // so the precision field is not also told there is none (validate() refuses the NaN).
      double flops = std::numeric_limits<double>::quiet_NaN();
      number(peak, place, FieldKind::Compute, flops);
      out.push_back({p->key(), flops});
    }
    return out;
  }

  std::vector<Link> links(const Value& v, const Where& at) {
    std::vector<Link> out;
    const std::size_t given = v.is_object() ? v.object.size() : v.array.size();
    if (given > kMaxLinks) {
      fail(at,
           "expected at most " + whole_number(kMaxLinks) + " links, got " + whole_number(given));
      return out;
    }
    if (v.is_object()) {
      for (const std::size_t i : js_key_order(v.object))
        out.push_back(this->link(v.object[i].second, at, v.object[i].first, out, true));
    } else if (v.is_array()) {
      for (const Value& element : v.array) {
        std::string name;
        if (element.is_string()) {
          // A preset key names its link; a bare bandwidth has no name (reported below).
          if (!parse_quantity(element.string, Dimension::Bandwidth).ok()) name = element.string;
        } else if (const Value* n = element.find("name"); n && n->is_string()) {
          name = n->string;  // a name of another type is reported with the link's fields
        }
        out.push_back(link(element, at, name, out, false));
      }
    } else {
      fail(at, "expected an object of name -> link (or an array of links), got " + describe(v));
    }
    return out;
  }

  // A link value (docs/model.md#links): a bare bandwidth, a preset key, or an object (which may
  // start from a preset). `named` is false in the array form, where a bare bandwidth has nowhere to
  // put a name.
  Link link(const Value& v, const Where& links, const std::string& name,
            const std::vector<Link>& before, bool named) {
    return link_value(v, link_where(links, before, name), name, named);
  }

  // One tier of a two-tier link, read like a link of its own; intra_node is tiers[0].
  void tier(const Value& v, const Where& at, std::string_view which, std::vector<Link>& tiers) {
    tiers.resize(2);
    Link& t = tiers[which == "intra_node" ? 0 : 1];
    t = link_value(v, at, std::string(which), true);
    if (t.is_measured() || t.is_two_tier()) {
      const std::string kind = t.is_measured() ? "measured" : "two-tier";
      fail(at,
           "expected a link (a preset key, a bandwidth or {bandwidth, latency, ...}) as a "
           "tier, got " +
               (t.preset.empty() ? "a " + kind + " link"
                                 : "the two-tier preset " + excerpt(t.preset)) +
               ": a " + kind + " link cannot be a tier");
    }
  }

  Link link_value(const Value& v, const Where& at, const std::string& name, bool named) {
    Link l;
    l.name = name;
    if (v.is_string() || v.is_number()) {
      const QuantityParse bandwidth = v.is_string() ? parse_quantity(v.string, Dimension::Bandwidth)
                                                    : QuantityParse{v.number, {}};
      if (bandwidth.ok() && (v.is_string() || std::isfinite(v.number))) {
        if (!named) {
          fail(at,
               "a bare bandwidth has no name in the array form of links; give {\"name\", "
               "\"bandwidth\"} or use the object form {name: bandwidth}");
        }
        l.bandwidth = bandwidth.value;
        return l;
      }
      if (v.is_number()) {
        fail(at, "expected a bandwidth in bytes/s, got " + describe(v));
        return l;
      }
      if (const LinkEntry* entry = find_link(v.string)) return link_from(*entry, name);
      if (const TwoTierEntry* entry = find_two_tier(v.string)) return link_from(*entry, name);
      fail(at, "expected a link preset key or a bandwidth such as \"450 GB/s\", got " +
                   excerpt(v.string) + ": not a preset" + did_you_mean(v.string, all_link_keys()) +
                   " (known: " + known_link_keys() + "; two-tier: " + known_two_tier_keys() +
                   "), and as a bandwidth: " + bandwidth.error);
      return l;
    }
    if (!v.is_object()) {
      fail(at, "expected a link {bandwidth, latency}, a bandwidth or a link preset key, got " +
                   describe(v));
      return l;
    }
    if (v.find("measured") || v.find("rows")) return measured_link(v, at, std::move(l));
    // Named a preset: its own fields stand in for those not given (an unknown one is reported
    // once, not again as every field it would have given). A two-tier preset, or a two-tier
    // link's fields, make a two-tier link.
    const std::string* key = preset_key(v);
    const TwoTierEntry* two_tier = key ? find_two_tier(*key) : nullptr;
    if (two_tier || v.find("intra_node") || v.find("inter_node") || v.find("ranks_per_node")) {
      check_members<Link>(v, at, kTwoTierLinkFields);
      if (two_tier) {
        l = link_from(*two_tier, name);
      } else if (key) {
        fail(at.key("preset"),
             "expected a two-tier link preset key, got " +
                 (find_link(*key) ? "the link preset " + excerpt(*key) +
                                        ": a link starts a tier (intra_node or inter_node)"
                                  : "the unknown " + excerpt(*key)) +
                 "; known: " + known_two_tier_keys());
      }
      l.form = LinkForm::TwoTier;
      return fields_from_preset(v, at, kTwoTierLinkFields, std::move(l), name);
    }
    check_members<Link>(v, at, kLinkFields);
    if (key) {
      if (const LinkEntry* entry = find_link(*key)) {
        l = link_from(*entry, name);
      } else {
        fail(at.key("preset"),
             "unknown link preset " + excerpt(*key) + did_you_mean(*key, all_link_keys()) +
                 "; known: " + known_link_keys() + "; two-tier: " + known_two_tier_keys());
      }
    }
    return fields_from_preset(v, at, kLinkFields, std::move(l), name);
  }

  // A link object's fields over the preset it starts from (l, when it names one); the preset
  // stays the entry's key (empty when unknown), the name the map's key or the array element's
  // name read before.
  Link fields_from_preset(const Value& v, const Where& at, FieldTable<Link> table, Link l,
                          const std::string& name) {
    const std::string preset = l.preset;
    fields(v, at, table, l, names_preset(v));
    l.preset = preset;
    l.name = name;
    return l;
  }

  // docs/model.md#measured-links: the text read into rows here, once, so that sweeps and solves
  // price them directly; or the rows themselves, given as numbers (read by rows() below) with their
  // rank count.
  Link measured_link(const Value& v, const Where& at, Link l) {
    l.form = LinkForm::Measured;
    check_members<Link>(v, at, kMeasuredLinkFields);
    const std::string name = l.name;
    fields(v, at, kMeasuredLinkFields, l);
    l.name = name;
    const auto given = [&](std::string_view key) {
      const Value* member = v.find(key);
      return member && !member->is_null();
    };
    if (given("rows")) {
      if (given("measured"))
        fail(at.key("rows"),
             "expected the measurement once, as its text (measured) or as rows, got both");
      else if (!v.find("ranks"))
        fail(at.key("ranks"),
             "missing: rows need the number of GPUs they were measured on (a text may say it)");
      l.measured_ranks = l.ranks.value_or(0);
      return l;
    }
    if (!given("measured")) {
      fail(at,
           "expected the measurement: measured (the text all_reduce_perf printed) or rows "
           "([[bytes, seconds], ...]), got neither");
      return l;
    }
    if (l.measured.empty()) {
      if (v.find("measured")->is_string())
        fail(at.key("measured"),
             "expected the text nccl-tests' all_reduce_perf printed, got an "
             "empty string");
      return l;
    }
    MeasuredParse parsed = parse_measured(l.measured);
    if (!parsed.ok()) {
      fail(at.key("measured"), parsed.error);
      return l;
    }
    l.measured_rows = std::move(parsed.rows);
    l.measured_ranks = l.ranks                    ? *l.ranks
                       : parsed.ranks_from_header ? parsed.ranks_from_header
                                                  : parsed.ranks_from_ratio;
    // A "ranks" that did not read already has its error; only an absent one is missing.
    if (!v.find("ranks") && l.measured_ranks == 0)
      fail(at.key("ranks"),
           "missing: the text has no \"#  Rank\" lines and its largest row's busbw/algbw does "
           "not give a rank count; give \"ranks\", the number of GPUs it was measured on");
    return l;
  }

  // A measured link's rows as numbers (docs/model.md#measured-links): [[bytes, seconds], ...], what
  // parse_measured keeps of a text: whole sizes > 0 that grow row by row, each with its
  // out-of-place time in seconds, within [kMinPositive, kMaxReal]; at least two.
  std::vector<MeasuredRow> rows(const Value& v, const Where& at) {
    std::vector<MeasuredRow> out;
    const std::size_t n = v.array.size();
    if (!v.is_array() || n < 2) {
      fail(at, "expected at least two rows [[bytes, seconds], ...], got " +
                   (v.is_array() ? whole_number(n) : describe(v)));
      return out;
    }
    for (std::size_t i = 0; i < n; ++i) {
      const Value& row = v.array[i];
      const Where place = at.index(i);
      std::int64_t bytes = 0;
      double seconds = 0;
      if (!row.is_array() || row.array.size() != 2) {
        fail(place,
             "expected a row [bytes, seconds], got " +
                 (row.is_array() ? "a list of " + whole_number(row.array.size()) : describe(row)));
      } else if (count(row.array[0], place.index(0), bytes, false) &  // both read: both say
                 number(row.array[1], place.index(1), FieldKind::Real, seconds, false)) {
        const double last = out.empty() ? 0 : out.back().bytes;
        const bool grows = static_cast<double>(bytes) > last;
        if (!grows)
          fail(place.index(0), "expected a size in bytes above " +
                                   (out.empty() ? "0" : "the row before's " + format_number(last)) +
                                   ", got " + whole_number(bytes));
        // Within the reals every field takes (limits.hpp), as a text's times are.
        static_assert(kMinPositive == 1e-30 && kMaxReal == 1e30, "the message says so");
        const bool time = seconds >= kMinPositive && seconds <= kMaxReal;
        if (!time)
          fail(place.index(1),
               "expected a time in seconds between 1e-30 and 1e+30, got " + format_number(seconds));
        if (grows && time) out.push_back({static_cast<double>(bytes), seconds});
      }
    }
    return out;
  }

  static std::string known_link_keys() {
    return known_keys(link_catalog(), [](auto& e) { return e.key; });
  }

  static std::vector<std::string> all_link_keys() {
    std::vector<std::string> keys = split_keys(known_link_keys());
    for (std::string& k : split_keys(known_two_tier_keys())) keys.push_back(std::move(k));
    return keys;
  }

  static std::string known_two_tier_keys() {
    return known_keys(two_tier_catalog(), [](auto& e) { return e.key; });
  }

  std::vector<Protocol> branches(const Value& v, const Where& at, FieldTable<Protocol> table,
                                 const Protocol& blank) {
    std::vector<Protocol> out;
    if (!v.is_array()) {
      fail(at,
           "expected a list of protocol branches [{name, pattern, base_latency, step_latency, "
           "efficiency}], got " +
               describe(v));
      return out;
    }
    if (v.array.empty() || v.array.size() > kMaxProtocols) {
      fail(at, "expected 1 to " + whole_number(kMaxProtocols) + " branches, got " +
                   whole_number(v.array.size()));
      return out;
    }
    for (std::size_t i = 0; i < v.array.size(); ++i) {
      const Where place = at.index(i);
      Protocol p = blank;
      if (!v.array[i].is_object()) {
        fail(place,
             "expected a protocol branch {name, efficiency, ...}, got " + describe(v.array[i]));
        continue;
      }
      check_members<Protocol>(v.array[i], place, table);
      fields(v.array[i], place, table, p);
      out.push_back(std::move(p));
    }
    return out;
  }

  std::vector<FieldError>& errors_;
};

}  // namespace

FieldPath Where::path() const {
  FieldPath out;
  for (const Where* w = this; w && !w->root_; w = w->parent_) {
    if (w->is_index_)
      out.emplace_back(w->index_);
    else
      out.emplace_back(std::string(w->name_));
  }
  std::reverse(out.begin(), out.end());
  return out;
}

FieldError::FieldError(FieldPath where, std::string text)
    : path(std::move(where)), field(dotted(path)), message(std::move(text)) {}

std::string dotted(const FieldPath& path) {
  if (path.empty()) return "scenario";
  std::string out;
  for (const PathStep& step : path) {
    if (const auto* i = std::get_if<std::size_t>(&step)) {
      out += "[" + whole_number(*i) + "]";
    } else {
      if (!out.empty()) out += '.';
      out += std::get<std::string>(step);
    }
  }
  return out;
}

const InputField<Scenario>* find_sweepable(std::string_view name) {
  for (const InputField<Scenario>& f : kScenarioFields)
    if (f.sweepable && f.name == name) return &f;
  return nullptr;
}

std::string sweepable_names() {
  std::vector<std::string_view> names;
  for (const InputField<Scenario>& f : kScenarioFields)
    if (f.sweepable) names.push_back(f.name);
  return spelled_list(names, false);
}

std::string spelled_list(std::span<const std::string_view> items, bool quoted) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += i + 1 == items.size() ? " or " : ", ";
    out += quoted ? "\"" + std::string(items[i]) + "\"" : std::string(items[i]);
  }
  return out;
}

bool read_sweep_field(Scenario& scenario, std::string_view field, const Value& value,
                      std::vector<FieldError>& errors) {
  return Reader(errors).sweep_field(scenario, field, value);
}

ScenarioRead read_scenario(const Value& value) {
  ScenarioRead out;
  Reader reader(out.errors);
  out.scenario = reader.scenario(value);
  return out;
}

}  // namespace tplayer
