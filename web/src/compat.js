// What the page asks of the core that this build of the module does not answer yet (branch
// core17 adds it to the core itself; this file then goes): `preset` on a workload, an accelerator
// and a two-tier link, and in check()'s scenario such a part as its key while its edits change
// nothing (an object keeping `preset` otherwise); a measured link given as its rows
// ({rows: [[bytes, seconds], ...], ranks, domain}); each preset's derived defaults
// (presets[i].derived: [{field, path}]); a short name on each link and two-tier link (`short`).
// adapt(api) answers them on top of the module's own calls, from the catalogue.

import { measuredText } from './nccltext.js';
import { equal as same } from './scenario.js';

/** The scenario fields whose default follows other fields. */
const FOLLOWS = ['collectives_per_layer', 'launch_overhead', 'exchange_precision'];

export function adapt(api) {
  const raw = api.catalog();
  const p0 = raw.presets[0].scenario;
  // Each answer only while the core does not give it itself.
  const has = {
    derived: !!raw.presets[0].derived,
    short: 'short' in raw.links[0],
    parts: !api.check({ ...p0, workload: { preset: p0.workload } }).errors,
    rows: !api.check({
      ...p0,
      links: {
        m: {
          rows: [
            [8, 1e-5],
            [16, 2e-5],
          ],
          ranks: 8,
        },
      },
    }).errors,
  };
  if (Object.values(has).every(Boolean)) return api;
  const byKey = (list) => new Map((list || []).map((e) => [e.key, e]));
  const entries = { workload: byKey(raw.workloads), accelerator: byKey(raw.accelerators) };
  const twoTier = byKey(raw.two_tier_links);
  const fieldNames = (kind) => raw.fields[kind].map((f) => f.name);

  /** An entry's own fields, as a scenario gives them. */
  const fieldsOf = (kind, e) =>
    Object.fromEntries(
      fieldNames(kind)
        .filter((n) => n in e)
        .map((n) => [n, e[n]]),
    );
  /** A part with `preset` as the object this core reads. */
  function part(kind, v) {
    const e = !has.parts && v && typeof v === 'object' && entries[kind].get(v.preset);
    if (!e) return v;
    const { preset: _, ...edits } = v;
    const out = { ...fieldsOf(kind, e), ...edits };
    if (kind === 'accelerator') out.peak_flops = { ...e.peak_flops, ...edits.peak_flops };
    return out;
  }
  function link(v) {
    if (!v || typeof v !== 'object') return v;
    const e = !has.parts && twoTier.get(v.preset);
    if (e) {
      const { preset: _, ...edits } = v;
      return {
        intra_node: e.intra_node,
        inter_node: e.inter_node,
        ranks_per_node: e.ranks_per_node,
        ...edits,
      };
    }
    if (!has.rows && Array.isArray(v.rows)) {
      const { rows, ...rest } = v;
      return { ...rest, measured: measuredText(0, rows) };
    }
    return v;
  }
  function expand(s) {
    if (!s || typeof s !== 'object') return s;
    const links = Array.isArray(s.links)
      ? s.links.map(link)
      : s.links && typeof s.links === 'object'
        ? Object.fromEntries(Object.entries(s.links).map(([k, v]) => [k, link(v)]))
        : s.links;
    return {
      ...s,
      workload: part('workload', s.workload),
      accelerator: part('accelerator', s.accelerator),
      links,
    };
  }

  /** A normalised part as its key while it is its catalogue entry; else it keeps `preset`. */
  function collapse(kind, v, given) {
    const key = typeof given === 'string' ? given : given?.preset;
    const e = entries[kind].get(key);
    if (!e || typeof v !== 'object') return v;
    const mine = { ...v };
    delete mine.name;
    const theirs = fieldsOf(kind, e);
    delete theirs.name;
    return Object.keys(theirs).every((n) => same(mine[n], theirs[n])) &&
      Object.keys(mine).every((n) => n in theirs)
      ? key
      : { preset: key, ...v };
  }
  function collapseLink(v, given) {
    const e = given && typeof given === 'object' && twoTier.get(given.preset);
    if (!e || typeof v !== 'object') return v;
    return v.intra_node === e.intra_node &&
      v.inter_node === e.inter_node &&
      v.ranks_per_node === e.ranks_per_node
      ? e.key
      : { preset: e.key, ...v };
  }
  function normalised(s, given) {
    const list = Array.isArray(given.links)
      ? given.links
      : Object.entries(given.links || {}).map(([name, v]) => ({ name, v }));
    const links = {};
    for (const [name, v] of Object.entries(s.links)) {
      const g = list.find((x) => x.name === name);
      links[name] = collapseLink(v, g && (g.v ?? g));
    }
    return {
      ...s,
      workload: collapse('workload', s.workload, given.workload),
      accelerator: collapse('accelerator', s.accelerator, given.accelerator),
      links,
    };
  }
  const check = (s) => {
    const o = api.check(expand(s));
    return o.scenario && !has.parts ? { ...o, scenario: normalised(o.scenario, s) } : o;
  };

  const catalog = {
    ...raw,
    presets: raw.presets.map((p) => ({
      ...p,
      derived:
        p.derived ||
        FOLLOWS.filter((name) => {
          const rest = { ...p.scenario };
          delete rest[name];
          return same(api.check(rest).scenario?.[name], p.scenario[name]);
        }).map((name) => ({ field: name, path: [name] })),
    })),
    links: raw.links.map((e) => ({ short: e.label.replace(/\s*\([^)]*\)\s*$/, ''), ...e })),
    two_tier_links: raw.two_tier_links.map((e) => ({ short: e.label.split(':')[0], ...e })),
  };
  return {
    ...api,
    catalog: () => catalog,
    check,
    solve: (s) => api.solve(expand(s)),
    sweep: (s, field, values) => api.sweep(expand(s), field, values),
  };
}
