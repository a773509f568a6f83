// What the page did not use from the URL it was opened with, in words.

export function Notice({ v }) {
  const n = v.notice;
  if (!n) return null;
  return (
    <div class="notice" role="status" id="notice">
      <p>
        <strong>{n.reset ? 'This link could not be used as it is; the default scenario is shown.' : 'Part of this link was not used.'}</strong> Ignored:
      </p>
      <ul>
        {n.ignored.map((t, i) => (
          <li key={i}>{t}</li>
        ))}
      </ul>
      <button type="button" class="small" onClick={v.act.dismissNotice}>
        Dismiss
      </button>
    </div>
  );
}
