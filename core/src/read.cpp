// Value -> Scenario: type conversion only. Range rules live in validate.cpp.
#include <algorithm>
#include <cmath>
#include <initializer_list>

#include "tplayer/catalog.hpp"
#include "tplayer/precision.hpp"
#include "tplayer/scenario.hpp"
#include "tplayer/units.hpp"

namespace tplayer {
namespace {

constexpr double kMaxExactInteger = 9007199254740992.0;  // 2^53

using Keys = std::initializer_list<std::string_view>;
// Descriptive members any object may carry (catalogue entries have them); they are ignored.
const Keys kMetadataKeys = {"key", "label", "source", "note", "title", "lesson"};

std::string join(Keys keys) {
  std::string out;
  for (std::string_view key : keys) {
    if (!out.empty()) out += ", ";
    out += key;
  }
  return out;
}

template <class Entries, class KeyOf>
std::string known_keys(const Entries& entries, KeyOf key_of) {
  std::string out;
  for (const auto& entry : entries) {
    if (!out.empty()) out += ", ";
    out += key_of(entry);
  }
  return out;
}

std::string precision_help() {
  std::string formats;
  for (std::string_view f : precision_formats()) {
    if (!formats.empty()) formats += ' ';
    formats += f;
  }
  return "expected <format>, <format>_dense or <format>_sparse with a format of " + formats;
}

class Reader {
 public:
  explicit Reader(std::vector<FieldError>& errors) : errors_(errors) {}

  Scenario scenario(const Value& value) {
    Scenario s;
    if (!value.is_object()) {
      fail("scenario", "expected a JSON object with the scenario's fields, got " + describe(value));
      return s;
    }
    check_members(value, "",
                  {"workload", "tp_size", "tokens", "accelerator", "precision", "local_efficiency",
                   "links", "collectives_per_layer", "type", "name", "description"});
    if (const Value* type = value.find("type");
        type && !(type->is_string() && type->string == kScenarioType)) {
      fail("type",
           "expected \"" + std::string(kScenarioType) + "\" (or no type), got " + describe(*type));
    }
    if (const Value* v = required(value, "workload", "workload")) s.workload = workload(*v);
    if (const Value* v = required(value, "tp_size", "tp_size")) number_field(s, "tp_size", *v);
    if (const Value* v = required(value, "tokens", "tokens")) number_field(s, "tokens", *v);
    if (const Value* v = required(value, "accelerator", "accelerator"))
      s.accelerator = accelerator(*v);
    if (const Value* v = value.find("precision")) s.precision = precision(*v, "precision");
    if (const Value* v = required(value, "local_efficiency", "local_efficiency"))
      number_field(s, "local_efficiency", *v);
    if (const Value* v = required(value, "links", "links")) s.links = links(*v);
    if (const Value* v = value.find("collectives_per_layer"))
      number_field(s, "collectives_per_layer", *v);
    return s;
  }

  bool number_field(Scenario& s, std::string_view field, const Value& v) {
    const std::string name(field);
    if (field == "tp_size")
      count(v, name, s.tp_size);
    else if (field == "tokens")
      count(v, name, s.tokens);
    else if (field == "local_efficiency")
      real(v, name, s.local_efficiency);
    else if (field == "collectives_per_layer")
      count(v, name, s.collectives_per_layer);
    else
      return false;
    return true;
  }

 private:
  void fail(std::string field, std::string message) {
    errors_.push_back({std::move(field), std::move(message)});
  }

  static std::string path(std::string_view prefix, std::string_view key) {
    return prefix.empty() ? std::string(key) : std::string(prefix) + "." + std::string(key);
  }

  void check_members(const Value& object, std::string_view prefix, Keys allowed) {
    std::vector<std::string_view> seen;  // known names so far: at most a dozen
    for (const auto& [key, member] : object.object) {
      bool known = false;
      for (std::string_view k : allowed) known = known || k == key;
      for (std::string_view k : kMetadataKeys) known = known || k == key;
      if (known) {
        if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
          fail(path(prefix, key),
               "given twice; give each field once (JSON readers disagree on which copy counts)");
        }
        seen.push_back(key);
        continue;
      }
      const std::string expected = "; expected one of " + join(allowed);
      const std::string parent = prefix.empty() ? "scenario" : std::string(prefix);
      if (key.empty()) {
        fail(parent, "unknown field with an empty name" + expected);
      } else if (key.size() > kMaxNameBytes) {
        fail(parent, "unknown field " + excerpt(key) + expected);
      } else {
        fail(path(prefix, key), "unknown field" + expected);
      }
    }
  }

