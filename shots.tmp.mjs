import { chromium } from 'playwright-core';
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
const shots = [
  ['phone-cannot', 390, 844, '#v=3&p=Gpt3TensorParallelLayerTp8&tp_size=2'],
  ['desk-cannot', 1280, 800, '#v=3&p=Gpt3TensorParallelLayerTp8&tp_size=16'],
  ['phone-decode-mlsysim', 390, 844, '#v=3&p=Llama3_70BDecodeTp8&compute_model=flops&link_model=line_rate'],
  ['desk-decode', 1280, 800, '#v=3&p=Llama3_70BDecodeTp8'],
];
for (const [name, w, h, hash] of shots) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(base + hash);
  await page.waitForSelector('#app:not([data-pre]) .verdicts li', { timeout: 20000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shot-${name}.png`, fullPage: false });
  const v = await page.locator('.verdicts').innerText();
  console.log(name, '|', v.slice(0, 300).replace(/\n/g, ' / '));
  await page.close();
}
await browser.close();
