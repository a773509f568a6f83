// "How close to measurements?": published nccl-tests runs against both link models. Its code
// (validation/) and data (validation.json) load when it is first opened, not with the page; the
// service worker keeps them for offline use.

import { useContext, useState } from 'preact/hooks';
import { loadApi } from '../api.js';
import { ModelContext } from '../context.js';
import { lazy } from '../lazy.jsx';

const Panel = lazy(
  () =>
    Promise.all([
      import('../validation/Panel.jsx'),
      fetch('validation.json').then((r) => {
        if (!r.ok) throw new Error(`validation.json: HTTP ${r.status}`);
        return r.json();
      }),
      loadApi(),
    ]).then(([m, data, api]) => (props) => <m.Panel data={data} api={api} {...props} />),
  'the measurements',
);

/**
 * `links`: the scenario's links as the core read it; `titles`: what the page calls each;
 * `measured`: the form's measured links, [{name, ranks, bus_bandwidth, rows: [[bytes, seconds],
 * ...]}], offered and drawn beside the catalogue's models; `tp`: the scenario's tp_size.
 */
export function Validation(props) {
  const { catalog } = useContext(ModelContext);
  const [open, setOpen] = useState(false);
  return (
    <details class="card validation" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>How close to measurements?</summary>
      {open && <Panel catalog={catalog} {...props} />}
    </details>
  );
}
