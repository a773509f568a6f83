// What the page did not use from the URL it was opened with, in words.

import { useContext } from 'preact/hooks';
import { ActionsContext } from '../ui/context.js';

export function Notice({ notice }) {
  const { dismissNotice } = useContext(ActionsContext);
  if (!notice) return null;
  return (
    <div class="notice" role="status" id="notice">
      <p>
        <strong>
          {notice.reset
            ? 'This link could not be used as it is; the default scenario is shown.'
            : 'Part of this link was not used.'}
        </strong>{' '}
        Ignored:
      </p>
      <ul>
        {notice.ignored.map((t, i) => (
          <li key={i}>{t}</li>
        ))}
      </ul>
      <button type="button" class="small" onClick={dismissNotice}>
        Dismiss
      </button>
    </div>
  );
}
