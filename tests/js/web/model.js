// The real module and catalogue for the page's pure tests: dist/tplayer.js, the very file the
// page loads (built by scripts/build.sh), indexed as the page does (scenario.js createModel).
import { createModel, presetForm, setAt, toCore } from '../../../web/src/state/scenario.js';

let loaded;
/** { api, catalog, model } of the built module, loaded once. */
export async function real() {
  if (!loaded) {
    const { load } = await import('../../../dist/tplayer.js');
    const api = await load();
    const catalog = api.catalog();
    loaded = { api, catalog, model: createModel(catalog) };
  }
  return loaded;
}

/** The default preset's form (after real()). */
export const gpt3 = () => presetForm(loaded.model, 'Gpt3TensorParallelLayerTp8');

/** A form with [path, value] edits applied as the page applies them (after real()). */
export const edit = (form, ...changes) => ({
  ...form,
  scenario: changes.reduce(
    (s, [path, value]) => setAt(loaded.model, s, path, value),
    form.scenario,
  ),
});

/** The scenario a form sends to the core, and the core's check() of it (after real()). */
export const core = (form) => toCore(loaded.model, form.scenario);
export const check = (form) => loaded.api.check(core(form));
