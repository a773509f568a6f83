// The URL hash: the preset the form started from and the user's edits over it, nothing more.
//
//   #v=3&p=Gpt3TensorParallelLayerTp8&tp_size=16&workload=Llama3_70B&workload.layers=48
//     &accelerator.peak_flops.fp16_dense=1.2~PFLOP%2Fs&links.1.bandwidth=800~Gb%2Fs
//
// Version 3 is a generic codec of the form's partial scenario (scenario.js). A key is a path of
// the scenario, dotted (a link row by its index; each step %-escaped); a value
// is a leaf as typed: its text, or <text>~<unit> for a quantity (a "~" in text is %7E). A
// catalogue-backed part's own value is its key (`workload=Llama3_70B`,
// `links.2.inter_node=ib_xdr`; empty for a part of the user's own), written when it differs from
// the preset's and followed by the part's edits. `links=<n>` says the rows differ from the
// preset's (added, removed, another catalogue link or kind): then every row is written in full,
// `links.<i>=<its key or empty>`, `links.<i>.name=...` and its edits. (Steps hold no dots.) A measured link carries the
// rows the core read from its text and their rank count: `links.<i>.rows=<bytes>~<µs>~<bytes>~<µs>...`
// (each time the shortest decimal of microseconds that reads back as the same seconds) and
// `links.<i>.ranks`. Only what differs from the preset's form is written, in the form's order.
// Reading is strict about structure (the length, the %-encoding, the version, the preset, a key
// given twice, a catalogue key, a unit, a row count, rows, an edit of a row that is not there) and
// discards the whole hash on any of it; a key that is not a field is ignored and named; values are
// left to the core, the one validation path. Version 2 links (in blog posts: every row as
// `links=<name>~<key>`, a bare bandwidth as `links=<name>~<number>~<unit>`, a measured link's rows
// as `links.<i>.measured=<ranks>~<bytes>~<µs>...`) read as the same view and are rewritten as
// version 3. Version 1 reads as an unknown version. Pure: no DOM, no wasm.

import {
  NUMBER_RE,
  TIERS,
  clip,
  isEditable,
  isQuantity,
  kindOf,
  presetForm,
  setAt,
  textOf,
  unitsOf,
  resolved,
  valueAt,
} from './scenario.js';
import { microseconds } from './nccltext.js';

export const VERSION = '3';
export const MAX_HASH = 16384; // the format's own bounds on what it reads
const MAX_VALUE = 200;
/**
 * The longest page URL offered as the way to share a view: mail, chat and many servers cut
 * longer ones (a link up to MAX_HASH still reopens here). Past it the share bar says so.
 */
export const MAX_URL = 8192;

const enc = (s) => encodeURIComponent(s).replace(/~/g, '%7E');
const key = (node) => (typeof node === 'string' ? node : (node?.preset ?? ''));
const ROW_KINDS = ['link', 'measured_link', 'two_tier_link'];
const CATALOGUE = { workload: 'workload', accelerator: 'accelerator', link: 'link' };
const PARTS = ['workload', 'accelerator', 'links', 'peak_flops', 'link'];

/**
 * The hash (without '#') of a form. `reading(text)` is the core's reading of a measured link's text
 * (api.readMeasured): the link carries the rows it read, and the ranks typed or the text's.
 */
