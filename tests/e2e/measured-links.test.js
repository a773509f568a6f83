// Measured links in the built page: an nccl-tests table pasted into "Add a link", the page says
// what it read, and the breakdown shows the table's own rows (at the table's rank count and a
// message of a row's size, the all-reduce shown is the row's time, and the downloaded result has
// it to the last bit); the view comes back from its URL. Two tables, one whose rank count comes
// from its "# Rank" lines and one from busbw / algbw: that every row of every table prices back to
// its time, and that its rows round-trip through the URL, the node suite proves
// (tests/js/measured.test.js, tests/js/web/links.test.js). A file picked
// or dropped reads the same; bad text is named at the text box and kept; a view whose link would
// be too long says so and offers the JSON.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as fmt from '../../web/src/words/format.js';
import { MAX_URL } from '../../web/src/state/url.js';
import {
  ROOT,
  byId,
  freshTabs,
  openReady,
  ready,
  settledHash,
  text,
  until,
  useBrowser,
} from './harness.js';

const env = useBrowser();
const tab = freshTabs(env);

const DATA = `${ROOT}calibration/data/`;
const TABLES = readdirSync(DATA)
  .filter((f) => f.endsWith('.txt'))
  .map((f) => [f, readFileSync(DATA + f, 'utf8')]);
const NCCL = TABLES.filter(([, t]) => !/not nccl-tests text/.test(t)); // one is LLMCompass's two columns
const SHOWN = NCCL.filter(([f]) => f === 'mi300x_8.txt' || f === 'rtx5090x8_p2p.txt');
const BOX = byId('in-link.2.measured');

/** The core's reading of `t`, by the page's own module. */
const readInPage = (page, t) =>
  page.evaluate(
    `import(new URL('tplayer.js', document.baseURI).href).then((m) => m.load()).then((api) => api.readMeasured(${JSON.stringify(t)}))`,
  );

/** Puts `t` in the box at once, as a paste does (page.fill types long text far slower). */
const pasteInto = (page, selector, t) =>
  page.evaluate(
    ([s, t]) => {
      const el = document.querySelector(s);
      el.value = t;
      el.dispatchEvent(new Event('input', { bubbles: true }));
    },
    [selector, t],
  );

/** `n` measured links added to the default preset (rows 3, 4, ...), their text boxes there. */
async function addMeasured(page, n = 1) {
  for (let i = 0; i < n; i++) {
    await page.selectOption('#in-add-link', '@measured');
    await page.click('.add-link button');
  }
  await until(page, byId(`in-link.${1 + n}.measured`));
}

/** A measured link added to the default preset (third row) with `t` pasted. */
async function paste(page, t) {
  await addMeasured(page);
  await page.fill(BOX, t);
}

/** The text of a row of a link card's numbers, by the start of its label. */
const cardRow = (page, link, label) =>
  page.evaluate(
    ([link, label]) => {
      const card = document.querySelector(`.link-card[data-link="${link}"]`);
      for (const div of card?.querySelectorAll('dl > div') || [])
        if (div.querySelector('dt').textContent.startsWith(label))
          return div.querySelector('dd').textContent;
      return null;
    },
    [link, label],
  );

/** Waits until the breakdown shows an all-reduce message of `bytes`, not greyed. */
const showsMessage = (page, bytes) =>
  page.waitForFunction(
    (b) =>
      !document.querySelector('.is-stale') &&
      document.querySelector('.a-details')?.innerText.includes(`(${b} B)`),
    fmt.count(bytes),
  );

async function downloaded(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.click('.share button:has-text("Download JSON")'),
  ]);
  const chunks = [];
  for await (const c of await download.createReadStream()) chunks.push(c);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

