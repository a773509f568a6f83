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
    'Compute by the roofline (the slower of FLOPs and memory traffic); the exchange as NCCL or the serving engine runs it, fitted to published measurements.',
    { compute_model: 'roofline', link_model: 'nccl' },
  ],
];