  const Value* required(const Value& object, std::string_view key, const std::string& field) {
    const Value* member = object.find(key);
    if (!member) fail(field, "missing required field");
    return member;
  }

  bool count(const Value& v, const std::string& field, std::int64_t& out) {
    if (!v.is_number() || !std::isfinite(v.number) || std::trunc(v.number) != v.number) {
      fail(field, "expected a whole number, got " + describe(v));
      return false;
    }
    if (std::fabs(v.number) > kMaxExactInteger) {
      fail(field, "expected a whole number no larger than 2^53, got " + describe(v));
      return false;
    }
    out = static_cast<std::int64_t>(v.number);
    return true;
  }

  bool real(const Value& v, const std::string& field, double& out) {
    if (!v.is_number() || !std::isfinite(v.number)) {
      fail(field, "expected a finite number, got " + describe(v));
      return false;
    }
    out = v.number;
    return true;
  }

  bool quantity(const Value& v, const std::string& field, Dimension dimension, double& out) {
    if (v.is_string()) {
      const QuantityParse parsed = parse_quantity(v.string, dimension);
      if (!parsed.ok()) {
        fail(field, parsed.error);
        return false;
      }
      out = parsed.value;
      return true;
    }
    if (!v.is_number() || !std::isfinite(v.number)) {
      fail(field, "expected " + std::string(dimension_name(dimension)) +
                      " (a number, or a string like \"" +
                      (dimension == Dimension::Bandwidth ? "50 GB/s"
                       : dimension == Dimension::Time    ? "5 us"
                       : dimension == Dimension::Bytes   ? "80 GiB"
                                                         : "989 TFLOP/s") +
                      "\"), got " + describe(v));
      return false;
    }
    out = v.number;
    return true;
  }

  bool text(const Value& v, const std::string& field, std::string& out) {
    if (!v.is_string()) {
      fail(field, "expected a string, got " + describe(v));
      return false;
    }
    out = v.string;
    return true;
  }

  std::string precision(const Value& v, const std::string& field) {
    std::string key;
    if (!text(v, field, key)) return key;
    if (const auto p = parse_precision(key)) return p->key();
    fail(field, "unknown precision " + excerpt(key) + "; " + precision_help());
    return key;
  }

  Workload workload(const Value& v) {
    if (v.is_string()) {
      if (const WorkloadEntry* entry = find_workload(v.string)) return entry->workload;
      fail("workload", "unknown workload " + excerpt(v.string) + "; known: " +
                           known_keys(workload_catalog(), [](auto& e) { return e.workload.key; }));
      return {};
    }
    Workload w;
    if (!v.is_object()) {
      fail("workload", "expected a workload preset key or an object, got " + describe(v));
      return w;
    }
    check_members(
        v, "workload",
        {"name", "parameters", "layers", "hidden_dim", "heads", "kv_heads", "inference_flops"});
    w.name = "custom";
    if (const Value* m = v.find("name")) text(*m, "workload.name", w.name);
    if (const Value* m = required(v, "parameters", "workload.parameters"))
      real(*m, "workload.parameters", w.parameters);
    if (const Value* m = required(v, "layers", "workload.layers"))
      count(*m, "workload.layers", w.layers);
    if (const Value* m = required(v, "hidden_dim", "workload.hidden_dim"))
      count(*m, "workload.hidden_dim", w.hidden_dim);
    if (const Value* m = required(v, "heads", "workload.heads"))
      count(*m, "workload.heads", w.heads);
    if (const Value* m = v.find("kv_heads"); m && !m->is_null()) {
      std::int64_t kv = 0;
      if (count(*m, "workload.kv_heads", kv)) w.kv_heads = kv;
    }
    if (const Value* m = v.find("inference_flops"); m && !m->is_null()) {
      double flops = 0;
      if (real(*m, "workload.inference_flops", flops)) w.inference_flops = flops;
    }
    return w;
  }

