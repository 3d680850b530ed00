// The lesson player on phones (issue 12): over every lesson of the real course (lessons/course.toml),
// at 320 and 390 px in both languages, the top bar keeps its title readable (never a column of
// single characters) and its buttons on one line each, and the step's buttons share one row; a
// touch drag on a phone does not scroll the page; the end card of a long lesson fits its stars.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { launchBrowser, siteUrl } from './browser.mjs';
import { boardFitted, lessonContext, openPlayer, settle } from './lesson_helpers.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Every lesson of the real course, as `stage/lesson`, read from lessons/course.toml. */
async function courseLessons() {
  const text = await readFile(path.join(root, 'lessons/course.toml'), 'utf8');
  const out = [];
  let stage = null;
  for (const line of text.split('\n')) {
    const id = line.match(/^id\s*=\s*"([^"]+)"/);
    if (id) stage = id[1];
    const lessons = line.match(/^lessons\s*=\s*\[(.*)\]/);
    if (lessons && stage) for (const name of lessons[1].matchAll(/"([^"]+)"/g)) out.push(`${stage}/${name[1]}`);
  }
  return out;
}

/** What is wrong with the top bar and the step's row as laid out now (empty: nothing). */
function layoutProblems() {
  const shadow = document.querySelector('chess-lesson').shadowRoot;
  const out = [];
  const lines = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  };
  const h1 = shadow.querySelector('.lp-top h1');
  const chars = [...h1.textContent].length;
  // A title may wrap, but each of its lines holds several characters.
  if (lines(h1) > 1 && lines(h1) > Math.ceil(chars / 4)) out.push(`title "${h1.textContent}" in ${lines(h1)} lines`);
  if (h1.getBoundingClientRect().width < Math.min(120, h1.scrollWidth)) out.push(`title only ${h1.getBoundingClientRect().width}px wide`);
  for (const b of shadow.querySelectorAll('.lp-top button, .lp-nav button')) {
    if (lines(b) > 1) out.push(`button "${b.textContent}" wraps`);
  }
  const row = [...shadow.querySelectorAll('.lp-nav > button')].map((b) => Math.round(b.getBoundingClientRect().top));
  if (new Set(row).size > 1) out.push(`the step's buttons in ${new Set(row).size} rows`);
  if (document.documentElement.scrollWidth > innerWidth) out.push(`the page is ${document.documentElement.scrollWidth}px wide`);
  return out;
}

for (const width of [320, 390]) {
  for (const lang of ['zh-CN', 'en']) {
    test(`every lesson's header and step row hold at ${width} px (${lang})`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, hasTouch: true, isMobile: true });
      context.setDefaultTimeout(60_000);
      await context.addInitScript((l) => localStorage.setItem('qitong-lang', l), lang);
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const lessons = await courseLessons();
      assert.ok(lessons.length > 20, `${lessons.length} lessons`);
      await page.goto(new URL(`lesson.html#/${lessons[0]}/2`, siteUrl()).href);
      const problems = {};
      for (const lesson of lessons) {
        // Step 2: the row has "back", "try again" and "next" (a one-step lesson shows its step 1).
        await page.evaluate((h) => { location.hash = h; }, `#/${lesson}/2`);
        await page.waitForFunction((l) => {
          const shadow = document.querySelector('chess-lesson')?.shadowRoot;
          return location.hash.startsWith(`#/${l}/`) && shadow?.querySelector('[data-kind]') && shadow.querySelector('.lp-top h1');
        }, lesson);
        await settle(page);
        const found = await page.evaluate(layoutProblems);
        if (found.length) problems[lesson] = found;
      }
      assert.deepEqual(problems, {});
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('a touch drag on a phone plays the move and the page does not move under the finger', async () => {
  // A small phone with its browser's bars and keyboard strip, too short for the step to fit in one
  // screen: the page scrolls, and the step's "next" is below the fold, under the board.
  const context = await lessonContext(browser, { viewport: { width: 375, height: 500 }, hasTouch: true, lang: 'zh-CN' });
  const { page, problems } = await openPlayer(context, '#/examples/star-drill/1');
  await boardFitted(page);
  // "next" focused (as after tapping it on the step before), the page at its top.
  await page.locator('chess-lesson [data-act="next"]').evaluate((b) => b.focus({ preventScroll: true }));
  await page.evaluate(() => scrollTo(0, 0));
  await page.waitForFunction(() => scrollY === 0);
  const below = await page.locator('chess-lesson [data-act="next"]').evaluate((b) => b.getBoundingClientRect().top > innerHeight);
  assert.ok(below, '"next" is below the fold');
  const client = await context.newCDPSession(page);
  const centre = async (sq) => {
    const box = await page.locator(`chess-lesson .lp-board [data-square="${sq}"]`).boundingBox();
    return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  };
  const from = await centre('a1');
  const to = await centre('a5');
  const touch = (type, p) => client.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ ...p, id: 1 }] : [] });
  await touch('touchStart', from);
  for (let i = 1; i <= 6; i += 1) await touch('touchMove', { x: from.x, y: Math.round(from.y + ((to.y - from.y) * i) / 6) });
  await settle(page);
  assert.equal(await page.evaluate(() => scrollY), 0, 'the page did not move under the finger');
  await touch('touchEnd');
  // The move is played (after it, what the step says may be scrolled into sight: issue 27).
  await page.locator('chess-lesson .lp-board [data-square="a5"] .piece[data-piece]').waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('a long lesson\'s end card shows its stars as a number that fits', async () => {
  for (const viewport of [{ width: 768, height: 1024 }, { width: 390, height: 844 }]) {
    for (const lang of ['zh-CN', 'en']) {
      const context = await lessonContext(browser, { viewport, lang });
      // The example star drill has four steps of three stars: twelve.
      await context.addInitScript(() => localStorage.setItem('qitong-progress-v1', '{"format":"qitong-progress","version":1,"lessons":{"examples/star-drill":[3,3,2,1]}}'));
      const { page, problems } = await openPlayer(context, '#/examples/star-drill/4');
      await page.locator('chess-lesson [data-act="next"]').click();
      const stars = page.locator('chess-lesson .lp-done .lp-big-stars');
      await stars.waitFor();
      assert.equal(await stars.textContent(), '★ 9 / 12');
      assert.match(await stars.getAttribute('aria-label'), lang === 'en' ? /^9 \/ 12 stars$/ : /^9 \/ 12 颗星$/);
      const fits = await stars.evaluate((e) => e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().right <= innerWidth);
      assert.ok(fits, `${viewport.width}px ${lang}`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});
