// "How close to measurements?": the tables behind the scenario's links, then a published
// nccl-tests table (TableView) or one of the user's own measurements (MeasurementView) against
// both link models, then the engines' kernels and steps (ServingView, DecodeView). On demand.

import { useMemo, useState } from 'preact/hooks';
import { twoTierOf } from '../../state/sweep.js';
import { Evidence } from './Evidence.jsx';
import { MeasurementView } from './MeasurementView.jsx';
import { DecodeView } from './DecodeView.jsx';
import { ServingView } from './ServingView.jsx';
import { TableView } from './TableView.jsx';
import { linkList, tableKey, tablesFor } from './measured.js';
import './panel.css';

const MEASURED = 'measured:'; // a choice of the user's own measurement: MEASURED + its index

/**
 * `data`: validation.json; `api`: the module; `links`: the scenario's links as the core read it;
 * `titles`: their names on the page; `measured`: the user's measurements, [{name, ranks, bus_bandwidth,
 * rows: [[bytes, seconds]]}] (bus_bandwidth: the core's, bytes/s); `tp`: the scenario's tp_size.
 */
export function Panel({ data, api, catalog, links, titles, measured = [], tp }) {
  // The catalogue's links and two-tier links by key: their labels, and which are calibrated.
  const entries = useMemo(() => [...catalog.links, ...catalog.two_tier_links], [catalog]);
  const entryOf = (key) => entries.find((e) => e.key === key);
  const list = linkList(links);
  const { mine, others, across } = tablesFor(data.tables, list);
  const tables = [...mine.flatMap((g) => g.tables), ...others, ...across];
  const choices = [...measured.map((_, i) => MEASURED + i), ...tables.map((t) => t.table)];
  const [pick, setPick] = useState('');
  const chosen = choices.includes(pick) ? pick : choices[0];
  const keys = useMemo(() => entries.map((e) => e.key), [entries]);
  // The links a measurement is matched with by default: the calibrated ones (a two-tier link by
  // its network link's calibration).
  const calibrated = useMemo(
    () =>
      entries
        .filter((e) => ('inter_node' in e ? entryOf(e.inter_node)?.protocols : e.protocols))
        .map((e) => e.key),
    [entries],
  );
  if (!chosen) return <p class="muted">No measurements in this build.</p>;
  const linkLabel = (key) => entryOf(key)?.short_name ?? key;
  const groupLabel = ({ row }) => {
    const { name, link } = list[row];
    const title = `Your link ${titles[row] || name}`;
    return twoTierOf(link) ? `${title}: its network link ${linkLabel(tableKey(link))}` : title;
  };
  const own = mine.map((g) => [groupLabel(g), g.tables]);
  const groups = [
    ...own,
    [mine.length ? 'Other links, one node' : 'Measured links, one node', others],
    ['Across nodes (NVLink inside, the network across)', across],
  ].filter(([, ts]) => ts.length);
  const m = chosen.startsWith(MEASURED) ? measured[+chosen.slice(MEASURED.length)] : null;
  const t = m ? null : tables.find((x) => x.table === chosen);
  return (
    <>
      <Evidence groups={own} tp={tp} linkLabel={linkLabel} />
      <div class="panel">
        <div class="field">
          <label for="in-measured">Measured system</label>
          <div class="row">
            <select id="in-measured" value={chosen} onInput={(e) => setPick(e.currentTarget.value)}>
              {measured.length > 0 && (
                <optgroup label="Your measurements">
                  {measured.map((x, i) => (
                    <option key={i} value={MEASURED + i}>
                      Your measurement: {x.name}, {x.ranks} ranks
                    </option>
                  ))}
                </optgroup>
              )}
              {groups.map(([label, ts], i) => (
                <optgroup key={i} label={label}>
                  {ts.map((t) => (
                    <option key={t.table} value={t.table}>
                      {t.system} ({t.table})
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          {!mine.length && !measured.length && (
            <p class="hint">None of your links has published measurements: here are the others.</p>
          )}
        </div>
        {m ? (
          <MeasurementView
            key={chosen}
            m={m}
            api={api}
            keys={keys}
            calibrated={calibrated}
            linkLabel={linkLabel}
            minBytes={data.min_bytes}
          />
        ) : (
          <TableView key={chosen} t={t} api={api} linkLabel={linkLabel} measured={measured} />
        )}
      </div>
      <ServingView serving={data.serving} api={api} linkLabel={linkLabel} />
      <DecodeView kernels={data.kernels} />
    </>
  );
}
