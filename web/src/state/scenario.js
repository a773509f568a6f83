// The scenario the user edits, as the page holds it, and the one adapter from it to the core.
//
//   form = { preset, scenario }
//
// `preset` is the scenario preset the form started from; `scenario` a partial scenario in the
// core's own shape and names. Its leaves are SI numbers (the catalogue's) or text as typed
// ([text, unit] for a quantity). A catalogue-backed part is its key or {preset: key, ...edits}.
// The links are rows, [{name, ...link}]: a measured link has `measured` (the text pasted) or
// `rows` ([[bytes, seconds], ...]: from a link), a two-tier link `intra_node` and `inter_node`.
// A preset's derived defaults are left out until the user sets them, so that they follow.
// Whether a part is still its entry, what a key resolves to: the core answers (check()), nothing
// here compares what was typed. Pure: no DOM, no wasm.

/** Unit choices per kind of quantity (a field name overrides its kind); the first shows catalogue numbers. */
const UNITS = {
  bandwidth: ['GB/s', 'Gb/s', 'TB/s', 'Tb/s', 'MB/s', 'GiB/s'],
  time: ['us', 'ns', 'ms', 's'],
  bytes: ['GiB', 'GB', 'TiB', 'TB'],
  custom_max_bytes: ['MiB', 'MB', 'KiB', 'KB', 'GiB', 'GB'], // the engines' limits are a few MiB
  compute: ['TFLOP/s', 'PFLOP/s', 'GFLOP/s'],
  memory_bandwidth: ['TB/s', 'GB/s'],
};
const NUMBER_KINDS = ['count', 'real'];
const TEXT_KINDS = ['precision', 'choice', 'boolean']; // a select or a checkbox
/** The parts below a field of these kinds. */
const PARTS = ['workload', 'accelerator', 'serving_engine', 'links', 'peak_flops', 'link'];
export const ROW_KINDS = ['link', 'measured_link', 'two_tier_link'];

export const TIERS = ['intra_node', 'inter_node'];

/** The catalogue indexed: entries and fields by kind, each preset, the units' factors. */
export function createModel(catalog) {
  const byKey = (list, key = 'key') => new Map((list || []).map((e) => [e[key], e]));
  return {
    catalog,
    fields: Object.fromEntries(
      Object.entries(catalog.fields).map(([kind, list]) => [kind, byKey(list, 'name')]),
    ),
    limits: catalog.limits,
    presets: byKey(catalog.presets),
    entries: {
      workload: byKey(catalog.workloads),
      accelerator: byKey(catalog.accelerators),
      serving_engine: byKey(catalog.serving_engines),
      link: byKey(catalog.links),
      two_tier_link: byKey(catalog.two_tier_links),
    },
    units: new Map(catalog.units.map((u) => [u.symbol, u.factor])),
  };
}

export const kindOf = (model, row) =>
  'measured' in row || 'rows' in row
    ? 'measured_link'
    : TIERS.some((t) => t in row) || model.entries.two_tier_link.has(row.preset)
      ? 'two_tier_link'
      : 'link';

/** The catalogue entry of a part (its key, or its `preset`), if any. */
const entryOf = (model, kind, node) =>
  model.entries[kind]?.get(typeof node === 'string' ? node : node?.preset);

/** A part with its catalogue entry's fields under its own (a key: the entry). */
export function resolved(model, kind, node) {
  const e = entryOf(model, kind, node);
  if (!e || typeof node === 'string') return e || node;
  const out = { ...e, ...node };
  if (node.peak_flops) out.peak_flops = { ...e.peak_flops, ...node.peak_flops };
  return out;
}

/**
 * resolved(model, kind, node)[k] without the merged copy (a form's every field walks its path
 * on every render: ~85 KB an edit when each step copied its part).
 */
export function memberOf(model, kind, node, k) {
  const e = entryOf(model, kind, node);
  if (!e || typeof node === 'string') return (e || node)?.[k];
  if (k === 'peak_flops' && node.peak_flops) return resolved(model, kind, node).peak_flops;
  return Object.hasOwn(node, k) ? node[k] : e[k];
}

