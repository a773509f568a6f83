// The form: which preset it started from and what the user edited, and the one adapter from it to
// a scenario object. Pure: no DOM, no wasm.
//
//   form = { preset, edits, workload: part, accelerator: part, links: [row] }
//   part = { key, edits }        row = { name, key, edits }                       a priced link
//   row = { name, kind: 'measured', key: '', edits }                    a measured link (SPEC 3.4)
//   row = { name, kind: 'two_tier', key, edits, tiers: [part, part] }  a two-tier link (SPEC 3.5)
//
// `preset` is the catalogue preset the form started from; `key` the catalogue entry a part started
// from ('' for none); `edits` maps a field ('tp_size', 'heads', 'memory_capacity',
// 'peak_flops.fp16_dense', 'bandwidth') to the text typed, [text, unit] for a quantity. A part
// is custom when it has edits or no key. A measured row's edits hold the pasted text
// (`measured`) and its `ranks` and `domain`; a two-tier row's `key` is the two-tier preset it
// started from (catalog().two_tier_links, '' for none), its edits its `ranks_per_node`, and its
// tiers (intra_node, inter_node) are link parts of their own. What is not edited is read from the preset's scenario as
// the core normalised it (check().scenario: every default applied) and from the catalogue entry,
// so the page restates no default. Text is parsed here only to be handed over: a number when it
// is one, anything else as typed, so the core (the one validation path) names the field.

/** Unit choices per kind of quantity (a field name overrides its kind); the first is the one catalogue numbers are shown in. */
export const UNITS = {
  bandwidth: ['GB/s', 'Gb/s', 'TB/s', 'Tb/s', 'MB/s', 'GiB/s'],
  time: ['us', 'ns', 'ms', 's'],
  bytes: ['GiB', 'GB', 'TiB', 'TB'],
  compute: ['TFLOP/s', 'PFLOP/s', 'GFLOP/s'],
  memory_bandwidth: ['TB/s', 'GB/s'],
};
const NUMBER_KINDS = ['count', 'real'];
const TEXT_KINDS = ['precision', 'choice', 'boolean']; // a select or a checkbox: the value as text ("true" for a boolean)
const PARTS = ['workload', 'accelerator'];

/** A decimal number as people type it: "8", "-1.5", "175e9", ".5". */
export const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A two-tier row's tiers, in order, by the core's field names. */
export const TIERS = ['intra_node', 'inter_node'];

/** The field table of a link row (catalog().fields): 'link', 'measured_link' or 'two_tier_link'. */
export const rowKind = (row) =>
  row.kind === 'measured' ? 'measured_link' : row.kind === 'two_tier' ? 'two_tier_link' : 'link';

/** Thrown while code that loads on demand is not loaded yet: `load()` loads it; then try again. */
export class Later extends Error {
  constructor(load) {
    super('loading');
    this.load = load;
  }
}
let rows = null; // rows.js, once loaded
/** The measured and two-tier links' code (rows.js): loaded when a form, a preset or a hash first has one. */
export const loadRows = () => import('./rows.js').then((m) => (rows = m));
/** rows.js; a Later while it is not loaded (a form only gets such a row once it is). */
export function later() {
  if (!rows) throw new Later(loadRows);
  return rows;
}

/**
 * The catalogue indexed for the form: entries by key, fields by name, each preset's scenario as
 * the core normalised it (`normalise`: scenario -> check(scenario).scenario, undefined when the
 * core rejects it), and, per preset, the optional fields whose value the core derives (left out,
 * the core gives the same value): those follow the other fields, unless the user sets them.
 * `readMeasured` is the core's reading of nccl-tests text (api.readMeasured; rows.js's read()
 * remembers the last few).
 */
