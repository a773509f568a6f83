// The hand-written wasm/tplayer.d.ts against the real thing: the properties that the TypeScript
// compiler reads off its result interfaces (TensorParallelLayerResult, LinkResult, FieldError)
// are exactly the keys of what solve() and check() of the built dist/tplayer.js return.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';
import { load } from '../../dist/tplayer.js';

const DTS = fileURLToPath(new URL('../../wasm/tplayer.d.ts', import.meta.url));

const program = ts.createProgram([DTS], { strict: true, noEmit: true, types: [] });
const checker = program.getTypeChecker();
const exported = new Map(
  checker
    .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(DTS)))
    .map((s) => [s.name, s]),
);

/** The property names of an exported interface or type alias, inherited ones included. */
function declaredKeys(...names) {
  const symbol = names.map((n) => exported.get(n)).find(Boolean);
  if (!symbol) throw new Error(`wasm/tplayer.d.ts exports none of ${names.join(', ')}`);
  return checker
    .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))
    .map((p) => p.name)
    .sort();
}

let api;
beforeAll(async () => {
  api = await load();
});

describe('wasm/tplayer.d.ts matches the results of the built module', () => {
  // The interface is named after the result's `type`; `Result` is its earlier name.
  test('TensorParallelLayerResult has exactly the keys of a solve() result', () => {
    for (const preset of Object.values(api.Scenarios)) {
      expect(Object.keys(api.solve(preset.scenario)).sort()).toEqual(
        declaredKeys('TensorParallelLayerResult', 'Result'),
      );
    }
  });

  test('LinkResult has exactly the keys of every link of every preset', () => {
    const want = declaredKeys('LinkResult');
    for (const preset of Object.values(api.Scenarios)) {
      for (const link of api.solve(preset.scenario).links)
        expect(Object.keys(link).sort()).toEqual(want);
    }
  });

  test('Catalog has exactly the keys of catalog(), and a two-tier entry those of its element', () => {
    const catalog = api.catalog();
    expect(Object.keys(catalog).sort()).toEqual(declaredKeys('Catalog'));
    const list = checker
      .getPropertiesOfType(checker.getDeclaredTypeOfSymbol(exported.get('Catalog')))
      .find((p) => p.name === 'two_tier_links');
    const [element] = checker.getTypeArguments(checker.getTypeOfSymbol(list));
    const want = checker
      .getPropertiesOfType(element)
      .map((p) => p.name)
      .sort();
    expect(catalog.two_tier_links.length).toBeGreaterThan(0);
    for (const entry of catalog.two_tier_links) expect(Object.keys(entry).sort()).toEqual(want);
  });

  test('FieldError has exactly the keys of an error and of a warning', () => {
    const want = declaredKeys('FieldError');
    const scenario = api.Scenarios.Gpt3TensorParallelLayerTp8.scenario;
    expect(Object.keys(api.check({ ...scenario, tp_size: 0 }).errors[0]).sort()).toEqual(want);
    const warned = api.solve({ ...scenario, tp_size: 7 }); // 7 divides neither the heads nor hidden_dim
    expect(warned.warnings.length).toBeGreaterThan(0);
    for (const w of warned.warnings) expect(Object.keys(w).sort()).toEqual(want);
  });
});

describe('wasm/tplayer.d.ts names the catalogue as the built module lists it', () => {
  /** The string literals of an exported union type ("(string & {})" aside). */
  const literals = (name) => {
    const type = checker.getDeclaredTypeOfSymbol(exported.get(name));
    return (type.types || [type]).filter((t) => t.isStringLiteral()).map((t) => t.value);
  };
  test.each([
    ['PresetKey', 'presets'],
    ['WorkloadKey', 'workloads'],
    ['AcceleratorKey', 'accelerators'],
    ['LinkKey', 'links'],
    ['TwoTierLinkKey', 'two_tier_links'],
    ['ServingEngineKey', 'serving_engines'],
  ])('%s lists every key of catalog().%s, in its order', (name, list) => {
    expect(literals(name)).toEqual(api.catalog()[list].map((e) => e.key));
  });
});