describe('nccl-tests tables of calibration/data, pasted', () => {
  it('are every table but the one that is not nccl-tests text', () => {
    expect(NCCL.length).toBe(TABLES.length - 1);
    expect(SHOWN.length).toBe(2);
  });

  it.each(SHOWN)(
    '%s: the page says what it read, and the breakdown shows its first, middle and last rows at their own size and rank count',
    async (_, table) => {
      const { page } = tab;
      const read = await readInPage(page, table);
      const { rows, ranks } = read;
      // M = tokens x hidden_dim x 2 B (fp16): with hidden_dim 1, tokens = size / 2.
      await page.fill('#in-tp_size', String(ranks));
      await page.fill(byId('in-workload.hidden_dim'), '1');
      await paste(page, table);
      const said = await text(page, '.reading');
      expect(said).toContain(
        `Read ${rows.length} rows, ${fmt.binaryBytes(rows[0].bytes)} to ${fmt.binaryBytes(rows.at(-1).bytes)}`,
      );
      expect(said).toContain(
        read.ranks_from === 'header'
          ? `on ${ranks} ranks from its “# Rank” lines`
          : `on ${ranks} ranks from the largest row’s busbw / algbw`,
      );
      expect(said).toContain(`${read.skipped} lines passed over`);
      for (const row of [rows[0], rows[rows.length >> 1], rows.at(-1)]) {
        await page.fill('#in-tokens', String(row.bytes / 2));
        await showsMessage(page, row.bytes);
        expect(await cardRow(page, 'measured', 'One all-reduce t_ar')).toMatch(
          new RegExp(`^${fmt.time(row.time_s).replace('.', '\\.')} = `),
        );
      }
      const card = await text(page, '.link-card[data-link="measured"]');
      expect(card).toContain(
        `on ${ranks} ranks, ${fmt.binaryBytes(rows[0].bytes)} to ${fmt.binaryBytes(rows.at(-1).bytes)}`,
      );
      // The page's own result, to the last bit, at the largest row.
      const json = await downloaded(page);
      expect(json.result.links[2].allreduce_time_s).toBe(rows.at(-1).time_s);
      expect(json.result.links[2].measured_ranks).toBe(ranks);
      // The URL reopens the view: the same number, from the rows the URL carries. The address bar
      // holds the last row's view (the download wrote a replacement still waiting for typing to
      // pause), not one of the rows before it.
      await page.waitForFunction(
        (t) =>
          location.hash.includes('links.2.rows=') &&
          new RegExp(`[#&]tokens=${t}(&|$)`).test(location.hash),
        rows.at(-1).bytes / 2,
      );
      const url = await page.evaluate(() => location.href);
      expect(url.length).toBeLessThan(MAX_URL);
      const again = await tab.context.newPage();
      await again.goto(url);
      await ready(again);
      await showsMessage(again, rows.at(-1).bytes);
      expect(await cardRow(again, 'measured', 'One all-reduce t_ar')).toBe(
        await cardRow(page, 'measured', 'One all-reduce t_ar'),
      );
      expect(await again.inputValue(BOX)).toContain('rebuilt from a tplayer link');
      expect(await text(again, '.reading')).toContain(`Read ${rows.length} rows`);
      await again.close();
    },
  );
});

