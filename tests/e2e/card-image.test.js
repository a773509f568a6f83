// Download image (issue 21): the verdict card of the view, as SVG and as a PNG the browser draws
// from it. The SVG is the very bytes the native CLI prints for the same scenario and permalink
// (tplayer --json - --format svg --permalink URL), its numbers are the result the page shows, and
// both images rasterise: the CLI's by rsvg-convert, the page's PNG by the browser's canvas, at
// twice the card's size. The card's module loads only when an image is asked for.
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { ROOT, checkInPage, expectShows, gpt3, openReady, useBrowser } from './harness.js';

const env = useBrowser();

const read = async (download) => {
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  return Buffer.concat(chunks);
};
const downloadFrom = async (page, label) => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click(`.share button:has-text("${label}")`),
  ]);
  return { name: download.suggestedFilename(), bytes: await read(download) };
};
/** A PNG's width and height (its IHDR chunk). */
const pngSize = (png) => {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
};
const SECONDS = { s: 1, ms: 1e-3, us: 1e-6, µs: 1e-6, ns: 1e-9 };
/** The times printed beside the bars, in seconds, in order (compute, exchange, per link). */
const barTimes = (svg) =>
  [...svg.matchAll(/<text x="544" [^>]*>([\d.]+) (s|ms|us|µs|ns)<\/text>/g)].map(
    ([, n, unit]) => Number(n) * SECONDS[unit],
  );

it('downloads the card as SVG (the CLI bytes) and PNG (drawn by the browser)', async () => {
  const { page, problems, context } = await openReady(env);
  const cardRequests = [];
  page.on('request', (r) => /tplayer-card\./.test(r.url()) && cardRequests.push(r.url()));
  const { scenario, result } = await checkInPage(page, gpt3());
  await expectShows(page, result); // the numbers the page shows are this result's
  expect(cardRequests).toEqual([]); // nothing of the card before it is asked for
  await page.click('.share button:has-text("Copy link")');
  const link = await page.locator('#share-text').inputValue();
  expect(link).toMatch(/#v=3&/);

  const svgFile = await downloadFrom(page, 'Download image (SVG)');
  expect(svgFile.name).toMatch(/^tplayer-\w+\.svg$/);
  const svg = svgFile.bytes.toString('utf8');
  expect(cardRequests.map((u) => new URL(u).pathname)).toEqual([
    '/tplayer-card.js',
    '/tplayer-card.wasm.gz',
  ]);
  await page.waitForFunction(() =>
    document.querySelector('#share-status').textContent.startsWith('Image downloaded'),
  );

  // The permalink printed at the foot is the view's own link (what Copy link gives).
  const permalink = [...svg.matchAll(/<text [^>]*font-family="ui-monospace[^>]*>([^<]*)<\/text>/g)]
    .map((m) => m[1].replaceAll('&amp;', '&'))
    .join('');
  expect(permalink).toBe(link);
  // The same bytes as the native CLI for the same scenario and permalink.
  const cli = execFileSync(
    `${ROOT}build/native/tplayer`,
    ['--json', '-', '--format', 'svg', '--permalink', permalink],
    { input: JSON.stringify(scenario), encoding: 'utf8' },
  );
  expect(svg).toBe(cli);
  expect(svgFile.bytes.length).toBeLessThanOrEqual(12 * 1024);

  // Its numbers are the page's result: the compute and each link's exchange, 4 digits.
  const times = barTimes(svg);
  const expected = result.links.flatMap((l) => [result.compute_time_s, l.communication_time_s]);
  expect(times).toHaveLength(expected.length);
  times.forEach((t, i) => expect(Math.abs(t - expected[i]) / expected[i]).toBeLessThan(5e-4));
  // Each link by the name the page gives it (the catalogue's short name here).
  const named = await page
    .locator(`.verdicts li[data-link="${result.binding_link}"] strong`)
    .first()
    .textContent();
  expect(svg).toContain(`${named} (binding)`);
  const height = Number(/ height="(\d+)"/.exec(svg)[1]);

  // The CLI's SVG rasterised by rsvg-convert (librsvg), at its own size.
  const rsvg = execFileSync('rsvg-convert', ['--format', 'png'], { input: cli });
  expect(pngSize(rsvg)).toEqual({ width: 640, height });

  // The page's PNG, drawn from the SVG by the browser at twice its size: its bars are there.
  const pngFile = await downloadFrom(page, 'Download image (PNG)');
  expect(pngFile.name).toMatch(/^tplayer-\w+\.png$/);
  expect(pngSize(pngFile.bytes)).toEqual({ width: 1280, height: 2 * height });
  const barPixels = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context2d = canvas.getContext('2d');
    context2d.drawImage(image, 0, 0);
    const { data } = context2d.getImageData(0, 0, canvas.width, canvas.height);
    let compute = 0;
    let exchange = 0;
    for (let i = 0; i < data.length; i += 4) {
      const rgb = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
      if (rgb === 0x2563eb) compute++;
      if (rgb === 0xea580c) exchange++;
    }
    return { compute, exchange };
  }, pngFile.bytes.toString('base64'));
  // Each link's compute bar is the same length: at 2x, 20 px tall, hundreds of px long.
  expect(barPixels.compute).toBeGreaterThan(result.links.length * 20 * 200);
  expect(barPixels.exchange).toBeGreaterThan(0);
  expect(cardRequests).toHaveLength(2); // the card's module loaded once
  expect(problems).toEqual([]);
  await context.close();
});
