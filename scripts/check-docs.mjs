#!/usr/bin/env node
// Every document the repository cites is in it (run by scripts/lint.sh):
//   - a citation of the model, `docs/model.md#<section>` (with further `#<section>`s after it,
//     as in `docs/model.md#nccl-links, #two-tier-links`), names a heading of docs/model.md;
//   - a relative Markdown link in a tracked .md file ([text](path) or [text](path#anchor))
//     reaches a file of the repository, and its anchor a heading of that file;
//   - nothing cites SPEC.md, its sections ('SPEC 3.7') or a path under ../shared (documents
//     outside the repository).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
// A path git lists that is not a file (a symlink to a folder, say a worktree's node_modules) is
// passed over, not read.
const isFile = (p) => statSync(p, { throwIfNoEntry: false })?.isFile();
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT })
  .toString()
  .split('\n')
  .filter((f) => f && isFile(join(ROOT, f)) && !/\.(png|gz|wasm|ico|svg|pyc)$/.test(f))
  .filter((f) => f !== 'scripts/check-docs.mjs'); // it names what it looks for

// GitHub's anchor of a heading: lower case, punctuation but '-' and '_' dropped, spaces as '-'.
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
const anchorsOf = new Map();
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const text = readFileSync(join(ROOT, file), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
    anchorsOf.set(file, new Set([...text.matchAll(/^#+ (.*)$/gm)].map((m) => slug(m[1]))));
  }
  return anchorsOf.get(file);
}

const problems = [];
const MODEL = /docs\/model\.md(#[\w-]+(?:(?:, | and | \/ |\/| with | or |; catalogue )#[\w-]+)*)/g;
for (const file of files) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const lineOf = (at) => text.slice(0, at).split('\n').length;
  for (const m of text.matchAll(MODEL)) {
    for (const [, anchor] of m[1].matchAll(/#([\w-]+)/g)) {
      if (!anchors('docs/model.md').has(anchor))
        problems.push(`${file}:${lineOf(m.index)}: docs/model.md has no section #${anchor}`);
    }
  }
  for (const m of text.matchAll(/\bSPEC\.md\b|\bSPEC(?:'s|’s)? (?:section )?\d|\.\.\/shared\//g)) {
    problems.push(`${file}:${lineOf(m.index)}: cites ${m[0]}, which is not in the repository`);
  }
  if (!file.endsWith('.md')) continue;
  const prose = text.replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ' '));
  for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = m[1];
    if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
    const [path, anchor] = target.split('#');
    const to = path ? normalize(join(dirname(file), path)) : file;
    if (!existsSync(join(ROOT, to))) {
      problems.push(`${file}:${lineOf(m.index)}: links to ${target}: no such file`);
    } else if (anchor && to.endsWith('.md') && !anchors(to).has(anchor)) {
      problems.push(`${file}:${lineOf(m.index)}: links to ${target}: no such heading in ${to}`);
    }
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`check-docs: ${files.length} files, every cited document and section is here`);
