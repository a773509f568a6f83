// The hand-written d.ts against the fields the core declares (catalog().fields): every input
// interface names exactly the core's fields, so a field added in the core without its type (or
// the reverse) fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { load } from '../../dist/tplayer.js';

const api = await load();
const dts = readFileSync(new URL('../../wasm/tplayer.d.ts', import.meta.url), 'utf8');

/** The member names of `export interface NAME { ... }` in the d.ts, in order. */
function members(name) {
  const start = dts.indexOf(`export interface ${name} {`);
  expect(start, `interface ${name} in the d.ts`).toBeGreaterThanOrEqual(0);
  const body = dts.slice(start, dts.indexOf('\n}', start));
  return [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((m) => m[1]);
}

describe("the d.ts input interfaces name the core's fields", () => {
  const { fields } = api.catalog();
  const names = (kind) => fields[kind].map((f) => f.name);

  it('Scenario', () => expect(members('Scenario')).toEqual(['type', ...names('scenario')]));
  it('Workload', () => expect(members('Workload')).toEqual(names('workload')));
  it('Accelerator', () => expect(members('Accelerator')).toEqual(names('accelerator')));
  it('Link (the name only in the array form)', () => {
    expect(members('Link')).toEqual(names('link').filter((n) => n !== 'name'));
    expect(dts).toContain('Link & { name: string }');
  });
  it('Protocol', () => expect(members('Protocol')).toEqual(names('protocol')));
  it('MeasuredLink', () =>
    expect(members('MeasuredLink')).toEqual(names('measured_link').filter((n) => n !== 'name')));
  it('TwoTierLink', () =>
    expect(members('TwoTierLink')).toEqual(names('two_tier_link').filter((n) => n !== 'name')));
  it('Catalog.fields names every table the core describes', () => {
    const start = dts.indexOf('  fields: {', dts.indexOf('export interface Catalog {'));
    const body = dts.slice(start, dts.indexOf('\n  };', start));
    expect([...body.matchAll(/^ {4}(\w+):/gm)].map((m) => m[1])).toEqual(Object.keys(fields));
  });
  it('FieldInfo.kind lists every kind of field the core has', () => {
    const start = dts.indexOf('export interface FieldInfo {');
    const union = dts.slice(
      dts.indexOf('  kind:', start),
      dts.indexOf(';', dts.indexOf('  kind:', start)),
    );
    const kinds = [...union.matchAll(/'(\w+)'/g)].map((m) => m[1]);
    for (const f of Object.values(fields).flat()) expect(kinds, f.name).toContain(f.kind);
  });
  it('a sweepable field is a SweepField', () => {
    const union = /export type SweepField =([^;]*);/.exec(dts)[1];
    const named = [...union.matchAll(/['"](\w+)['"]/g)].map((m) => m[1]);
    expect(named).toEqual(fields.scenario.filter((f) => f.sweepable).map((f) => f.name));
  });
});
