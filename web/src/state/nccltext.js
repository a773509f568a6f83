// Measured rows ([[bytes, seconds], ...]) as the nccl-tests text that all_reduce_perf prints and
// that the core reads back to exactly those rows: what the editor of a measured link shows for
// rows that came without their text (from a link). Leaf UI: it loads with the editor.

import { microseconds } from './url.js';

/** A positive number to `digits` significant digits, as short as it gets. */
const num = (x, digits) => String(Number(x.toPrecision(digits)));

/**
 * nccl-tests text of `rows` on `ranks` ranks (0: none said): one data row each, algbw = size /
 * time and busbw = algbw x 2(r-1)/r, the largest row's to 12 digits so that the core finds the
 * rank count from it. Count, type, redop and root were not kept: "-".
 */
export function measuredText(ranks, rows) {
  const head = [
    `# nccl-tests all_reduce_perf, rebuilt from a tplayer link: the ${rows.length} rows it kept (size, out-of-place time)${ranks ? ` on ${ranks} ranks` : ''}`,
    '#  algbw and busbw follow from them; count, type, redop and root were not kept (-)',
    '#        size  count  type  redop  root     time(us)   algbw(GB/s)   busbw(GB/s)',
  ];
  const lines = rows.map(([size, s], j) => {
    const algbw = s > 0 ? size / s / 1e9 : 0; // a time <= 0: for the core to name
    const busbw = ranks ? (algbw * 2 * (ranks - 1)) / ranks : 0;
    const d = j === rows.length - 1 ? 12 : 4;
    return `${String(size).padStart(13)}      -     -      -     -  ${microseconds(s).padStart(11)}  ${num(algbw, d).padStart(12)}  ${num(busbw, d).padStart(12)}`;
  });
  return [...head, ...lines, ''].join('\n');
}
