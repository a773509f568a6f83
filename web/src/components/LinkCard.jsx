// Every number of the result for one link, with units, and its compute vs exchange bars.

import * as fmt from '../format.js';
import { Numbers } from './Numbers.jsx';
import { Bars } from './Bars.jsx';

export function LinkCard({ r, l, title, binding, c, scale }) {
  const rows = [
    [
      'Bandwidth, per direction',
      `${fmt.bandwidth(l.bandwidth_bytes_per_s)} (${fmt.bitRate(l.bandwidth_bytes_per_s)})`,
    ],
    ['Latency α, per ring step', fmt.time(l.latency_s)],
    [
      'One all-reduce t_ar',
      `${fmt.time(l.allreduce_time_s)} = ${fmt.time(l.bandwidth_time_s)} bandwidth + ${fmt.time(l.latency_time_s)} latency`,
    ],
    [`Exchange t_comm (${c} all-reduces)`, fmt.time(l.communication_time_s)],
    [
      'Wire bytes per rank per layer',
      `${fmt.bytes(l.wire_bytes_per_rank)} (${fmt.count(l.wire_bytes_per_rank)} B)`,
    ],
    ['Exchange / compute', fmt.sig(l.comm_to_compute)],
    ['Bound', `${l.bound}-bound`],
    [
      'Regime',
      l.regime === 'latency' ? 'latency (α terms dominate)' : 'bandwidth (message size dominates)',
    ],
    [
      'Layer time, serial / overlapped',
      `${fmt.time(l.serial_layer_time_s)} / ${fmt.time(l.overlapped_layer_time_s)}`,
    ],
    [
      'Speedup, serial / overlapped',
      `${fmt.times(l.serial_speedup)} / ${fmt.times(l.overlapped_speedup)}`,
    ],
    [
      'Efficiency, serial / overlapped',
      `${fmt.percent(l.serial_efficiency)} / ${fmt.percent(l.overlapped_efficiency)}`,
    ],
  ];
  return (
    <article class={`card link-card ${l.bound}`} data-link={l.name}>
      <h3>
        {title}
        {title !== l.name && <span class="muted"> ({l.name})</span>}
        {binding && <span class="badge">binding link</span>}
      </h3>
      <Bars compute={r.compute_time_s} exchange={l.communication_time_s} scale={scale} />
      <Numbers rows={rows} />
    </article>
  );
}
