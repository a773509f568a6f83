// The URL hash: a compact, versioned serialisation of the form state, nothing more.
//
//   #v=1&w=GPT3&a=H100&pr=fp16_dense&tp=8&t=2048&e=0.5&c=2
//    &l=nvlink~450~GB%2Fs~0.5~us~nvlink4&l=infiniband_ndr~50~GB%2Fs~5~us~ib_ndr
//
// w / a are catalogue keys; a workload or accelerator number that differs from the catalogue
// entry follows as its own key (wp wl wh wa wk wf; am ab; ak=<precision>~<number>~<unit>).
// Each l is one links-editor row: name~bandwidth~unit~latency~unit~catalogue link (may be empty).
// Decoding reads structure only: a broken %-encoding, an over-long hash or value, an unknown
// version, a missing key, a malformed link or an unknown catalogue key or unit discards the whole
// hash; keys it does not know are ignored one by one. Values are not judged here: the page runs
// the decoded form through the core (and its own rule for link names) and discards the hash if
// anything is wrong, so there is one validation path. Pure: no DOM, no wasm.

import { UNITS, WORKLOAD_FIELDS, acceleratorForm, clip, index, normalPrecision, sameQ, workloadForm } from './form.js';

export const VERSION = '1';
export const MAX_HASH = 4096;
const MAX_VALUE = 200;
const MAX_REPEAT = 32; // links, peaks

/** Every key and its number of ~-separated parts. */
const KEYS = { v: 1, w: 1, a: 1, pr: 1, tp: 1, t: 1, e: 1, c: 1, wp: 1, wl: 1, wh: 1, wa: 1, wk: 1, wf: 1, am: 2, ab: 2, ak: 3, l: 6 };
const W = ['wp', 'wl', 'wh', 'wa', 'wk', 'wf']; // WORKLOAD_FIELDS in order
const SCALARS = { tp: 'tp_size', t: 'tokens', e: 'local_efficiency', c: 'collectives_per_layer' };

const enc = (s) => encodeURIComponent(s).replace(/~/g, '%7E');

/** The hash (without '#') for a form. */
export function encodeForm(form, catalog) {
  const idx = index(catalog);
  const w = form.workload;
  const a = form.accelerator;
  const wEntry = idx.workloads.get(w.key);
  const wBase = wEntry && workloadForm(wEntry);
  const aEntry = idx.accelerators.get(a.key);
  const aBase = aEntry ? acceleratorForm(aEntry, catalog) : { peaks: {} };
  const out = [
    ['v', VERSION],
    ['w', w.key],
  ];
  WORKLOAD_FIELDS.forEach((f, i) => (wBase && w[f] === wBase[f]) || out.push([W[i], w[f]]));
  out.push(['a', a.key]);
  if (!sameQ(a.memory, aBase.memory)) out.push(['am', ...a.memory]);
  if (!sameQ(a.bandwidth, aBase.bandwidth)) out.push(['ab', ...a.bandwidth]);
  for (const [k, q] of Object.entries(a.peaks)) if (!sameQ(q, aBase.peaks[k])) out.push(['ak', k, ...q]);
  out.push(['pr', form.precision]);
  for (const [short, field] of Object.entries(SCALARS)) out.push([short, form[field]]);
  for (const r of form.links) out.push(['l', r.name, ...r.bandwidth, ...r.latency, r.preset]);
  return out.map(([k, ...parts]) => `${k}=${parts.map(enc).join('~')}`).join('&');
}

class Bad extends Error {}
const need = (ok, why) => {
  if (!ok) throw new Bad(why);
};

/**
 * Decodes a location.hash. Returns {form, ignored}: form is null when the hash is empty or
 * was discarded; ignored lists, in words, each thing that was not used.
 */
export function decodeHash(hash, catalog) {
  const h = String(hash ?? '').replace(/^#/, '');
  const ignored = [];
  try {
    need(h.length <= MAX_HASH, `the whole link (${h.length} characters; at most ${MAX_HASH} are read)`);
    const got = {}; // key -> [parts, ...]
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
      if (!Object.hasOwn(KEYS, key)) {
        ignored.push(`the unknown key "${clip(key, 24)}"`);
        continue;
      }
      need(parts.every((p) => p.length <= MAX_VALUE), `"${key}" (longer than ${MAX_VALUE} characters)`);
      need(parts.length === KEYS[key], `"${clip(`${key}=${parts.join('~')}`)}" (not ${KEYS[key]} parts)`);
      const list = (got[key] ||= []);
      need(!list.length || key === 'l' || key === 'ak', `"${key}" (given twice)`);
      need(list.length < MAX_REPEAT, `more than ${MAX_REPEAT} "${key}"`);
      list.push(parts);
    }
    if (!Object.keys(got).length) return { form: null, ignored };
    const one = (k) => got[k] && got[k][0][0];
    need(one('v') === VERSION, got.v ? `version "${clip(one('v'), 12)}" (this page reads ${VERSION})` : 'a link without a version');
    for (const k of ['w', 'a', 'pr', 'tp', 't', 'e', 'c', 'l']) need(got[k], `a link without "${k}"`);

    const idx = index(catalog);
    const key = (kind, k, what) => need(!k || idx[kind].has(k), `the unknown ${what} "${clip(k)}"`) || idx[kind].get(k) || {};
    const unit = (kind, q) => need(UNITS[kind].includes(q[1]), `the unit "${clip(q[1], 12)}"`) || [q[0], q[1]];
    const workload = workloadForm(key('workloads', one('w'), 'workload'));
    W.forEach((k, i) => got[k] && (workload[WORKLOAD_FIELDS[i]] = one(k)));
    const accelerator = acceleratorForm(key('accelerators', one('a'), 'accelerator'), catalog);
    if (got.am) accelerator.memory = unit('memory', got.am[0]);
    if (got.ab) accelerator.bandwidth = unit('memoryBandwidth', got.ab[0]);
    for (const [k, ...q] of got.ak || []) accelerator.peaks[k] = unit('peak', q);
    const form = { workload, accelerator, precision: normalPrecision(one('pr')), links: [] };
    for (const [short, field] of Object.entries(SCALARS)) form[field] = one(short);
    for (const [name, bw, bu, lat, lu, preset] of got.l) {
      key('links', preset, 'link preset');
      form.links.push({ name, bandwidth: unit('bandwidth', [bw, bu]), latency: unit('latency', [lat, lu]), preset });
    }
    return { form, ignored };
  } catch (e) {
    return { form: null, ignored: [...ignored, e instanceof Bad ? e.message : 'the link (unreadable)'] };
  }
}

/** The page's own URL for a hash: same path and query, '#'+hash (or none). */
export const urlWithHash = (href, hash) => String(href).split('#')[0] + (hash ? `#${hash}` : '');

/** [path, query parameters other than embed, '#hash' or ''] of a URL. */
function parts(href) {
  const [main, ...h] = String(href).split('#');
  const [path, query = ''] = main.split('?');
  return [path, query.split('&').filter((p) => p && !/^embed(=|$)/.test(p)), h.length ? `#${h.join('#')}` : ''];
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
