// The TP sweep: which tp sizes to ask the core for, and the per-link series of its answer.

/** 1, 2, 4, ... up to heads, and heads itself when it is not a power of two (at most 41 values). */
export function tpValues(heads) {
  const h = Number.isSafeInteger(heads) && heads >= 1 ? heads : 1;
  const out = [];
  for (let n = 1; n <= h && out.length < 40; n *= 2) out.push(n);
  if (out[out.length - 1] !== h && h <= 2 ** 40) out.push(h);
  return out;
}

/** Per link (in result order): [{ tp, link (the link's result at that tp, or null) }]. */
export function seriesByLink(points, names) {
  return names.map((name) =>
    points.map((p) => ({
      tp: p.value,
      link: p.result ? p.result.links.find((l) => l.name === name) || null : null,
    })),
  );
}
