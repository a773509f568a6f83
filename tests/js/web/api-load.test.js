// web/src/platform/api.js, the module load the page and every <tp-layer> share: a failed load is not kept
// (the next call tries again) and its error names what failed, the script by its URL or the
// WebAssembly it loads (issue 43: the rejected promise was cached for good, and the element blamed
// tplayer.js when the wasm had failed).
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadApi } from '../../../web/src/platform/api.js';

const dist = new URL('../../../dist/', import.meta.url);
const lonely = mkdtempSync(join(tmpdir(), 'tplayer-api-'));
copyFileSync(new URL('tplayer.js', dist), join(lonely, 'tplayer.js')); // without its wasm
afterAll(() => rmSync(lonely, { recursive: true, force: true }));

describe('loadApi', () => {
  it('names the script that did not load, then loads on the next call', async () => {
    const missing = pathToFileURL(join(lonely, 'nowhere/')).href;
    await expect(loadApi(missing)).rejects.toThrow(`${missing}tplayer.js did not load (`);
    const base = `${pathToFileURL(lonely).href}/`;
    await expect(loadApi(base)).rejects.toThrow(
      new RegExp(`^${base}tplayer\\.js loaded, but not its WebAssembly \\(.*tplayer\\.wasm\\.gz`),
    );
    const api = await loadApi(dist.href);
    expect(api.catalog().presets.length).toBeGreaterThan(0);
    expect(await loadApi(dist.href)).toBe(api); // kept once it loaded
  });
});
