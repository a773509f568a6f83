// The links that are not one priced link, loaded on demand (form.js's loadRows, before a form, a
// preset or a hash first has one): measured links (SPEC 3.4) and two-tier links (SPEC 3.5). Their
// rows from and to a scenario, where the core's messages about them go, their edits (one added,
// a tier or a two-tier preset picked) and their part of the URL hash (the format url.js
// describes), written and read here. A measured link goes into the
// hash as the rows the core kept, as size/time pairs, and comes back as a minimal nccl-tests text
// rebuilt from them that the core reads back to the very same rows and rank count. Which lines
// are rows, and the rank count, are the core's reading (model.readMeasured: api.readMeasured);
// nothing here parses a paste. Pure: no DOM, no wasm.

import {
  NUMBER_RE,
  TIERS,
  baseOf,
  clip,
  equal,
  fieldInfo,
  fieldText,
  freeName,
  isBare,
  isCustom,
  isEditable,
  parseAs,
  partFrom,
  partValue,
  rowKind,
  setField,
} from './form.js';
import { known, need } from './url.js';

// ---------------------------------------------------------------------------------------------
// Rows: from a scenario, to a scenario, and where the core's messages go

/** A two-tier row from its preset (catalog().two_tier_links), nothing edited. */
export function twoTierRow(model, name, key) {
  const e = model.entries.two_tier.get(key);
  return {
    name,
    kind: 'two_tier',
    key,
    edits: {},
    tiers: TIERS.map((t) => ({ key: e[t], edits: {} })),
  };
}

/** A measured or two-tier row from its link as a scenario gives it: a two-tier preset's key, or an object. */
export function rowFrom(model, name, value) {
  if (typeof value === 'string') return twoTierRow(model, name, value);
  if (Object.hasOwn(value, 'measured'))
    return { name, kind: 'measured', ...partFrom(model, 'measured_link', value) };
  const tiers = TIERS.map((t) => partFrom(model, 'link', value[t]));
  return { name, kind: 'two_tier', ...partFrom(model, 'two_tier_link', value), tiers };
}

/** Whether a two-tier row's tiers differ from its preset's (or it has none). */
export const tiersCustom = (model, row) =>
  row.tiers.some(
    (t, i) => isCustom(t) || t.key !== model.entries.two_tier.get(row.key)?.[TIERS[i]],
  );

/**
 * A measured or two-tier row as the scenario carries it (`asObject`: as an object): a measured
 * link as its text (the empty text when none was pasted, for the core to name) and the ranks and
 * domain typed; a two-tier link as its preset's key while unedited, else its two tiers, each a
 * link value of its own, and its ranks per node.
 */
