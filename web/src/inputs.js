// The inputs of the model as numbers, for "Show the math" and the TP sweep: a module of its own so
// that the page's state has them without math.js, which loads when the math is first shown.

/** The inputs of the model as numbers, from the scenario as the core read it (catalogue keys resolved). */
export function modelInputs(scenario, catalog) {
  const w =
    typeof scenario.workload === 'string'
      ? catalog.workloads.find((e) => e.key === scenario.workload)
      : scenario.workload;
  return {
    P: w.parameters,
    L: w.layers,
    h: w.hidden_dim,
    heads: w.heads,
    inferenceFlops: w.inference_flops,
    T: scenario.tokens,
    n: scenario.tp_size,
    c: scenario.collectives_per_layer,
    eta: scenario.local_efficiency,
    ctx: scenario.attention_context,
  };
}
