// The form's state and the one adapter from it to a scenario object (SPEC section 2).
// Pure: no DOM, no wasm. Every field of the form is the text the user typed; numbers are
// parsed here only to hand them to the core, and text that is not a number is passed on as
// it is, so the core (the one validation path) says what was expected and what came.

export const DEFAULT_PRESET = 'Gpt3TensorParallelLayerTp8';

/** Unit choices next to each kind of number; the first is the one the page shows catalogue numbers in. */
export const UNITS = {
  bandwidth: ['GB/s', 'Gb/s', 'TB/s', 'Tb/s', 'MB/s', 'GiB/s'],
  latency: ['us', 'ns', 'ms', 's'],
  memory: ['GiB', 'GB', 'TiB', 'TB'],
  memoryBandwidth: ['TB/s', 'GB/s'],
  peak: ['TFLOP/s', 'PFLOP/s', 'GFLOP/s'],
};

/** A decimal number as people type it: "8", "-1.5", "175e9", ".5". */
export const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export const WORKLOAD_FIELDS = ['parameters', 'layers', 'hidden_dim', 'heads', 'kv_heads', 'inference_flops'];
const OPTIONAL = ['kv_heads', 'inference_flops']; // left out of the scenario when blank

// ---------------------------------------------------------------------------------------------
// Catalogue entries as form text

/** The shortest exact-looking text of a number: 0.30000000000000004 -> "0.3". */
export const plain = (x) => String(Number(x.toPrecision(12)));

/** Counts as people write them: 96 -> "96", 175e9 -> "175e9", 8.03e9 -> "8.03e9". */
export function countText(x) {
  if (x == null) return '';
  if (Math.abs(x) < 1e6) return plain(x);
  const e = Math.floor(Math.log10(Math.abs(x)) / 3) * 3;
  return `${plain(x / 10 ** e)}e${e}`;
}

/**
 * A catalogue quantity (a number in SI units) -> [text, unit]: 450e9 -> ["450", "GB/s"]; 80 GiB
 * stays GiB. The unit's factor is the core's (catalog.units), not restated here.
 */
export function quantityText(kind, value, catalog) {
  if (typeof value !== 'number') return [String(value ?? ''), UNITS[kind][0]];
  const unit = kind === 'memory' && value % 2 ** 30 ? 'GB' : UNITS[kind][0];
  return [plain(value / index(catalog).units.get(unit)), unit];
}

const indexCache = new WeakMap();
/** Key -> entry maps of a catalogue (cached per catalogue object). */
export function index(catalog) {
  let idx = indexCache.get(catalog);
  if (!idx) {
    idx = {};
    for (const kind of ['workloads', 'accelerators', 'links', 'presets']) idx[kind] = new Map(catalog[kind].map((e) => [e.key, e]));
    idx.units = new Map(catalog.units.map((u) => [u.symbol, u.factor]));
    indexCache.set(catalog, idx);
  }
  return idx;
}

export function workloadForm(entry) {
  const w = { key: entry.key || '', name: entry.name || '' };
  for (const f of WORKLOAD_FIELDS) w[f] = countText(entry[f]);
  return w;
}

export function acceleratorForm(entry, catalog) {
  const peaks = {};
  for (const [k, v] of Object.entries(entry.peak_flops || {})) peaks[k] = quantityText('peak', v, catalog);
  return {
    key: entry.key || '',
    name: entry.name || '',
    peaks,
    memory: quantityText('memory', entry.memory_capacity, catalog),
    bandwidth: quantityText('memoryBandwidth', entry.memory_bandwidth, catalog),
    native_link: entry.native_link || '',
  };
}

/** A links-editor row from a catalogue link preset. */
export const linkRowFromPreset = (entry, name, catalog) => ({
  name,
  bandwidth: quantityText('bandwidth', entry.bandwidth, catalog),
  latency: quantityText('latency', entry.latency, catalog),
  preset: entry.key,
});

