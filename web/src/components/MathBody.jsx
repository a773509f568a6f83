// "Show the math", its body (Breakdown.jsx: loaded when it is first opened, with math.js): the model
// step by step with this scenario's numbers.

import * as fmt from '../words/format.js';
import { branchOf, linkSteps, scalarSteps } from '../words/math.js';
import { modelInputs } from '../state/sweep.js';
import { protocolText } from '../words/verdict.js';

function Steps({ steps }) {
  return (
    <ol class="steps">
      {steps.map(([name, formula, values, result]) => (
        <li key={name}>
          <code>
            {name} = {formula}
          </code>{' '}
          = {values} = <strong>{result}</strong>
        </li>
      ))}
    </ol>
  );
}

/** The ring's steps a measured or two-tier link's own replace. */
const RING = ['t_bw', 't_lat', 't_ar', 'wire'];

/** A measured or two-tier link's all-reduce steps, in place of the ring's t_bw, t_lat and t_ar. */
function kindSteps(inp, r, l) {
  const tb = fmt.time(l.bandwidth_time_s);
  const tl = fmt.time(l.latency_time_s);
  const M = fmt.bytes(r.message_bytes);
  if (l.kind === 'measured')
    return [
      [
        't_ar',
        'the measured curve at M (log-log between the rows around it; below the smallest row its time, above the largest its algbw; at n ≠ r × (2(n−1)/n) / (2(r−1)/r))',
        `M = ${M}, n = ${inp.n}, r = ${l.measured_ranks}, rows ${fmt.bytes(l.measured_min_bytes)} to ${fmt.bytes(l.measured_max_bytes)}`,
        fmt.time(l.allreduce_time_s),
      ],
      [
        't_bw',
        '2(n−1)/n × M / busbw (busbw: the largest row’s)',
        `2×(${inp.n}−1)/${inp.n} × ${M} / ${fmt.bandwidth(l.bandwidth_bytes_per_s)}`,
        tb,
      ],
      ['t_lat', 't_ar − t_bw', `${fmt.time(l.allreduce_time_s)} − ${tb}`, tl],
    ];
  const g = l.ranks_per_node;
  const N = l.node_count;
  return [
    [
      'nodes',
      'N = n / g (one node while n ≤ g: the node link alone)',
      `${inp.n} ${fmt.plural(inp.n, 'rank')}, g = ${g}`,
      `N = ${N}`,
    ],
    [
      't_ar at line rate',
      N > 1
        ? '2 × ((g−1)/g × M / B_intra + (g−1) α_intra) + 2(N−1)/N × (M/g) / B_inter + 2(N−1) α_inter'
        : 'the node link’s ring: 2(n−1)/n × M / B_intra + 2(n−1) α_intra',
      `M = ${M}; inside the node ${fmt.percent(l.intra_node_share)} of it`,
      fmt.time(l.line_rate_allreduce_time_s),
    ],
    r.link_model === 'nccl' && [
      't_ar',
      N > 1
        ? 'the network link’s NCCL branches with N ranks at g × B_inter, plus the launch overhead'
        : 'the node link’s NCCL branches, plus the launch overhead',
      protocolText(l.protocol),
      fmt.time(l.allreduce_time_s),
    ],
    ['t_ar', 't_bw + t_lat', `${tb} + ${tl}`, fmt.time(l.allreduce_time_s)],
  ].filter(Boolean);
}

/** `shown`: the outcome on screen. */
export function MathBody({ shown }) {
  const { result: r, names, scenario } = shown;
  const inp = modelInputs(scenario);
  return (
    <>
      <p class="hint">
        n = {inp.n} {fmt.plural(inp.n, 'rank')}, T = {inp.T} {fmt.plural(inp.T, 'token')}, c ={' '}
        {inp.c} {fmt.plural(inp.c, 'all-reduce')}, η = {inp.eta}, b = {r.bytes_per_element} B per
        element, peak = {fmt.flops(r.peak_flops)}
        {r.compute_multiplier !== 1 &&
          `, m = ${r.compute_multiplier} (the ${r.pass} pass's compute, in forwards)`}
        . Every result below is the core's, rounded to 4 digits (the JSON download has them in
        full).
        {r.link_model === 'nccl' &&
          ' As NCCL runs it, an all-reduce takes the fastest of the link’s branches (e: the share of the bandwidth it reaches), plus the launch overhead.'}
      </p>
      <Steps steps={scalarSteps(inp, r)} />
      {r.links.map((l, i) => {
        const steps = linkSteps(inp, r, l, l.kind === 'link' && branchOf(scenario, l));
        const own = l.kind !== 'link' && kindSteps(inp, r, l);
        return (
          <section key={l.name}>
            <h3>{names.titles[i]} (B = bandwidth, α = latency)</h3>
            <Steps
              steps={own ? [...own, ...steps.filter(([name]) => !RING.includes(name))] : steps}
            />
          </section>
        );
      })}
    </>
  );
}
