// One published nccl-tests table against both link models, priced by the module as
// `tplayer --validate` prices it (across two nodes: a two-tier link), with its source named and
// the fit's errors in words (validation.json's, the figures --validate reports); optionally one
// of the user's own measurements drawn over it.

import { useMemo, useState } from 'preact/hooks';
import { Field } from '../Field.jsx';
import * as fmt from '../../words/format.js';
import { Chart } from './Chart.jsx';
import { Rows } from './Rows.jsx';
import { curvesOf, minePoints, off, priceTable, range, tableRows } from './measured.js';

/** How the table is priced, in words. */
function pricedAs(t, linkLabel) {
  if (t.nodes === 1)
    return `with the catalogue link ${linkLabel(t.price_with)} at ${t.ranks} ranks.`;
  const g = t.ranks / t.nodes;
  return (
    `as a two-tier link, ${t.nodes} nodes of ${g} GPUs: ${linkLabel(t.intra_node)} inside each ` +
    `node, ${linkLabel(t.price_with)} across. Line rate: reduce-scatter in the node, all-reduce of ` +
    `1/${g} of the message across the nodes, all-gather. NCCL: the network link’s branches over ` +
    `the ${t.nodes} nodes at ${g} x its bandwidth per GPU (the node’s NICs together).`
  );
}

/** `t`: a table of validation.json; `measured`: the user's measurements ({name, ranks, rows}). */
export function TableView({ t, api, linkLabel, measured }) {
  const priced = useMemo(() => priceTable(api, t), [api, t]);
  const [overlay, setOverlay] = useState('');
  const mine = measured[overlay] || null;
  const rows = tableRows(t);
  const points = [
    {
      key: 'table',
      cls: '',
      text: `${mine ? 'This table, measured' : 'Measured'}: ${t.rows.length} message sizes, ${range(rows)}`,
      rows,
    },
  ];
  if (mine) points.push(minePoints(mine, true));
  return (
    <>
      {measured.length > 0 && (
        <Field
          id="overlay"
          label="Draw your measurement over it"
          options={[
            ['', 'None'],
            ...measured.map((m, i) => [String(i), `${m.name}, ${m.ranks} ranks`]),
          ]}
          value={overlay}
          onInput={setOverlay}
        />
      )}
      <Chart
        points={points}
        curves={curvesOf(rows, priced, 'NCCL model', 'Line rate')}
        label={`Measured all-reduce time against message size for ${t.system}, with both models${mine ? ` and your measurement ${mine.name}` : ''}; the same data is in the tables below.`}
      />
      {mine && mine.ranks !== t.ranks && (
        <p class="hint">
          Your measurement is at {mine.ranks} ranks and this table at {t.ranks}: compare the shapes
          of the curves, not the times. To price the catalogue’s models at your own rank count, pick
          your measurement above.
        </p>
      )}
      <p class="source">
        <strong>Source:</strong> <code>{t.table}</code>, {t.system}, {t.ranks} GPUs
        {t.nodes > 1 ? ` on ${t.nodes} nodes` : ''};{' '}
        {/^\d/.test(t.nccl_version) ? 'NCCL' : 'NCCL version'} {t.nccl_version}; launched as{' '}
        {t.launch}; from {t.source}.
      </p>
      <p class="close">
        <strong>How close:</strong>{' '}
        {priced.errors
          ? `the calculator cannot price these rows: ${priced.errors[0].message}.`
          : `at the median row the line-rate model is off by ${off(t.line_rate)}, the NCCL model by ${off(t.nccl)}.`}
        {t.left_out &&
          (t.left_out.carried_from
            ? ` Without this table (the only one of its link) the link would be carried over from ${linkLabel(t.left_out.carried_from.from)} (${t.left_out.fitted_on.join(', ')}), and the NCCL model is then off by ${fmt.percent(t.left_out.median)} at the median row.`
            : ` Fitted without this table (on ${t.left_out.fitted_on.join(', ')} alone), the NCCL model is off by ${fmt.percent(t.left_out.median)} at the median row.`)}
      </p>
      <p class="priced">
        <strong>How it is priced:</strong> by the calculator, {pricedAs(t, linkLabel)} NCCL with the
        launch overhead fitted for this harness, {fmt.time(t.launch_overhead_s)} (your own edits to
        the link are not used).
      </p>
      <details>
        <summary>The rows</summary>
        <Rows rows={rows} priced={priced} />
        {mine && <Rows rows={mine.rows} caption={`Your measurement ${mine.name}`} />}
      </details>
    </>
  );
}
