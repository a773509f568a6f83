// The interconnects to price the exchange on: name, then the core's link fields (bandwidth per
// direction, latency per ring step, domain); rows from the catalogue's link presets or blank (a
// blank row with only a bandwidth is a link given as just that bandwidth), a measured link
// (nccl-tests output) or a two-tier link (TP across nodes), whose editors load on demand; at
// least one row, at most the core's limit. What the core says about a link as a whole shows under
// its heading.

import { useContext } from 'preact/hooks';
import { ActionsContext, MessagesContext, ModelContext } from '../context.js';
import { isCustom } from '../form.js';
import * as fmt from '../format.js';
import { loadForms, useForms } from '../later.js';
import { Field } from './Field.jsx';
import { PartFields } from './PartFields.jsx';
import { Messages } from './Messages.jsx';

const LABELS = {
  bandwidth: 'Bandwidth, per direction',
  latency: 'Latency α, per ring step',
  domain: 'Domain: ranks it joins directly',
  ranks: 'Ranks it was measured on',
  ranks_per_node: 'Ranks per node (g)',
};
const KINDS = { measured: 'measured', two_tier: 'two-tier' };

/** The measured or two-tier editor (`name` of LinkForms.jsx), once its code has loaded. */
function Later({ name, ...props }) {
  const { forms, failed } = useForms();
  if (forms) {
    const Editor = forms[name];
    return <Editor {...props} />;
  }
  return (
    <p class={failed ? 'err' : 'muted'} role="status">
      {failed ? `The link's editor could not be loaded: ${failed}` : 'Loading the editor…'}
    </p>
  );
}

/** `results`: the valid result's links (in row order), or null. */
export function LinksEditor({ form, results, addPick }) {
  const model = useContext(ModelContext);
  const messages = useContext(MessagesContext);
  const actions = useContext(ActionsContext);
  const rows = form.links;
  const full = rows.length >= model.limits.max_links;
  const twoTier = model.catalog.two_tier_links || [];
  return (
    <fieldset class="links">
      <legend>Links</legend>
      <Messages id="links" errors={messages.errors.links} />
      {rows.map((row, i) => {
        const lr = results?.[i]?.name === row.name ? results[i] : null;
        const entry = !row.kind && !isCustom(row) ? model.entries.link.get(row.key) : null;
        const hints = {
          bandwidth:
            lr &&
            `= ${fmt.bandwidth(lr.bandwidth_bytes_per_s)} = ${fmt.bitRate(lr.bandwidth_bytes_per_s)} per direction, per rank`,
        };
        return (
          <div class={`link-row${row.kind ? ` ${row.kind}` : ''}`} key={i}>
            <div class="link-head">
              <h3>
                Link {i + 1}
                {entry && <span class="muted"> · {entry.label}</span>}
                {row.kind && <span class="muted"> · {KINDS[row.kind]}</span>}
              </h3>
              <button
                type="button"
                class="small"
                disabled={rows.length === 1}
                aria-label={`Remove link ${i + 1} (${row.name})`}
                onClick={() => actions.removeLink(i)}
              >
                Remove
              </button>
            </div>
            <Messages
              id={`link.${i}`}
              errors={messages.errors[`link.${i}`]}
              warnings={messages.warnings[`link.${i}`]}
            />
            <Field
              id={`link.${i}.name`}
              label="Name"
              value={row.name}
              inputMode="text"
              onInput={(x) => actions.setLinkName(i, x)}
            />
            {row.kind ? (
              <Later
                name={row.kind === 'measured' ? 'MeasuredFields' : 'TwoTierFields'}
                form={form}
                row={row}
                i={i}
                result={lr}
                labels={LABELS}
              />
            ) : (
              <PartFields
                form={form}
                kind="link"
                part={row}
                where={i}
                prefix={`link.${i}`}
                labels={LABELS}
                hint={(f) => hints[f.name] || undefined}
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
            onInput={(e) => actions.setAddPick(e.currentTarget.value)}
          >
            <optgroup label="From the catalogue">
              {model.catalog.links.map((l) => (
                <option key={l.key} value={l.key}>
                  {l.label}
                </option>
              ))}
            </optgroup>
            <optgroup label="Your own">
              <option value="">Blank link (just a bandwidth)</option>
              <option value="@measured">Paste nccl-tests output (measured)</option>
              <option value="@two_tier">Two-tier link (TP across nodes)</option>
            </optgroup>
            {twoTier.length > 0 && (
              <optgroup label="Two-tier links">
                {twoTier.map((l) => (
                  <option key={l.key} value={`@two_tier:${l.key}`}>
                    {l.label}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
          <button
            type="button"
            disabled={full}
            onClick={() =>
              addPick[0] === '@'
                ? loadForms().then((m) => actions.edit((f) => m.addRow(model, f, addPick)))
                : actions.addLink(addPick)
            }
          >
            Add
          </button>
        </div>
        {full && <p class="hint">{model.limits.max_links} links is the most a scenario takes.</p>}
      </div>
    </fieldset>
  );
}
