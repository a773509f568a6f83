// Version 1 of the URL hash, the page's first format: every value spelled out, workload and
// accelerator numbers that differ from the catalogue under short keys, each links-editor row as
// name~bandwidth~unit~latency~unit~preset. Read (never written) as the preset with the fewest
// edits; url.js loads this module when a hash says v=1. Pure: no DOM, no wasm.

import { clip, fieldInfo, setField } from './form.js';
import { encodeForm, hasPeak, known, need, typed } from './url.js';
import { presetForm } from './form.js';

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

/** The form of a version 1 hash's pairs (url.js's `got`), naming in `ignored` the keys it does not know. */
export function fromV1(model, got, ignored) {
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
