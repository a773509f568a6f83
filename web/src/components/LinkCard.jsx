// Every number of the result for one link, with units, and the bandwidth from which the link hides
// its exchange behind the compute (docs/model.md#sequence-parallelism), beside the other model's
// figure (`alt`). A measured or a two-tier link says what it was measured on, or its tiers.

import * as fmt from '../words/format.js';
import { within } from '../state/scenario.js';
import { tierTitle, twoTierOf } from '../state/sweep.js';
import { domainText, hidingText, protocolText, rate, sharesText } from '../words/verdict.js';
import { Messages } from './Messages.jsx';
import { Numbers } from './Numbers.jsx';
import { StepBar } from './StepBar.jsx';

/** A measured or two-tier link's own rows: {head} (for the bandwidth, latency and domain), {ar}. */
function kindRows(l, { link, catalog, split, domain, bw, entries }) {
  if (l.kind === 'measured')
    return {
      head: [
        [
          'Measured (nccl-tests)',
          `on ${l.measured_ranks} ranks, ${fmt.binaryBytes(l.measured_min_bytes)} to ${fmt.binaryBytes(l.measured_max_bytes)}`,
        ],
        ['Bus bandwidth of its largest row', bw],
        ['Domain: ranks it joins directly', domain],
      ],
      ar: [
        [
          'One all-reduce t_ar, on the measured curve',
          `${fmt.time(l.allreduce_time_s)} = ${split}`,
        ],
        ['Link model', 'the measurement, the same in both models (it holds NCCL’s costs)'],
      ],
    };
  const tiers = twoTierOf(link);
  // A tier as the core read it (resolved), in words.
  const tier = (t) =>
    tierTitle(
      tiers?.[t],
      (key) => catalog.links.find((e) => e.key === key)?.label || '',
      `a link of ${fmt.bandwidth(tiers?.[t]?.bandwidth)} per direction`,
      within(entries, ['links', l.name, t]),
    );
  return {
    head: [
      ['Inside each node', tier('intra_node')],
      ['Across nodes', tier('inter_node')],
      [
        'Nodes',
        l.node_count > 1
          ? `${l.node_count} nodes of ${l.ranks_per_node} ${fmt.plural(l.ranks_per_node, 'rank')}`
          : `one node (of up to ${l.ranks_per_node} ${fmt.plural(l.ranks_per_node, 'rank')})`,
      ],
      ['Line-rate time, by tier', sharesText(l)],
      ['Network bandwidth, per direction, per rank', bw],
      ['Network latency α, per ring step', fmt.time(l.latency_s)],
      ['Domain of the node link', domain],
    ],
  };
}

/** `shown`: the outcome on screen; `i`: the link's index in its result; `catalog`: the catalogue. */
export function LinkCard({ shown, i, catalog }) {
  const { result: r, scenario, names } = shown;
  const l = r.links[i];
  const title = names.titles[i];
  const nccl = r.link_model === 'nccl';
  // The serving engine's kernels compete with NCCL's branches: the fastest of all prices it.
  const custom = nccl && r.allreduce === 'custom';
  const n = scenario.tp_size;
  const said = r.warnings.filter((w) => w.path.length === 2 && w.path[1] === l.name);
  const bw = `${fmt.bandwidth(l.bandwidth_bytes_per_s)} (${fmt.bitRate(l.bandwidth_bytes_per_s)})`;
  const split = `${fmt.time(l.bandwidth_time_s)} bandwidth + ${fmt.time(l.latency_time_s)} latency`;
  // docs/model.md#sequence-parallelism: under sequence parallelism each all-reduce is a reduce-scatter and an all-gather.
  const pair = l.reduce_scatter_time_s > 0;
  const one = pair ? 'One reduce-scatter + all-gather' : 'One all-reduce t_ar';
  const domain = l.domain
    ? `${l.domain}${l.within_domain ? '' : ` (TP ${n} is beyond it)`}`
    : 'no limit';
  const link = scenario.links[l.name]; // as the core read it
  const kind =
    l.kind !== 'link' && kindRows(l, { link, catalog, split, domain, bw, entries: shown.entries });
  const alt = shown.alt?.result.links[i];
  const both = (what, f, a, b) => [`${what}, serial / overlapped`, `${f(l[a])} / ${f(l[b])}`];
  const rows = [
    ...(kind?.head || [
      ['Bandwidth, per direction', bw],
      ['Latency α, per ring step', fmt.time(l.latency_s)],
      ['Domain: ranks it joins directly', domain],
    ]),
    ...(kind?.ar || [
      [
        nccl ? `${one}, as ${custom ? 'it runs' : 'NCCL runs it'}` : one,
        `${fmt.time(l.allreduce_time_s)} = ${split}`,
      ],
      pair && [
        'Each call: reduce-scatter / all-gather',
        `${fmt.time(l.reduce_scatter_time_s)} / ${fmt.time(l.all_gather_time_s)}`,
      ],
      nccl && [
        custom ? 'Kernel (the fastest of NCCL’s and the engine’s)' : 'NCCL protocol (the fastest)',
        protocolText(l.protocol),
      ],
      nccl
        ? ['The same at line rate', fmt.time(l.line_rate_allreduce_time_s)]
        : alt && [
            'The same as NCCL runs it',
            `${fmt.time(alt.allreduce_time_s)} (${protocolText(alt.protocol)})`,
          ],
    ]),
    [
      `Exchange t_comm (${scenario.collectives_per_layer} ${fmt.plural(scenario.collectives_per_layer, pair ? 'reduce-scatter + all-gather pair' : 'all-reduce')})`,
      fmt.time(l.communication_time_s),
    ],
    [
      'Wire bytes per rank per layer',
      `${fmt.bytes(l.wire_bytes_per_rank)} (${fmt.count(l.wire_bytes_per_rank)} B)`,
    ],
    ['Exchange / compute', fmt.sig(l.comm_to_compute)],
    ['Bound', `${l.bound}-bound`],
    [
      'Regime',
      l.regime === 'latency'
        ? 'latency (fixed costs dominate)'
        : 'bandwidth (message size dominates)',
    ],
    both('Layer time', fmt.time, 'serial_layer_time_s', 'overlapped_layer_time_s'),
    both('Speedup', fmt.times, 'serial_speedup', 'overlapped_speedup'),
    both('Efficiency', fmt.percent, 'serial_efficiency', 'overlapped_efficiency'),
    both('The layers per step', fmt.time, 'model_time_s', 'overlapped_model_time_s'),
    ['The whole step (the layers, the head, the engine)', fmt.time(l.step_time_s)],
    r.pass === 'decode' && ['Time per output token', fmt.time(l.time_per_output_token_s)],
    r.pass === 'forward' && ['Time to the first token', fmt.time(l.time_to_first_token_s)],
    ['Tokens per second, the whole step', rate(l.tokens_per_s)],
  ].filter(Boolean);
  return (
    <article class={`card link-card ${l.bound}`} data-link={l.name}>
      <h3>
        {title}
        {title !== l.name && <span class="muted"> ({l.name})</span>}
        {l.name === r.binding_link && r.links.length > 1 && <span class="badge">binding link</span>}
      </h3>
      {!l.within_domain && l.kind === 'link' && (
        <p class="warn out-of-domain">
          <strong>Beyond its domain:</strong> {domainText(title, l.domain, names.chip)}
        </p>
      )}
      {kind && said.length > 0 && <Messages warnings={said} />}
      <p class="hiding">{hidingText(l)}</p>
      <Numbers rows={rows} />
      {r.kernels.length > 0 && <StepBar r={r} l={{ ...l, title }} />}
    </article>
  );
}