  Accelerator accelerator(const Value& v) {
    if (v.is_string()) {
      if (const AcceleratorEntry* entry = find_accelerator(v.string)) return entry->accelerator;
      fail("accelerator",
           "unknown accelerator " + excerpt(v.string) + "; known: " +
               known_keys(accelerator_catalog(), [](auto& e) { return e.accelerator.key; }));
      return {};
    }
    Accelerator a;
    if (!v.is_object()) {
      fail("accelerator", "expected an accelerator preset key or an object, got " + describe(v));
      return a;
    }
    check_members(v, "accelerator",
                  {"name", "peak_flops", "memory_capacity", "memory_bandwidth", "native_link"});
    a.name = "custom";
    if (const Value* m = v.find("name")) text(*m, "accelerator.name", a.name);
    if (const Value* m = required(v, "peak_flops", "accelerator.peak_flops")) {
      if (!m->is_object()) {
        fail("accelerator.peak_flops",
             "expected an object of precision -> FLOP/s, e.g. {\"fp16_dense\": \"989 TFLOP/s\"}, "
             "got " +
                 describe(*m));
      }
      for (const auto& [key, peak] : m->object) peak_entry(a, key, peak);
    }
    if (const Value* m = required(v, "memory_capacity", "accelerator.memory_capacity"))
      quantity(*m, "accelerator.memory_capacity", Dimension::Bytes, a.memory_capacity);
    if (const Value* m = required(v, "memory_bandwidth", "accelerator.memory_bandwidth"))
      quantity(*m, "accelerator.memory_bandwidth", Dimension::Bandwidth, a.memory_bandwidth);
    if (const Value* m = v.find("native_link"); m && !m->is_null())
      text(*m, "accelerator.native_link", a.native_link);
    return a;
  }

  void peak_entry(Accelerator& a, const std::string& key, const Value& peak) {
    const bool nameable = !key.empty() && key.size() <= kMaxNameBytes;
    const std::string field = nameable ? "accelerator.peak_flops." + key : "accelerator.peak_flops";
    const auto p = parse_precision(key);
    if (!p) {
      fail(field, "unknown precision " + excerpt(key) + "; " + precision_help());
      return;
    }
    for (const PeakFlops& existing : a.peak_flops) {
      if (existing.precision == p->key()) {
        fail(field, "the same precision as " + p->key() + ", given twice");
        return;
      }
    }
    double flops = 0;
    if (quantity(peak, field, Dimension::Compute, flops)) a.peak_flops.push_back({p->key(), flops});
  }

  std::vector<Link> links(const Value& v) {
    std::vector<Link> out;
    const std::size_t given = v.is_object() ? v.object.size() : v.array.size();
    if (given > kMaxLinks) {
      fail("links", "expected at most " + std::to_string(kMaxLinks) + " links, got " +
                        std::to_string(given));
      return out;
    }
    if (v.is_object()) {
      for (const auto& [name, link] : v.object) out.push_back(this->link(link, name, out));
    } else if (v.is_array()) {
      for (const Value& element : v.array) {
        std::string name;
        if (element.is_string()) {
          name = element.string;
        } else if (const Value* n = element.find("name")) {
          text(*n, "links[" + std::to_string(out.size()) + "].name", name);
        }
        out.push_back(link(element, name, out));
      }
    } else {
      fail("links",
           "expected an object of name -> link (or an array of links), got " + describe(v));
    }
    return out;
  }

  Link link(const Value& v, const std::string& name, const std::vector<Link>& before) {
    const std::string field = link_path(before, name);
    if (v.is_string()) {
      if (const LinkEntry* entry = find_link(v.string)) return link_from(*entry, name);
      fail(field, "unknown link preset " + excerpt(v.string) +
                      "; known: " + known_keys(link_catalog(), [](auto& e) { return e.key; }));
      return {name, "", 0, 0};
    }
    Link l{name, "", 0, 0};
    if (!v.is_object()) {
      fail(field, "expected a link {bandwidth, latency} or a link preset key, got " + describe(v));
      return l;
    }
    check_members(v, field, {"name", "bandwidth", "latency"});
    if (const Value* m = required(v, "bandwidth", field + ".bandwidth"))
      quantity(*m, field + ".bandwidth", Dimension::Bandwidth, l.bandwidth);
    if (const Value* m = v.find("latency"); m && !m->is_null())
      quantity(*m, field + ".latency", Dimension::Time, l.latency);
    return l;
  }

  std::vector<FieldError>& errors_;
};

}  // namespace

bool read_number_field(Scenario& scenario, std::string_view field, const Value& value,
                       std::vector<FieldError>& errors) {
  return Reader(errors).number_field(scenario, field, value);
}

ScenarioRead read_scenario(const Value& value) {
  ScenarioRead out;
  Reader reader(out.errors);
  out.scenario = reader.scenario(value);
  return out;
}

}  // namespace tplayer
