// Copy link, copy embed code, download JSON; in an embed, a link to the full page instead.

import { useContext } from 'preact/hooks';
import { ActionsContext } from '../context.js';
import { embedCode, embedUrl, fullUrl, urlWithHash } from '../url.js';

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** `shown`: the outcome on screen ({scenario as the core read it, result}); `share`: { text, value?, manual? } after a button. */
export function ShareBar({ hash, valid, shown, presetKey, share: status, embed }) {
  const { setShare: setStatus } = useContext(ActionsContext);
  const link = urlWithHash(location.href, hash);
  if (embed) {
    return (
      <p class="share">
        <a href={fullUrl(link)} target="_blank" rel="noopener">
          Open in the full calculator ↗
        </a>
      </p>
    );
  }
  const doCopy = async (what, text) =>
    setStatus(
      (await copy(text))
        ? { text: `${what} copied.`, value: text }
        : { text: `Copy the ${what.toLowerCase()} below:`, value: text, manual: true },
    );
  const download = () => {
    const json = JSON.stringify({ scenario: shown.scenario, result: shown.result }, null, 2);
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([`${json}\n`], { type: 'application/json' }));
    a.download = `tplayer-${presetKey || 'scenario'}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    setStatus({
      text: 'JSON downloaded: the scenario as the calculator read it, and the result as the CLI prints it.',
    });
  };
  return (
    <div class="share">
      <div class="buttons">
        <button type="button" disabled={!valid} onClick={() => doCopy('Link', link)}>
          Copy link
        </button>
        <button
          type="button"
          disabled={!valid}
          onClick={() => doCopy('Embed code', embedCode(embedUrl(link)))}
        >
          Copy embed code
        </button>
        <button type="button" disabled={!valid} onClick={download}>
          Download JSON
        </button>
      </div>
      <p class="hint" role="status" id="share-status">
        {status
          ? status.text
          : valid
            ? 'The link reproduces this exact view.'
            : 'Fix the marked input to share or download.'}
      </p>
      {status && status.value && (
        <textarea
          class="copied"
          id="share-text"
          aria-label="Copied text"
          readOnly
          rows={status.manual ? 4 : 2}
          value={status.value}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </div>
  );
}