export function createModel(catalog, normalise, readMeasured) {
  const byKey = (list) => new Map(list.map((e) => [e.key, e]));
  const fields = {};
  for (const [kind, list] of Object.entries(catalog.fields))
    fields[kind] = new Map(list.map((f) => [f.name, f]));
  const presets = new Map();
  const derived = new Map();
  for (const p of catalog.presets) {
    const base = normalise(p.scenario) || p.scenario;
    const optional = catalog.fields.scenario
      .filter((f) => !f.required && Object.hasOwn(base, f.name))
      .map((f) => f.name);
    presets.set(p.key, base);
    derived.set(
      p.key,
      optional.filter((name) =>
        equal(
          normalise(Object.fromEntries(Object.entries(base).filter(([k]) => k !== name)))?.[name],
          base[name],
        ),
      ),
    );
  }
  return {
    catalog,
    fields,
    limits: catalog.limits,
    entries: {
      workload: byKey(catalog.workloads),
      accelerator: byKey(catalog.accelerators),
      link: byKey(catalog.links),
      two_tier: byKey(catalog.two_tier_links || []),
    },
    presets,
    derived,
    normalise,
    readMeasured,
    units: new Map(catalog.units.map((u) => [u.symbol, u.factor])),
  };
}

// ---------------------------------------------------------------------------------------------
// Fields and their text

/** The field a form edit names, in a kind of part ('scenario', 'workload', 'accelerator', 'link'). */
export function fieldInfo(model, kind, name) {
  if (kind === 'accelerator' && name.startsWith('peak_flops.'))
    return { name, kind: 'compute', required: true };
  return model.fields[kind].get(name);
}

export const isQuantity = (info) => !!info && Object.hasOwn(UNITS, info.kind);
/** A field with an input: a number, a quantity, a choice or a yes/no (not a name, a key or a map). */
export const isEditable = (info) =>
  !!info &&
  (isQuantity(info) || NUMBER_KINDS.includes(info.kind) || TEXT_KINDS.includes(info.kind));
export const unitsOf = (info) => UNITS[info.name] || UNITS[info.kind];
/** The fields of a kind of part that have an input, in the core's order (the precision goes with the chip). */
export const editableFields = (model, kind) =>
  [...model.fields[kind].values()].filter((f) => isEditable(f) && f.kind !== 'precision');

/** The shortest exact-looking text of a number: 0.30000000000000004 -> "0.3". */
export const plain = (x) => String(Number(x.toPrecision(12)));

/** Counts as people write them: 96 -> "96", 175e9 -> "175e9", 8.03e9 -> "8.03e9". */
export function countText(x) {
  if (typeof x !== 'number') return String(x ?? '');
  if (Math.abs(x) < 1e6) return plain(x);
  const e = Math.floor(Math.log10(Math.abs(x)) / 3) * 3;
  return `${plain(x / 10 ** e)}e${e}`;
}

/** A value the core or the catalogue holds (SI numbers) as form text: 450e9 -> ["450", "GB/s"]; 80 GiB stays GiB. */
export function textOf(model, info, value) {
  if (!isQuantity(info))
    return NUMBER_KINDS.includes(info.kind) ? countText(value) : String(value ?? '');
  const units = unitsOf(info);
  if (typeof value !== 'number') return [String(value ?? ''), units[0]];
  const unit = info.kind === 'bytes' && value % 2 ** 30 ? 'GB' : units[0];
  return [plain(value / model.units.get(unit)), unit];
}

/**
 * What a part's unedited fields are read from: the preset's scenario, or the part's catalogue
 * entry (a two-tier row's: its two-tier preset; a measured row has none).
 */
export function baseOf(model, form, kind, part) {
  if (kind === 'scenario') return model.presets.get(form.preset);
  return model.entries[kind === 'two_tier_link' ? 'two_tier' : kind]?.get(part.key) || {};
}

const valueIn = (base, name) =>
  name.startsWith('peak_flops.') ? base.peak_flops?.[name.slice(11)] : base[name];

/**
 * The text a field shows: as edited, else the base's value. `part` is a part, a row, or the form
 * (kind 'scenario'); `base` may be the scenario as the core last read it, to show derived values.
 */
export function fieldText(model, form, kind, part, name, base = baseOf(model, form, kind, part)) {
  if (Object.hasOwn(part.edits, name)) return part.edits[name];
  return textOf(model, fieldInfo(model, kind, name), valueIn(base, name));
}

