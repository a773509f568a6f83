// The transformer: a catalogue workload and its numbers; editing a number makes it custom.

import { WORKLOAD_FIELDS, workloadIsCustom } from '../form.js';
import { CatalogPick } from './CatalogPick.jsx';
import { Field } from './Field.jsx';

const LABELS = {
  parameters: ['Parameters P', 'count, e.g. 175e9'],
  layers: ['Layers L', ''],
  hidden_dim: ['Hidden size h (hidden_dim)', ''],
  heads: ['Attention heads', ''],
  kv_heads: ['KV heads (kv_heads)', 'optional; default: heads'],
  inference_flops: ['Forward FLOPs per token (inference_flops)', 'optional; default: 2 × P'],
};

export function WorkloadFields({ v }) {
  const w = v.form.workload;
  const catalog = v.catalog;
  const actions = v.act;
  return (
    <fieldset>
      <legend>Workload</legend>
      <CatalogPick v={v} id="workload" label="Model" entries={catalog.workloads} entry={w} custom={workloadIsCustom(w, catalog)} pick={actions.pickWorkload} what="workload" />
      <div class="grid2">
        {WORKLOAD_FIELDS.map((f) => (
          <Field
            key={f}
            id={`workload.${f}`}
            label={LABELS[f][0]}
            hint={LABELS[f][1] || undefined}
            v={v}
            value={w[f]}
            inputMode={f === 'parameters' || f === 'inference_flops' ? 'decimal' : 'numeric'}
            onInput={(x) => actions.setWorkload(f, x)}
          />
        ))}
      </div>
    </fieldset>
  );
}
