import { describe, expect, it } from 'vitest';
import {
  countText,
  formFromScenario,
  freeName,
  inputFor,
  messagesByInput,
  numberOrText,
  presetForm,
  quantityText,
  quantityValue,
  toScenario,
  workloadIsCustom,
  acceleratorIsCustom,
  linkIsPreset,
} from '../../../web/src/form.js';
import { catalog } from './catalog.fixture.js';

const gpt3 = () => presetForm('Gpt3TensorParallelLayerTp8', catalog);

describe('form text -> scenario adapter', () => {
  it('turns the default preset back into the same scenario, catalogue keys kept', () => {
    const scenario = toScenario(gpt3(), catalog);
    expect(scenario).toEqual({
      type: 'TensorParallelLayerScenario',
      workload: 'GPT3',
      tp_size: 8,
      tokens: 2048,
      accelerator: 'H100',
      precision: 'fp16_dense',
      local_efficiency: 0.5,
      links: { nvlink: 'nvlink4', infiniband_ndr: 'ib_ndr' },
      collectives_per_layer: 2,
    });
  });

  it("sends links as SPEC's ordered map, as text once edited, as an array when a map cannot keep the rows", () => {
    const f = gpt3();
    f.links = [{ ...f.links[0], latency: ['1', 'us'] }, f.links[1]];
    expect(toScenario(f, catalog).links).toEqual({ nvlink: { bandwidth: '450 GB/s', latency: '1 us' }, infiniband_ndr: 'ib_ndr' });
    for (const names of [['a', 'a'], ['a', ''], ['x', '1']]) {
      f.links = [{ ...f.links[0], name: names[0] }, { ...f.links[1], name: names[1] }];
      expect(toScenario(f, catalog).links).toEqual([
        { name: names[0], bandwidth: '450 GB/s', latency: '1 us' },
        { name: names[1], bandwidth: 50e9, latency: 5e-6 },
      ]);
    }
  });

  it('shows catalogue numbers as people write them', () => {
    const f = gpt3();
    expect(f.workload).toMatchObject({ parameters: '175e9', layers: '96', hidden_dim: '12288', inference_flops: '350e9' });
    expect(f.accelerator.peaks.fp16_dense).toEqual(['989', 'TFLOP/s']);
    expect(f.accelerator.memory).toEqual(['80', 'GiB']);
    expect(f.accelerator.bandwidth).toEqual(['3.35', 'TB/s']);
    expect(f.links[0]).toEqual({ name: 'nvlink', bandwidth: ['450', 'GB/s'], latency: ['0.5', 'us'], preset: 'nvlink4' });
    expect(countText(8.03e9)).toBe('8.03e9');
    expect(countText(340e6)).toBe('340e6');
    expect(quantityText('memory', 141e9, catalog)).toEqual(['141', 'GB']);
    expect(quantityText('latency', 50e-6, catalog)).toEqual(['50', 'us']);
    expect(quantityText('latency', 7e-6, catalog)).toEqual(['7', 'us']);
    expect(quantityText('bandwidth', 12.5e9, catalog)).toEqual(['12.5', 'GB/s']);
    expect(quantityText('memoryBandwidth', 2.039e12, catalog)).toEqual(['2.039', 'TB/s']);
    expect(quantityText('bandwidth', '400 Gb/s', catalog)).toEqual(['400 Gb/s', 'GB/s']);
  });

  it('reads a preset with links given as objects', () => {
    const f = presetForm('Llama3_70BDecodeTp8', catalog);
    expect(f.links).toEqual([
      { name: 'nvlink', bandwidth: ['450', 'GB/s'], latency: ['0.5', 'us'], preset: '' },
      { name: 'infiniband_ndr', bandwidth: ['50', 'GB/s'], latency: ['5', 'us'], preset: '' },
    ]);
    expect(f.precision).toBe('bf16_dense');
  });

  it('sends what the user typed: numbers parsed, anything else as text for the core to judge', () => {
    expect(numberOrText(' 16 ')).toBe(16);
    expect(numberOrText('175e9')).toBe(175e9);
    expect(numberOrText('-0')).toBe(-0);
    expect(numberOrText('eight')).toBe('eight');
    expect(numberOrText('')).toBe('');
    expect(numberOrText('1e309')).toBe('1e309');
    expect(numberOrText('0x10')).toBe('0x10');
    expect(quantityValue(['400', 'Gb/s'])).toBe('400 Gb/s');
    expect(quantityValue([' 400 Gb/s ', 'GB/s'])).toBe('400 Gb/s');
    expect(quantityValue(['1e9', 'B/s'])).toBe('1e9 B/s');
    expect(quantityValue(['', 'GB/s'])).toBe('');
    expect(quantityValue(['fast', 'GB/s'])).toBe('fast');
  });

  it('turns an edited workload or accelerator into a custom object, visibly', () => {
    const f = gpt3();
    f.workload = { ...f.workload, heads: '64' };
    f.accelerator = { ...f.accelerator, peaks: { ...f.accelerator.peaks, fp16_dense: ['1000', 'TFLOP/s'] } };
    expect(workloadIsCustom(f.workload, catalog)).toBe(true);
    expect(acceleratorIsCustom(f.accelerator, catalog)).toBe(true);
    const scenario = toScenario(f, catalog);
    expect(scenario.workload).toEqual({
      name: 'GPT-3 175B (edited)',
      parameters: 175e9,
      layers: 96,
      hidden_dim: 12288,
      heads: 64,
      kv_heads: 96,
      inference_flops: 350e9,
    });
    expect(scenario.accelerator.peak_flops.fp16_dense).toBe('1000 TFLOP/s');
    expect(scenario.accelerator.peak_flops.fp8_dense).toBe(1979e12); // untouched: the catalogue's double
    expect(scenario.accelerator.memory_capacity).toBe(80 * 1073741824);
    expect(scenario.accelerator.native_link).toBe('nvlink4');
  });

  it('leaves optional workload numbers out when blank', () => {
    const f = gpt3();
    f.workload = { ...f.workload, kv_heads: '', inference_flops: ' ' };
    const w = toScenario(f, catalog).workload;
    expect(w).not.toHaveProperty('kv_heads');
    expect(w).not.toHaveProperty('inference_flops');
  });

  it('passes link names through as typed: the core judges them (a shared URL must not carry markup)', () => {
    const f = gpt3();
    const names = ['<img src=x onerror=alert(1)>', 'javascript:alert(1)', 'NVLink 4 (H100, H200) #2', 'Ethernet → spine'];
    f.links = names.map((name) => ({ ...f.links[1], name }));
    expect(toScenario(f, catalog).links).toEqual(Object.fromEntries(names.map((n) => [n, 'ib_ndr'])));
  });

  it('keeps link rows and names distinct', () => {
    const f = gpt3();
    expect(freeName(f.links, 'nvlink')).toBe('nvlink_2');
    expect(freeName(f.links, 'pcie4')).toBe('pcie4');
    expect(linkIsPreset(f.links[0], catalog)).toBe(true);
    expect(linkIsPreset({ ...f.links[0], latency: ['1', 'us'] }, catalog)).toBe(false);
  });
});

