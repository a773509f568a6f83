// The chip each rank runs on: catalogue accelerator, its peak for the chosen precision,
// memory (shown in GB and GiB) and memory bandwidth; the precision lists only its keys.

import { UNITS, acceleratorIsCustom } from '../form.js';
import * as fmt from '../format.js';
import { CatalogPick } from './CatalogPick.jsx';
import { Field } from './Field.jsx';

export function AcceleratorFields({ v }) {
  const f = v.form;
  const a = f.accelerator;
  const catalog = v.catalog;
  const keys = Object.keys(a.peaks);
  const shown = v.shown;
  const r = shown && !v.stale ? shown.result : null;
  const actions = v.act;
  return (
    <fieldset>
      <legend>Accelerator</legend>
      <CatalogPick v={v} id="accelerator" label="Chip" entries={catalog.accelerators} entry={a} custom={acceleratorIsCustom(a, catalog)} pick={actions.pickAccelerator} what="accelerator" />
      <Field
        id="precision"
        label="Precision"
        hint="Only the precisions this chip has a peak for."
        v={v}
        value={f.precision}
        options={[
          ...keys.map((k) => [k, k]),
          ...(keys.includes(f.precision) ? [] : [[f.precision, `${f.precision} (not on this chip)`]]),
        ]}
        onInput={(x) => actions.set('precision', x)}
      />
      {a.peaks[f.precision] ? (
        <Field
          id="accelerator.peak"
          label={`Peak for ${f.precision}`}
          v={v}
          value={a.peaks[f.precision]}
          units={UNITS.peak}
          onInput={actions.setPeak}
        />
      ) : (
        <p class="hint">This chip has no peak for {f.precision}.</p>
      )}
      <Field
        id="accelerator.memory_capacity"
        label="Memory capacity"
        hint={r ? `= ${fmt.bytes(r.memory_capacity_bytes)} = ${fmt.binaryBytes(r.memory_capacity_bytes)}` : 'GB = 10^9 bytes, GiB = 2^30 bytes'}
        v={v}
        value={a.memory}
        units={UNITS.memory}
        onInput={(q) => actions.setAccelerator('memory', q)}
      />
      <Field
        id="accelerator.memory_bandwidth"
        label="Memory bandwidth"
        hint="Part of the scenario; this model of one layer does not use it."
        v={v}
        value={a.bandwidth}
        units={UNITS.memoryBandwidth}
        onInput={(q) => actions.setAccelerator('bandwidth', q)}
      />
    </fieldset>
  );
}
