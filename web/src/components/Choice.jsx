// A segmented radio group: `options` [[value, text]], `small` for the per-field ones; each radio's
// id is in-<name>-<value>.

export function Choice({ name, label, options, value, onPick, small = true }) {
  return (
    <div class={small ? 'seg small' : 'seg'} role="radiogroup" aria-label={label}>
      {options.map(([k, text]) => (
        <label key={k} class={k === value ? 'on' : ''}>
          <input
            type="radio"
            id={`in-${name}-${k}`}
            name={name}
            value={k}
            checked={k === value}
            onInput={() => onPick(k)}
          />
          {text}
        </label>
      ))}
    </div>
  );
}
