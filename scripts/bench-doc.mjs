#!/usr/bin/env node
// Writes what `npm run bench` printed (the file given, scripts/bench.sh's output) into
// docs/benchmarks.md, between its markers: one date, the machine, and one table row per measure
// (label, value, the rest: its target and how it was measured). The text around the markers is
// hand-written and kept.
// Usage: node scripts/bench-doc.mjs OUTPUT_FILE
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DOC = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const BEGIN =
  '<!-- written by npm run bench (scripts/bench-doc.mjs): everything down to the end marker -->';
const END = '<!-- end of what npm run bench writes -->';

const lines = readFileSync(process.argv[2], 'utf8').split('\n');
const head = lines.findIndex((l) => l.startsWith('tplayer benchmark ('));
if (head < 0) {
  console.error('bench-doc: no "tplayer benchmark (" line in the output: nothing written');
  process.exit(1);
}
// "tplayer benchmark (2 cores, load average 1.0, v20.19.2, 2026-12-04)"
const [, machine, date] = lines[head].match(/^tplayer benchmark \((.*), (\d{4}-\d\d-\d\d)\)/) ?? [];
const cell = (s) => s.replace(/\|/g, '\\|').trim();
const rows = [];
let section = '';
for (const raw of lines.slice(head + 1)) {
  const line = raw.trim();
  if (!line || line.startsWith('(')) continue;
  const header = line.match(/^== (.*) ==$/);
  if (header) {
    section = header[1];
    continue;
  }
  let text = line;
  let status = '';
  const marked = text.match(/^(ok|OVER)\s+(.*)$/);
  if (marked) [, status, text] = marked;
  let cells = text.split(/\s{2,}/);
  if (cells.length === 1) {
    const at = text.indexOf(': ');
    const space = text.indexOf(' ');
    if (at > 0) cells = [text.slice(0, at), text.slice(at + 2)];
    else if (space > 0) cells = [text.slice(0, space), text.slice(space + 1)];
  }
  const [what, value = '', ...rest] = cells;
  const note = [...rest, status === 'OVER' ? 'over its target' : ''].filter(Boolean).join('; ');
  rows.push(`| ${cell(section ? `${section}: ${what}` : what)} | ${cell(value)} | ${cell(note)} |`);
}
const block = [
  BEGIN,
  `Measured on ${date} (${machine}), one run of \`npm run bench\`.`,
  '',
  '| what | measured | target, and how |',
  '|---|---|---|',
  ...rows,
  END,
].join('\n');
const doc = readFileSync(DOC, 'utf8');
const from = doc.indexOf(BEGIN);
const to = doc.indexOf(END);
if (from < 0 || to < from) {
  console.error(`bench-doc: ${DOC} has lost its markers: nothing written`);
  process.exit(1);
}
writeFileSync(DOC, doc.slice(0, from) + block + doc.slice(to + END.length));
console.log(`bench-doc: ${rows.length} rows written to docs/benchmarks.md`);
