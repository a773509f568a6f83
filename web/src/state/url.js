// The URL hash: the preset the form started from and the user's edits over it, nothing more.
//
//   #v=3&p=Gpt3TensorParallelLayerTp8&tp_size=16&workload=Llama3_70B&workload.layers=48
//     &accelerator.peak_flops.fp16_dense=1.2~PFLOP%2Fs&links.1.bandwidth=800~Gb%2Fs
//
// Version 3, a generic codec of the form's partial scenario (docs/page.md, "Sharing: the URL, the
// buttons, embedding"): only what differs from the preset's form is written. Reading discards the
// whole hash on what is not well-formed (docs/page.md, "Hostile URLs") or a row it cannot build,
// and ignores, naming it, a key that is not a field or whose value it cannot read; values are left
// to the core, the one validation path. Version 2 links (in blog posts) are read as the same view.
// Pure: no DOM, no wasm.

import {
  NUMBER_RE,
  ROW_KINDS,
  TIERS,
  childOf,
  clip,
  isEditable,
  isLinkKey,
  isQuantity,
  kindOf,
  memberOf,
  plain,
  presetForm,
  setAt,
  textOf,
  unitsOf,
  resolved,
  valueAt,
} from './scenario.js';

/** The shortest decimal of microseconds that reads back (÷ 1e6) as exactly `seconds`. */
export const microseconds = (seconds) => plain(seconds * 1e6, (t) => Number(t) / 1e6, seconds, 1);

const VERSION = '3';
export const MAX_HASH = 16384; // the format's own bounds on what it reads
const MAX_VALUE = 200;
/**
 * The longest page URL offered as the way to share a view: mail, chat and many servers cut
 * longer ones (a link up to MAX_HASH still reopens here). Past it the share bar says so.
 */
export const MAX_URL = 8192;

const enc = (s) => encodeURIComponent(s).replace(/~/g, '%7E');
const key = (node) => (typeof node === 'string' ? node : (node?.preset ?? ''));

/**
 * The hash (without '#') of a form. `reading(text)` is the core's reading of a measured link's text
 * (api.readMeasured): the link carries the rows it read, and the ranks typed or the text's.
 */
export function encode(model, form, reading) {
  const out = [];
  const put = (path, parts) =>
    out.push(`${path.map((s) => enc(String(s))).join('.')}=${parts.map(enc).join('~')}`);
  const leaf = (info, v) =>
    info.kind === 'rows'
      ? v.flatMap(([b, s]) => [String(b), microseconds(s)])
      : [textOf(model, info, v)].flat();
  // The own leaves and parts of `node` (a part of `kind` at `path`), those equal to `base`'s left out.
  const part = (kind, node, base, path) => {
    if (kind === 'links') return rows(node, base, path);
    for (const [k, v] of Object.entries(node)) {
      const at = carried(model, kind, k);
      if (!at || k === 'preset') continue;
      const p = [...path, k];
      const b = base === undefined ? undefined : memberOf(model, kind, base, k);
      if (at.kind) {
        const same = base !== undefined && key(v) === key(b);
        if (!same && model.entries[at.kind]) put(p, [key(v)]);
        if (typeof v === 'object') part(at.kind, v, same ? b : undefined, p);
      } else {
        const text = leaf(at.field, v);
        if (base === undefined || String(text) !== String(leaf(at.field, b))) put(p, text);
      }
    }
  };
  const rows = (list, base, path) => {
    const same =
      list.length === base?.length &&
      list.every((r, i) => kindOf(model, r) === kindOf(model, base[i]) && key(r) === key(base[i]));
    if (!same) put(path, [String(list.length)]);
    list.forEach((r, i) => {
      if (!same) put([...path, i], [key(r)]);
      part(kindOf(model, r), shareable(r, reading), same ? base[i] : undefined, [...path, i]);
    });
  };
  put(['v'], [VERSION]);
  put(['p'], [form.preset]);
  part('scenario', form.scenario, presetForm(model, form.preset).scenario, []);
  return out.join('&');
}

