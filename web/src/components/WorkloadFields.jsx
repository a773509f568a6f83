// The transformer (picked in KeyFields.jsx): its numbers (the core's workload fields); editing a
// number makes it custom. The core's help is shown for the optional ones (it names their default).

import { AnyModel } from './AnyModel.jsx';
import { PartFields } from './FormField.jsx';

const LABELS = {
  parameters: 'Parameters P',
  layers: 'Layers L',
  hidden_dim: 'Hidden size h',
  heads: 'Attention heads',
  kv_heads: 'KV heads',
  inference_flops: 'Forward FLOPs per token',
  head_dim: 'Head width',
};

export function WorkloadFields() {
  return (
    <fieldset>
      <legend>Workload</legend>
      <div class="grid2">
        <PartFields
          kind="workload"
          path={['workload']}
          labels={LABELS}
          hint={(f) => (f.required ? '' : undefined)}
        />
      </div>
      <AnyModel />
    </fieldset>
  );
}
