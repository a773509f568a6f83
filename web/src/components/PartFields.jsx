// The inputs of one part of the form (the workload, the accelerator or a link row): a FormField
// for each field of the core's table for that kind of part that has an input, in its order.

import { useContext } from 'preact/hooks';
import { ActionsContext, ModelContext } from '../context.js';
import { editableFields } from '../form.js';
import { FormField } from './FormField.jsx';

/**
 * `where` is what state.js's set() takes ('workload', 'accelerator' or a row index), `prefix` the
 * input ids' ('link.0'); `hint(info)` may replace the core's help (undefined keeps it); `onSet(name,
 * value)` replaces set() (a two-tier link's tier).
 */
export function PartFields({
  form,
  kind,
  part,
  where,
  prefix,
  labels,
  hint = () => undefined,
  onSet,
}) {
  const model = useContext(ModelContext);
  const { set } = useContext(ActionsContext);
  return editableFields(model, kind).map((info) => (
    <FormField
      key={info.name}
      id={`${prefix}.${info.name}`}
      form={form}
      kind={kind}
      part={part}
      name={info.name}
      label={labels[info.name]}
      hint={hint(info)}
      onInput={(x) => (onSet ? onSet(info.name, x) : set(where, info.name, x))}
    />
  ));
}
