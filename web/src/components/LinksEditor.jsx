// The interconnects to price the exchange on: name, bandwidth per direction, latency per ring
// step; rows from the catalogue's link presets or blank; at least one row.

import { UNITS, linkIsPreset } from '../form.js';
import * as fmt from '../format.js';
import { Field } from './Field.jsx';
import { Messages } from './Messages.jsx';

export function LinksEditor({ v }) {
  const rows = v.form.links;
  const catalog = v.catalog;
  const actions = v.act;
  const valid = !v.stale && v.shown;
  return (
    <fieldset class="links">
      <legend>Links</legend>
      <Messages id="links" errors={v.errors.links} />
      {rows.map((row, i) => {
        const lr = valid && valid.result.links[i]?.name === row.name ? valid.result.links[i] : null;
        const entry = linkIsPreset(row, catalog) ? catalog.links.find((l) => l.key === row.preset) : null;
        return (
          <div class="link-row" key={i}>
            <div class="link-head">
              <h3>
                Link {i + 1}
                {entry && <span class="muted"> · {entry.label}</span>}
              </h3>
              <button type="button" class="small" disabled={rows.length === 1} aria-label={`Remove link ${i + 1} (${row.name})`} onClick={() => actions.removeLink(i)}>
                Remove
              </button>
            </div>
            <Field id={`link.${i}.name`} label="Name" v={v} value={row.name} inputMode="text" onInput={(x) => actions.setLink(i, 'name', x)} />
            <Field
              id={`link.${i}.bandwidth`}
              label="Bandwidth, per direction"
              hint={lr ? `= ${fmt.bandwidth(lr.bandwidth_bytes_per_s)} = ${fmt.bitRate(lr.bandwidth_bytes_per_s)} per direction, per rank` : 'one direction, per rank (NVLink 4: 450 GB/s, not 900)'}
              v={v}
              value={row.bandwidth}
              units={UNITS.bandwidth}
              onInput={(x) => actions.setLink(i, 'bandwidth', x)}
            />
            <Field
              id={`link.${i}.latency`}
              label="Latency α, per ring step"
              v={v}
              value={row.latency}
              units={UNITS.latency}
              onInput={(x) => actions.setLink(i, 'latency', x)}
            />
          </div>
        );
      })}
      <div class="add-link">
        <label for="in-add-link">Add a link</label>
        <div class="row">
          <select id="in-add-link" value={v.addPick} onInput={(e) => actions.setAddPick(e.currentTarget.value)}>
            {catalog.links.map((l) => (
              <option key={l.key} value={l.key}>
                {l.label}
              </option>
            ))}
            <option value="">Blank link</option>
          </select>
          <button type="button" onClick={() => actions.addLink(v.addPick)}>
            Add
          </button>
        </div>
      </div>
    </fieldset>
  );
}
