// docs/model.md#any-model-any-rig on the page: the weights' and the KV cache's own precisions
// (each defaults to the matmuls'), and a model from its config.json (loaded when opened).

import { useForm } from '../ui/context.js';
import * as fmt from '../words/format.js';
import { lazy, Opened } from '../ui/lazy.jsx';
import { shown } from '../state/scenario.js';
import { Field } from './Field.jsx';

const ConfigPaste = lazy(
  () => import('./ConfigPaste.jsx').then((m) => m.ConfigPaste),
  'the config reader',
);

const PRECISIONS = [
  [
    'weight_precision',
    'Weight precision',
    "The weights' storage: int4 (AWQ, GPTQ) counts its group scales.",
  ],
  ['kv_precision', 'KV cache precision', "The KV cache's number format (decode)."],
];

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

export function AnyModel() {
  return (
    <>
      <div class="grid2">
        {PRECISIONS.map(([name, label, hint]) => (
          <PrecisionField key={name} name={name} label={label} hint={hint} />
        ))}
      </div>
      <Opened class="config-paste" summary="From a Hugging Face config.json">
        {() => <ConfigPaste />}
      </Opened>
    </>
  );
}
