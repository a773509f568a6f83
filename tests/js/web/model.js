// The real module and catalogue for the page's pure tests: dist/tplayer.js, the very file the
// page loads (built by scripts/build.sh), indexed as the page indexes it.
import { createModel } from '../../../web/src/form.js';

let loaded;
/** { api, catalog, model } of the built module, loaded once. */
export async function real() {
  if (!loaded) {
    const { load } = await import('../../../dist/tplayer.js');
    const api = await load();
    const catalog = api.catalog();
    loaded = { api, catalog, model: createModel(catalog, (s) => api.check(s).scenario) };
  }
  return loaded;
}
