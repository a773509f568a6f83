// The URL hash: the preset the form started from and the user's edits, nothing more.
//
//   #v=2&p=Gpt3TensorParallelLayerTp8&tp_size=16&workload.layers=48
//    &accelerator.peak_flops.fp16_dense=1.2~PFLOP%2Fs&links.1.bandwidth=800~Gb%2Fs
//
// Keys are the core's field names (catalog().fields): a scenario field, `workload` /
// `accelerator` (a catalogue key other than the preset's), `<part>.<field>`, and, when the rows
// differ from the preset's, every row as `links=<name>~<catalogue link or empty>` followed by
// `links.<row>.<field>`, or `links=<name>~<number>~<unit>` for a link that is just a bandwidth.
// A measured link (SPEC 3.4) is `links=<name>~~measured` and its rows, compactly, as
// `links.<row>.measured=<ranks the text gives, 0 for none>~<size>~<us>~<size>~<us>...` (the kept
// rows' sizes in bytes and times in microseconds: paste.js rebuilds nccl-tests text from them
// that the core reads back to the very same rows), with `links.<row>.ranks` and `.domain` when
// typed. A two-tier link (SPEC 3.5) is `links=<name>~<two-tier preset or empty>~two_tier`, its
// tiers `links.<row>.intra_node=<catalogue link or empty>` (and `inter_node`) with their fields
// as `links.<row>.intra_node.<field>`, and `links.<row>.ranks_per_node`.
// A quantity is <text>~<unit>. An unedited preset is `v=2&p=<key>`.
// Decoding reads structure only: a broken %-encoding, an over-long hash or value, an unknown
// version, a missing preset, a malformed or repeated key, an unknown catalogue key or unit,
// measured rows that are not size/time pairs or do not read back as rows discard the whole
// hash; keys it does not know are ignored one by one. Values are not judged
// here: the page runs the decoded form through the core and discards the hash if anything is
// wrong, so there is one validation path. (Version 1, every value spelled out, lived two days
// before any release: it reads as an unknown version.) Pure: no DOM, no wasm (the core's reading
// of nccl-tests text comes with the model).

import {
  Later,
  clip,
  equal,
  fieldInfo,
  fieldText,
  isBare,
  isEditable,
  isQuantity,
  later,
  loadRows,
  presetForm,
  rowKind,
  setField,
  unitsOf,
} from './form.js';

export const VERSION = '2';
export const MAX_HASH = 16384; // this format's own bounds on what it reads
const MAX_VALUE = 200;
export { loadRows };

/**
 * The longest page URL offered as the way to share a view: mail, chat and many servers cut
 * longer ones (a link up to MAX_HASH still reopens here). Past it the share bar says so and
 * points to the JSON download.
 */
export const MAX_URL = 8192;

const enc = (s) => encodeURIComponent(s).replace(/~/g, '%7E');
const sameRows = (a, b) =>
  a.length === b.length &&
  a.every((r, i) => r.name === b[i].name && r.key === b[i].key && r.kind === b[i].kind);

/** The edits of a form against its preset, as [key, ...parts] entries in a fixed order. */
export function formEdits(model, form) {
  const p = presetForm(model, form.preset);
  const out = [];
  // Every field shown differently from the preset (edits on either side of the same base).
  const diff = (prefix, kind, a, b, keep) => {
    for (const name of new Set([...Object.keys(a.edits), ...Object.keys(b.edits)])) {
      const text = fieldText(model, form, kind, a, name);
      if (!keep || !equal(text, fieldText(model, p, kind, b, name)))
        out.push([`${prefix}${name}`, ...[text].flat()]);
    }
  };
  diff('', 'scenario', form, p, false); // every one: a derived field's edit may equal the preset's value
  for (const kind of ['workload', 'accelerator']) {
    const same = form[kind].key === p[kind].key;
    if (!same) out.push([kind, form[kind].key]);
    diff(`${kind}.`, kind, form[kind], same ? p[kind] : { edits: {} }, same);
  }
  const same = sameRows(form.links, p.links);
  // A row that is just a bandwidth is one entry, links=<name>~<number>~<unit>.
  const bare = (r) => !same && isBare(r);
  if (!same)
    for (const r of form.links)
      out.push([
        'links',
        r.name,
        ...(bare(r) ? r.edits.bandwidth : [r.key]),
        ...(r.kind ? [r.kind] : []),
      ]);
  form.links.forEach((r, i) => {
    if (bare(r)) return;
    const q = same ? p.links[i] : { edits: {} };
    if (!r.kind) return diff(`links.${i}.`, 'link', r, q, same);
    later().encodeRow(model, r, q, `links.${i}.`, same, diff, out);
  });
  return out;
}

