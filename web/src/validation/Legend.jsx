// The key of the measurements' chart: [{key, kind ('dot', 'square' or 'line'), cls, text}].

const Mark = ({ kind, cls }) => (
  <svg viewBox="0 0 24 8" aria-hidden="true">
    {kind === 'line' ? (
      <line class={`curve ${cls}`} x1="0" y1="4" x2="24" y2="4" />
    ) : kind === 'square' ? (
      <rect class={`m ${cls}`} x="9" y="1" width="6" height="6" />
    ) : (
      <circle class={`m ${cls}`} cx="12" cy="4" r="3" />
    )}
  </svg>
);

export function Legend({ items }) {
  return (
    <ul class="legend">
      {items.map(({ key, kind, cls, text }) => (
        <li key={key}>
          <Mark kind={kind} cls={cls} /> {text}
        </li>
      ))}
    </ul>
  );
}
