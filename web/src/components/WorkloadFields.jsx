// The transformer: a catalogue workload and its numbers (the core's workload fields); editing a
// number makes it custom. The core's help is shown for the optional ones (it names their default).

import { useContext } from 'preact/hooks';
import { ModelContext } from '../context.js';
import { AnyModel } from './AnyModel.jsx';
import { CatalogPick } from './CatalogPick.jsx';
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
  const { catalog } = useContext(ModelContext);
  return (
    <fieldset>
      <legend>Workload</legend>
      <CatalogPick path={['workload']} label="Model" entries={catalog.workloads} what="workload" />
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