/**
 * What `k` is below a part of `kind`: {kind} of a part, {field} of a leaf, or null. A 'row' (a
 * link row whose kind is not known yet: the URL's) has the fields of every kind of link.
 */
export function childOf(model, kind, node, k) {
  if (kind === 'links') return node?.[k] ? { kind: kindOf(model, node[k]) } : null;
  if (kind === 'peak_flops') return { field: { name: String(k), kind: 'compute', required: true } };
  const f =
    kind === 'row'
      ? ROW_KINDS.map((t) => model.fields[t]?.get(k)).find(Boolean)
      : model.fields[kind]?.get(k);
  if (!f) return null;
  return PARTS.includes(f.kind) ? { kind: f.kind } : { field: f };
}

/** What a path of the form names (as childOf) and the value there, the form's or its entry's. */
function walk(model, scenario, path) {
  let at = { kind: 'scenario' };
  let node = scenario;
  for (const k of path) {
    const next = at?.kind ? childOf(model, at.kind, node, k) : null;
    node = memberOf(model, at?.kind, node, k);
    at = next;
  }
  return { at, node };
}
export const schema = (model, scenario, path) => walk(model, scenario, path).at;
/** What a leaf left blank stands for: inside a catalogue part its entry's value, else its default. */
export function blankValue(model, scenario, path) {
  const { at, node } = walk(model, scenario, path.slice(0, -1));
  return (
    entryOf(model, at?.kind, node)?.[path.at(-1)] ?? schema(model, scenario, path).field.default
  );
}
export const valueAt = (model, scenario, path) => walk(model, scenario, path).node;

// A link row's identity for the page (its Preact key: a row keeps its editor's own state, what a
// file pick said, when a row above it goes): made when the row enters the form (withRowIds), kept
// through every edit of it (setAt, a whole row set included), and never sent, linked or compared
// (a property that no key listing, copy or JSON sees).
const ROW_ID = Symbol('row id');
let rowsMade = 0;
const carryId = (from, to) =>
  ROW_ID in Object(from) ? Object.defineProperty(to, ROW_ID, { value: from[ROW_ID] }) : to;

/** A link row's id (withRowIds), undefined for a row not yet in a form. */
export const rowId = (row) => row[ROW_ID];

/** The form with an id on each row that has none (on a copy of it): a new row is another row. */
export function withRowIds(form) {
  const rows = form.scenario.links;
  if (rows.every((r) => ROW_ID in r)) return form;
  const links = rows.map((r) =>
    ROW_ID in r ? r : Object.defineProperty({ ...r }, ROW_ID, { value: ++rowsMade }),
  );
  return { ...form, scenario: { ...form.scenario, links } };
}

/**
 * The scenario with the value at `path` set (undefined: left out). A catalogue part edited becomes
 * {preset: key, ...edits}; what it had from its entry below (a two-tier preset's tier) comes along.
 */
export function setAt(model, scenario, path, value) {
  const put = (kind, node, i) => {
    // A row set whole (its measured text, a two-tier pick) is that row edited: it keeps its id.
    if (i === path.length)
      return ROW_ID in Object(node) && value?.constructor === Object
        ? carryId(node, { ...value })
        : value;
    const k = path[i];
    const out = carryId(
      node,
      typeof node === 'string' ? { preset: node } : Array.isArray(node) ? [...node] : { ...node },
    );
    const below = out[k] ?? (i < path.length - 1 ? memberOf(model, kind, node, k) : undefined);
    out[k] = put(childOf(model, kind, node, k)?.kind, below, i + 1);
    if (out[k] === undefined) delete out[k];
    return out;
  };
  return put('scenario', scenario, 0);
}

/** The form of a scenario preset, nothing edited, its derived defaults left out; null for an unknown key. */
export function presetForm(model, key) {
  const p = model.presets.get(key);
  if (!p) return null;
  const scenario = { ...p.scenario };
  for (const d of p.derived || []) delete scenario[d.path.join('.')];
  return formOf(model, key, scenario);
}