/** Deep equality of plain form data (key order ignored). */
export function equal(a, b) {
  if (a === b) return true;
  if (
    !a ||
    !b ||
    typeof a !== 'object' ||
    typeof b !== 'object' ||
    Array.isArray(a) !== Array.isArray(b)
  )
    return false;
  const ka = Object.keys(a);
  return (
    ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]))
  );
}

/** A part or row that differs from its catalogue entry (a two-tier row: its tiers too). */
export const isCustom = (part, model) =>
  !part.key ||
  Object.keys(part.edits).length > 0 ||
  (part.kind === 'two_tier' && later().tiersCustom(model, part));

/**
 * A link row that is just a bandwidth, as a scenario may give one ("400 Gb/s"): no catalogue
 * link, and no edit but a bandwidth typed as a finite number (its unit from the select). It goes
 * to the core as that quantity, and into the URL as one row.
 */
export const isBare = (row) =>
  !row.kind &&
  !row.key &&
  equal(Object.keys(row.edits), ['bandwidth']) &&
  typeof numberOrText(row.edits.bandwidth[0]) === 'number';

// ---------------------------------------------------------------------------------------------
// Forms from presets, and edits

/**
 * A link row from a link as a scenario gives it (a key, a bandwidth, or an object of any form; a
 * measured or two-tier one by rows.js).
 */
function rowFrom(model, name, value) {
  const v = Object(value);
  if (model.entries.two_tier.has(value) || ['measured', 'intra_node'].some((k) => k in v))
    return later().rowFrom(model, name, value);
  return { name, ...partFrom(model, 'link', value) };
}

/** A part as the form keeps it ({key, edits}) from a value as the scenario gives it. */
export function partFrom(model, kind, value) {
  const key = model.entries[kind]?.has(value);
  // A link given as just a bandwidth ("450 GB/s", or bytes/s): a blank row with that bandwidth.
  if (kind === 'link' && !key && typeof value !== 'object')
    return {
      key: '',
      edits: { bandwidth: textOf(model, fieldInfo(model, kind, 'bandwidth'), value) },
    };
  if (typeof value === 'string') return { key: key ? value : '', edits: {} };
  // An object (a custom part of a preset): every field it has becomes an edit; an edited
  // catalogue link ({preset, ...}) is that entry with the fields that differ from it.
  const entry = kind === 'link' ? model.entries.link.get(value?.preset) : undefined;
  const edits = {};
  for (const [name, v] of Object.entries(value || {})) {
    const info = model.fields[kind].get(name);
    if (name === 'peak_flops')
      for (const [k, peak] of Object.entries(v))
        edits[`peak_flops.${k}`] = textOf(model, { kind: 'compute' }, peak);
    else if (info && (PARTS.includes(kind) || isEditable(info) || name === 'measured')) {
      const text = textOf(model, info, v);
      if (!entry || !equal(text, textOf(model, info, entry[name]))) edits[name] = text;
    }
  }
  return { key: entry ? entry.key : '', edits };
}

/** The form of a catalogue preset, nothing edited; null for an unknown key. */
export function presetForm(model, key) {
  const s = model.presets.get(key);
  if (!s) return null;
  const links = Array.isArray(s.links)
    ? s.links.map((l) => [typeof l === 'string' ? l : l.name, l])
    : Object.entries(s.links);
  return {
    preset: key,
    edits: {},
    workload: partFrom(model, 'workload', s.workload),
    accelerator: partFrom(model, 'accelerator', s.accelerator),
    links: links.map(([name, l]) => rowFrom(model, name, l)),
  };
}

/** True when the form is its preset with nothing edited (the preset is recognised by its key). */
export const isPreset = (model, form) => equal(form, presetForm(model, form.preset));

/**
 * The form with one field set. `where` is 'scenario', 'workload', 'accelerator' or a link row's
 * index (a two-tier row's tiers: rows.js's setTier). A value equal to what the field would be
 * without it is no edit: typing the catalogue number back undoes it. For a field the core
 * derives, that is what the core derives from the rest of the form. With `asGiven`, the edit is
 * kept whatever it is (a hash's edits were edits).
 */
