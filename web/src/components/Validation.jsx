// "How close to measurements?": published nccl-tests runs against both link models. Its code
// (validation/) and data (validation.json) load when it is first opened, not with the page; the
// service worker keeps them for offline use.

import { useState } from 'preact/hooks';
import { loadApi } from '../api.js';

let loading = null; // the panel's code, data and the module, loaded once
function load() {
  loading ||= Promise.all([
    import('../validation/Panel.jsx'),
    fetch('validation.json').then((r) => {
      if (!r.ok) throw new Error(`validation.json: HTTP ${r.status}`);
      return r.json();
    }),
    loadApi(),
  ]).catch((e) => {
    loading = null; // try again on the next opening
    throw e;
  });
  return loading;
}

/**
 * `links`: the scenario's links as the core read it (a catalogue link by its key or `preset`, a
 * two-tier one by its network link); `titles`: what the page calls each; `measured`: the form's
 * measured links, [{name, ranks, bus_bandwidth, rows: [[bytes, seconds], ...]}], offered and drawn beside the
 * catalogue's models; `tp`: the scenario's tp_size (the panel marks the tables at it).
 */
export function Validation({ links, titles, measured = [], tp }) {
  const [got, setGot] = useState(null);
  const toggle = (e) => {
    if (e.currentTarget.open && !got?.Panel)
      load().then(
        ([m, data, api]) => setGot({ Panel: m.Panel, data, api }),
        (e) => setGot({ error: String(e?.message || e) }),
      );
  };
  return (
    <details class="card validation" onToggle={toggle}>
      <summary>How close to measurements?</summary>
      {got?.Panel ? (
        <got.Panel
          data={got.data}
          api={got.api}
          links={links}
          titles={titles}
          measured={measured}
          tp={tp}
        />
      ) : (
        <p class={got ? 'warn' : 'muted'} role="status">
          {got ? `The measurements could not be loaded: ${got.error}` : 'Loading the measurements…'}
        </p>
      )}
    </details>
  );
}