/**
 * The form over preset `key` of a valid scenario in the core's shape (links an object or a list),
 * as <tp-layer scenario> shows it. A link given as text is a catalogue key or a bandwidth.
 */
export function formOf(model, key, core) {
  const { links } = core;
  const rows = Array.isArray(links)
    ? links.map((l) => (typeof l === 'string' ? { name: l, preset: l } : l))
    : Object.entries(links).map(([name, v]) =>
        typeof v === 'string' && isLinkKey(model, v)
          ? { name, preset: v }
          : typeof v === 'object'
            ? { name, ...v }
            : { name, bandwidth: v },
      );
  return { preset: key, scenario: { ...core, links: rows } };
}

export const isLinkKey = (model, key) =>
  model.entries.link.has(key) || model.entries.two_tier_link.has(key);

/** A name not used by `rows` yet: base, base_2, base_3, ... */
function freeName(rows, base) {
  let name = base;
  for (let i = 2; rows.some((r) => r.name === name); i++) name = `${base}_${i}`;
  return name;
}

/**
 * The scenario with a row added: `pick` is a catalogue link's key, '' for a blank one,
 * '@measured' for a measured link (its text still to paste), '@two_tier' for a two-tier link of
 * the form's own node link and network, or '@two_tier:<key>' for a catalogue two-tier link.
 */
export function addRow(model, scenario, pick) {
  const rows = scenario.links;
  const key = pick.replace(/^@two_tier:/, '');
  let row;
  if (pick === '@measured') row = { name: freeName(rows, 'measured'), measured: '' };
  else if (pick === '@two_tier')
    row = { name: freeName(rows, 'two_tier'), ...newTiers(model, scenario) };
  else if (isLinkKey(model, key)) row = { name: freeName(rows, key), preset: key };
  else row = { name: freeName(rows, `link${rows.length + 1}`) };
  return { ...scenario, links: [...rows, row] };
}

/**
 * A new two-tier link's tiers: the form's first link with a domain (else the chip's own) inside the
 * node, its first without one (a network) across, and the node link's domain as the ranks per node.
 */
function newTiers(model, scenario) {
  const links = model.entries.link;
  const keys = scenario.links.map((r) => r.preset).filter((k) => links.has(k));
  const chip = valueAt(model, scenario, ['accelerator', 'native_link']);
  const intra =
    keys.find((k) => links.get(k).domain) ||
    (links.has(chip) ? chip : model.catalog.links.find((l) => l.domain)?.key);
  const inter = keys.find((k) => !links.get(k).domain) || {};
  const g = links.get(intra)?.domain;
  return { intra_node: intra || {}, inter_node: inter, ...(g && { ranks_per_node: String(g) }) };
}

/** Two-tier row `i` from catalogue two-tier link `key`, or ('') its tiers written out as its own. */
export function pickTwoTier(model, scenario, i, key) {
  const row = scenario.links[i];
  const at = (name) => valueAt(model, scenario, ['links', i, name]);
  const next = model.entries.two_tier_link.has(key)
    ? { name: row.name, preset: key }
    : {
        name: row.name,
        intra_node: at('intra_node'),
        inter_node: at('inter_node'),
        ranks_per_node: String(at('ranks_per_node') ?? ''),
      };
  return setAt(model, scenario, ['links', i], next);
}

// ---------------------------------------------------------------------------------------------
// Text: what was typed, to the core; what the core or the catalogue holds, to the inputs

export const isQuantity = (info) => !!info && Object.hasOwn(UNITS, info.kind);
/** A field with an input: a number, a quantity, a choice or a yes/no (not a name, a key or a map). */
export const isEditable = (info) =>
  !!info &&
  (isQuantity(info) || NUMBER_KINDS.includes(info.kind) || TEXT_KINDS.includes(info.kind));
