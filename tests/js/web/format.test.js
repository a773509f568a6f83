import { describe, expect, it } from 'vitest';
import * as fmt from '../../../web/src/words/format.js';

describe('format', () => {
  it('says one of a thing in the singular, any other count in the plural', () => {
    expect([0, 1, 2, 1.5].map((n) => `${n} ${fmt.plural(n, 'rank')}`)).toEqual([
      '0 ranks',
      '1 rank',
      '2 ranks',
      '1.5 ranks',
    ]);
  });
  it('prints 4 significant digits with a unit picked by size, like the core', () => {
    expect(fmt.time(0.00188742837883)).toBe('1.887 ms');
    expect(fmt.time(0.00366321536)).toBe('3.663 ms');
    expect(fmt.time(0.0150994270307)).toBe('15.1 ms');
    expect(fmt.time(7e-6)).toBe('7 µs');
    expect(fmt.time(5e-7)).toBe('500 ns');
    expect(fmt.time(2.5)).toBe('2.5 s');
    expect(fmt.time(0)).toBe('0 ns');
    expect(fmt.bytes(50331648)).toBe('50.33 MB');
    expect(fmt.bytes(43.75e9)).toBe('43.75 GB');
    expect(fmt.binaryBytes(85899345920)).toBe('80 GiB');
    expect(fmt.bytes(85899345920)).toBe('85.9 GB');
    expect(fmt.bandwidth(450e9)).toBe('450 GB/s');
    expect(fmt.bitRate(50e9)).toBe('400 Gb/s');
    expect(fmt.flops(989e12)).toBe('989 TFLOP/s');
    expect(fmt.bandwidth(999.96e9)).toBe('1 TB/s');
  });

  it('formats counts, factors and fractions', () => {
    expect(fmt.count(50331648)).toBe('50,331,648');
    expect(fmt.count(176160768)).toBe('176,160,768');
    expect(fmt.count(-1234)).toBe('−1,234');
    expect(fmt.sig(7466666666670)).toBe('7.467e12');
    expect(fmt.sig(933333333333)).toBe('9.333e11');
    expect(fmt.sig(2048)).toBe('2048');
    expect(fmt.times(6.58530612702)).toBe('6.59x');
    expect(fmt.times(2.720302)).toBe('2.72x');
    expect(fmt.times(8)).toBe('8x');
    expect(fmt.times(6.5853, 2)).toBe('6.6x');
    expect(fmt.percent(0.2148258328)).toBe('21%');
    expect(fmt.percent(0.823163265877)).toBe('82%');
    expect(fmt.percent(0.034)).toBe('3.4%');
    expect(fmt.percent(1)).toBe('100%');
  });

  it('never throws on odd numbers', () => {
    expect(fmt.time(Infinity)).toBe('∞ ns');
    expect(fmt.time(NaN)).toBe('NaN ns');
    expect(fmt.sig(-0)).toBe('0');
    expect(fmt.sig(1e21)).toBe('1e21');
    expect(fmt.quantity(5, 'furlongs')).toBe('5 furlongs');
  });
  it('names a precision key in words', () => {
    expect(['fp16_dense', 'bf16', 'fp8_sparse'].map(fmt.precisionName)).toEqual([
      'FP16 dense',
      'BF16',
      'FP8 sparse',
    ]);
  });
});
