// One of the user's own measurements (a measured link of the form) against both models of a
// catalogue link the user picks (by default the closest), priced by the module at the
// measurement's own rank count and sizes, with the errors of both in words.

import { useMemo, useState } from 'preact/hooks';
import { Field } from '../Field.jsx';
import * as fmt from '../../words/format.js';
import { Chart } from './Chart.jsx';
import { Rows } from './Rows.jsx';
import { closestLink, curvesOf, errorsOf, minePoints, off, priceSizes } from './measured.js';

/**
 * `m`: {name, ranks, rows: [[bytes, seconds]]}; `keys`: the catalogue links to compare with;
 * `calibrated`: those the default is chosen from; `minBytes`: the calibration's smallest size.
 */
export function MeasurementView({ m, api, keys, calibrated, linkLabel, minBytes }) {
  const counted = m.rows.some(([b]) => b >= minBytes) ? minBytes : 0;
  const closest = useMemo(
    () => closestLink(api, calibrated, m, counted),
    [api, calibrated, m, counted],
  );
  const [pick, setPick] = useState('');
  const key = keys.includes(pick) ? pick : closest;
  const priced = useMemo(
    () => priceSizes(api, { bytes: m.rows.map((r) => r[0]), ranks: m.ranks, link: key }),
    [api, m, key],
  );
  const line = errorsOf(m.rows, priced.line_rate, counted);
  const nccl = errorsOf(m.rows, priced.nccl, counted);
  return (
    <>
      <Field
        id="compare"
        label="Compare with the catalogue link"
        options={keys.map((k) => [k, `${linkLabel(k)}${k === closest ? ' (the closest)' : ''}`])}
        value={key}
        onInput={setPick}
        hint={`The closest: of the calibrated catalogue links, the one whose NCCL model comes nearest your rows (the smallest median error) at your ${m.ranks} ranks. Your bus bandwidth at the largest size: ${fmt.bandwidth(m.bus_bandwidth)}.`}
      />
      <Chart
        points={[minePoints(m)]}
        curves={curvesOf(
          m.rows,
          priced,
          `NCCL model of ${linkLabel(key)}`,
          `${linkLabel(key)} at line rate`,
        )}
        label={`Your measured all-reduce times against message size, with both models of ${linkLabel(key)}; the same data is in the table below.`}
      />
      <p class="source">
        <strong>Source:</strong> your own nccl-tests output, link {m.name}, {m.ranks} ranks. On its
        link card it is priced from these very rows; here the catalogue’s models are set against
        them.
      </p>
      <p class="close">
        <strong>How close:</strong>{' '}
        {line && nccl
          ? `against ${linkLabel(key)} at your ${m.ranks} ranks, over the ${nccl.count} sizes ${counted ? `of at least ${fmt.binaryBytes(counted)}` : 'you measured'}, the line-rate model is off by ${off(line)} at the median size, the NCCL model by ${off(nccl)}. NCCL with the calculator’s default launch overhead, ${fmt.time(priced.launch_s)} (your harness’s own may differ).`
          : `the calculator cannot price ${linkLabel(key)} at ${m.ranks} ranks: ${priced.errors?.[0]?.message}.`}
      </p>
      <details>
        <summary>The rows</summary>
        <Rows rows={m.rows} priced={priced} />
      </details>
    </>
  );
}
