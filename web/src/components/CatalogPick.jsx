// A catalogue select (workload or accelerator) that says, visibly, when its numbers were edited,
// with a button to put the catalogue's numbers back.

import { Field } from './Field.jsx';

export function CatalogPick({ v, id, label, entries, entry, custom, pick, what }) {
  return (
    <>
      <Field
        id={id}
        label={label}
        v={v}
        value={entry.key}
        options={[...(entry.key ? [] : [['', `Custom ${what}`]]), ...entries.map((e) => [e.key, e.name])]}
        onInput={pick}
        after={
          custom &&
          entry.key && (
            <button type="button" class="small" onClick={() => pick(entry.key)}>
              Reset
            </button>
          )
        }
      />
      {custom && (
        <p class="badge-line">
          <span class="badge">custom</span> {entry.key ? `edited from ${entry.name}` : `your own ${what}`}
        </p>
      )}
    </>
  );
}
