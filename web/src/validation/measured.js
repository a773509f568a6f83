// The published measurements of validation.json (nccl-tests all-reduce times per message size)
// and both link models priced at the same sizes by the module itself: one sweep over `tokens` of
// a layer whose all-reduce message is 4 x tokens bytes. Loaded with the panel, not the page.

/**
 * A scenario whose one all-reduce is exactly what nccl-tests times: a one-wide fp32 layer (M = 4 B
 * per token), `ranks` ranks, the catalogue link `link` (the compute is irrelevant here).
 */
export const probe = (ranks, link) => ({
  workload: { name: 'one all-reduce', parameters: 1, layers: 1, hidden_dim: 1, heads: 1 },
  tp_size: ranks,
  tokens: 1,
  accelerator: {
    name: 'any',
    peak_flops: { fp32: 1e15 },
    memory_capacity: 1e9,
    memory_bandwidth: 1e9,
  },
  precision: 'fp32',
  local_efficiency: 1,
  links: { link },
});

/**
 * One all-reduce per row of a table, in seconds, in both models: {line_rate, nccl}, each an
 * array in row order (NaN where the core gives no result). Line rate has no launch overhead;
 * NCCL has the one fitted for the table's harness.
 */
export function priceTable(api, table) {
  const tokens = table.rows.map(([b]) => b / 4);
  const base = probe(table.ranks, table.price_with);
  const at = (link_model, launch_overhead) =>
    api
      .sweep({ ...base, link_model, launch_overhead }, 'tokens', tokens)
      .map((p) => (p.result ? p.result.links[0].allreduce_time_s : NaN));
  return { line_rate: at('line_rate', 0), nccl: at('nccl', table.launch_overhead_s) };
}

/**
 * The tables the panel offers: per link row whose catalogue key (the one it started from) has
 * single-node tables, those (the one priced with that very link first); the other single-node
 * tables; and the tables across nodes, which need a two-tier link the calculator does not price
 * yet. `rows`: the form's link rows ({name, key}).
 */
export function tablesFor(tables, rows) {
  const one = tables.filter((t) => t.nodes === 1);
  const mine = rows
    .map((r, i) => ({
      row: i,
      tables: one
        .filter((t) => r.key && (t.price_with === r.key || t.link === r.key))
        .sort((a, b) => (b.price_with === r.key) - (a.price_with === r.key)),
    }))
    .filter((g) => g.tables.length);
  const used = new Set(mine.flatMap((g) => g.tables));
  return {
    mine,
    others: one.filter((t) => !used.has(t)),
    across: tables.filter((t) => t.nodes > 1),
  };
}

/** Decades (powers of `base`) from lo to hi, inclusive of the ones inside. */
export function ticks(lo, hi, base) {
  const out = [];
  for (let e = Math.ceil(Math.log(lo) / Math.log(base) - 1e-9); base ** e <= hi * (1 + 1e-9); e++)
    out.push(base ** e);
  return out;
}
