// The interconnects to price the exchange on, one row each: a catalogue link or a blank one (just
// a bandwidth), a measured link or a two-tier link, whose editors load on demand; at least one
// row, at most the core's limit.

import { useState } from 'preact/hooks';
import { useForm } from '../ui/context.js';
import * as fmt from '../words/format.js';
import { isEntry, kindOf, rowId } from '../state/scenario.js';
import { lazy } from '../ui/lazy.jsx';
import { Field, optionsOf } from './Field.jsx';
import { PartFields } from './FormField.jsx';
import { Messages } from './Messages.jsx';

const LABELS = {
  bandwidth: 'Bandwidth, per direction',
  latency: 'Latency α, per ring step',
  domain: 'Domain: ranks it joins directly',
  ranks: 'Ranks it was measured on',
  custom_max_bytes: 'Custom all-reduce: largest message',
};
const KINDS = { measured_link: 'measured', two_tier_link: 'two-tier' };
const editor = (name) =>
  lazy(() => import('./LinkForms.jsx').then((m) => m[name]), "the link's editor");
const EDITORS = { measured_link: editor('MeasuredFields'), two_tier_link: editor('TwoTierFields') };

/** `results`: the valid result's links (in row order), or null. */
export function LinksEditor({ results }) {
  const { model, form, entries, set, addRow, removeRow } = useForm();
  // What "Add" adds: a catalogue link's key or a kind of row (addRow in scenario.js).
  const [addPick, setAddPick] = useState(model.catalog.links[0]?.key ?? '');
  const rows = form.scenario.links;
  const full = rows.length >= model.limits.max_links;
  return (
    <fieldset class="links">
      <legend>Links</legend>
      <Messages id="links" />
      {rows.map((row, i) => {
        const lr = results?.[i]?.name === row.name ? results[i] : null;
        const kind = kindOf(model, row);
        const entry =
          kind === 'link' &&
          isEntry(model, form, ['links', i], entries) &&
          model.entries.link.get(row.preset);
        const Editor = EDITORS[kind];
        return (
          <div
            class={`link-row${KINDS[kind] ? ` ${kind.replace('_link', '')}` : ''}`}
            key={rowId(row)}
          >
            <div class="link-head">
              <h3>
                Link {i + 1}
                {entry && <span class="muted"> · {entry.label}</span>}
                {KINDS[kind] && <span class="muted"> · {KINDS[kind]}</span>}
              </h3>
              <button
                type="button"
                class="small"
                disabled={rows.length === 1}
                aria-label={`Remove link ${i + 1} (${row.name})`}
                onClick={() => removeRow(i)}
              >
                Remove
              </button>
            </div>
            <Messages id={`link.${i}`} />
            <Field
              id={`link.${i}.name`}
              label="Name"
              value={row.name}
              inputMode="text"
              onInput={(x) => set(['links', i, 'name'], x)}
            />
            {Editor ? (
              <Editor i={i} result={lr} labels={LABELS} />
            ) : (
              <PartFields
                kind="link"
                path={['links', i]}
                labels={LABELS}
                hint={(f) =>
                  f.name === 'bandwidth' && lr
                    ? `= ${fmt.bandwidth(lr.bandwidth_bytes_per_s)} = ${fmt.bitRate(lr.bandwidth_bytes_per_s)} per direction, per rank`
                    : undefined
                }
              />
            )}
          </div>
        );
      })}
      <div class="add-link">
        <label for="in-add-link">Add a link</label>
        <div class="row">
          <select
            id="in-add-link"
            value={addPick}
            onInput={(e) => setAddPick(e.currentTarget.value)}
          >
            <optgroup label="From the catalogue">
              {optionsOf(model.catalog.links.map((l) => [l.key, l.label]))}
            </optgroup>
            <optgroup label="Your own">
              <option value="">Blank link (just a bandwidth)</option>
              <option value="@measured">Paste nccl-tests output (measured)</option>
              <option value="@two_tier">Two-tier link (TP across nodes)</option>
            </optgroup>
            <optgroup label="Two-tier links">
              {optionsOf(model.catalog.two_tier_links.map((l) => [`@two_tier:${l.key}`, l.label]))}
            </optgroup>
          </select>
          <button type="button" disabled={full} onClick={() => addRow(addPick)}>
            Add
          </button>
        </div>
        {full && <p class="hint">{model.limits.max_links} links is the most a scenario takes.</p>}
      </div>
    </fieldset>
  );
}
