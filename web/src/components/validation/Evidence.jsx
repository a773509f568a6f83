// Per link of the scenario: the published tables behind its calibration, at which rank counts,
// and how far the NCCL model is from each (fitted with it, and fitted without it), the rows at
// the scenario's own TP first and marked, so that a user who prices a link at TP 4 sees the
// 4-rank evidence. The figures are validation.json's (calibration/fit.py, `tplayer --validate`).

import * as fmt from '../../words/format.js';

const within = (e) => (e.pass ? 'met' : 'missed');
const figure = (e) =>
  `${fmt.percent(e.median)} (target ${fmt.percent(e.target_median)}, ${within(e)})`;

/**
 * `groups`: [[title, tables]] (tablesFor's `mine`, titled; none: nothing drawn); `tp`: the
 * scenario's tp_size; `linkLabel`: a catalogue link's name on the page, by its key.
 */
export function Evidence({ groups, tp, linkLabel }) {
  return groups.map(([title, tables]) => {
    const at = tables.filter((t) => t.ranks === tp);
    const sorted = [...at, ...tables.filter((t) => !at.includes(t))];
    const counts = [...new Set(tables.map((t) => t.ranks))].sort((a, b) => a - b);
    return (
      <div class="evidence" key={title}>
        <p>
          <strong>{title}</strong> is backed by {tables.length} published{' '}
          {fmt.plural(tables.length, 'table')} at {counts.join(', ')} ranks
          {at.length
            ? `; ${at.length === 1 ? 'one is' : `${at.length} are`} at your TP ${tp} (marked).`
            : `; none at your TP ${tp}: the model carries over NCCL’s structure (ring steps and bytes) from the others.`}
        </p>
        <ul>
          {sorted.map((t) => (
            <li key={t.table} class={at.includes(t) ? 'yours' : undefined}>
              {at.includes(t) && <strong>Your TP: </strong>}
              {t.system}, {t.ranks} ranks{t.nodes > 1 ? ` on ${t.nodes} nodes` : ''} (
              <code>{t.table}</code>): fitted with it, the NCCL model is off by {figure(t.nccl)}
              {t.left_out
                ? `; left out, ${
                    t.left_out.carried_from
                      ? `from ${linkLabel(t.left_out.carried_from.from)}’s constants`
                      : `fitted on ${t.left_out.fitted_on.join(', ')}`
                  }, by ${figure(t.left_out)}.`
                : '.'}
            </li>
          ))}
        </ul>
      </div>
    );
  });
}
