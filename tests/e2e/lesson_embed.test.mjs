// The lesson elements embedded in another page (issue 12): projector mode used on lesson.html
// does not leak into the embed guide's live <chess-lesson> (each page keeps its own choice, an
// embedded element follows only its `present` attribute); <chess-lesson> and <chess-quiz> follow
// <html lang> as it changes unless they have their own `lang`; <chess-quiz src=…/rook/moves.toml>
// reports `lesson: "rook/moves"`.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, siteUrl } from './browser.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function newPage(viewport = { width: 1366, height: 768 }) {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  return { context, page, problems };
}

/** Scrolls to the element matched by `selector` (one far down a page starts as the reader comes near) and waits until it has drawn a step. */
async function drawn(page, selector) {
  await page.locator(selector).scrollIntoViewIfNeeded();
  await page.waitForFunction((s) => document.querySelector(s)?.shadowRoot?.querySelector('[data-kind]'), selector);
}
const shadowText = (page, selector, inner) => page.evaluate(([s, i]) => document.querySelector(s).shadowRoot.querySelector(i)?.textContent, [selector, inner]);

test('projector mode on lesson.html stays on lesson.html: the embed guide\'s lesson is a normal one', async () => {
  const { context, page, problems } = await newPage();
  await page.goto(new URL('lesson.html?present#/rook/moves/1', siteUrl()).href);
  await page.locator('chess-lesson .lp-present').waitFor();
  // The same tab goes on to the guide.
  await page.goto(new URL('embed.html', siteUrl()).href);
  await drawn(page, '[data-example="lesson"] chess-lesson');
  assert.equal(await page.locator('[data-example="lesson"] chess-lesson').getAttribute('present'), null);
  assert.equal(await page.locator('[data-example="lesson"] chess-lesson .lp-present').count(), 0);
  const height = await page.locator('[data-example="lesson"] chess-lesson').evaluate((e) => e.getBoundingClientRect().height);
  assert.ok(height < 1500, `the guide's lesson is ${height}px tall`);
  // Its own attribute still turns it on, and that is not remembered for the lesson page.
  await page.locator('[data-example="lesson"] chess-lesson').evaluate((e) => { e.present = true; });
  await page.locator('[data-example="lesson"] chess-lesson .lp-present').waitFor();
  await page.locator('[data-example="lesson"] chess-lesson').evaluate((e) => { e.present = false; });
  await page.goto(new URL('lesson.html#/rook/moves/1', siteUrl()).href);
  await page.locator('chess-lesson .lp-present').waitFor();
  // lesson.html remembers its own choice: switched off there, it is off on the next visit.
  await page.locator('chess-lesson [data-act="present"]').click();
  await page.waitForFunction(() => !document.querySelector('chess-lesson').hasAttribute('present'));
  await page.reload();
  await drawn(page, 'chess-lesson');
  assert.equal(await page.locator('chess-lesson').getAttribute('present'), null);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the lesson elements follow <html lang> as it changes, unless they have their own', async () => {
  const { context, page, problems } = await newPage({ width: 1366, height: 900 });
  await page.goto(new URL('embed.html', siteUrl()).href);
  await drawn(page, '[data-example="quiz"] chess-quiz');
  await drawn(page, '[data-example="lesson"] chess-lesson');
  const quiz = '[data-example="quiz"] chess-quiz';
  const lesson = '[data-example="lesson"] chess-lesson';
  await page.evaluate(() => { document.documentElement.lang = 'zh-CN'; });
  await page.waitForFunction((s) => /再试一次/.test(document.querySelector(s).shadowRoot.querySelector('.lp')?.textContent), quiz);
  await page.evaluate(() => { document.documentElement.lang = 'en'; });
  await page.waitForFunction((s) => /Try again/.test(document.querySelector(s).shadowRoot.querySelector('.lp')?.textContent), quiz);
  await page.waitForFunction((s) => /Next/.test(document.querySelector(s).shadowRoot.querySelector('.lp')?.textContent), lesson);
  assert.equal(await page.locator(quiz).evaluate((e) => e.shadowRoot.querySelector('.lp').getAttribute('lang')), 'en');
  // An element with its own lang keeps it.
  await page.locator(lesson).evaluate((e) => e.setAttribute('lang', 'zh-CN'));
  await page.waitForFunction((s) => /下一步/.test(document.querySelector(s).shadowRoot.querySelector('.lp')?.textContent), lesson);
  await page.evaluate(() => { document.documentElement.lang = 'zh-CN'; });
  await page.evaluate(() => { document.documentElement.lang = 'en'; });
  await page.waitForFunction((s) => /Try again/.test(document.querySelector(s).shadowRoot.querySelector('.lp')?.textContent), quiz);
  assert.match(await shadowText(page, lesson, '.lp'), /下一步/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('<chess-quiz src=".../rook/moves.toml"> completes as lesson "rook/moves"', async () => {
  const { context, page, problems } = await newPage();
  await page.goto(new URL('embed.html', siteUrl()).href);
  const quiz = '[data-example="quiz"] chess-quiz';
  await drawn(page, quiz);
  const done = page.evaluate((s) => new Promise((r) => document.querySelector(s).addEventListener('complete', (e) => r(e.detail), { once: true })), quiz);
  // Step 7 asks whether the rook moves on the slant: "2. No".
  await page.locator(`${quiz} [data-act="choose:1"]`).click();
  assert.deepEqual(await done, { stars: 3, lesson: 'rook/moves' });
  assert.deepEqual(problems, []);
  await context.close();
});
