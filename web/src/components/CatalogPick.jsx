// A catalogue select (workload or accelerator) that says, visibly, when the part has edits, with
// a button to put the catalogue's numbers back.

import { isCustom } from '../form.js';
import { Field } from './Field.jsx';

export function CatalogPick({ id, label, entries, part, pick, what }) {
  const entry = entries.find((e) => e.key === part.key);
  const custom = isCustom(part);
  return (
    <>
      <Field
        id={id}
        label={label}
        value={part.key}
        options={[
          ...(entry ? [] : [['', `Custom ${what}`]]),
          ...entries.map((e) => [e.key, e.name]),
        ]}
        onInput={pick}
        after={
          custom &&
          entry && (
            <button type="button" class="small" onClick={() => pick(entry.key)}>
              Reset
            </button>
          )
        }
      />
      {custom && (
        <p class="badge-line">
          <span class="badge">custom</span>{' '}
          {entry ? `edited from ${entry.name}` : `your own ${what}`}
        </p>
      )}
    </>
  );
}