describe('core field -> input', () => {
  const f = gpt3();
  f.links = [...f.links, { ...f.links[1], name: 'nvlink' }, { ...f.links[1], name: 'a.b' }];
  it.each([
    ['tp_size', 'tp_size'],
    ['workload.heads', 'workload.heads'],
    ['workload.name', 'workload'],
    ['workload.heads.x', 'workload'],
    ['accelerator.memory_bandwidth', 'accelerator.memory_bandwidth'],
    ['accelerator.name', 'accelerator'],
    ['linksx', ''],
    ['workload', 'workload'],
    ['accelerator.peak_flops.fp16_dense', 'accelerator.peak'],
    ['accelerator.peak_flops.fp8', 'accelerator'],
    ['accelerator.memory_capacity', 'accelerator.memory_capacity'],
    ['precision', 'precision'],
    ['links', 'links'],
    ['links.nvlink.bandwidth', 'link.0.bandwidth'],
    ['links.infiniband_ndr.latency', 'link.1.latency'],
    ['links[2].name', 'link.2.name'],
    ['links[2].bandwidth', 'link.2.bandwidth'],
    ['links.a.b.bandwidth', 'link.3.bandwidth'],
    ['links.a.b', 'link.3.name'],
    ['links[9].name', 'links'],
    ['links.unknown.bandwidth', 'links'],
    ['type', ''],
    ['', ''],
  ])('%s -> %s', (field, id) => {
    expect(inputFor(field, f)).toBe(id);
  });

  it('groups messages by input', () => {
    const m = messagesByInput(
      [
        { field: 'tp_size', message: 'a' },
        { field: 'tp_size', message: 'b' },
        { field: 'scenario', message: 'c' },
      ],
      f,
    );
    expect(m.tp_size.map((e) => e.message)).toEqual(['a', 'b']);
    expect(m[''][0].message).toBe('c');
  });

  it('builds a form from any scenario shape without throwing', () => {
    expect(() => formFromScenario({}, catalog)).not.toThrow();
    const f2 = formFromScenario({ workload: { parameters: 1e9, layers: 2, hidden_dim: 8, heads: 2 }, accelerator: 'nope', links: ['pcie4', { name: 'x', bandwidth: '1 GB/s' }], tp_size: 2, tokens: 1, local_efficiency: 1 }, catalog);
    expect(f2.workload.key).toBe('');
    expect(f2.links.map((l) => [l.name, l.preset])).toEqual([
      ['pcie4', 'pcie4'],
      ['x', ''],
    ]);
  });
});
