#!/usr/bin/env node
// No import circles in the page: resolves every relative import under web/src (static `import` /
// `export ... from`, and dynamic `import('...')`) to its file and fails, printing each circle, when
// a module reaches itself again. A module graph without circles loads in one order and can be read
// from the leaves up. Usage: node scripts/check-imports.mjs [dir]   (default web/src)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] || 'web/src');
const files = (dir) =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(js|jsx|mjs)$/.test(f) ? [p] : [];
  });
const IMPORT =
  /(?:^|[;\s])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The files under `root` that `file` imports: relative specifiers, resolved with or without extension. */
function imports(file) {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
  const out = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] || m[2];
    if (!spec.startsWith('.')) continue;
    const base = resolve(dirname(file), spec);
    const hit = [base, `${base}.js`, `${base}.jsx`, join(base, 'index.js')].find(
      (p) => existsSync(p) && statSync(p).isFile(),
    );
    if (hit && /\.(js|jsx|mjs)$/.test(hit)) out.push(hit);
  }
  return out;
}

const graph = new Map(files(root).map((f) => [f, imports(f)]));
const circles = [];
const state = new Map(); // file -> 1 on the current path, 2 done
const path = [];
function visit(f) {
  state.set(f, 1);
  path.push(f);
  for (const g of graph.get(f) || []) {
    if (state.get(g) === 1) circles.push([...path.slice(path.indexOf(g)), g]);
    else if (!state.has(g)) visit(g);
  }
  path.pop();
  state.set(f, 2);
}
for (const f of graph.keys()) if (!state.has(f)) visit(f);

const name = (f) => relative(process.cwd(), f);
if (circles.length) {
  for (const c of circles) console.error(`import circle: ${c.map(name).join(' -> ')}`);
  process.exit(1);
}
console.log(`imports: ${graph.size} modules under ${name(root)}, no circle`);
