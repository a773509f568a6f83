// The URL hash: the preset the form started from and the user's edits, nothing more.
//
//   #v=2&p=Gpt3TensorParallelLayerTp8&tp_size=16&workload.layers=48
//    &accelerator.peak_flops.fp16_dense=1.2~PFLOP%2Fs&links.1.bandwidth=800~Gb%2Fs
//
// Keys are the core's field names (catalog().fields): a scenario field, `workload` /
// `accelerator` (a catalogue key other than the preset's), `<part>.<field>`, and, when the rows
// differ from the preset's, every row as `links=<name>~<catalogue link or empty>` followed by
// `links.<row>.<field>`, or `links=<name>~<number>~<unit>` for a link that is just a bandwidth.
// A quantity is <text>~<unit>. An unedited preset is `v=2&p=<key>`.
// Decoding reads structure only: a broken %-encoding, an over-long hash or value, an unknown
// version, a missing preset, a malformed or repeated key, an unknown catalogue key or unit
// discards the whole hash; keys it does not know are ignored one by one. Values are not judged
// here: the page runs the decoded form through the core and discards the hash if anything is
// wrong, so there is one validation path. Version 1 hashes (every value spelled out) are still
// read, as the preset with the fewest edits. Pure: no DOM, no wasm.

import {
  clip,
  equal,
  fieldInfo,
  fieldText,
  isBare,
  isEditable,
  isQuantity,
  presetForm,
  setField,
  unitsOf,
} from './form.js';

export const VERSION = '2';
export const MAX_HASH = 16384; // this format's own bounds on what it reads
const MAX_VALUE = 200;

const enc = (s) => encodeURIComponent(s).replace(/~/g, '%7E');
const sameRows = (a, b) =>
  a.length === b.length && a.every((r, i) => r.name === b[i].name && r.key === b[i].key);

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
      out.push(['links', r.name, ...(bare(r) ? r.edits.bandwidth : [r.key])]);
  form.links.forEach(
    (r, i) => bare(r) || diff(`links.${i}.`, 'link', r, same ? p.links[i] : { edits: {} }, same),
  );
  return out;
}

/** The hash (without '#') for a form. */
export function encodeForm(model, form) {
  const out = [['v', VERSION], ['p', form.preset], ...formEdits(model, form)];
  return out.map(([k, ...parts]) => `${k}=${parts.map(enc).join('~')}`).join('&');
}

