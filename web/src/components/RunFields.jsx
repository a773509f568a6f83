// How the layer runs: every field of the scenario itself that the core's table lists. A field the
// form leaves out shows the value the core used, so a value it derives, such as the all-reduces of
// a pass, follows the fields it derives from.

import { useForm } from '../ui/context.js';
import { editableFields, shown } from '../state/scenario.js';
import { FormField } from './FormField.jsx';

const PICKS = [1, 2, 4, 8, 16, 32, 64];
/** Fields with their own control beside the verdict (ModelSwitch). */
const BY_VERDICT = ['link_model', 'launch_overhead', 'compute_model', 'allreduce'];
/** Labels other than the field's name in words (FormField's default). */
const LABELS = {
  tp_size: 'Tensor-parallel size (ranks)',
  tokens: 'Tokens per step',
  local_efficiency: 'Local efficiency η',
  collectives_per_layer: 'All-reduces per layer',
  recompute: 'Activation recomputation',
  attention_context: 'Attention context, keys per token',
};
/** Words for the choices of a field, where the core's value needs them. */
const CHOICES = {
  collective: {
    all_reduce: 'all-reduce (Megatron)',
    reduce_scatter_all_gather: 'reduce-scatter + all-gather (sequence parallel)',
  },
};
/** Help in the words the select shows, where the core's help names its raw values. */
const HINTS = {
  collective: 'Sequence parallelism: each all-reduce becomes a reduce-scatter and an all-gather',
};
/** Fields shown right after another one (the collective beside the pass). */
const AFTER = { collective: 'pass' };

/** The run's fields in the form's first fieldset, with the model and the chip (KeyFields.jsx). */
export const KEY_RUN_FIELDS = ['tp_size', 'tokens', 'pass'];

/** The inputs of the scenario's own fields that `keep(name)` takes, in the core's order. */
export function RunFieldList({ keep }) {
  const { model, set, form, last } = useForm();
  const text = (name) => shown(model, form, [name], last);
  const eff = Number(text('local_efficiency'));
  return editableFields(model, 'scenario')
    .filter(
      ({ name }) => !BY_VERDICT.includes(name) && keep(name) && !(AFTER[name] && keep(AFTER[name])),
    )
    .flatMap(({ name }) => [
      name,
      ...Object.keys(AFTER).filter((k) => AFTER[k] === name && keep(k)),
    ])
    .flatMap((name) => [
      <FormField
        key={name}
        path={[name]}
        label={LABELS[name]}
        hint={HINTS[name]}
        choiceText={CHOICES[name]}
        after={
          name === 'local_efficiency' && (
            <input
              type="range"
              class="slider"
              min="0.01"
              max="1"
              step="0.01"
              aria-label="Local efficiency slider"
              value={Number.isFinite(eff) && eff > 0 && eff <= 1 ? eff : 1}
              onInput={(e) => set([name], e.currentTarget.value)}
            />
          )
        }
      />,
      name === 'tp_size' && (
        <div
          key="picks"
          class="picks"
          role="group"
          aria-label="Quick picks for the tensor-parallel size"
        >
          {PICKS.map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={text(name).trim() === String(n)}
              onClick={() => set([name], String(n))}
            >
              {n}
            </button>
          ))}
        </div>
      ),
    ]);
}

/** The rest of the run's fields: efficiencies, all-reduces per layer, recomputation, context, ... */
export function RunFields() {
  return (
    <fieldset>
      <legend>Parallelism and load</legend>
      <RunFieldList keep={(name) => !KEY_RUN_FIELDS.includes(name)} />
    </fieldset>
  );
}