describe('other ways in, and bad text', () => {
  const [name, table] = NCCL.find(([f]) => f === 'h100x8_ring.txt');

  it('a picked file and a dropped one read as the pasted text', async () => {
    const { page } = tab;
    await addMeasured(page);
    await page.setInputFiles(byId('in-link.2.measured-file'), DATA + name);
    await page.waitForFunction((s) => document.querySelector(s)?.value.length > 0, BOX);
    expect(await page.inputValue(BOX)).toBe(table);
    expect(await text(page, '.paste')).toContain(`Read ${name}`);
    await page.fill(BOX, '');
    await page.evaluate(
      ([s, t]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([t], 'dropped.txt', { type: 'text/plain' }));
        document
          .querySelector(s)
          .dispatchEvent(
            new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
          );
      },
      [BOX, table],
    );
    await page.waitForFunction((s) => document.querySelector(s)?.value.length > 0, BOX);
    expect(await page.inputValue(BOX)).toBe(table);
    expect(await text(page, '.reading')).toContain('Read 31 rows');
    await page.waitForFunction(() => !document.querySelector('.is-stale'));
  });

  it("a row's own state (what its file pick said) goes with it, not to the row below", async () => {
    const { page } = tab;
    await addMeasured(page, 2);
    await page.setInputFiles(byId('in-link.2.measured-file'), DATA + name);
    const said = `Read ${name}`;
    const third = page.locator('.link-row').nth(2);
    await expect.poll(() => third.innerText()).toContain(said);
    await pasteInto(page, byId('in-link.3.measured'), table);
    await third.locator('button:has-text("Remove")').click();
    await expect.poll(() => page.locator('.link-row').count()).toBe(3);
    expect(await page.inputValue(byId('in-link.2.measured'))).toBe(table);
    expect(await third.innerText()).not.toContain(said);
  });

  it('a file read that ends after its row went writes to no row', async () => {
    const { page } = tab;
    await addMeasured(page, 2);
    // The page's file reads wait until let go.
    await page.evaluate(() => {
      const read = Blob.prototype.text;
      Blob.prototype.text = function () {
        return new Promise((done) => (globalThis.tpLetRead = () => read.call(this).then(done)));
      };
    });
    await page.setInputFiles(byId('in-link.2.measured-file'), DATA + name);
    await page.waitForFunction(() => globalThis.tpLetRead);
    const [, other] = SHOWN[0];
    await pasteInto(page, byId('in-link.3.measured'), other);
    await page.locator('.link-row').nth(2).locator('button:has-text("Remove")').click();
    await expect.poll(() => page.locator('.link-row').count()).toBe(3);
    await page.evaluate(() => globalThis.tpLetRead());
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
    expect(await page.locator('.link-row').count()).toBe(3);
    expect(await page.inputValue(byId('in-link.2.measured'))).toBe(other);
    expect(await text(page, '.paste')).not.toContain(`Read ${name}`);
  });

  it('text that is not nccl-tests output is named at the box and kept; the last result stays', async () => {
    const { page } = tab;
    const [, llm] = TABLES.find(([, t]) => /not nccl-tests text/.test(t));
    await paste(page, llm);
    await until(page, '.is-stale');
    expect(await text(page, byId('msg-link.2.measured'))).toContain(
      'Error: 0 usable rows; at least two are needed',
    );
    expect(await page.inputValue(BOX)).toBe(llm);
    expect(await page.getAttribute(BOX, 'aria-invalid')).toBe('true');
    // A row whose time is 0: its line is named.
    const zero = `${table}\n  17179869184  x float sum -1  0  0  0  0`;
    await page.fill(BOX, zero);
    const line = zero.split('\n').length;
    expect(await text(page, byId('msg-link.2.measured'))).toContain(
      `line ${line}: the time "0" is not a finite number of microseconds > 0`,
    );
    // Ranks that cannot be: at the ranks box.
    await page.fill(BOX, table);
    await page.fill(byId('in-link.2.ranks'), '1');
    expect(await text(page, byId('msg-link.2.ranks'))).toContain('whole number >= 2, got 1');
    // The reading above does not price on a count the core refused.
    expect(await text(page, '.reading')).not.toContain('typed below');
    await page.fill(byId('in-link.2.ranks'), '');
    await page.waitForFunction(() => !document.querySelector('.is-stale'));
  });
});

describe('a link too long to share', () => {
  /** nccl-tests text of `n` rows on 8 ranks: sizes and times that grow. */
  const synthetic = (n) =>
    Array.from({ length: n }, (_, i) => {
      const size = 1000 + 8 * i;
      const us = (20 + i / 100).toFixed(2);
      return `${size} ${size / 4} float sum -1 ${us} 0.05 0.0875 0`;
    }).join('\n');

  it('past 8 KB says so and offers the JSON; past what the page reads back, no link at all', async () => {
    const { page } = tab;
    await paste(page, '');
    await pasteInto(page, BOX, synthetic(800));
    await page.waitForFunction(
      (max) => location.hash.includes('links.2.rows=') && location.href.length > max,
      MAX_URL,
    );
    const status = await text(page, '#share-status');
    expect(status).toMatch(
      /This link is [\d,]+ characters, over the 8,192 that mail and chat keep/,
    );
    expect(status).toContain('download the JSON');
    expect(await page.isEnabled('.share button:has-text("Copy link")')).toBe(true);
    const json = await downloaded(page);
    expect(json.scenario.links.measured.measured).toBe(synthetic(800)); // the whole text: it round-trips
    // A reload still reads it (the page reads links up to MAX_HASH).
    const url = await page.evaluate(() => location.href);
    const again = await openReady(env, { url });
    expect(await again.page.inputValue(BOX)).toContain('the 800 rows it kept');
    await again.context.close();

    const before = await settledHash(page);
    await pasteInto(page, BOX, synthetic(2000));
    await page.waitForFunction(() => document.body.innerText.includes('this page reads back'));
    expect(await text(page, '#share-status')).toContain('characters, over the 16,384 this page');
    expect(await page.isDisabled('.share button:has-text("Copy link")')).toBe(true);
    // The address bar keeps the last state it can read back.
    expect(await settledHash(page)).toBe(before);
  });
});
