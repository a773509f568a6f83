// The codes that put this view on another page, for "Embed this view" (EmbedWays.jsx, loaded
// when it is first opened): the web component's and the iframe's.

import { parts } from '../state/url.js';

/** The embed URL of a page URL: ?embed added to the query, the hash kept. */
export function embedUrl(href) {
  const [path, query, hash] = parts(href);
  return `${path}?${['embed', ...query].join('&')}${hash}`;
}

const attr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The <iframe> snippet for an embed URL, with the one line of script that sizes it: it takes the
 * page's height from its tplayer:height messages (browser.js postHeight), from that frame only.
 */
export const embedCode = (url) =>
  `<iframe src="${attr(url)}" title="Tensor-parallel layer calculator" width="100%" height="720" style="border:0;max-width:100%" loading="lazy"></iframe>\n<script>(function(f){addEventListener("message",function(e){var d=e.data;if(e.source===f.contentWindow&&d&&d.type==="tplayer:height")f.style.height=d.height+"px"})})(document.currentScript.previousElementSibling)</script>`;

/** The <tp-layer> snippet for a page URL (its hash the view): element.js beside the page. */
export function elementCode(href) {
  const [path, , hash] = parts(href);
  return `<script type="module" src="${attr(new URL('element.js', path).href)}"></script>\n<tp-layer hash="${attr(hash.slice(1))}"></tp-layer>`;
}