export const unitsOf = (info) => UNITS[info.name] || UNITS[info.kind];
/** The fields of a kind of part that have an input, in the core's order (the precision goes with the chip). */
export const editableFields = (model, kind) =>
  [...model.fields[kind].values()].filter((f) => isEditable(f) && f.kind !== 'precision');

/** A decimal number as people type it: "8", "-1.5", "175e9", ".5". */
export const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Text -> number when it is one; otherwise the text itself, for the core to reject by name. */
export function numberOrText(text) {
  const t = String(text).trim();
  const n = Number(t);
  return NUMBER_RE.test(t) && Number.isFinite(n) ? n : t;
}

/**
 * A leaf as the scenario carries it: a number as typed, a quantity "<number> <unit>", a yes/no
 * true or false; a blank optional field left out, so the core applies its default; anything else
 * as typed, for the core to name. An array is a [number, unit] pair only for a quantity: a list
 * (measured rows, protocol or custom branches) goes as it is.
 */
export function parse(info, v) {
  const pair = Array.isArray(v);
  if (!info || (typeof v !== 'string' && !pair) || (pair && !isQuantity(info))) return v;
  const text = String(pair ? v[0] : v).trim();
  if (!text && !info.required && info.kind !== 'string') return undefined; // a text stays as typed
  if (pair) return /^[\d\s.eE+-]+$/.test(text) ? `${text} ${v[1]}` : text;
  if (info.kind === 'boolean' && /^(true|false)$/.test(text)) return text === 'true';
  return NUMBER_KINDS.includes(info.kind) || isQuantity(info) ? numberOrText(v) : v;
}

/** The scenario object for the core: typed leaves parsed, parts left as their catalogue key while unedited. */
export function toCore(model, scenario) {
  const part = (kind, node) => {
    if (!node || typeof node !== 'object') return node;
    if (kind === 'links') return links(node);
    const out = {};
    for (const [k, v] of Object.entries(node)) {
      const c = childOf(model, kind, node, k);
      const x = c?.kind ? part(c.kind, v) : parse(c?.field, v);
      if (x !== undefined) out[k] = x;
    }
    return out;
  };
  // The ordered map name -> link, or an array when an object cannot keep the rows as they are (a
  // repeated name, or one an object would reorder); the core names a link the same way in both.
  const links = (rows) => {
    const values = rows.map((r) => ({ ...part(kindOf(model, r), r), name: r.name }));
    const asMap = rows.every(
      (r, i) => !/^(0|[1-9]\d*)$/.test(r.name) && rows.findIndex((x) => x.name === r.name) === i,
    );
    if (!asMap) return values;
    return Object.fromEntries(
      values.map(({ name, ...v }) => [name, Object.keys(v).join() === 'preset' ? v.preset : v]),
    );
  };
  return part('scenario', scenario);
}

/**
 * The text of `x` in `from` (12) significant digits where they read back (`back`) as exactly
 * `want`, else in as many more as it takes: a link reopens on the very value (12 digits alone took
 * a value at the 1e-30 bound below it, and the link no longer opened).
 */
export function plain(x, back = Number, want = x, from = 12) {
  for (let p = from; p < 17; p++) {
    const t = String(Number(x.toPrecision(p)));
    if (back(t) === want) return t;
  }
  return String(x);
}

/** How the core reads "<t> <unit>" (units.cpp): divided by 1e3, 1e6, 1e9 for ms, us, ns, else times the factor. */
const reader = (factor) =>
  factor < 1 ? (t) => Number(t) / Math.round(1 / factor) : (t) => Number(t) * factor;

/** Counts as people write them: 96 -> "96", 175e9 -> "175e9", 8.03e9 -> "8.03e9". */
function countText(x) {
  if (typeof x !== 'number') return String(x ?? '');
  if (Math.abs(x) < 1e6) return plain(x);
  const e = Math.floor(Math.log10(Math.abs(x)) / 3) * 3;
  return `${plain(x / 10 ** e, (t) => Number(`${t}e${e}`), x)}e${e}`;
}

/**
 * A leaf as its input shows it: typed text as typed; 450e9 B/s -> ["450", "GB/s"]; a byte count in
 * its binary unit when it is a whole number of them (80 GiB, 8 MiB), else in the decimal one (141 GB).
 */