/** A link name not yet used by `rows`: base, base_2, base_3, ... */
export function freeName(rows, base) {
  let name = base;
  for (let i = 2; rows.some((r) => r.name === name); i++) name = `${base}_${i}`;
  return name;
}

/** The form that shows a scenario object (the catalogue's presets name their parts by key). */
export function formFromScenario(s, catalog) {
  const idx = index(catalog);
  const of = (kind, v) => idx[kind].get(v) || { ...(typeof v === 'object' && v), key: '' };
  const links = Array.isArray(s.links) ? s.links.map((l) => [typeof l === 'string' ? l : l.name, l]) : Object.entries(s.links || {});
  return {
    workload: workloadForm(of('workloads', s.workload)),
    accelerator: acceleratorForm(of('accelerators', s.accelerator), catalog),
    precision: normalPrecision(s.precision ?? 'fp16_dense'),
    tp_size: String(s.tp_size ?? ''),
    tokens: String(s.tokens ?? ''),
    local_efficiency: String(s.local_efficiency ?? ''),
    collectives_per_layer: String(s.collectives_per_layer ?? 2),
    links: links.map(([name, l]) => {
      const entry = idx.links.get(l);
      return entry ? linkRowFromPreset(entry, name, catalog) : { ...linkRowFromPreset(l || {}, name, catalog), preset: '' };
    }),
  };
}

/** "fp16" -> "fp16_dense"; anything else unchanged (the core judges it). */
export const normalPrecision = (key) => (/^[a-z0-9]+$/.test(key) ? `${key}_dense` : String(key));

export function presetForm(key, catalog) {
  const preset = index(catalog).presets.get(key);
  return preset ? formFromScenario(preset.scenario, catalog) : null;
}

// ---------------------------------------------------------------------------------------------
// Custom-ness: a catalogue entry with every number as the catalogue has it, or "custom"

/** The same [text, unit]. */
export const sameQ = (a, b) => !!b && a[0] === b[0] && a[1] === b[1];

export function workloadIsCustom(w, catalog) {
  const entry = index(catalog).workloads.get(w.key);
  const base = entry && workloadForm(entry);
  return !base || WORKLOAD_FIELDS.some((f) => w[f] !== base[f]);
}

export function acceleratorIsCustom(a, catalog) {
  const entry = index(catalog).accelerators.get(a.key);
  const base = entry && acceleratorForm(entry, catalog);
  const keys = Object.keys(a.peaks);
  return (
    !base ||
    keys.length !== Object.keys(base.peaks).length ||
    keys.some((k) => !sameQ(a.peaks[k], base.peaks[k])) ||
    !sameQ(a.memory, base.memory) ||
    !sameQ(a.bandwidth, base.bandwidth)
  );
}

