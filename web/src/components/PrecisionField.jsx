// A select of a precision: the catalogue's for a scenario field (the weights', the KV cache's, the
// exchange's), and the options every precision select lists.

import { useForm } from '../ui/context.js';
import * as fmt from '../words/format.js';
import { shown } from '../state/scenario.js';
import { Field } from './Field.jsx';

/** The options of a precision select: `keys`, then `value` when it is none of them (`note` after it). */
export const precisionOptions = (keys, value, note = '') =>
  [...keys, ...(keys.includes(value) ? [] : [value])].map((k) => [
    k,
    `${fmt.precisionName(k)}${keys.includes(k) ? '' : note}`,
  ]);

/** A select of the catalogue's precisions for the scenario's field `name`. */
export function PrecisionField({ name, label, hint }) {
  const { model, set, form, last } = useForm();
  const value = shown(model, form, [name], last);
  const formats = model.catalog.precisions.map((p) => `${p.format}_dense`);
  return (
    <Field
      id={name}
      label={label}
      hint={hint}
      value={value}
      options={precisionOptions(formats, value)}
      onInput={(x) => set([name], x)}
    />
  );
}