export function rowValue(model, row, asObject) {
  const kind = rowKind(row);
  if (row.kind === 'two_tier' && !asObject && !isCustom(row, model)) return row.key;
  const base = baseOf(model, null, kind, row);
  const out =
    kind === 'measured_link'
      ? { measured: row.edits.measured ?? '' }
      : Object.fromEntries(TIERS.map((t, i) => [t, partValue(model, 'link', row.tiers[i])]));
  for (const [name, info] of model.fields[kind]) {
    if (!isEditable(info)) continue;
    const value = Object.hasOwn(row.edits, name) ? parseAs(info, row.edits[name]) : base[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * The input of row `row` (index `i`) that a message's path below the link names (['ranks'],
 * ['inter_node', 'bandwidth'], ...): a field, a tier's pick (its bandwidth box when it is just a
 * bandwidth) or a tier's field; else the row.
 */
export function inputFor(model, row, i, [sub, leaf, ...more]) {
  const has = (kind, name) => isEditable(fieldInfo(model, kind, String(name)));
  const t = row.kind === 'two_tier' ? TIERS.indexOf(sub) : -1;
  if (t >= 0) {
    if (leaf !== undefined && !more.length && has('link', leaf)) return `link.${i}.${sub}.${leaf}`;
    return isBare(row.tiers[t]) ? `link.${i}.${sub}.bandwidth` : `link.${i}.${sub}`;
  }
  const field = has(rowKind(row), sub) || (row.kind === 'measured' && sub === 'measured');
  return leaf === undefined && field ? `link.${i}.${sub}` : `link.${i}`;
}

/**
 * The form with field `name` of tier `t` (0 inside the node, 1 across nodes) of row `i` set, as
 * setField sets a link row's (the tier is a link of its own).
 */
export function setTier(model, form, i, t, name, value, asGiven) {
  const row = form.links[i];
  const one = { ...form, links: form.links.map((r, j) => (j === i ? row.tiers[t] : r)) };
  const tier = setField(model, one, i, name, value, asGiven).links[i];
  return putRow(form, i, { ...row, tiers: row.tiers.map((x, k) => (k === t ? tier : x)) });
}

/**
 * The measured links of a result shown, for the validation panel: {name, ranks, rows: [[bytes,
 * seconds], ...]}, the rows as the core read them (`scenario`: as it read it) and the rank count
 * it priced with.
 */
export const measuredOf = (model, result, scenario) =>
  result.links
    .filter((l) => l.kind === 'measured')
    .map((l) => ({
      name: l.name,
      ranks: l.measured_ranks,
      bus_bandwidth: l.bandwidth_bytes_per_s, // the core's: its largest row's busbw
      rows: read(model, scenario.links[l.name].measured).rows.map((r) => [r.bytes, r.time_s]),
    }));

// ---------------------------------------------------------------------------------------------
// Rows: added, and picked

/** What "Add a link" offers besides the catalogue's links and a blank row (LinksEditor's values). */
export const ADD_MEASURED = '@measured';
export const ADD_TWO_TIER = '@two_tier';

/**
 * The tiers a new two-tier row starts from when no two-tier preset is picked: the form's first
 * row whose link has a domain (else the chip's own link) inside the node, and its first row whose
 * link has none (a network) across nodes, with the node link's domain as the ranks per node.
 */
function newTiers(model, form) {
  const links = model.entries.link;
  const keys = form.links.map((r) => r.key).filter((k) => links.has(k));
  const chip = model.entries.accelerator.get(form.accelerator.key)?.native_link;
  const intra =
    keys.find((k) => links.get(k).domain) ||
    (links.has(chip) ? chip : model.catalog.links.find((l) => l.domain)?.key || '');
  const inter = keys.find((k) => !links.get(k).domain) || '';
  const g = links.get(intra)?.domain;
  return {
    tiers: [intra, inter].map((key) => ({ key, edits: {} })),
    edits: g ? { ranks_per_node: String(g) } : {},
  };
}

/**
 * The form with a row added: `pick` is ADD_MEASURED for a measured link (its text still to
 * paste), ADD_TWO_TIER for a two-tier link, or `${ADD_TWO_TIER}:<key>` for one from a two-tier
 * preset.
 */
export function addRow(model, form, pick) {
  const rows = form.links;
  const key = pick.slice(ADD_TWO_TIER.length + 1);
  const row =
    pick === ADD_MEASURED
      ? { name: freeName(rows, 'measured'), kind: 'measured', key: '', edits: {} }
      : model.entries.two_tier.has(key)
        ? twoTierRow(model, freeName(rows, key), key)
        : { name: freeName(rows, 'two_tier'), kind: 'two_tier', key: '', ...newTiers(model, form) };
  return { ...form, links: [...rows, row] };
}

const putRow = (form, i, row) => ({
  ...form,
  links: form.links.map((r, j) => (j === i ? row : r)),
});

/** The form with tier `t` (0 inside the node, 1 across nodes) of row `i` picked from the catalogue ('' for a custom link), its edits dropped. */
export const pickTier = (form, i, t, key) =>
  putRow(form, i, {
    ...form.links[i],
    tiers: form.links[i].tiers.map((x, k) => (k === t ? { key, edits: {} } : x)),
  });

/**
 * The form with two-tier row `i` started again from a two-tier preset (its tiers and ranks per
 * node), or, with '', kept as it is but as the user's own (the preset's ranks per node typed).
 */
export function pickTwoTier(model, form, i, key) {
  const row = form.links[i];
  return putRow(
    form,
    i,
    model.entries.two_tier.has(key)
      ? twoTierRow(model, row.name, key)
      : {
          ...row,
          key: '',
          edits: {
            ranks_per_node: fieldText(model, form, 'two_tier_link', row, 'ranks_per_node'),
            ...row.edits,
          },
        },
  );
}

// ---------------------------------------------------------------------------------------------
// Measured text, compactly

const readings = new Map(); // text -> the core's reading, for the last few texts
/**
 * The core's reading of nccl-tests text (api.readMeasured: {rows, ranks, ranks_from, skipped,
 * first_skipped}), remembered for the last few texts; never throws: a text the core refuses to read
 * (longer than its limit) has `error`, the core's message.
 */
export function read(model, text) {
  if (!readings.has(text)) {
    let got;
    try {
      got = model.readMeasured(text);
    } catch (e) {
      got = { rows: [], first_skipped: [], error: e.errors?.[0]?.message || String(e) };
    }
    if (readings.size > 8) readings.clear();
    readings.set(text, got);
  }
  return readings.get(text);
}

/** A positive number to `digits` significant digits, as short as it gets: (210.3398765, 4) -> "210.3". */
const num = (x, digits) => String(Number(x.toPrecision(digits)));

/**
 * The shortest decimal of microseconds that the core reads back (÷ 1e6) as exactly `time_s`;
 * nccl-tests prints the time in microseconds, and "34.98" is what it printed. `line` (the row's
 * own line of the text) is the fallback: its sixth field, as printed.
 */
function microseconds(time_s, line = '') {
  const us = time_s * 1e6;
  for (let p = 1; p <= 17; p++) {
    const t = String(Number(us.toPrecision(p)));
    if (Number(t) / 1e6 === time_s) return t;
  }
  return line.trim().split(/[ \t]+/)[5] || String(us);
}

/**
 * The kept rows of a reading (api.readMeasured of `text`) as [size, microseconds] text pairs:
 * [["8", "34.98"], ["16", "35.08"], ...].
 */
export function pairsOf(text, reading) {
  const lines = String(text).split('\n');
  return reading.rows.map((r) => [String(r.bytes), microseconds(r.time_s, lines[r.line - 1])]);
}

/**
 * nccl-tests text for size/time pairs on `ranks` ranks (0: the text gives none): one data row per
 * pair, algbw = size / time and busbw = algbw x 2(r-1)/r (what nccl-tests prints, and how the core
 * finds the rank count when the text has no "#  Rank" lines: from the largest row, printed to 12
 * digits so that the count reads back; the others to 4). Count, type, redop and root were not
 * kept: "-".
 */
export function measuredText(ranks, pairs) {
  const head = [
    `# nccl-tests all_reduce_perf, rebuilt from a tplayer link: the ${pairs.length} rows it kept (size, out-of-place time)${ranks ? ` on ${ranks} ranks` : ''}`,
    '#  algbw and busbw follow from them; count, type, redop and root were not kept (-)',
    '#        size  count  type  redop  root     time(us)   algbw(GB/s)   busbw(GB/s)',
  ];
  const rows = pairs.map(([size, us], j) => {
    const algbw = Number(us) > 0 ? Number(size) / (Number(us) / 1e6) / 1e9 : 0; // a time <= 0: for the core to name
    const busbw = ranks ? (algbw * 2 * (ranks - 1)) / ranks : 0;
    const d = j === pairs.length - 1 ? 12 : 4;
    return `${size.padStart(13)}      -     -      -     -  ${us.padStart(11)}  ${num(algbw, d).padStart(12)}  ${num(busbw, d).padStart(12)}`;
  });
  return [...head, ...rows, ''].join('\n');
}

/**
 * The hash parts of a measured text: the rank count the text gives (0: none), then the kept rows'
 * sizes and times; null when the core cannot read the text (such a form has no hash: it is not
 * valid).
 */
export function measuredParts(model, text) {
  const got = read(model, text);
  return got.error ? null : [String(got.ranks), ...pairsOf(text, got).flat()];
}

/**
 * The text of a measured link's hash parts (measuredParts'), or {why} when they are not whole
 * sizes and decimal times in pairs, at least two, after a rank count, or do not read back as
 * exactly those rows and that rank count (a row the core would pass over: a size that does not
 * grow, one past 2^53). A time the core refuses (0, negative) is left for it to name.
 */
export function measuredFrom(model, [ranks, ...flat]) {
  const ok =
    /^(0|[1-9]\d{0,5})$/.test(ranks) &&
    flat.length >= 4 &&
    flat.length % 2 === 0 &&
    flat.every((x, j) => (j % 2 ? NUMBER_RE.test(x) : /^[1-9]\d{0,15}$/.test(x)));
  if (!ok) return { why: 'not a rank count, then size~microseconds pairs, at least two' };
  const pairs = flat.flatMap((x, j) => (j % 2 ? [] : [[x, flat[j + 1]]]));
  const text = measuredText(Number(ranks), pairs);
  const got = read(model, text);
  const lost = got.first_skipped[0]; // a row passed over (its comment lines are not listed)
  if (lost) return { why: `row ${lost.line - 3}: ${lost.reason}` };
  return got.error || got.ranks === Number(ranks)
    ? { text }
    : { why: `${ranks} ranks do not read back` };
}

// ---------------------------------------------------------------------------------------------
// The hash

const without = (edits, name) =>
  Object.fromEntries(Object.entries(edits).filter(([k]) => k !== name));

/**
 * Row `r`'s edits against `q` (the preset's row when `same`, else a blank one), pushed to `out`
 * as url.js's formEdits does (`diff`: its field-by-field comparison).
 */
export function encodeRow(model, r, q, prefix, same, diff, out) {
  if (r.kind === 'measured') {
    const text = r.edits.measured ?? '';
    if (!equal(text, q.edits.measured ?? '')) {
      const parts = measuredParts(model, text);
      if (parts) out.push([`${prefix}measured`, ...parts]);
    }
    const rest = (x) => ({ edits: without(x.edits, 'measured') });
    diff(prefix, 'measured_link', rest(r), rest(q), same);
    return;
  }
  diff(prefix, 'two_tier_link', r, q, same);
  TIERS.forEach((t, k) => {
    const tier = r.tiers[k];
    const kept = same && tier.key === q.tiers?.[k].key;
    if (!kept) out.push([`${prefix}${t}`, tier.key]);
    diff(`${prefix}${t}.`, 'link', tier, kept ? q.tiers[k] : { edits: {} }, kept);
  });
}

/** A `links` entry `<name>~<preset or empty>~<kind>` as a measured or two-tier row. */
export function kindRow(model, [name, a, kind]) {
  if (kind === 'measured') {
    need(a === '', '"links" (a measured link names no preset)');
    return { name, kind, key: '', edits: {} };
  }
  need(!a || model.entries.two_tier.has(a), `the unknown two-tier link preset "${clip(a)}"`);
  if (a) return twoTierRow(model, name, a);
  return { name, kind, key: '', edits: {}, tiers: TIERS.map(() => ({ key: '', edits: {} })) };
}

/**
 * A key of measured or two-tier row `row` (at index `i`): its tier pick or its measured rows
 * applied to `form`, or a tier's field pushed to `edits` as [where, name, key, parts, kind]; the
 * form (changed or not), or null when the key is none of these.
 */
export function kindEdit(model, form, row, i, name, parts, key, edits) {
  const [tier, leaf] = name.split(/\.(.*)/s);
  const t = row.kind === 'two_tier' ? TIERS.indexOf(tier) : -1;
  if (t >= 0 && leaf === undefined) {
    need(parts.length === 1, `"${clip(key, 24)}" (not 1 part)`);
    return pickTier(form, i, t, parts[0] && known(model, 'link', parts[0], 'link preset'));
  }
  if (t >= 0 && isEditable(fieldInfo(model, 'link', leaf))) {
    edits.push([[i, t], leaf, key, parts, 'link']); // url.js sets it with setTier
    return form;
  }
  if (row.kind !== 'measured' || name !== 'measured') return null;
  const got = measuredFrom(model, parts);
  need(got.text !== undefined, `"${clip(key, 24)}" (${got.why})`);
  return putRow(form, i, { ...row, edits: { ...row.edits, measured: got.text } });
}
