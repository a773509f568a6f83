// The model control beside the verdict: one switch that sets both the compute and the link model
// (each can also be set on its own below it), and in NCCL mode the launch overhead and which
// all-reduce runs. All are edits of the scenario, so the URL carries them.

import { useForm } from '../ui/context.js';
import { shown } from '../state/scenario.js';
import { MODELS, fieldsOf, modelOf } from '../words/models.js';
import { Choice } from './Choice.jsx';
import { FormField } from './FormField.jsx';
import { Messages } from './Messages.jsx';

const LINK_MODELS = [
  ['line_rate', 'Line rate'],
  ['nccl', 'NCCL (measured)'],
];
const COMPUTE_MODELS = [
  ['flops', 'FLOPs'],
  ['roofline', 'Roofline'],
  ['kernels', 'Kernels'],
];
const ALLREDUCES = [
  ['nccl', 'NCCL'],
  ['custom', "Serving engine's (vLLM, SGLang, TensorRT\u2011LLM)"], // a non-breaking hyphen
];
/** The usual launch costs of one all-reduce, by how the job is run. */
const LAUNCH = [
  ['10', 'eager, one process per GPU'],
  ['20', '-g 8, one process for all GPUs'],
  ['3', 'CUDA graphs'],
];

/** Opens "Show the math" below the results (every formula of both models) and scrolls to it. */
function showMath() {
  const math = document.querySelector('details.math');
  if (!math) return;
  math.open = true;
  math.scrollIntoView({ block: 'start' });
}

export function ModelSwitch() {
  const { model, set, setMany, form, last } = useForm();
  const text = (name) => shown(model, form, [name], last);
  const linkModel = text('link_model');
  const computeModel = text('compute_model');
  const launch = text('launch_overhead');
  const nccl = linkModel === 'nccl';
  const part = (name, label, options) => (
    <Choice
      name={name}
      label={label}
      options={options}
      value={text(name)}
      onPick={(k) => set([name], k)}
    />
  );
  /** A field's switch with its hint above and its messages below. */
  const told = (hint, name, label, options) => (
    <>
      <p class="hint">{hint}</p>
      {part(name, label, options)}
      <Messages id={name} />
    </>
  );
  const current = modelOf({ compute_model: computeModel, link_model: linkModel });
  return (
    <fieldset class="model-switch">
      <legend>Model</legend>
      <Choice
        name="model"
        label="Which model prices the layer"
        options={MODELS.map((m) => [m.key, m.label])}
        value={current?.key}
        onPick={(k) =>
          setMany(
            Object.entries(fieldsOf(MODELS.find((m) => m.key === k).fields, form.scenario)).map(
              ([f, v]) => [[f], v],
            ),
          )
        }
        small={false}
      />
      <p class="hint">
        {current
          ? current.about
          : 'Mixed: the compute and the exchange are priced by different models (set below).'}{' '}
        The charts draw the other model faint.
      </p>
      <button type="button" class="small" onClick={showMath}>
        Show the math
      </button>
      <div class="model-parts">
        <span>Compute</span>
        {part('compute_model', 'Compute model', COMPUTE_MODELS)}
        <span>Exchange</span>
        {part('link_model', 'NCCL: how each all-reduce is priced', LINK_MODELS)}
      </div>
      <Messages id="link_model" />
      <Messages id="compute_model" />
      {(computeModel === 'kernels' || 'serving_engine' in form.scenario) &&
        told(
          'The serving engine: its fixed cost per kernel and per step, and how it launches and runs the all-reduce, fitted to its published timings.',
          'serving_engine',
          'Serving engine',
          model.catalog.serving_engines.map((e) => [e.key, e.short_name]),
        )}
      {(nccl || text('allreduce') !== 'nccl') &&
        told(
          'Which all-reduce runs: serving engines run decode-sized all-reduces with their own one-shot / two-shot kernels over peer memory, not NCCL.',
          'allreduce',
          'Which all-reduce runs',
          ALLREDUCES,
        )}
      {(nccl || 'launch_overhead' in form.scenario) && (
        <FormField
          path={['launch_overhead']}
          label="Launch overhead, per all-reduce"
          hint="The fixed cost of issuing one all-reduce; it depends on how the job runs, not on the link."
        />
      )}
      {nccl && (
        <div class="picks launch" role="group" aria-label="Common launch overheads">
          {LAUNCH.map(([us, how]) => (
            <button
              key={us}
              type="button"
              aria-pressed={launch[0].trim() === us && launch[1] === 'us'}
              onClick={() => set(['launch_overhead'], [us, 'us'])}
            >
              {us} µs <span>{how}</span>
            </button>
          ))}
        </div>
      )}
    </fieldset>
  );
}
