// The control named NCCL, beside the verdict: how an all-reduce is priced, at line rate (the
// ideal ring, the default) or as NCCL runs it (calibrated on published measurements), and in
// NCCL mode the launch overhead per all-reduce with its common values. Both are edits of the
// scenario (link_model, launch_overhead), so the URL carries them.

import { useContext } from 'preact/hooks';
import { ActionsContext, MessagesContext, ModelContext } from '../context.js';
import { fieldText } from '../form.js';
import { FormField } from './FormField.jsx';
import { Messages } from './Messages.jsx';

const MODELS = [
  ['line_rate', 'Line rate', 'Each link at its datasheet rate, as an ideal ring of α-β steps.'],
  [
    'nccl',
    'NCCL (measured)',
    'As NCCL runs it: its protocols, fitted to published nccl-tests runs.',
  ],
];
/** The usual launch costs of one all-reduce, by how the job is run. */
const LAUNCH = [
  ['10', 'eager, one process per GPU'],
  ['20', '-g 8, one process for all GPUs'],
  ['3', 'CUDA graphs'],
];

/** `core`: the scenario as the core last read it (the value each field shows while unedited). */
export function ModelSwitch({ form, core }) {
  const model = useContext(ModelContext);
  const { set } = useContext(ActionsContext);
  const messages = useContext(MessagesContext);
  const value = fieldText(model, form, 'scenario', form, 'link_model', core);
  const launch = fieldText(model, form, 'scenario', form, 'launch_overhead', core);
  const nccl = value === 'nccl';
  return (
    <fieldset class="model-switch">
      <legend>All-reduce model</legend>
      <div class="seg" role="radiogroup" aria-label="NCCL: how each all-reduce is priced">
        {MODELS.map(([k, label]) => (
          <label key={k} class={k === value ? 'on' : ''}>
            <input
              type="radio"
              id={`in-link_model-${k}`}
              name="link_model"
              value={k}
              checked={k === value}
              onInput={() => set('scenario', 'link_model', k)}
            />
            {label}
          </label>
        ))}
      </div>
      <p class="hint">
        {MODELS.find((m) => m[0] === value)?.[2]} The charts draw the other model faint.
      </p>
      <Messages
        id="link_model"
        errors={messages.errors.link_model}
        warnings={messages.warnings.link_model}
      />
      {(nccl || Object.hasOwn(form.edits, 'launch_overhead')) && (
        <FormField
          id="launch_overhead"
          form={form}
          kind="scenario"
          part={form}
          name="launch_overhead"
          base={core}
          label="Launch overhead, per all-reduce"
          hint="The fixed cost of issuing one all-reduce; it depends on how the job runs, not on the link."
          onInput={(x) => set('scenario', 'launch_overhead', x)}
        />
      )}
      {nccl && (
        <div class="picks launch" role="group" aria-label="Common launch overheads">
          {LAUNCH.map(([us, how]) => (
            <button
              key={us}
              type="button"
              aria-pressed={launch[0].trim() === us && launch[1] === 'us'}
              onClick={() => set('scenario', 'launch_overhead', [us, 'us'])}
            >
              {us} µs <span>{how}</span>
            </button>
          ))}
        </div>
      )}
    </fieldset>
  );
}
