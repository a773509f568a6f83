// The real module and catalogue for the page's pure tests: dist/tplayer.js, the very file the
// page loads (built by scripts/build.sh), indexed as the page indexes it.
import { createModel, loadRows, presetForm, setField } from '../../../web/src/form.js';
import { setTier } from '../../../web/src/rows.js';

let loaded;
/**
 * { api, catalog, model } of the built module, loaded once; with `rows` (the default) rows.js too,
 * the measured and two-tier links' code that the page loads on demand (lazy.test.js without it).
 */
export async function real({ rows = true } = {}) {
  if (rows) await loadRows();
  if (!loaded) {
    const { load } = await import('../../../dist/tplayer.js');
    const api = await load();
    const catalog = api.catalog();
    loaded = {
      api,
      catalog,
      model: createModel(
        catalog,
        (s) => api.check(s).scenario,
        (t) => api.readMeasured(t),
      ),
    };
  }
  return loaded;
}

/** The default preset's form (after real()). */
export const gpt3 = () => presetForm(loaded.model, 'Gpt3TensorParallelLayerTp8');

/**
 * A form with [where, field, value] edits applied as the page applies them (after real()); `where`
 * [row, tier] is a two-tier row's tier.
 */
export const edit = (form, ...changes) =>
  changes.reduce(
    (f, [where, name, value]) =>
      Array.isArray(where)
        ? setTier(loaded.model, f, ...where, name, value)
        : setField(loaded.model, f, where, name, value),
    form,
  );
