// The page's side of docs/model.md#sequence-parallelism without a DOM: the URL carries the collective as it carries every
// scenario field (no code of its own), and the words for the pair and the hiding bandwidth.
import { beforeAll, describe, expect, it } from 'vitest';
import { decode, encode } from '../../../web/src/state/url.js';
import { hidingText, protocolText } from '../../../web/src/words/verdict.js';
import { core, edit, gpt3, real } from './model.js';

let api;
let model;
beforeAll(async () => ({ api, model } = await real()));

const HASH = 'v=3&p=Gpt3TensorParallelLayerTp8&collective=reduce_scatter_all_gather';
const encodeForm = (m, form) => encode(m, form, () => ({ error: 'no text' }));

describe('the collective in the URL', () => {
  it('opens from a hash and writes the same hash back', () => {
    const { form, ignored } = decode(model, `#${HASH}`);
    expect(ignored).toEqual([]);
    expect(core(form).collective).toBe('reduce_scatter_all_gather');
    expect(encodeForm(model, form)).toBe(HASH);
    // Picked in the form, it is the same edit.
    expect(encodeForm(model, edit(gpt3(), [['collective'], 'reduce_scatter_all_gather']))).toBe(
      HASH,
    );
    expect(api.solve(core(form)).collective).toBe('reduce_scatter_all_gather');
  });

  it('keeps an unknown collective as typed, for the core to name the field', () => {
    const { form, ignored } = decode(model, '#v=3&p=Gpt3TensorParallelLayerTp8&collective=sp');
    expect(ignored).toEqual([]);
    const { errors } = api.check(core(form));
    expect(errors.map((e) => e.field)).toEqual(['collective']);
  });
});

describe('words', () => {
  it('name both calls of a pair, and the hiding bandwidth against the link’s own', () => {
    expect(protocolText('ll128/ll128')).toBe('each call ring, LL128');
    expect(protocolText('nvls')).toBe('NVLink SHARP (NVLS)');
    const s = {
      ...api.Scenarios.Gpt3TensorParallelLayerTp8.scenario,
      link_model: 'nccl',
      collective: 'reduce_scatter_all_gather',
    };
    delete s.launch_overhead;
    const [nv, ib] = api.solve(s).links;
    expect(hidingText(nv)).toBe(
      'This link hides the exchange from 121.5 GB/s per direction: 0.27x its own bandwidth.',
    );
    expect(hidingText(ib)).toBe(
      'This link hides the exchange from 299.3 GB/s per direction: 5.99x its own bandwidth.',
    );
    const decode = api.solve({ ...s, tokens: 32 }).links[1];
    expect(hidingText(decode)).toBe(
      'No bandwidth hides the exchange: its latency terms alone outlast the compute.',
    );
    expect(hidingText(api.solve({ ...s, tp_size: 1 }).links[0])).toBe(
      'Nothing to hide: no exchange.',
    );
    const two = api.solve({
      ...api.Scenarios.Llama3_405BTp16AcrossNodes.scenario,
      collective: 'reduce_scatter_all_gather',
    }).links[0];
    expect(hidingText(two)).toMatch(/^Each GPU’s network link hides the exchange from /);
  });
});
