// The transformer: a catalogue workload and its numbers (the core's workload fields); editing a
// number makes it custom. The core's help is shown for the optional ones (it names their default).

import { useContext } from 'preact/hooks';
import { ActionsContext, ModelContext } from '../context.js';
import { CatalogPick } from './CatalogPick.jsx';
import { PartFields } from './PartFields.jsx';

const LABELS = {
  parameters: 'Parameters P',
  layers: 'Layers L',
  hidden_dim: 'Hidden size h (hidden_dim)',
  heads: 'Attention heads',
  kv_heads: 'KV heads (kv_heads)',
  inference_flops: 'Forward FLOPs per token (inference_flops)',
};

export function WorkloadFields({ form }) {
  const model = useContext(ModelContext);
  const actions = useContext(ActionsContext);
  const part = form.workload;
  return (
    <fieldset>
      <legend>Workload</legend>
      <CatalogPick
        id="workload"
        label="Model"
        entries={model.catalog.workloads}
        part={part}
        pick={actions.pickWorkload}
        what="workload"
      />
      <div class="grid2">
        <PartFields
          form={form}
          kind="workload"
          part={part}
          where="workload"
          prefix="workload"
          labels={LABELS}
          hint={(f) => (f.required ? '' : undefined)}
        />
      </div>
    </fieldset>
  );
}
