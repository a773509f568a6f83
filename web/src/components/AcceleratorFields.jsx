// The chip each rank runs on (picked in KeyFields.jsx): its peak for the chosen precision, memory
// (shown in GB and GiB) and memory bandwidth; the precision lists only its keys.

import { useForm } from '../ui/context.js';
import * as fmt from '../words/format.js';
import { valueAt } from '../state/scenario.js';
import { PrecisionField, precisionOptions } from './PrecisionField.jsx';
import { Field } from './Field.jsx';
import { FormField, PartFields } from './FormField.jsx';

/** `result`: the valid result of this form, or null (for the memory hint). */
export function AcceleratorFields({ result }) {
  const { model, set, form, precision } = useForm();
  const keys = Object.keys(valueAt(model, form.scenario, ['accelerator', 'peak_flops']) || {});
  const hints = {
    memory_capacity:
      result &&
      `= ${fmt.bytes(result.memory_capacity_bytes)} = ${fmt.binaryBytes(result.memory_capacity_bytes)}`,
    memory_bandwidth:
      'The roofline reads the weights (and in decode the KV cache) at this rate x the memory efficiency.',
  };
  return (
    <fieldset>
      <legend>Accelerator</legend>
      <Field
        id="precision"
        label="Precision"
        hint="Only the precisions this chip has a peak for."
        value={precision}
        options={precisionOptions(keys, precision, ' (not on this chip)')}
        onInput={(x) => set(['precision'], x)}
      />
      <PrecisionField
        name="exchange_precision"
        label="Exchange precision"
        hint="The all-reduce's number format: FP8 matmuls still exchange BF16 activations unless FP8 communication is switched on."
      />
      {keys.includes(precision) ? (
        <FormField
          path={['accelerator', 'peak_flops', precision]}
          label={`Peak for ${fmt.precisionName(precision)}`}
          hint=""
          id="accelerator.peak_flops"
        />
      ) : (
        <p class="hint">This chip has no peak for {fmt.precisionName(precision)}.</p>
      )}
      <PartFields
        kind="accelerator"
        path={['accelerator']}
        hint={(f) => hints[f.name] || undefined}
      />
    </fieldset>
  );
}
