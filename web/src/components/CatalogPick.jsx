// A catalogue select (the workload, the accelerator) that says, visibly, when the part is no
// longer its catalogue entry (the core's answer), with a button to put the entry back.

import { useForm } from '../ui/context.js';
import { isEntry } from '../state/scenario.js';
import { Field } from './Field.jsx';

export function CatalogPick({ path, label, entries, what }) {
  const { model, set, form, entries: unedited } = useForm();
  const node = form.scenario[path[0]];
  const entry = entries.find((e) => e.key === (typeof node === 'string' ? node : node?.preset));
  const custom = !entry || !isEntry(model, form, path, unedited);
  return (
    <>
      <Field
        id={path.join('.')}
        label={label}
        value={entry?.key ?? ''}
        options={[
          ...(entry ? [] : [['', `Custom ${what}`]]),
          ...entries.map((e) => [e.key, e.name]),
        ]}
        onInput={(key) => set(path, key)}
        after={
          custom &&
          entry && (
            <button type="button" class="small" onClick={() => set(path, entry.key)}>
              Reset
            </button>
          )
        }
      />
      {custom && <Custom>{entry ? `edited from ${entry.name}` : `your own ${what}`}</Custom>}
    </>
  );
}

/** Says, in a badge and words, that a part is no longer its catalogue entry. */
export function Custom({ children }) {
  return (
    <p class="badge-line">
      <span class="badge">custom</span> {children}
    </p>
  );
}
