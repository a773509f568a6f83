// Screenshots for issue 22 (deleted after): node shot.mjs URL
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
const base = process.argv[2];
const api = await (await import('./dist/tplayer.js')).load();
const read = api.readMeasured(readFileSync('calibration/data/h100sxm_4_g4.txt', 'utf8'));
const rows = read.rows.flatMap((r) => [r.bytes, +(r.time_s * 1e6).toPrecision(6)]).join('~');
const measured = `#v=3&p=Gpt3TensorParallelLayerTp8&tp_size=16&links=3&links.0=nvlink4&links.0.name=nvlink&links.1=ib_ndr&links.1.name=infiniband_ndr&links.2=&links.2.name=measured&links.2.rows=${rows}&links.2.ranks=${read.ranks}`;
const views = {
  default: '',
  decode16: '#v=3&p=Llama3_70BDecodeTp8&tp_size=16',
  measured16: measured,
};
const only = process.argv[3];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [w, h] of [[320, 640], [390, 844], [1280, 800]]) {
  for (const [name, hash] of Object.entries(views)) {
    if (only && !name.startsWith(only)) continue;
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
    await page.goto(base + hash);
    await page.waitForSelector('.verdicts li');
    await page.screenshot({ path: `/tmp/shots-w22/${name}-${w}.png` });
    await page.screenshot({ path: `/tmp/shots-w22/${name}-${w}-full.png`, fullPage: true });
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    if (sw > w) console.log(name, w, 'scrollWidth', sw);
    if (w === 390) {
      await page.evaluate(() => window.scrollTo(0, 1400));
      await page.screenshot({ path: `/tmp/shots-w22/${name}-${w}-scrolled.png` });
    }
    await page.close();
  }
}
console.log(measured.slice(0, 200));
await browser.close();
