#!/usr/bin/env node
// The page's imports go down its layers, never round: resolves every relative import under web/src
// (static `import` / `export ... from`, and dynamic `import('...')`) to its file and fails, printing
// each, when a module reaches itself again (a circle) or imports from a layer above its own. The
// layers, from the bottom: words/ (numbers and sentences for people, shared with the MCP server),
// state/ (the form, the URL, the page's state), platform/ (the module, the browser), ui/ (Preact
// glue), components/, and the entries at the top (App, main, element, prerender). mcp/ may import
// the page's words/ and nothing else of it. A graph so ordered loads in one order and can be read
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

const LAYERS = ['words', 'state', 'platform', 'ui', 'components'];
/** A module's layer: its folder's place in LAYERS; a file at the top (an entry) is above them all. */
const layerOf = (f) => {
  const top = relative(root, f).split(/[\\/]/);
  return top.length > 1 ? LAYERS.indexOf(top[0]) : LAYERS.length;
};

const graph = new Map(files(root).map((f) => [f, imports(f)]));
const upward = [];
for (const [f, list] of graph) {
  if (layerOf(f) < 0) upward.push(`${relative(root, f)}: in no layer (${LAYERS.join(', ')})`);
  for (const g of list)
    if (layerOf(g) > layerOf(f)) upward.push(`${relative(root, f)} imports ${relative(root, g)}`);
}
// The MCP server shares the page's words, nothing else of it.
const mcp = resolve(root, '../../mcp');
if (existsSync(mcp))
  for (const f of files(mcp))
    for (const g of imports(f))
      if (g.startsWith(root) && layerOf(g) !== 0)
        upward.push(
          `${relative(process.cwd(), f)} imports ${relative(root, g)}: mcp/ takes words/ only`,
        );
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
for (const c of circles) console.error(`import circle: ${c.map(name).join(' -> ')}`);
for (const u of upward) console.error(`import up a layer: ${u}`);
if (circles.length || upward.length) process.exit(1);
console.log(
  `imports: ${graph.size} modules under ${name(root)}, no circle, none up a layer (${LAYERS.join(' < ')} < entries)`,
);
