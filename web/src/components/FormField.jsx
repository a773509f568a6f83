// A Field for the leaf of the scenario at `path` (['links', 0, 'bandwidth']): its text as typed or
// as the catalogue or the core has it, its unit choices, the core's help as the hint, and what a
// blank stands for as the placeholder (blankValue). What is typed sets that leaf.

import { useForm } from '../ui/context.js';
import {
  blankValue,
  editableFields,
  idOf,
  isQuantity,
  schema,
  shown,
  textOf,
  unitsOf,
} from '../state/scenario.js';
import { Field } from './Field.jsx';

/** A field's name in words, for a field the caller gives no label: "ranks_per_node" -> "Ranks per node". */
const words = (name) => name[0].toUpperCase() + name.slice(1).replace(/_/g, ' ');

/** `id`, `label` and `hint` override the path's input id, the core's name and help; `choiceText` gives words for some choices. */
export function FormField({
  path,
  id = idOf(path),
  label,
  hint,
  after,
  inputMode,
  choiceText = {},
}) {
  const { model, set, form, last } = useForm();
  const info = schema(model, form.scenario, path).field;
  const blank = blankValue(model, form.scenario, path);
  const fallback = blank === undefined ? undefined : [textOf(model, info, blank)].flat()[0];
  return (
    <Field
      id={id}
      label={label || words(info.name)}
      hint={hint ?? info.help}
      value={shown(model, form, path, last)}
      units={isQuantity(info) ? unitsOf(info) : undefined}
      options={info.choices?.map((c) => [c, choiceText[c] || c])}
      checkbox={info.kind === 'boolean'}
      inputMode={inputMode || (info.kind === 'count' ? 'numeric' : 'decimal')}
      placeholder={fallback}
      onInput={(x) => set(path, x)}
      after={after}
    />
  );
}

/** A FormField for each field of a `kind` of part that has an input, in the core's order, below `path`. */
export function PartFields({ kind, path, labels = {}, hint = () => undefined }) {
  const { model } = useForm();
  return editableFields(model, kind).map((f) => (
    <FormField key={f.name} path={[...path, f.name]} label={labels[f.name]} hint={hint(f)} />
  ));
}