/** A measured row as a link carries it: the rows the core read from its text, and their ranks. */
function shareable(row, reading) {
  const got = typeof row.measured === 'string' && reading(row.measured);
  if (!got || got.error) return row;
  const { measured: _, ...rest } = row;
  const ranks = String(row.ranks ?? '').trim() || String(got.ranks || '');
  return { ...rest, rows: got.rows.map((r) => [r.bytes, r.time_s]), ranks };
}

/**
 * What `k` is below a part of `kind` (as childOf), when the hash carries it: a part, a field with
 * an input, a row's name, text or rows; else null.
 */
function carried(model, kind, k) {
  const at = childOf(model, kind, null, k);
  const f = at?.field;
  const row = kind === 'row' || ROW_KINDS.includes(kind);
  const text = row && ['name', 'measured', 'rows'].includes(k);
  return at?.kind || isEditable(f) || (f && text) ? at : null;
}

/**
 * Decodes a location.hash: {form (null when empty or discarded), ignored (each thing not used, in
 * words)}. `skip`: keys to leave out (the caller names them); `keys` gets [key, path, value] of
 * each key applied (a row by its index). A reason to discard the hash stops the reading.
 */
export function decode(model, hash, skip = new Set(), keys = []) {
  const h = String(hash ?? '').replace(/^#/, '');
  const ignored = [];
  const why = [];
  const need = (ok, reason) => !!ok || !why.push(reason);
  const refused = () => ({ form: null, ignored: [...ignored, why[0]] });
  const long = `the whole link (${h.length} characters; at most ${MAX_HASH} are read)`;
  if (!need(h.length <= MAX_HASH, long)) return refused();
  const got = pairs(h, model.limits.max_links, need);
  if (why.length) return refused();
  if (!got.size) return { form: null, ignored };
  const version = got.get('v')?.[0][0];
  const v3 =
    need(
      version === VERSION || version === '2',
      got.has('v')
        ? `version "${clip(version, 12)}" (this page reads ${VERSION} and 2)`
        : 'a link without a version',
    ) && (version === '2' ? fromV2(got, need) : got);
  for (const [k, list] of why.length ? [] : v3)
    need(list.length === 1, `"${clip(k, 64)}" (given twice)`);
  const form = why.length ? null : read(model, v3, ignored, need, keys, skip);
  return why.length ? refused() : { form, ignored };
}

/** key -> [parts, ...] of a hash, keys in order, at most `max` of one. */
function pairs(h, max, need) {
  const got = new Map();
  for (const pair of h.split('&').filter(Boolean)) {
    const [rawKey, raw = ''] = pair.split(/=(.*)/s);
    let k;
    let parts;
    try {
      [k, ...parts] = [rawKey, ...raw.split('~')].map(decodeURIComponent);
    } catch {
      need(false, `a broken %-encoding in "${clip(pair, 24)}"`);
      return got;
    }
    const list = got.get(k) || [];
    if (!need(list.length < max, `more than ${max} "${clip(k, 64)}"`)) return got;
    got.set(k, [...list, parts]);
  }
  return got;
}

/**
 * The form of version 3 pairs (key -> [parts]), its keys applied shortest first: a value that
 * cannot be read drops its key alone, named; a row that cannot be built drops the whole hash.
 */
function read(model, got, ignored, need, keys, skip) {
  const preset = got.get('p')?.[0][0];
  const form = need(got.has('p'), 'a link without "p" (the preset)') && presetForm(model, preset);
  if (!need(form, `the unknown preset "${clip(preset)}"`)) return null;
  let s = form.scenario;
  const entries = [...got]
    .filter(([k]) => k !== 'v' && k !== 'p' && !skip.has(k))
    .map(([k, [parts]]) => [k.split('.'), parts, k])
    .sort((a, b) => a[0].length - b[0].length);
  for (const [path, parts, k] of entries) {
    const where = locate(model, path);
    const name = `"${clip(k, 64)}"`;
    if (!where || where.kind === 'peak_flops') {
      ignored.push(`the unknown key ${name}`);
      continue;
    }
    const at = path.map((x, i) => (i === 1 && path[0] === 'links' ? Number(x) : x));
    const peaks = at[1] === 'peak_flops' && valueAt(model, s, ['accelerator', 'peak_flops']);
    const bad = [];
    // The rows, their kinds and names: the structure.
    const row = at[0] === 'links' && (at.length <= 2 || (at.length === 3 && at[2] === 'name'));
    const check = row ? need : (ok, reason) => !!ok || !bad.push(reason);
    const chipPeak =
      !peaks || !resolved(model, 'accelerator', s.accelerator)?.key || at[2] in peaks;
    // A field of the row's kind: a tier key on a plain link's row (or a link's on a two-tier row)
    // is that key's problem alone; set, it turned the row into another kind and lost it whole.
    const preset = at[0] === 'links' && at.length > 2 ? s.links[at[1]]?.preset : undefined;
    const rowKind = ['link', 'two_tier_link'].find((kind) => model.entries[kind].has(preset));
    const ofRow = !rowKind || model.fields[rowKind].has(at[2]);
    const ok =
      check(at[0] !== 'links' || !(at[1] >= s.links.length), `${name} (no such link row)`) &&
      check(chipPeak, `${name} (a peak the chip does not list)`) &&
      check(ofRow, `${name} (not a field of ${rowKind === 'link' ? 'a link' : 'a two-tier link'})`);
    let v = ok && value(model, where, parts, clip(k, 64), check);
    if (row && (!ok || v === undefined)) return null;
    // A row started again from another link keeps the name it had.
    const had = at.length === 2 && at[0] === 'links' && s.links[at[1]]?.name;
    if (had) v = { name: had, ...v };
    if (bad.length) {
      ignored.push(bad[0].includes(name) ? bad[0] : `${name}: ${bad[0]}`);
      continue;
    }
    keys.push([k, at, v]);
    s = setAt(model, s, at, v);
  }
  return { ...form, scenario: s };
}

/** What a path of the hash names ({kind} of a part, {field} of a leaf); null for what it does not carry. */
function locate(model, path) {
  let at = { kind: 'scenario' };
  for (const step of path) {
    const kind = at?.kind; // none below a leaf
    if (kind === 'links') at = /^(0|[1-9]\d{0,3})$/.test(step) ? { kind: 'row' } : null;
    else if (kind === 'peak_flops' && !/^[a-z0-9]+_(dense|sparse)$/.test(step)) at = null;
    else at = kind ? carried(model, kind, step) : null;
  }
  return at;
}

/** A value of the hash for what `where` names, checked for its structure; undefined when it is not one. */
function value(model, where, parts, k, need) {
  const one = () => (need(parts.length === 1, `"${k}" (not 1 part)`) ? parts[0] : undefined);
  const short = (v) => need(v.length <= MAX_VALUE, `"${k}" (longer than ${MAX_VALUE} characters)`);
  if (where.kind === 'links') {
    const n = one();
    const ok = n !== undefined && /^[1-9]\d{0,3}$/.test(n) && +n <= model.limits.max_links;
    return need(ok, '"links" (not a row count)')
      ? Array.from({ length: +n }, () => ({}))
      : undefined;
  }
  if (where.kind) {
    const v = one();
    if (v === undefined) return undefined;
    const row = where.kind === 'row'; // a catalogue link or two-tier link
    const ok = row ? isLinkKey(model, v) : model.entries[where.kind].has(v);
    if (!need(!v || ok, `the unknown ${row ? 'link' : where.kind} "${clip(v)}"`)) return undefined;
    if (row) return v ? { preset: v } : {};
    return v || {}; // a part of the user's own
  }
  const field = where.field;
  if (field.kind === 'rows') {
    // Whole sizes that grow, each with its time in microseconds; at least two.
    const ok =
      parts.length >= 4 &&
      parts.length % 2 === 0 &&
      parts.every((x, j) =>
        j % 2 ? NUMBER_RE.test(x) : /^[1-9]\d{0,15}$/.test(x) && +x <= 2 ** 53,
      ) &&
      parts.every((x, j) => j % 2 || j === 0 || +x > +parts[j - 2]);
    if (!need(ok, `"${k}" (not growing sizes, each with its time, at least two)`)) return undefined;
    return parts.flatMap((x, j) => (j % 2 ? [] : [[+x, Number(parts[j + 1]) / 1e6]]));
  }
  if (isQuantity(field)) {
    const ok =
      need(parts.length === 2, `"${k}" (not <number>~<unit>)`) &&
      need(
        unitsOf(field).includes(parts[1]),
        `the unit "${clip(parts[1], 12)}" (this field's units: ${unitsOf(field).join(', ')})`,
      ) &&
      short(parts[0]);
    return ok ? [parts[0], parts[1]] : undefined;
  }
  const v = one();
  return v !== undefined && short(v) ? v : undefined;
}

/** Version 2 pairs as version 3's: the rows written out, a measured link's rows and ranks. */
function fromV2(got, need) {
  const out = new Map([...got].filter(([k]) => k !== 'links' && !/^links\.\d+\.measured$/.test(k)));
  const set = (k, ...parts) => out.set(k, [parts]);
  const list = got.get('links') || [];
  if (list.length) set('links', String(list.length));
  for (const [i, p] of list.entries()) {
    const [name, a, b] = p;
    const row = `links.${i}`;
    const m = got.get(`${row}.measured`)?.[0];
    const ok =
      need(p.length === 2 || p.length === 3, '"links" (not 2 or 3 parts)') &&
      need(b !== 'measured' || a === '', '"links" (a measured link names no preset)') &&
      need(
        b !== 'measured' || !m || /^(0|[1-9]\d{0,5})$/.test(m[0]),
        `"${row}.measured" (not a rank count, then rows)`,
      );
    if (!ok) return out;
    set(`${row}.name`, name);
    set(row, p.length === 3 && b !== 'two_tier' ? '' : a);
    if (b === 'measured' && !m) set(`${row}.measured`, '');
    else if (b === 'measured') {
      out.set(`${row}.rows`, [m.slice(1)]);
      if (m[0] !== '0' && !got.has(`${row}.ranks`)) set(`${row}.ranks`, m[0]);
    } else if (b !== 'two_tier' && p.length === 3) out.set(`${row}.bandwidth`, [[a, b]]);
    else if (b === 'two_tier' && !a)
      for (const t of TIERS) if (!got.has(`${row}.${t}`)) set(`${row}.${t}`, '');
  }
  return out;
}

/** The page's own URL for a hash: same path and query, '#'+hash (or none). */
export const urlWithHash = (href, hash) => String(href).split('#')[0] + (hash ? `#${hash}` : '');

/** [path, query parameters other than embed, '#hash' or ''] of a URL. */
export function parts(href) {
  const [main, ...h] = String(href).split('#');
  const [path, query = ''] = main.split('?');
  return [
    path,
    query.split('&').filter((p) => p && !/^embed(=|$)/.test(p)),
    h.length ? `#${h.join('#')}` : '',
  ];
}

/** The page URL without embed mode (for the "open the full page" link of an embed). */
export function fullUrl(href) {
  const [path, query, hash] = parts(href);
  return path + (query.length ? `?${query.join('&')}` : '') + hash;
}

export const isEmbed = (search) => /(^\??|&)embed(=|&|$)/.test(search);
