// The lesson player's progress, errors and accessibility in real Chromium: stars surviving a reload,
// corrupted storage recovered with a message, a broken lesson file shown without breaking the
// course, the set-up checker naming the rhyme line, and axe-core. Every kind's looks (and
// screenshots) are lesson_kinds_shown.test.mjs's.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { accessibilityViolations, launchBrowser, until } from './browser.mjs';
import { feedback, lessonContext, move, openPlayer, press, square } from './lesson_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('stars survive a reload; corrupted storage is reset with a message', async () => {
  const context = await lessonContext(browser, { lang: 'en' });
  const { page, problems } = await openPlayer(context, '#/examples/mate-in-one/1');
  await move(page, 'a1a8', 'mouse');
  await page.reload();
  await page.locator('chess-lesson .lp > *').first().waitFor();
  await press(page, 'map', 'mouse');
  await until(() => page.locator('chess-lesson [data-act="open:0:7"]').textContent(), /★★★/);
  await page.evaluate(() => localStorage.setItem('qitong-progress-v1', '{"format":"qitong-progress","lessons":{"examples/quiz":[3],"examples/mate-in-one":"garbage"}}'));
  await page.reload();
  await page.locator('chess-lesson .lp-notes').waitFor();
  await until(() => page.locator('chess-lesson .lp-notes').textContent(), /examples\/mate-in-one/);
  await until(() => page.locator('chess-lesson [data-act="open:0:10"]').textContent(), /★★★/, 'the other lesson is kept');
  await page.evaluate(() => localStorage.setItem('qitong-progress-v1', 'not json at all'));
  await page.reload();
  await page.locator('chess-lesson .lp-notes').waitFor();
  await until(() => page.locator('chess-lesson .lp-notes').textContent(), /damaged/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a broken lesson file shows its file, line and problem; the rest of the course works', async () => {
  const context = await lessonContext(browser, { lang: 'en' });
  const { page } = await openPlayer(context);
  const broken = page.locator('chess-lesson .lp-broken[data-lesson="bad-fen"]');
  await broken.waitFor();
  await until(() => broken.textContent(), /broken\/bad-fen\.toml:\d+/);
  await until(() => page.locator('chess-lesson .lp-broken[data-lesson="toml-syntax"]').textContent(), /toml-syntax\.toml:\d+/);
  await press(page, 'open:0:10', 'mouse');
  await press(page, 'choose:1', 'mouse');
  await until(() => feedback(page).textContent(), /Correct/);
  await context.close();
});

test('the set-up checker names the rhyme line a wrong piece breaks (in Chinese too)', async () => {
  const context = await lessonContext(browser, { lang: 'zh-CN' });
  const { page } = await openPlayer(context, '#/examples/setup-board/1');
  await press(page, 'tray:K', 'mouse');
  await square(page, 'd1', 'mouse');
  await press(page, 'check', 'mouse');
  await until(() => feedback(page).textContent(), /记住口诀：白王黑。/, 'the set-up feedback');
  await until(() => page.locator('chess-lesson .lp-board .sq.mark[data-square="d1"]').count(), 1);
  await context.close();
});

test('axe-core finds no violations on the map and on the steps of the player', async () => {
  const context = await lessonContext(browser, { lang: 'zh-CN' });
  const { page } = await openPlayer(context);
  assert.deepEqual(await accessibilityViolations(page), []);
  for (const hash of ['#/examples/verse/1', '#/examples/setup-board/1', '#/examples/quiz/1', '#/examples/write-san/1']) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    // This step's own kind: the step before it has a [data-kind] too.
    await page.locator(`chess-lesson [data-kind="${hash.split('/')[2]}"]`).waitFor();
    assert.deepEqual(await accessibilityViolations(page), [], hash);
  }
  await context.close();
});