export function encode(model, form, reading) {
  const out = [
    ['v', VERSION],
    ['p', form.preset],
  ];
  const put = (path, value) => out.push([path, value]);
  const leaf = (info, v) =>
    info.kind === 'rows'
      ? v.flatMap(([b, s]) => [String(b), microseconds(s)])
      : textOf(model, info, v);
  // The own leaves and parts of `node` (a part of `kind` at `path`), those equal to `base`'s left out.
  const part = (kind, node, base, path) => {
    if (kind === 'links') return rows(node, base, path);
    for (const [k, v] of Object.entries(node)) {
      const field = fieldOf(model, kind, k);
      if (!field || k === 'preset') continue;
      const p = [...path, k];
      const b = base === undefined ? undefined : resolved(model, kind, base)?.[k];
      if (field.part) {
        const same = base !== undefined && key(v) === key(b);
        if (!same && CATALOGUE[field.part]) put(p, [key(v)]);
        if (typeof v === 'object') part(field.part, v, same ? b : undefined, p);
      } else {
        const text = [leaf(field, v)].flat();
        if (base === undefined || String(text) !== String([leaf(field, b)].flat())) put(p, text);
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
  part('scenario', form.scenario, presetForm(model, form.preset).scenario, []);
  return out
    .map(([k, parts]) =>
      k === 'v' || k === 'p'
        ? `${k}=${enc(parts)}`
        : `${k.map((s) => enc(String(s))).join('.')}=${parts.map(enc).join('~')}`,
    )
    .join('&');
}

/** A measured row as a link carries it: the rows the core read from its text, and their ranks. */
function shareable(row, reading) {
  if (typeof row.measured !== 'string') return row;
  const got = reading(row.measured);
  const { measured: _, ...rest } = row;
  if (got.error) return row;
  const ranks = String(row.ranks ?? '').trim() || String(got.ranks || '');
  return { ...rest, rows: got.rows.map((r) => [r.bytes, r.time_s]), ranks };
}

/**
 * What `k` is below a part of `kind` in a hash: {part: kind} for a part, the field's info for a
 * leaf, or undefined for what the format does not carry. A row ('row') has the fields of every
 * kind of link: its kind follows from them.
 */
function fieldOf(model, kind, k) {
  if (kind === 'peak_flops') return { name: k, kind: 'compute', required: true };
  const row = kind === 'row' || ROW_KINDS.includes(kind);
  if (row && k === 'rows') return { name: 'rows', kind: 'rows' };
  for (const t of kind === 'row' ? ROW_KINDS : [kind]) {
    const f = model.fields[t]?.get(k);
    if (f && PARTS.includes(f.kind)) return { part: f.kind };
    if (isEditable(f) || (row && (k === 'name' || k === 'measured'))) return f;
  }
  return undefined;
}

class Bad extends Error {}
const need = (ok, why) => {
  if (!ok) throw new Bad(why);
};

/** key -> [parts, ...] of a hash (keys in order, at most `max` of one); throws Bad on what cannot be read. */
function pairs(h, max) {
  need(
    h.length <= MAX_HASH,
    `the whole link (${h.length} characters; at most ${MAX_HASH} are read)`,
  );
  const got = new Map();
  for (const pair of h.split('&')) {
    if (!pair) continue;
    const [rawKey, raw = ''] = pair.split(/=(.*)/s);
    let k;
    let parts;
    try {
      k = decodeURIComponent(rawKey);
      parts = raw.split('~').map(decodeURIComponent);
    } catch {
      throw new Bad(`a broken %-encoding in "${clip(pair, 24)}"`);
    }
    const list = got.get(k) || [];
    need(list.length < max, `more than ${max} "${clip(k, 24)}"`);
    got.set(k, [...list, parts]);
  }
  return got;
}

/**
 * Decodes a location.hash: {form, ignored}. `form` is null when the hash is empty or was
 * discarded; `ignored` lists, in words, each thing that was not used.
 */
export function decode(model, hash) {
  const h = String(hash ?? '').replace(/^#/, '');
  const ignored = [];
  try {
    const got = pairs(h, model.limits.max_links);
    if (!got.size) return { form: null, ignored };
    const version = got.get('v')?.[0][0];
    need(
      version === VERSION || version === '2',
      got.has('v')
        ? `version "${clip(version, 12)}" (this page reads ${VERSION} and 2)`
        : 'a link without a version',
    );
    const v3 = version === '2' ? fromV2(model, got) : got;
    for (const [k, list] of v3) need(list.length === 1, `"${clip(k, 24)}" (given twice)`);
    return { form: read(model, v3, ignored), ignored };
  } catch (e) {
    if (!(e instanceof Bad)) throw e;
    return { form: null, ignored: [...ignored, e.message] };
  }
}

/** The form of version 3 pairs (key -> [parts]). */
function read(model, got, ignored) {
  const preset = got.get('p')?.[0][0];
  need(got.has('p'), 'a link without "p" (the preset)');
  const form = presetForm(model, preset);
  need(form, `the unknown preset "${clip(preset)}"`);
  let s = form.scenario;
  const entries = [...got]
    .filter(([k]) => k !== 'v' && k !== 'p')
    .map(([k, [parts]]) => [k.split('.'), parts, k])
    .sort((a, b) => a[0].length - b[0].length);
  for (const [path, parts, k] of entries) {
    const where = locate(model, path);
    if (!where || where.part === 'peak_flops') {
      ignored.push(`the unknown key "${clip(k, 24)}"`);
      continue;
    }
    const at = path.map((x, i) => (i === 1 && path[0] === 'links' ? Number(x) : x));
    if (at[0] === 'links' && at.length > 1)
      need(at[1] < s.links.length, `"${clip(k, 24)}" (no such link row)`);
    if (at[1] === 'peak_flops') {
      const peaks = valueAt(model, s, ['accelerator', 'peak_flops']);
      need(
        !resolved(model, 'accelerator', s.accelerator)?.key || at[2] in peaks,
        `"${clip(k, 24)}" (a peak the chip does not list)`,
      );
    }
    s = setAt(model, s, at, value(model, s, where, parts, k));
  }
  return { ...form, scenario: s };
}

/** What a path of the hash names: {part} or a field's info; undefined for nothing the format carries. */
function locate(model, path) {
  let kind = 'scenario';
  let got;
  for (const step of path) {
    if (!kind) return undefined; // below a leaf
    if (kind === 'links') {
      if (!/^(0|[1-9]\d{0,3})$/.test(step)) return undefined;
      got = { part: 'row' };
    } else if (kind === 'peak_flops' && !/^[a-z0-9]+_(dense|sparse)$/.test(step)) return undefined;
    else got = fieldOf(model, kind, step);
    if (!got) return undefined;
    kind = got.part;
  }
  return got;
}

/** A value of the hash for what `where` names, checked for its structure. */
function value(model, s, where, parts, k) {
  const one = () => need(parts.length === 1, `"${clip(k, 24)}" (not 1 part)`) || parts[0];
  if (where.part === 'links') {
    const n = one();
    need(/^[1-9]\d{0,3}$/.test(n) && +n <= model.limits.max_links, `"links" (not a row count)`);
    return Array.from({ length: +n }, () => ({}));
  }
  if (where.part) {
    const v = one();
    const kind = where.part === 'row' ? null : CATALOGUE[where.part];
    const ok = kind
      ? model.entries[kind].has(v)
      : model.entries.link.has(v) || model.entries.two_tier_link.has(v);
    need(!v || ok, `the unknown ${where.part === 'row' ? 'link' : where.part} "${clip(v)}"`);
    if (where.part === 'row') return v ? { preset: v } : {};
    return v || {}; // a part of the user's own
  }
  if (where.kind === 'rows') return rowsOf(parts, k);
  if (isQuantity(where)) {
    need(parts.length === 2, `"${clip(k, 24)}" (not <number>~<unit>)`);
    need(unitsOf(where).includes(parts[1]), `the unit "${clip(parts[1], 12)}"`);
    need(parts[0].length <= MAX_VALUE, `"${clip(k, 24)}" (longer than ${MAX_VALUE} characters)`);
    return [parts[0], parts[1]];
  }
  const v = one();
  need(v.length <= MAX_VALUE, `"${clip(k, 24)}" (longer than ${MAX_VALUE} characters)`);
  return v;
}

/** A measured link's rows: whole sizes that grow, each with its time in microseconds; at least two. */
function rowsOf(parts, k) {
  const ok =
    parts.length >= 4 &&
    parts.length % 2 === 0 &&
    parts.every((x, j) =>
      j % 2 ? NUMBER_RE.test(x) : /^[1-9]\d{0,15}$/.test(x) && +x <= 2 ** 53,
    ) &&
    parts.every((x, j) => j % 2 || j === 0 || +x > +parts[j - 2]);
  need(ok, `"${clip(k, 24)}" (not growing sizes, each with its time, at least two)`);
  return parts.flatMap((x, j) => (j % 2 ? [] : [[+x, Number(parts[j + 1]) / 1e6]]));
}

/** Version 2 pairs as version 3's: the rows written out, a measured link's rows and ranks. */
function fromV2(model, got) {
  const out = new Map([...got].filter(([k]) => k !== 'links' && !/^links\.\d+\.measured$/.test(k)));
  const set = (k, ...parts) => out.set(k, [parts]);
  const list = got.get('links');
  if (list) {
    set('links', String(list.length));
    list.forEach((p, i) => {
      need(p.length === 2 || p.length === 3, '"links" (not 2 or 3 parts)');
      const [name, a, b] = p;
      const row = `links.${i}`;
      set(`${row}.name`, name);
      if (b === 'measured') {
        need(a === '', '"links" (a measured link names no preset)');
        set(row, '');
        const m = got.get(`${row}.measured`)?.[0];
        if (!m) set(`${row}.measured`, '');
        else {
          need(/^(0|[1-9]\d{0,5})$/.test(m[0]), `"${row}.measured" (not a rank count, then rows)`);
          out.set(`${row}.rows`, [m.slice(1)]);
          if (m[0] !== '0' && !got.has(`${row}.ranks`)) set(`${row}.ranks`, m[0]);
        }
      } else if (b === 'two_tier') {
        set(row, a);
        if (!a) for (const t of TIERS) if (!got.has(`${row}.${t}`)) set(`${row}.${t}`, '');
      } else if (p.length === 3) {
        set(row, '');
        out.set(`${row}.bandwidth`, [[a, b]]);
      } else set(row, a);
    });
  }
  return out;
}

/** The page's own URL for a hash: same path and query, '#'+hash (or none). */
export const urlWithHash = (href, hash) => String(href).split('#')[0] + (hash ? `#${hash}` : '');

/** [path, query parameters other than embed, '#hash' or ''] of a URL. */
function parts(href) {
  const [main, ...h] = String(href).split('#');
  const [path, query = ''] = main.split('?');
  return [
    path,
    query.split('&').filter((p) => p && !/^embed(=|$)/.test(p)),
    h.length ? `#${h.join('#')}` : '',
  ];
}

/** The embed URL of a page URL: ?embed added to the query, the hash kept. */
export function embedUrl(href) {
  const [path, query, hash] = parts(href);
  return `${path}?${['embed', ...query].join('&')}${hash}`;
}

/** The page URL without embed mode (for the "open the full page" link of an embed). */
export function fullUrl(href) {
  const [path, query, hash] = parts(href);
  return path + (query.length ? `?${query.join('&')}` : '') + hash;
}

export const isEmbed = (search) => /(^\??|&)embed(=|&|$)/.test(search);

/** The <iframe> snippet for an embed URL (the host may size it from the tplayer:height message: see the README). */
export const embedCode = (url) =>
  `<iframe src="${String(url).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" title="Tensor-parallel layer calculator" width="100%" height="720" style="border:0;max-width:100%" loading="lazy"></iframe>`;
