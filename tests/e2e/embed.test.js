// Embed mode: the embed dialog (the web component first, then the iframe with its one-line sizing
// script, pasted into a plain page), and the page (?embed) in an iframe of a page on another
// origin: no page chrome, works at 320 px, and posts {type: 'tplayer:height', height} to the
// parent whenever its height changes.
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RESULTS, openPage, openReady, until, useBrowser } from './harness.js';

const env = useBrowser();
let host; // the blog: another origin (localhost vs 127.0.0.1) on the same machine
let snippet = ''; // what /snippet serves: the embed code as copied, pasted into a post
beforeAll(async () => {
  host = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><title>A blog</title><body><p>Before the calculator.</p>${req.url === '/snippet' ? `${snippet}<p>After the calculator.</p>` : ''}</body></html>`,
    );
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
});
afterAll(() => host?.close());

it('in an iframe at 320 px it reports its height and fits without horizontal scroll', async () => {
  const { page, problems, context } = await openPage(env.browser, env.server.url, {
    width: 360,
    height: 800,
  });
  await page.goto(`http://localhost:${host.address().port}/`);
  // The host page sizes the iframe from the messages, as the embed snippet does.
  await page.evaluate((src) => {
    window.heights = [];
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.title = 'calculator';
    frame.style.cssText = 'width:320px;height:150px;border:0;display:block';
    addEventListener('message', (e) => {
      if (e.source !== frame.contentWindow || !e.data || e.data.type !== 'tplayer:height') return;
      window.heights.push(e.data.height);
      frame.style.height = `${e.data.height}px`;
    });
    document.body.append(frame);
  }, `${env.server.url}?embed`);
  await page.waitForFunction(() => window.heights.length > 0);
  const frame = page.frames().find((f) => f.url().includes('?embed'));
  await until(frame, '.verdicts li');
  const bodyHeight = () =>
    frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  await page.waitForFunction((h) => window.heights.at(-1) === h, await bodyHeight());
  expect(await page.evaluate(() => window.heights.at(-1))).toBeGreaterThan(300);
  expect(await frame.locator('header.top').isVisible()).toBe(false);
  expect(await frame.locator('footer').isVisible()).toBe(false);
  expect(
    await frame.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
  expect(await frame.locator('.share a').getAttribute('href')).not.toContain('embed');
  await page.screenshot({ path: `${RESULTS}embed-320.png`, fullPage: true });

  // Its height follows its content: opening the form grows it, and a new message says so.
  const before = await page.evaluate(() => window.heights.at(-1));
  await frame.locator('summary:has-text("Edit the scenario")').click();
  await frame.locator('summary:has-text("Every number")').click();
  await page.waitForFunction((h) => window.heights.at(-1) > h + 500, before);
  expect(
    await frame.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
  await page.screenshot({ path: `${RESULTS}embed-320-open.png`, fullPage: true });
  expect(problems.filter((p) => !p.includes(`localhost:${host.address().port}`))).toEqual([]);
  await context.close();
});

it('offers the web component first, then the iframe, whose snippet sizes the frame by itself', async () => {
  const { page, problems, context } = await openReady(env);
  await page.click('.share button:has-text("Copy link")');
  const link = await page.inputValue('#share-text');
  expect(link.startsWith(`${env.server.url}#`)).toBe(true);
  await page.click('summary:has-text("Embed this view")');
  await page.waitForSelector('.embed-code button:has-text("Copy iframe code")'); // loads on opening
  const ways = await page.locator('.embed-code button').allTextContents();
  expect(ways).toEqual(['Copy Web component code', 'Copy iframe code']);
  await page.click('.embed-code button:has-text("Web component")');
  await expect.poll(() => page.inputValue('#share-text')).toMatch(/^<script type="module"/);
  const hash = link.split('#')[1].replace(/&/g, '&amp;');
  expect(await page.inputValue('#share-text')).toBe(
    `<script type="module" src="${env.server.url}element.js"></script>\n<tp-layer hash="${hash}"></tp-layer>`,
  );
  await page.click('.embed-code button:has-text("iframe")');
  await expect.poll(() => page.inputValue('#share-text')).toMatch(/^<iframe /);
  const code = await page.inputValue('#share-text');
  const src = link.replace('#', '?embed#').replace(/&/g, '&amp;');
  expect(code).toContain(`<iframe src="${src}" title=`);
  expect(problems).toEqual([]);
  await context.close();

  // The snippet as a host pastes it, in a plain page of another origin with no script of its own:
  // the frame takes the calculator's height, and follows it when it grows.
  snippet = code;
  const blog = await openPage(env.browser, env.server.url, { width: 390, height: 844 });
  await blog.page.goto(`http://localhost:${host.address().port}/snippet`);
  const frame = blog.page.frameLocator('iframe');
  await frame.locator('.verdicts li').first().waitFor();
  const inner = blog.page.frames().find((f) => f.url().includes('?embed'));
  const bodyHeight = () =>
    inner.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  await blog.page.waitForFunction(
    (h) => Math.round(document.querySelector('iframe').getBoundingClientRect().height) === h,
    await bodyHeight(),
  );
  const before = await bodyHeight();
  expect(before).toBeGreaterThan(300);
  expect(before).not.toBe(720);
  await frame.locator('summary:has-text("Edit the scenario")').click();
  await blog.page.waitForFunction(
    (h) => document.querySelector('iframe').getBoundingClientRect().height > h + 300,
    before,
  );
  await blog.page.waitForFunction(
    (h) => Math.round(document.querySelector('iframe').getBoundingClientRect().height) === h,
    await bodyHeight(),
  );
  await blog.page.screenshot({ path: `${RESULTS}embed-snippet-390.png`, fullPage: true });
  expect(blog.problems.filter((p) => !p.includes('localhost:'))).toEqual([]);
  await blog.context.close();
});