export function setField(model, form, where, name, value, asGiven = false) {
  const row = typeof where === 'number';
  const kind = row ? rowKind(form.links[where]) : where;
  const part = row ? form.links[where] : where === 'scenario' ? form : form[where];
  const without = { ...part.edits };
  delete without[name];
  let same = false;
  if (!asGiven) {
    const derived = kind === 'scenario' && model.derived.get(form.preset).includes(name);
    const base = derived
      ? model.normalise(toScenario(model, { ...form, edits: without })) || {}
      : baseOf(model, form, kind, part);
    same = equal(value, textOf(model, fieldInfo(model, kind, name), valueIn(base, name)));
  }
  const next = { ...part, edits: same ? without : { ...part.edits, [name]: value } };
  if (where === 'scenario') return next;
  if (row) return { ...form, links: form.links.map((r, i) => (i === where ? next : r)) };
  return { ...form, [where]: next };
}

/** The form with a workload or accelerator picked from the catalogue (its edits dropped). */
export const pickPart = (form, kind, key) => ({ ...form, [kind]: { key, edits: {} } });

/** A link name not yet used by `rows`: base, base_2, base_3, ... */
export function freeName(rows, base) {
  let name = base;
  for (let i = 2; rows.some((r) => r.name === name); i++) name = `${base}_${i}`;
  return name;
}

/** The form with a row added: a catalogue link, or a blank one ('' key). */
export function addLink(model, form, key) {
  const entry = model.entries.link.get(key);
  const name = freeName(form.links, entry ? entry.key : `link${form.links.length + 1}`);
  return { ...form, links: [...form.links, { name, key: entry ? key : '', edits: {} }] };
}

// ---------------------------------------------------------------------------------------------
// The adapter: form -> scenario

/** Text -> number when it is one; otherwise the text itself, for the core to reject by name. */
export function numberOrText(text) {
  const t = String(text).trim();
  const n = Number(t);
  return NUMBER_RE.test(t) && Number.isFinite(n) ? n : t;
}

/** [text, unit] -> "<text> <unit>"; a text that carries its own unit ("400 Gb/s") is sent as typed. */
export function quantityValue([text, unit]) {
  const t = String(text).trim();
  return t && /^[\d\s.eE+-]*$/.test(t) ? `${t} ${unit}` : t;
}

/** What the user typed in a field, as the scenario carries it; undefined for a blank optional field (the core's default). */
export function parseAs(info, typed) {
  const text = isQuantity(info) ? typed[0] : typed;
  if (!info.required && !String(text).trim()) return undefined;
  if (info.kind === 'boolean' && /^(true|false)$/.test(typed)) return typed === 'true';
  return isQuantity(info)
    ? quantityValue(typed)
    : NUMBER_KINDS.includes(info.kind)
      ? numberOrText(typed)
      : typed;
}

/**
 * A part as the scenario carries it: its catalogue key while unedited, else an object of every
 * field. An edited catalogue link names its preset and gives only the edits, so that it keeps
 * the preset's domain and NCCL protocols (the core fills in the rest).
 */
