// A text twin of the measurements' chart: one row per message size, the measured time and each
// model's. `rows`: [[bytes, seconds]]; `cols`: [{name, times}] in the order of `rows`.

import * as fmt from '../format.js';

export function Rows({ rows, cols = [], caption }) {
  return (
    <div class="scroll" tabindex="0" role="region" aria-label={caption || 'Measured rows'}>
      <table>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            <th scope="col">message</th>
            <th scope="col">measured</th>
            {cols.map((c) => (
              <th key={c.name} scope="col">
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([b, s], i) => (
            <tr key={b}>
              <th scope="row">{fmt.binaryBytes(b)}</th>
              <td>{fmt.time(s)}</td>
              {cols.map((c) => (
                <td key={c.name}>{c.times[i] > 0 ? fmt.time(c.times[i]) : '—'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
