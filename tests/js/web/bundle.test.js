// The page's own text (dist/index.html and its assets, the module excluded) names no internal
// document or class: what it shows is for users, not for the people who wrote the spec. (The
// core's texts are checked as shown, for every preset, in tests/e2e/first-result.test.js.)
import { readFileSync, readdirSync } from 'node:fs';
import { expect, it } from 'vitest';

const dist = new URL('../../../dist/', import.meta.url);

it('says neither SPEC, mlsysim nor a class name anywhere in the built page', () => {
  const files = ['index.html', ...readdirSync(new URL('assets/', dist)).map((f) => `assets/${f}`)];
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  for (const f of files) {
    const text = readFileSync(new URL(f, dist), 'utf8');
    expect(text, f).not.toMatch(/\bSPEC\b|mlsysim|TensorParallelLayer/i);
  }
});
