// The two ways the calculator prices a layer, as the model switch (ModelSwitch.jsx) offers them and
// <tp-layer model> (element.jsx) takes them: each a pair of the core's fields.

/** The two models: {key, label, about (what it prices with), fields (its two fields)}. */
export const MODELS = [
  {
    key: 'mlsysim',
    label: "mlsysim's model",
    about:
      'The formulas of mlsysim, the ML-systems simulator whose tensor-parallel layer scenario this page rebuilds: compute from FLOPs alone, each link at its datasheet rate as an ideal ring.',
    fields: { compute_model: 'flops', link_model: 'line_rate' },
  },
  {
    key: 'as_it_runs',
    label: 'As it runs',
    about:
      'The layer as its kernels, each on its roofline plus its fixed cost, under the serving engine (vLLM unless another is picked); the exchange as NCCL or the engine runs it; all fitted to published measurements.',
    fields: { compute_model: 'kernels', link_model: 'nccl' },
  },
];

/** The model whose two fields a scenario (or a result) has: one of MODELS, or undefined when mixed. */
export const modelOf = ({ compute_model, link_model }) =>
  MODELS.find(({ fields: f }) => f.compute_model === compute_model && f.link_model === link_model);

/** The fields a model sets on `scenario`: "as it runs" adds vLLM where no engine is named. */
export const fieldsOf = (fields, scenario) =>
  fields.compute_model === 'kernels' && !scenario.serving_engine
    ? { ...fields, serving_engine: 'vllm' }
    : fields;
