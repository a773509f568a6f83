// The two ways the calculator prices a layer, as the model switch (ModelSwitch.jsx) offers them and
// <tp-layer model> (element.jsx) takes them: each a pair of the core's fields.

/** The two models: [key, label, what it prices with, its two fields]. */
export const MODELS = [
  [
    'mlsysim',
    "mlsysim's model",
    'Compute from FLOPs alone; each link at its datasheet rate, as an ideal ring.',
    { compute_model: 'flops', link_model: 'line_rate' },
  ],
  [
    'as_it_runs',
    'As it runs',
    'The layer as its kernels, each on its roofline plus its fixed cost, under the serving engine (vLLM unless another is picked); the exchange as NCCL or the engine runs it; all fitted to published measurements.',
    { compute_model: 'kernels', link_model: 'nccl' },
  ],
];

/** The serving engine "as it runs" prices under when the scenario names none. */
export const DEFAULT_ENGINE = 'vllm';

/** The fields a model sets on `scenario`: "as it runs" adds the default engine where none is named. */
export const fieldsOf = (fields, scenario) =>
  fields.compute_model === 'kernels' && !scenario.serving_engine
    ? { ...fields, serving_engine: DEFAULT_ENGINE }
    : fields;