export function textOf(model, info, v) {
  if (Array.isArray(v) || !info) return v ?? '';
  if (!isQuantity(info)) return NUMBER_KINDS.includes(info.kind) ? countText(v) : String(v ?? '');
  const units = unitsOf(info);
  if (typeof v !== 'number') return [String(v ?? ''), units[0]];
  const unit = info.kind === 'bytes' && v % model.units.get(units[0]) ? units[1] : units[0];
  const factor = model.units.get(unit);
  return [plain(v / factor, reader(factor), v), unit];
}

/**
 * What the input of `path` shows: the form's value (its catalogue entry's while unedited), or
 * for a scenario field the form leaves out, the value the core used (`core`: check()'s scenario).
 */
export function shown(model, form, path, core) {
  let v = valueAt(model, form.scenario, path);
  if (v === undefined && path.length === 1) v = core?.[path[0]];
  return textOf(model, schema(model, form.scenario, path)?.field, v);
}

/** Whether the part at `path` is still its catalogue entry: check()'s `entries`, else unedited. */
export function isEntry(model, form, path, entries) {
  if (!entries) {
    const v = valueAt(model, form.scenario, path);
    return (
      typeof v === 'string' ||
      (!!v && 'preset' in v && Object.keys(v).every((k) => k === 'preset' || k === 'name'))
    );
  }
  return within(
    entries,
    path.map((k, i) => (i === 1 && path[0] === 'links' ? form.scenario.links[k]?.name : k)),
  );
}

/** Whether `at` (a path, links by name) is a part check()'s `entries` names, or inside one. */
export const within = (entries, at) =>
  entries.some((e) => e.length <= at.length && e.every((k, i) => k === at[i]));

// ---------------------------------------------------------------------------------------------
// Which input a core message belongs to, by its path (["links", "nvlink", "bandwidth"])

/** The input id of a form path: 'tp_size', 'workload.layers', 'link.0.bandwidth', 'link.2.inter_node'. */
export const idOf = (path) =>
  (path[0] === 'links' && path.length > 1 ? ['link', ...path.slice(1)] : path).join('.');

/**
 * The id of the input that a message's path names, or '' (shown above the form): the field, else
 * the nearest part with a place for messages. A link is named by its index or by its name (the
 * first row with that name); a peak by the precision shown (`precision`).
 */
export function inputFor(model, scenario, corePath, precision) {
  const p = [...(corePath || [])];
  if (p[0] === 'links' && p.length > 1) {
    if (typeof p[1] !== 'number') p[1] = scenario.links.findIndex((r) => r.name === p[1]);
    if (!scenario.links[p[1]]) return 'links';
  }
  if (p[0] === 'accelerator' && p[1] === 'peak_flops')
    return p.length === 3 && p[2] === precision ? 'accelerator.peak_flops' : 'accelerator';
  for (let n = p.length; n > 0; n--) {
    const at = schema(model, scenario, p.slice(0, n));
    const name = at?.field?.name;
    if (name === 'measured' || name === 'rows') return idOf([...p.slice(0, n - 1), 'measured']);
    if (at?.kind || isEditable(at?.field) || (name === 'name' && n === 3))
      return idOf(p.slice(0, n));
  }
  return '';
}

/** Messages grouped by input id; the ones no input owns go under ''. */
export function messagesByInput(model, scenario, list, precision) {
  const out = {};
  for (const e of list) (out[inputFor(model, scenario, e.path, precision)] ||= []).push(e);
  return out;
}

/**
 * At most `n` characters (code points) of user text, for messages: controls (C0, C1), format
 * characters (bidi overrides and isolates, zero-width ones, the BOM) and line separators blanked,
 * so an echoed key cannot reorder or hide the notice around it.
 */
export function clip(text, n = 40) {
  const s = [...String(text).replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')];
  return s.length > n ? `${s.slice(0, n).join('')}…` : s.join('');
}