/** The hash (without '#') for a form; null while rows.js is loading (loadRows) for a measured or two-tier link. */
export function encodeForm(model, form) {
  try {
    const out = [['v', VERSION], ['p', form.preset], ...formEdits(model, form)];
    return out.map(([k, ...parts]) => `${k}=${parts.map(enc).join('~')}`).join('&');
  } catch (e) {
    if (e instanceof Later) return null;
    throw e;
  }
}

class Bad extends Error {}
export const need = (ok, why) => {
  if (!ok) throw new Bad(why);
};

/** key -> [parts, ...] of a hash; throws Bad on what cannot be read. */
function pairs(h, maxRepeat) {
  need(
    h.length <= MAX_HASH,
    `the whole link (${h.length} characters; at most ${MAX_HASH} are read)`,
  );
  const got = new Map();
  for (const pair of h.split('&')) {
    if (!pair) continue;
    const [rawKey, raw = ''] = pair.split(/=(.*)/s);
    let key;
    let parts;
    try {
      key = decodeURIComponent(rawKey);
      parts = raw.split('~').map(decodeURIComponent);
    } catch {
      throw new Bad(`a broken %-encoding in "${clip(pair, 24)}"`);
    }
    need(
      parts.every((p) => p.length <= MAX_VALUE),
      `"${clip(key, 24)}" (longer than ${MAX_VALUE} characters)`,
    );
    if (!got.has(key)) got.set(key, []);
    const list = got.get(key);
    need(list.length < maxRepeat, `more than ${maxRepeat} "${clip(key, 24)}"`);
    list.push(parts);
  }
  return got;
}

/**
 * Decodes a location.hash. Returns {form, ignored}: form is null when the hash is empty or was
 * discarded; ignored lists, in words, each thing that was not used. A hash with a measured link
 * or a two-tier link needs rows.js: until it is loaded, the answer is {later: a promise
 * of its load}; decode again then.
 */
