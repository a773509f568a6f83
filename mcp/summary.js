// One paragraph per answer, for an agent to quote: the core's numbers in words, never recomputed.

import {
  bandwidth as gbps,
  bytes,
  percent,
  time as seconds,
  sig,
} from '../web/src/words/format.js';
import { rate } from '../web/src/words/verdict.js';

const ratio = (x) => sig(x, 3);

/** The catalogue's name for a part given as its key; an object's own name, else "a custom ...". */
function nameOf(part, list, what) {
  if (typeof part === 'string') return list.find((e) => e.key === part)?.name || part;
  return part?.name && part.name !== 'custom' ? part.name : `a custom ${what}`;
}

function modelWords(r) {
  if (r.link_model === 'line_rate' && r.compute_model === 'flops')
    return "mlsysim's model (FLOPs at the given efficiency, links at line rate)";
  if (r.link_model === 'nccl' && r.compute_model === 'kernels')
    return `the model as it runs (the layer as its kernels${r.serving_engine ? ` under ${r.serving_engine}` : ''}, links as NCCL or the engine runs them)`;
  if (r.link_model === 'nccl' && r.compute_model === 'roofline')
    return 'the roofline with links as NCCL runs them';
  return `compute by ${r.compute_model}, links at ${r.link_model === 'nccl' ? 'NCCL' : 'line rate'}`;
}

function linkSentence(l) {
  if (l.communication_time_s === 0) return `${l.name}: no exchange`;
  const share =
    l.bound === 'communication'
      ? `communication-bound, the exchange ${ratio(l.comm_to_compute)} times the compute`
      : `compute-bound, the exchange ${percent(l.comm_to_compute)} of the compute`;
  const beyond = l.within_domain === false ? ', beyond its domain of ' + l.domain + ' ranks' : '';
  return `${l.name}: ${seconds(l.communication_time_s)} per layer (one collective ${seconds(l.allreduce_time_s)}; ${share}${beyond})`;
}

// docs/model.md#runnable: the answer on one link, in the scenario's own name for it.
const answerOn = (l) =>
  l.runnable
    ? `on ${l.name}, ${l.bound}-bound, ${ratio(l.serial_speedup)}x serial speedup (${percent(l.serial_efficiency)} efficient)`
    : `on ${l.name}, it cannot run: ${l.not_runnable_because}`;

/** solve's paragraph: the scenario in words, the answer on each link, the compute, each link's exchange, the binding one. */
export function solveSummary(r, scenario, catalog) {
  const workload = nameOf(scenario.workload, catalog.workloads, 'workload');
  const chip = nameOf(scenario.accelerator, catalog.accelerators, 'accelerator');
  const binding = r.links.find((l) => l.name === r.binding_link);
  const parts = [
    `${workload}, TP ${scenario.tp_size}, ${scenario.tokens} tokens, ${r.pass} pass on ${chip} (${r.exchange_precision === scenario.precision ? scenario.precision : `${scenario.precision}, exchanged in ${r.exchange_precision}`}), in ${modelWords(r)}.`,
    `The answer per link: ${r.links.map(answerOn).join('; ')}.`,
    `Each rank computes for ${seconds(r.compute_time_s)} per layer (${r.compute_bound === 'memory' ? 'bound by reading its weights from memory' : 'bound by FLOPs'}).`,
    `The exchange per link: ${r.links.map(linkSentence).join('; ')}.`,
  ];
  if (binding)
    parts.push(
      `The binding link (the slowest exchange) is ${binding.name}${binding.runnable ? '' : ', where it cannot run'}: the layer is ${binding.bound}-bound, ${ratio(binding.serial_speedup)} times as fast as one ${chip} alone (${percent(binding.serial_efficiency)} efficient${r.single_device_fits_in_memory ? '' : `; a hypothetical baseline: one ${chip} cannot hold the model's ${bytes(r.single_device_memory_bytes)}`})${binding.hiding_bandwidth_bytes_per_s > 0 ? `; a link of ${gbps(binding.hiding_bandwidth_bytes_per_s)} per direction would hide its exchange behind the compute` : ''}.`,
      `On it the whole step (${r.layers} layers, the embedding and LM head, and the engine's step overhead; pipeline and data parallelism left out) takes ${seconds(binding.step_time_s)} ${r.pass === 'decode' ? 'per output token (a token for each sequence)' : `per ${r.pass} step`}, ${rate(binding.tokens_per_s)}.`,
    );
  if (r.warnings.length) parts.push(`Warnings: ${r.warnings.map((w) => w.message).join('; ')}.`);
  return parts.join(' ');
}

/** sweep's paragraph: how many points solved, and where the binding link changes its bound. */
export function sweepSummary(field, points) {
  const solved = points.filter((p) => p.result);
  const failed = points.length - solved.length;
  const bounds = solved.map(
    (p) =>
      `${field} ${p.value}: ${p.result.bound}-bound on ${p.result.binding_link}, compute ${seconds(p.result.compute_time_s)}`,
  );
  return `${points.length} values of ${field}, ${solved.length} solved${failed ? `, ${failed} refused (their errors are in the JSON)` : ''}. ${bounds.slice(0, 16).join('; ')}${bounds.length > 16 ? '; ...' : ''}.`;
}

/** validate's paragraph: each table's median error in both link models. */
export function validationSummary(tables, serving) {
  const lines = tables.map(
    (t) =>
      `${t.system} (${t.table}, ${t.ranks} ranks, priced as ${t.price_with}): median error ${percent(t.nccl.median)} as NCCL runs it, ${percent(t.line_rate.median)} at line rate`,
  );
  const tail = serving
    ? ` Serving engines' all-reduce kernels: ${serving.custom_allreduce.length} fitted branches; whole-layer timings: ${serving.end_to_end.length} measured rows.`
    : '';
  return `${tables.length} published nccl-tests tables compared with the model. ${lines.join('; ')}.${tail}`;
}
