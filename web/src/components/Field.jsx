// A labelled input with its messages: a text box, a select (`options`), a checkbox (`checkbox`:
// sends "true" or "false"), or a number with a unit select next to it (`units`: sends
// "<number> <unit>", or the text as typed when it carries its own unit, "400 Gb/s"). `id` is the
// input id of scenario.js's inputFor; the messages for it come from FormContext.

import { useContext } from 'preact/hooks';
import { FormContext } from '../ui/context.js';
import { unitLabel } from '../words/format.js';
import { Messages } from './Messages.jsx';

/** The `<option>`s of a select, from [[value, text]]. */
export const optionsOf = (list) =>
  list.map(([k, t]) => (
    <option key={k} value={k}>
      {t}
    </option>
  ));

export function Field({
  id,
  label,
  hint,
  options,
  units,
  checkbox,
  value,
  onInput,
  inputMode = 'decimal',
  placeholder,
  after,
}) {
  const { errors, warnings } = useContext(FormContext);
  const bad = errors[id];
  const props = {
    id: `in-${id}`,
    'aria-invalid': bad ? 'true' : undefined,
    'aria-describedby':
      [hint && `hint-${id}`, (bad || warnings[id]) && `msg-${id}`].filter(Boolean).join(' ') ||
      undefined,
  };
  const [text, unit] = units ? value : [value];
  const typed = units && /[^\d\s.eE+-]/.test(text.trim());
  return (
    <div class={bad ? 'field invalid' : 'field'}>
      <label for={props.id}>{label}</label>
      <div class="row">
        {checkbox ? (
          <input
            {...props}
            type="checkbox"
            class="check"
            checked={value === 'true'}
            onInput={(e) => onInput(String(e.currentTarget.checked))}
          />
        ) : options ? (
          <select {...props} value={value} onInput={(e) => onInput(e.currentTarget.value)}>
            {optionsOf(options)}
          </select>
        ) : (
          <input
            {...props}
            type="text"
            inputMode={inputMode}
            autoComplete="off"
            spellcheck={false}
            placeholder={placeholder}
            value={text}
            onInput={(e) => onInput(units ? [e.currentTarget.value, unit] : e.currentTarget.value)}
          />
        )}
        {units && (
          <select
            class="unit"
            aria-label={`${label}: unit`}
            value={unit}
            disabled={typed}
            title={typed ? 'The unit typed in the box is used' : undefined}
            onInput={(e) => onInput([text, e.currentTarget.value])}
          >
            {optionsOf(units.map((u) => [u, unitLabel(u)]))}
          </select>
        )}
        {after}
      </div>
      {hint && (
        <p class="hint" id={`hint-${id}`}>
          {hint}
        </p>
      )}
      <Messages
        id={id}
        typed={units && (typed ? text.trim() : `${text.trim()} ${unitLabel(unit)}`)}
      />
    </div>
  );
}