export function decodeHash(model, hash) {
  const h = String(hash ?? '').replace(/^#/, '');
  const ignored = [];
  try {
    const got = pairs(h, model.limits.max_links);
    if (!got.size) return { form: null, ignored };
    const version = got.get('v')?.[0][0];
    need(
      version === VERSION,
      got.has('v')
        ? `version "${clip(version, 12)}" (this page reads ${VERSION})`
        : 'a link without a version',
    );
    for (const [key, list] of got)
      need(list.length === 1 || key === 'links', `"${clip(key, 24)}" (given twice)`);
    const form = fromV2(model, got, ignored);
    return { form, ignored };
  } catch (e) {
    if (e instanceof Later) return { later: e.load() };
    return {
      form: null,
      ignored: [...ignored, e instanceof Bad ? e.message : 'the link (unreadable)'],
    };
  }
}

/** A form field from the hash: its parts checked against the field's kind (and unit list). */
export function typed(info, parts, key) {
  const quantity = isQuantity(info);
  need(
    parts.length === (quantity ? 2 : 1),
    `"${clip(`${key}=${parts.join('~')}`)}" (not ${quantity ? 2 : 1} parts)`,
  );
  if (quantity) need(unitsOf(info).includes(parts[1]), `the unit "${clip(parts[1], 12)}"`);
  return quantity ? [parts[0], parts[1]] : parts[0];
}

export const known = (model, kind, k, what) =>
  need(model.entries[kind].has(k), `the unknown ${what} "${clip(k)}"`) || k;

/** A `links` entry of the hash as a form row. */
function rowOf(model, p, key) {
  need(p.length === 2 || p.length === 3, '"links" (not 2 or 3 parts)');
  const [name, a, b] = p;
  if (p.length === 2) return { name, key: a && known(model, 'link', a, 'link preset'), edits: {} };
  if (b === 'measured' || b === 'two_tier') {
    return later().kindRow(model, p);
  }
  const bandwidth = fieldInfo(model, 'link', 'bandwidth');
  return { name, key: '', edits: { bandwidth: typed(bandwidth, [a, b], key) } };
}

function fromV2(model, got, ignored) {
  const preset = got.get('p')?.[0][0];
  need(got.has('p'), 'a link without "p" (the preset)');
  need(model.presets.has(preset), `the unknown preset "${clip(preset)}"`);
  let form = presetForm(model, preset);
  const deferred = [];
  for (const [key, [parts]] of got) {
    if (key === 'v' || key === 'p') continue;
    if (key === 'workload' || key === 'accelerator') {
      need(parts.length === 1, `"${key}" (not 1 part)`);
      form = { ...form, [key]: { key: known(model, key, parts[0], key), edits: {} } };
    } else if (key === 'links') {
      form = { ...form, links: got.get(key).map((p) => rowOf(model, p, key)) };
    } else if (isEditable(fieldInfo(model, 'scenario', key))) {
      deferred.push(['scenario', key, key, parts]);
    } else {
      const m = /^(workload|accelerator)\.(.+)$|^links\.(0|[1-9]\d{0,3})\.(.+)$/.exec(key);
      if (m) deferred.push([m[1] || +m[3], m[2] || m[4], key, parts]);
      else ignored.push(`the unknown key "${clip(key, 24)}"`);
    }
  }
  // Edits after the parts they edit, whatever their order in the hash: a two-tier row's tiers and
  // a measured row's rows first, then the fields.
  const edits = [];
  for (const [where, name, key, parts] of deferred) {
    const row = typeof where === 'number' ? form.links[where] : null;
    if (typeof where === 'number' && !row) {
      need(!isEditable(fieldInfo(model, 'link', name)), `"${clip(key, 24)}" (no such link row)`);
      ignored.push(`the unknown key "${clip(key, 24)}"`);
      continue;
    }
    if (row?.kind) {
      const next = later().kindEdit(model, form, row, where, name, parts, key, edits);
      if (next) {
        form = next;
        continue;
      }
    }
    const kind = row ? rowKind(row) : where;
    if (isEditable(fieldInfo(model, kind, name))) edits.push([where, name, key, parts, kind]);
    else ignored.push(`the unknown key "${clip(key, 24)}"`);
  }
  for (const [where, name, key, parts, kind] of edits) {
    if (name.startsWith('peak_flops.'))
      need(hasPeak(model, form, name), `"${clip(key, 24)}" (a peak the chip does not list)`);
    const value = typed(fieldInfo(model, kind, name), parts, key);
    form = Array.isArray(where) // a tier's field: [row, tier]
      ? later().setTier(model, form, ...where, name, value, true)
      : setField(model, form, where, name, value, true);
  }
  return form;
}

export const hasPeak = (model, form, name) =>
  Object.hasOwn(form.accelerator.edits, name) ||
  Object.hasOwn(
    model.entries.accelerator.get(form.accelerator.key)?.peak_flops || {},
    name.slice(11),
  );

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

/** The <iframe> snippet for an embed URL (the host page may size it from the tplayer:height message: see the README). */
export const embedCode = (url) =>
  `<iframe src="${String(url).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" title="Tensor-parallel layer calculator" width="100%" height="720" style="border:0;max-width:100%" loading="lazy"></iframe>`;
