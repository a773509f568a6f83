// What the page loads on demand, in a module graph of its own (this file): a form or hash with a
// measured or two-tier link waits for rows.js; decoding and encoding then give their answers.
import { describe, expect, it } from 'vitest';
import { addLink, setField } from '../../../web/src/form.js';
import { decodeHash, encodeForm } from '../../../web/src/url.js';
import { gpt3, real } from './model.js';

describe('parts of the URL format that load on demand', () => {
  it('a measured or two-tier link waits for rows.js, in the hash and from it', async () => {
    const { model } = await real({ rows: false });
    const hash = '#v=2&p=Gpt3TensorParallelLayerTp8&links=nvlink~nvlink4&links=t~~two_tier';
    const first = decodeHash(model, hash);
    expect(Object.keys(first)).toEqual(['later']);
    const form = {
      ...gpt3(),
      links: [...gpt3().links, { name: 'm', kind: 'measured', key: '', edits: {} }],
    };
    expect(encodeForm(model, setField(model, form, 2, 'measured', '8 1 f s -1 30 0 0'))).toBeNull();
    expect(encodeForm(model, addLink(model, gpt3(), 'pcie4'))).toContain('pcie4'); // others need nothing
    await first.later;
    const d = decodeHash(model, hash);
    expect(d.ignored).toEqual([]);
    expect(d.form.links[1]).toMatchObject({ name: 't', kind: 'two_tier' });
    expect(encodeForm(model, form)).toContain('links=m~~measured');
  });
});
