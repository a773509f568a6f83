// How the layer runs: tp_size (with quick picks), tokens, local efficiency, collectives.

import { Field } from './Field.jsx';

const PICKS = [1, 2, 4, 8, 16, 32, 64];

export function RunFields({ v }) {
  const f = v.form;
  const { set } = v.act;
  const eff = Number(f.local_efficiency);
  return (
    <fieldset>
      <legend>Parallelism and load</legend>
      <Field id="tp_size" label="Tensor-parallel size (tp_size)" v={v} value={f.tp_size} inputMode="numeric" onInput={(x) => set('tp_size', x)} />
      <div class="picks" role="group" aria-label="Quick picks for tp_size">
        {PICKS.map((n) => (
          <button key={n} type="button" aria-pressed={f.tp_size.trim() === String(n)} onClick={() => set('tp_size', String(n))}>
            {n}
          </button>
        ))}
      </div>
      <Field
        id="tokens"
        label="Tokens per step (tokens)"
        hint="micro-batch × sequence length; in decode, 1 per sequence"
        v={v}
        value={f.tokens}
        inputMode="numeric"
        onInput={(x) => set('tokens', x)}
      />
      <Field
        id="local_efficiency"
        label="Local efficiency η (local_efficiency)"
        hint="fraction of the peak the sharded matmuls reach, in (0, 1]"
        v={v}
        value={f.local_efficiency}
        onInput={(x) => set('local_efficiency', x)}
        after={
          <input
            type="range"
            class="slider"
            min="0.01"
            max="1"
            step="0.01"
            aria-label="Local efficiency slider"
            value={Number.isFinite(eff) && eff > 0 && eff <= 1 ? eff : 0.5}
            onInput={(e) => set('local_efficiency', e.currentTarget.value)}
          />
        }
      />
      <Field
        id="collectives_per_layer"
        label="All-reduces per layer (collectives_per_layer)"
        hint="2 in a forward pass; Megatron training pays 4"
        v={v}
        value={f.collectives_per_layer}
        inputMode="numeric"
        onInput={(x) => set('collectives_per_layer', x)}
      />
    </fieldset>
  );
}
