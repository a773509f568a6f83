// The panel's tables, and the text twin of the measurements' chart: one row per message size, the
// measured time and, when priced, each model's.

import * as fmt from '../../words/format.js';

/**
 * A table that scrolls sideways on its own: `cols`, the column heads; `children`, the body's rows;
 * `label`, when given, makes it a region of that name for screen readers.
 */
export function Table({ cols, caption, label, children }) {
  return (
    <div class="scroll" tabindex="0" role={label && 'region'} aria-label={label}>
      <table>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {cols.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

// One decimal, as the targets are: 10.4% is a miss that a rounded 10% would hide.
export const pct = (x) => `${(100 * x).toFixed(1)}%`;

const MODELS = [
  ['NCCL model', 'nccl'],
  ['line rate', 'line_rate'],
];

/** `rows`: [[bytes, seconds]]; `priced`: both models' times in the order of `rows` (priceSizes). */
export function Rows({ rows, priced, caption }) {
  const models = priced ? MODELS : [];
  return (
    <Table
      cols={['message', 'measured', ...models.map(([name]) => name)]}
      caption={caption}
      label={caption || 'Measured rows'}
    >
      {rows.map(([b, s], i) => (
        <tr key={b}>
          <th scope="row">{fmt.binaryBytes(b)}</th>
          <td>{fmt.time(s)}</td>
          {models.map(([name, model]) => (
            <td key={name}>{priced[model][i] > 0 ? fmt.time(priced[model][i]) : '—'}</td>
          ))}
        </tr>
      ))}
    </Table>
  );
}