/** True when a row still has its catalogue link's numbers (so the catalogue's label describes it). */
export function linkIsPreset(row, catalog) {
  const entry = index(catalog).links.get(row.preset);
  return !!entry && sameQ(row.bandwidth, quantityText('bandwidth', entry.bandwidth, catalog)) && sameQ(row.latency, quantityText('latency', entry.latency, catalog));
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

/**
 * The scenario object of SPEC section 2 for the form: a conversion only, every rule is the
 * core's. Parts left as the catalogue has them go as catalogue keys (or its own doubles), so an
 * untouched preset is exactly the preset.
 */
export function toScenario(form, catalog) {
  const idx = index(catalog);
  const w = form.workload;
  let workload = w.key;
  if (workloadIsCustom(w, catalog)) {
    workload = { name: w.key ? `${w.name} (edited)` : 'custom' };
    for (const f of WORKLOAD_FIELDS) if (!OPTIONAL.includes(f) || String(w[f]).trim()) workload[f] = numberOrText(w[f]);
  }
  const a = form.accelerator;
  let accelerator = a.key;
  if (acceleratorIsCustom(a, catalog)) {
    const entry = idx.accelerators.get(a.key) || { peak_flops: {} };
    const base = acceleratorForm(entry, catalog);
    const q = (value, baseValue, number) => (sameQ(value, baseValue) ? number : quantityValue(value));
    const peak_flops = {};
    for (const [k, v] of Object.entries(a.peaks)) peak_flops[k] = q(v, base.peaks[k], entry.peak_flops[k]);
    accelerator = {
      name: a.key ? `${a.name} (edited)` : 'custom',
      peak_flops,
      memory_capacity: q(a.memory, base.memory, entry.memory_capacity),
      memory_bandwidth: q(a.bandwidth, base.bandwidth, entry.memory_bandwidth),
    };
    if (a.native_link) accelerator.native_link = a.native_link;
  }
  // SPEC's ordered map name -> link; an array when a map cannot keep the rows (an empty or
  // repeated name, or one a JS object would reorder), so that the core can name the row.
  const rows = form.links;
  const asMap = rows.every((r, i) => r.name && !/^(0|[1-9]\d*)$/.test(r.name) && rows.findIndex((x) => x.name === r.name) === i);
  const links = asMap ? {} : [];
  rows.forEach((r, i) => {
    const entry = linkIsPreset(r, catalog) && idx.links.get(r.preset);
    const link = entry ? { bandwidth: entry.bandwidth, latency: entry.latency } : { bandwidth: quantityValue(r.bandwidth), latency: quantityValue(r.latency) };
    if (asMap) links[r.name] = entry ? entry.key : link;
    else links.push({ name: r.name, ...link });
  });
  const scenario = {
    type: 'TensorParallelLayerScenario',
    workload,
    tp_size: numberOrText(form.tp_size),
    tokens: numberOrText(form.tokens),
    accelerator,
    precision: form.precision,
    local_efficiency: numberOrText(form.local_efficiency),
    links,
    collectives_per_layer: numberOrText(form.collectives_per_layer),
  };
  return scenario;
}

/** At most `n` characters of user text, control characters blanked, for messages. */
export function clip(text, n = 40) {
  // eslint-disable-next-line no-control-regex
  const s = String(text).replace(/[\u0000-\u001f\u007f]/g, ' ');
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

// ---------------------------------------------------------------------------------------------
// Which input a core {field, message} belongs to

const TOP = ['tp_size', 'tokens', 'local_efficiency', 'collectives_per_layer', 'precision', 'links', 'accelerator.memory_capacity', 'accelerator.memory_bandwidth'];

/**
 * The id of the input a field path names, or '' when none does (the message then shows above
 * the form). Links are found by name (`links.<name>.x`, the first row with that name; names
 * may contain dots) or by index (`links[<i>].x`).
 */
export function inputFor(field, form) {
  const f = String(field);
  if (TOP.includes(f)) return f;
  if (f.startsWith('workload')) return WORKLOAD_FIELDS.includes(f.slice(9)) && f[8] === '.' ? f : 'workload';
  let m;
  if (f.startsWith('accelerator')) {
    m = /^accelerator\.peak_flops\.(.+)$/.exec(f);
    return m && normalPrecision(m[1]) === form.precision ? 'accelerator.peak' : 'accelerator';
  }
  let row = -1;
  let part;
  if ((m = /^links\[(\d+)\]\.?(.*)$/.exec(f))) {
    row = +m[1];
    part = m[2];
  } else if (f.startsWith('links.')) {
    const tail = f.slice(6);
    let best = '';
    form.links.forEach((r, i) => {
      if (r.name.length > best.length && (tail === r.name || tail.startsWith(`${r.name}.`)) && form.links.findIndex((x) => x.name === r.name) === i) {
        best = r.name;
        row = i;
      }
    });
    part = tail.slice(best.length + 1);
  } else {
    return '';
  }
  if (!form.links[row]) return 'links';
  return `link.${row}.${part === 'bandwidth' || part === 'latency' ? part : 'name'}`;
}

/** Groups messages by input id; the ones no input owns go under ''. */
export function messagesByInput(list, form) {
  const out = {};
  for (const e of list) (out[inputFor(e.field, form)] ||= []).push(e);
  return out;
}
