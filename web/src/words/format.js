// Formatting of numbers the core returns, for people. Pure: no DOM, no arithmetic on results
// beyond choosing a unit prefix. Mirrors the core's format_quantity (4 significant digits).

const SI = ['n', 'µ', 'm', '', 'K', 'M', 'G', 'T', 'P'].map((p, i) => [p, 10 ** (3 * i - 9)]);
// The prefixes each unit takes, as a slice of SI (FLOP/s skips K and M, like the core).
const RANGE = {
  s: [0, 4],
  B: [3, 9],
  'B/s': [3, 8],
  'b/s': [3, 8],
  'FLOP/s': [3, 9],
};
const BINARY = ['', 'Ki', 'Mi', 'Gi', 'Ti'].map((p, i) => [p, 1024 ** i]);

/**
 * `digits` significant digits without trailing zeros: 1.8874 -> "1.887", 450 -> "450", 1e21 ->
 * "1e21"; large counts in scientific form from 10^digits: 7.466667e12 -> "7.467e12".
 */
export function sig(x, digits = 4) {
  if (typeof x !== 'number' || Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '−∞';
  if (x === 0) return '0';
  const [m, e] = x.toPrecision(digits).split('e');
  const mantissa = m.includes('.') ? m.replace(/\.?0+$/, '') : m;
  return e === undefined ? mantissa : `${mantissa}e${+e}`;
}

function pick(value, prefixes, unit, digits = 4) {
  let [p, f] = prefixes[0];
  if (Number.isFinite(value) && value !== 0)
    for (const [q, g] of prefixes) if (Math.abs(value) >= g * 0.99995) [p, f] = [q, g];
  return `${sig(value / f, digits)} ${p}${unit}`;
}

/** A value in SI base units with a prefix picked by size: (1.887e-3, 's') -> "1.887 ms". */
export function quantity(value, unit) {
  const r = RANGE[unit] || [3, 4];
  let prefixes = SI.slice(...r);
  if (unit.startsWith('FLOP')) prefixes = prefixes.filter(([p]) => p !== 'K' && p !== 'M');
  return pick(value, prefixes, unit);
}

export const time = (s) => quantity(s, 's');
export const bytes = (b) => quantity(b, 'B');
export const binaryBytes = (b) => pick(b, BINARY, 'B');
export const bandwidth = (bps) => quantity(bps, 'B/s');
/** Bytes/s as a bit rate (the same quantity in the other form network datasheets use). */
export const bitRate = (bps) => quantity(bps * 8, 'b/s');
export const flops = (f) => quantity(f, 'FLOP/s');

/** An exact count with thousands separators: 50331648 -> "50,331,648"; large or fractional -> sig. */
export function count(x) {
  if (!Number.isSafeInteger(x)) return sig(x, 7);
  const s = String(Math.abs(x)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return x < 0 ? `−${s}` : s;
}

/** A noun for `n` of them: (1, 'rank') -> "rank", (8, 'rank') -> "ranks". */
export const plural = (n, noun) => (n === 1 ? noun : `${noun}s`);

/** A fraction as a percentage: 0.2148 -> "21%", 0.034 -> "3.4%", 1 -> "100%". */
export function percent(fraction) {
  const p = fraction * 100;
  return Number.isFinite(p) && (p === 0 || Math.abs(p) >= 10)
    ? `${Math.round(p)}%`
    : `${sig(p, 2)}%`;
}

/** A precision key in words: "fp16_dense" -> "FP16 dense", "bf16" -> "BF16". */
export const precisionName = (key) =>
  String(key)
    .toUpperCase()
    .replace('_', ' ')
    .replace(/ [A-Z]+$/, (s) => s.toLowerCase());

/** A factor: (6.5853, 3) -> "6.59x". */
export const times = (x, digits = 3) => `${sig(x, digits)}x`;

/** A unit as the page writes it ("µs" for "us"). */
export const unitLabel = (unit) => (unit === 'us' ? 'µs' : unit);

/** The core's "..., got -1e-06" with the value as the user wrote it (`typed`: "-1 µs"), if given. */
export const asTyped = (message, typed) =>
  typed ? message.replace(/, got -?[\d.]+(e[+-]?\d+)?$/, `, got ${typed}`) : message;
