// The chip each rank runs on: catalogue accelerator, its peak for the chosen precision, memory
// (shown in GB and GiB) and memory bandwidth; the precision lists only its keys.

import { useContext } from 'preact/hooks';
import { ActionsContext, ModelContext } from '../context.js';
import { fieldText } from '../form.js';
import * as fmt from '../format.js';
import { CatalogPick } from './CatalogPick.jsx';
import { Field } from './Field.jsx';
import { FormField } from './FormField.jsx';
import { PartFields } from './PartFields.jsx';

const LABELS = { memory_capacity: 'Memory capacity', memory_bandwidth: 'Memory bandwidth' };

/**
 * `result`: the valid result of this form, or null (for the memory hint); `core`: the scenario as
 * the core last read it (the exchange's precision follows the precision until it is set).
 */
export function AcceleratorFields({ form, result, core }) {
  const model = useContext(ModelContext);
  const actions = useContext(ActionsContext);
  const part = form.accelerator;
  const precision = fieldText(model, form, 'scenario', form, 'precision');
  const peakKeys = new Set(Object.keys(model.entries.accelerator.get(part.key)?.peak_flops || {}));
  for (const k of Object.keys(part.edits))
    if (k.startsWith('peak_flops.')) peakKeys.add(k.slice(11));
  const keys = [...peakKeys];
  const hints = {
    memory_capacity:
      result &&
      `= ${fmt.bytes(result.memory_capacity_bytes)} = ${fmt.binaryBytes(result.memory_capacity_bytes)}`,
    memory_bandwidth:
      'The roofline reads the weights (and in decode the KV cache) at this rate x the memory efficiency.',
  };
  const exchange = fieldText(model, form, 'scenario', form, 'exchange_precision', core);
  const formats = model.catalog.precisions.map((p) => `${p.format}_dense`);
  return (
    <fieldset>
      <legend>Accelerator</legend>
      <CatalogPick
        id="accelerator"
        label="Chip"
        entries={model.catalog.accelerators}
        part={part}
        pick={actions.pickAccelerator}
        what="accelerator"
      />
      <Field
        id="precision"
        label="Precision"
        hint="Only the precisions this chip has a peak for."
        value={precision}
        options={[
          ...keys.map((k) => [k, k]),
          ...(keys.includes(precision) ? [] : [[precision, `${precision} (not on this chip)`]]),
        ]}
        onInput={(x) => actions.set('scenario', 'precision', x)}
      />
      <Field
        id="exchange_precision"
        label="Exchange precision"
        hint="The all-reduce's number format: FP8 matmuls still exchange BF16 activations unless FP8 communication is switched on."
        value={exchange}
        options={[
          ...formats.map((k) => [k, k]),
          ...(formats.includes(exchange) ? [] : [[exchange, exchange]]),
        ]}
        onInput={(x) => actions.set('scenario', 'exchange_precision', x)}
      />
      {keys.includes(precision) ? (
        <FormField
          id="accelerator.peak_flops"
          form={form}
          kind="accelerator"
          part={part}
          name={`peak_flops.${precision}`}
          label={`Peak for ${precision}`}
          hint=""
          onInput={actions.setPeak}
        />
      ) : (
        <p class="hint">This chip has no peak for {precision}.</p>
      )}
      <PartFields
        form={form}
        kind="accelerator"
        part={part}
        where="accelerator"
        prefix="accelerator"
        labels={LABELS}
        hint={(f) => hints[f.name] || undefined}
      />
    </fieldset>
  );
}