export function partValue(model, kind, part, asObject) {
  const entry = model.entries[kind].get(part.key);
  if (entry && !isCustom(part) && !asObject) return part.key;
  if (kind === 'link' && !asObject && isBare(part)) return quantityValue(part.edits.bandwidth);
  if (entry && kind === 'link') {
    const out = { preset: part.key };
    for (const [name, typed] of Object.entries(part.edits)) {
      if (name === 'name') continue;
      const value = parseAs(fieldInfo(model, kind, name), typed);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }
  const out = {};
  const put = (name, value) => value !== undefined && (out[name] = value);
  for (const [name, info] of model.fields[kind]) {
    if (name === 'name') {
      if (kind !== 'link')
        put(
          name,
          part.edits.name ?? (entry && (isCustom(part) ? `${entry.name} (edited)` : entry.name)),
        ); // a row names its link
    } else if (name === 'peak_flops') {
      const peaks = { ...entry?.peak_flops };
      for (const [k, typed] of Object.entries(part.edits))
        if (k.startsWith('peak_flops.'))
          peaks[k.slice(11)] = parseAs(fieldInfo(model, kind, k), typed);
      out.peak_flops = peaks;
    } else {
      put(name, Object.hasOwn(part.edits, name) ? parseAs(info, part.edits[name]) : entry?.[name]);
    }
  }
  return out;
}

/** A link row as the scenario carries it (`asObject`: as an object, for the array form of links). */
const rowValue = (model, row, asObject) =>
  row.kind ? later().rowValue(model, row, asObject) : partValue(model, 'link', row, asObject);

/**
 * The scenario object for the form: the preset's normalised scenario with the edits put in, less
 * the unedited fields the core derives (so that they follow the edits). Parts left as the
 * catalogue has them go as catalogue keys, so an unedited preset reads as exactly the preset.
 * Links go as the ordered map name -> link, or as an array when a JS object cannot keep
 * the rows as they are (a repeated name, or one an object would reorder); the core names a link
 * the same way in both.
 */
export function toScenario(model, form) {
  const out = { ...model.presets.get(form.preset) };
  for (const name of model.derived.get(form.preset)) delete out[name];
  for (const [name, typed] of Object.entries(form.edits)) {
    const value = parseAs(fieldInfo(model, 'scenario', name), typed);
    if (value === undefined) delete out[name];
    else out[name] = value;
  }
  for (const kind of PARTS) out[kind] = partValue(model, kind, form[kind]);
  const rows = form.links;
  const asMap = rows.every(
    (r, i) => !/^(0|[1-9]\d*)$/.test(r.name) && rows.findIndex((x) => x.name === r.name) === i,
  );
  out.links = asMap
    ? Object.fromEntries(rows.map((r) => [r.name, rowValue(model, r)]))
    : rows.map((r) => ({ ...rowValue(model, r, true), name: r.name }));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Which input a core message belongs to, by its path (["links", "nvlink", "bandwidth"])

/**
 * The id of the input that a message's path names, or '' when none does (it then shows above the
 * form). A link is named by its index or by its name (the first row with that name).
 */
export function inputFor(model, form, path) {
  const [top, field, sub] = path || [];
  const has = (kind, name) => isEditable(fieldInfo(model, kind, String(name)));
  if (PARTS.includes(top)) {
    if (top === 'accelerator' && field === 'peak_flops') {
      return path.length === 3 && sub === fieldText(model, form, 'scenario', form, 'precision')
        ? 'accelerator.peak_flops'
        : top;
    }
    return path.length === 2 && has(top, field) ? `${top}.${field}` : top;
  }
  if (top === 'links') {
    const i = typeof field === 'number' ? field : form.links.findIndex((r) => r.name === field);
    const row = form.links[i];
    if (path.length === 1 || !row) return 'links';
    // The link as a whole (its domain, its calibration): the row; for a bare bandwidth, that box.
    if (path.length === 2) return isBare(row) ? `link.${i}.bandwidth` : `link.${i}`;
    if (row.kind && sub !== 'name') return later().inputFor(model, row, i, path.slice(2));
    return path.length === 3 && (has('link', sub) || sub === 'name')
      ? `link.${i}.${sub}`
      : `link.${i}`;
  }
  return path?.length === 1 && has('scenario', top) ? top : '';
}

/** Messages grouped by input id; the ones no input owns go under ''. */
export function messagesByInput(model, form, list) {
  const out = {};
  for (const e of list) (out[inputFor(model, form, e.path)] ||= []).push(e);
  return out;
}

/** At most `n` characters of user text, control characters blanked, for messages. */
export function clip(text, n = 40) {
  // eslint-disable-next-line no-control-regex
  const s = String(text).replace(/[\u0000-\u001f\u007f]/g, ' ');
  return s.length > n ? `${s.slice(0, n)}…` : s;
}
