// "Download image" (ShareBar): the verdict card drawn by the module's card(), the core's one
// renderer (its own module, loaded on this first request), saved as SVG, or as a PNG the browser
// draws from that SVG at twice its size. Loaded on demand (dist/lazy/), like the card's module.
import { loadApi } from './api.js';

/** The SVG drawn on a canvas `scale` times its size, as a PNG blob. */
async function pngOf(svg, scale = 2) {
  const image = new Image();
  // A data: URL (the page's img-src allows it): the canvas stays clean, toBlob() may read it.
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth * scale;
  canvas.height = image.naturalHeight * scale;
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (png) => (png ? resolve(png) : reject(new Error('the browser drew no PNG'))),
      'image/png',
    ),
  );
}

/** Saves `blob` as the file `name` (the browser's download). */
function save(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/**
 * The view's verdict card (`scenario` as the core read it), with its permalink (empty: none to
 * print) at its foot, saved as SVG or as a PNG drawn from it; `setStatus` says what came of it.
 */
export async function download(scenario, permalink, presetKey, png, setStatus) {
  try {
    const svg = await (await loadApi()).card(scenario, { permalink });
    const blob = png ? await pngOf(svg) : new Blob([svg], { type: 'image/svg+xml' });
    save(blob, `tplayer-${presetKey || 'scenario'}.${png ? 'png' : 'svg'}`);
    setStatus({
      text: `Image downloaded: the verdict card${permalink ? ' with the link to this view' : ''}, as ${png ? 'PNG' : 'SVG'}.`,
    });
  } catch (e) {
    setStatus({ text: `The image could not be drawn: ${e?.message || e}` });
  }
}