class Bad extends Error {}
const need = (ok, why) => {
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
 * discarded; ignored lists, in words, each thing that was not used.
 */
export function decodeHash(model, hash) {
  const h = String(hash ?? '').replace(/^#/, '');
  const ignored = [];
  try {
    const got = pairs(h, model.limits.max_links);
    if (!got.size) return { form: null, ignored };
    for (const [key, list] of got)
      need(
        list.length === 1 || key === 'links' || key === 'l' || key === 'ak',
        `"${clip(key, 24)}" (given twice)`,
      );
    const version = got.get('v')?.[0][0];
    need(
      version === VERSION || version === '1',
      got.has('v')
        ? `version "${clip(version, 12)}" (this page reads ${VERSION})`
        : 'a link without a version',
    );
    const form = (version === '1' ? fromV1 : fromV2)(model, got, ignored);
    return { form, ignored };
  } catch (e) {
    return {
      form: null,
      ignored: [...ignored, e instanceof Bad ? e.message : 'the link (unreadable)'],
    };
  }
}

/** A form field from the hash: its parts checked against the field's kind (and unit list). */
function typed(info, parts, key) {
  const quantity = isQuantity(info);
  need(
    parts.length === (quantity ? 2 : 1),
    `"${clip(`${key}=${parts.join('~')}`)}" (not ${quantity ? 2 : 1} parts)`,
  );
  if (quantity) need(unitsOf(info).includes(parts[1]), `the unit "${clip(parts[1], 12)}"`);
  return quantity ? [parts[0], parts[1]] : parts[0];
}

const known = (model, kind, k, what) =>
  need(model.entries[kind].has(k), `the unknown ${what} "${clip(k)}"`) || k;

function fromV2(model, got, ignored) {
  const preset = got.get('p')?.[0][0];
  need(got.has('p'), 'a link without "p" (the preset)');
  need(model.presets.has(preset), `the unknown preset "${clip(preset)}"`);
  let form = presetForm(model, preset);
  const later = [];
  for (const [key, [parts]] of got) {
    if (key === 'v' || key === 'p') continue;
    if (key === 'workload' || key === 'accelerator') {
      need(parts.length === 1, `"${key}" (not 1 part)`);
      form = { ...form, [key]: { key: known(model, key, parts[0], key), edits: {} } };
    } else if (key === 'links') {
      const bandwidth = fieldInfo(model, 'link', 'bandwidth');
      const rows = got.get(key).map((p) => {
        need(p.length === 2 || p.length === 3, '"links" (not 2 or 3 parts)');
        if (p.length === 3)
          return { name: p[0], key: '', edits: { bandwidth: typed(bandwidth, p.slice(1), key) } };
        return { name: p[0], key: p[1] && known(model, 'link', p[1], 'link preset'), edits: {} };
      });
      form = { ...form, links: rows };
    } else if (isEditable(fieldInfo(model, 'scenario', key))) {
      later.push(['scenario', key, key, parts]);
    } else {
      const m = /^(workload|accelerator)\.(.+)$|^links\.(0|[1-9]\d{0,3})\.(.+)$/.exec(key);
      const where = m && (m[1] || +m[3]);
      const kind = m && (m[1] || 'link');
      if (m && isEditable(fieldInfo(model, kind, m[2] || m[4])))
        later.push([where, m[2] || m[4], key, parts]);
      else ignored.push(`the unknown key "${clip(key, 24)}"`);
    }
  }
  // Edits after the parts they edit, whatever their order in the hash.
  for (const [where, name, key, parts] of later) {
    const kind = typeof where === 'number' ? 'link' : where;
    need(kind !== 'link' || form.links[where], `"${clip(key, 24)}" (no such link row)`);
    if (name.startsWith('peak_flops.'))
      need(hasPeak(model, form, name), `"${clip(key, 24)}" (a peak the chip does not list)`);
    form = setField(
      model,
      form,
      where,
      name,
      typed(fieldInfo(model, kind, name), parts, key),
      true,
    );
  }
  return form;
}

const hasPeak = (model, form, name) =>
  Object.hasOwn(form.accelerator.edits, name) ||
  Object.hasOwn(
    model.entries.accelerator.get(form.accelerator.key)?.peak_flops || {},
    name.slice(11),
  );

// Version 1: every value spelled out, workload and accelerator numbers that differ from the
// catalogue under short keys, each links-editor row as name~bandwidth~unit~latency~unit~preset.
const V1_KEYS = {
  v: 1,
  w: 1,
  a: 1,
  pr: 1,
  tp: 1,
  t: 1,
  e: 1,
  c: 1,
  wp: 1,
  wl: 1,
  wh: 1,
  wa: 1,
  wk: 1,
  wf: 1,
  am: 2,
  ab: 2,
  ak: 3,
  l: 6,
};
const V1_FIELDS = {
  tp: 'tp_size',
  t: 'tokens',
  e: 'local_efficiency',
  c: 'collectives_per_layer',
  pr: 'precision',
  wp: 'workload.parameters',
  wl: 'workload.layers',
  wh: 'workload.hidden_dim',
  wa: 'workload.heads',
  wk: 'workload.kv_heads',
  wf: 'workload.inference_flops',
  am: 'accelerator.memory_capacity',
  ab: 'accelerator.memory_bandwidth',
};

function fromV1(model, got, ignored) {
  for (const [key, list] of got) {
    if (!Object.hasOwn(V1_KEYS, key)) ignored.push(`the unknown key "${clip(key, 24)}"`);
    else
      for (const parts of list)
        need(
          parts.length === V1_KEYS[key],
          `"${clip(`${key}=${parts.join('~')}`)}" (not ${V1_KEYS[key]} parts)`,
        );
  }
  for (const k of ['w', 'a', 'pr', 'tp', 't', 'e', 'c', 'l'])
    need(got.has(k), `a link without "${k}"`);
  const one = (k) => got.get(k)[0];
  const rows = got.get('l').map(([name, , , , , preset]) => ({
    name,
    key: preset && known(model, 'link', preset, 'link preset'),
    edits: {},
  }));
  const apply = (form) => {
    form = {
      ...form,
      workload: { key: known(model, 'workload', one('w')[0], 'workload'), edits: {} },
    };
    form = {
      ...form,
      accelerator: { key: known(model, 'accelerator', one('a')[0], 'accelerator'), edits: {} },
      links: rows,
    };
    for (const [short, path] of Object.entries(V1_FIELDS)) {
      if (!got.has(short)) continue;
      const [where, name] = path.includes('.') ? path.split('.') : ['scenario', path];
      form = setField(
        model,
        form,
        where,
        name,
        typed(fieldInfo(model, where, name), one(short), short),
      );
    }
    for (const [k, ...q] of got.get('ak') || []) {
      need(
        hasPeak(model, form, `peak_flops.${k}`),
        `"ak=${clip(k, 24)}" (a peak the chip does not list)`,
      );
      form = setField(
        model,
        form,
        'accelerator',
        `peak_flops.${k}`,
        typed({ kind: 'compute' }, q, 'ak'),
      );
    }
    got.get('l').forEach(([, bw, bu, lat, lu], i) => {
      form = setField(
        model,
        form,
        i,
        'bandwidth',
        typed(fieldInfo(model, 'link', 'bandwidth'), [bw, bu], 'l'),
      );
      form = setField(
        model,
        form,
        i,
        'latency',
        typed(fieldInfo(model, 'link', 'latency'), [lat, lu], 'l'),
      );
    });
    return form;
  };
  let best = null;
  for (const key of model.presets.keys()) {
    const form = apply(presetForm(model, key));
    if (!best || encodeForm(model, form).length < encodeForm(model, best).length) best = form;
  }
  return best;
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

/** The <iframe> snippet for an embed URL (the host page may size it from the tplayer:height message: see the README). */
export const embedCode = (url) =>
  `<iframe src="${String(url).replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" title="Tensor-parallel layer calculator" width="100%" height="720" style="border:0;max-width:100%" loading="lazy"></iframe>`;
