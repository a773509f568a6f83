// A Field for one field of the core's tables (catalog().fields): its text as edited or as the
// base has it, its unit choices, the core's help as the hint, and its default as the placeholder.

import { useContext } from 'preact/hooks';
import { ModelContext } from '../context.js';
import { fieldInfo, fieldText, isQuantity, textOf, unitsOf } from '../form.js';
import { Field } from './Field.jsx';

/**
 * `form`, `part` and `base` as form.js's fieldText takes them; `label` and `hint` override the
 * core's name and help. A choice is a select of the core's choices (`choiceText`: words for some
 * of them), a boolean a checkbox.
 */
export function FormField({
  id,
  form,
  kind,
  part,
  name,
  base,
  label,
  hint,
  onInput,
  inputMode,
  after,
  choiceText = {},
}) {
  const model = useContext(ModelContext);
  const info = fieldInfo(model, kind, name);
  const fallback =
    info.default === undefined ? undefined : [textOf(model, info, info.default)].flat()[0];
  return (
    <Field
      id={id}
      label={label || name}
      hint={hint ?? info.help}
      value={fieldText(model, form, kind, part, name, base)}
      units={isQuantity(info) ? unitsOf(info) : undefined}
      options={info.choices?.map((c) => [c, choiceText[c] || c])}
      checkbox={info.kind === 'boolean'}
      inputMode={inputMode || (info.kind === 'count' ? 'numeric' : 'decimal')}
      placeholder={fallback}
      onInput={onInput}
      after={after}
    />
  );
}
