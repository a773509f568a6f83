// Copy link, download JSON or the verdict card as an image, embed (its codes, EmbedWays.jsx, load
// when "Embed this view" is first opened); in an embed, a link to the full page instead.

import { useState } from 'preact/hooks';
import { MAX_HASH, MAX_URL, fullUrl, urlWithHash } from '../state/url.js';
import { Opened, lazy } from '../ui/lazy.jsx';
import * as fmt from '../words/format.js';

const EmbedWays = lazy(() => import('./EmbedWays.jsx').then((m) => m.EmbedWays), 'the embed codes');

/** `hash`: the view's ('' while invalid). What a button did is said until the view changes. */
export function ShareBar({ hash, valid, shown, presetKey, embed }) {
  const [said, setSaid] = useState(null);
  const status = said && said.hash === hash ? said : null;
  const setStatus = (x) => setSaid(x && { ...x, hash });
  // No location when npm run build prerenders the default view (its link: just the hash).
  const link = urlWithHash(globalThis.location?.href ?? '', hash);
  // A view whose link is too long to share (measured rows make it long): the JSON instead.
  const long = link.length > MAX_URL;
  const unreadable = hash.length > MAX_HASH;
  const linkable = valid && !unreadable;
  if (embed) {
    return (
      <p class="share">
        <a href={fullUrl(link)} target="_blank" rel="noopener">
          Open in the full calculator ↗
        </a>
      </p>
    );
  }
  const doCopy = async (what, text) => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus({ text: `${what} copied.`, value: text });
    } catch {
      setStatus({ text: `Copy the ${what.toLowerCase()} below:`, value: text, manual: true });
    }
  };
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
  // The card's code (image.js, and the card's own module) loads on this first request.
  const image = (png) => {
    setStatus({ text: 'Drawing the image…' });
    import('../platform/image.js').then(
      (m) => m.download(shown.scenario, linkable && !long ? link : '', presetKey, png, setStatus),
      (e) => setStatus({ text: `The image could not be drawn: ${e?.message || e}` }),
    );
  };
  return (
    <div class="share">
      <div class="buttons">
        <button type="button" disabled={!linkable} onClick={() => doCopy('Link', link)}>
          Copy link
        </button>
        <button type="button" disabled={!valid} onClick={download}>
          Download JSON
        </button>
        <button type="button" disabled={!valid} onClick={() => image(false)}>
          Download image (SVG)
        </button>
        <button type="button" disabled={!valid} onClick={() => image(true)}>
          Download image (PNG)
        </button>
      </div>
      <Opened class="embed-code" summary="Embed this view">
        {() => <EmbedWays link={link} linkable={linkable} copy={doCopy} />}
      </Opened>
      <p class="hint" role="status" id="share-status">
        {status
          ? status.text
          : !valid
            ? 'Fix the marked input to share or download.'
            : long
              ? `This link is ${fmt.count(link.length)} characters, over the ${fmt.count(unreadable ? MAX_HASH : MAX_URL)} ${unreadable ? 'this page reads back' : 'that mail and chat keep'}: download the JSON, whose scenario reproduces this view anywhere.`
              : 'The link reproduces this exact view.'}
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
