// "Play a friend" in real Chromium: a whole game under the class rules with the clock, draw
// offers and their protocol, the score sheet in three notations, the PGN, resignation and a flag.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { accessibilityViolations, launchBrowser, until } from './browser.mjs';
import { action, clickMove, openSitePage, pressClock } from './play_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('a full game: Black starts the clock, touch-move refusals, a declined then repeated offer refused, sheet, PGN, resignation', async () => {
  const { page, context, problems } = await openSitePage(browser, 'play.html', { lang: 'en' });
  await page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
  await until(() => page.getAttribute('html', 'lang'), 'en');
  await page.evaluate(() => {
    window.__illegal = [];
    document.querySelector('chess-board').addEventListener('illegal-move', (e) => window.__illegal.push(e.detail.code));
  });
  await page.locator('#play-white-name').fill('Ann');
  await page.locator('#play-black-name').fill('Bo');
  await action(page, 'tc:3+2').click();
  // Before Black starts the clock the board does not move.
  await until(() => page.locator('chess-board').getAttribute('readonly'), '');
  await action(page, 'start').click();
  await until(() => page.locator('chess-board').getAttribute('readonly'), null);
  await until(() => page.locator('chess-clock').evaluate((c) => c.running), 'white');

  // White touches the e-pawn, then tries the knight: touch-move says no.
  await page.locator('chess-board [data-square="e2"]').click();
  await clickMove(page, 'g1', 'f3');
  await until(async () => (await page.evaluate(() => window.__illegal)).includes('touch-move-must-move'), Boolean);
  await page.locator('chess-board [data-square="e4"]').click();
  // The mover's time runs until the press (move, offer if you like, press: SPEC §7).
  await page.locator('[data-act="press"]').waitFor();
  await until(() => page.locator('chess-clock').evaluate((c) => c.running), 'white');
  await pressClock(page);
  await until(() => page.locator('chess-clock').evaluate((c) => c.running), 'black');

  await clickMove(page, 'e7', 'e5');
  await pressClock(page);
  // White moves, offers a draw, presses the clock; Black declines.
  await clickMove(page, 'g1', 'f3');
  await action(page, 'offer').click();
  await pressClock(page);
  await page.waitForSelector('[data-act="answer:no"]');
  await action(page, 'answer:no').click();
  await clickMove(page, 'b8', 'c6');
  await pressClock(page);
  // White may not offer again.
  await clickMove(page, 'f1', 'c4');
  await action(page, 'offer').click();
  const refusal = page.locator('.play-controls .message');
  await refusal.waitFor();
  await until(() => refusal.textContent(), /declined/);
  await until(() => page.locator('chess-board').evaluate((b) => b.classState().offerBarred.white), true);
  await pressClock(page);
  await clickMove(page, 'g8', 'f6');
  await pressClock(page);

  // The score sheet in the three notations.
  const sheet = () => page.locator('table.moves tbody').innerText();
  await until(() => sheet(), /2\s+Nf3 \(=\)\s+Nc6/);
  await action(page, 'notation:figurine').click();
  await until(() => sheet(), /♘f3 \(=\)\s+♞c6/);
  await action(page, 'notation:chinese').click();
  await until(() => sheet(), /马f3 \(=\)\s+马c6/);
  await until(() => sheet(), /象c4\s+马f6/);

  // Black resigns (with a confirmation), and the result screen says so.
  await action(page, 'resign:black').click();
  await action(page, 'resign-no').click();
  await until(() => page.locator('.play-result').getAttribute('hidden'), '');
  await action(page, 'resign:black').click();
  await action(page, 'resign-yes').click();
  await page.waitForSelector('.play-result:not([hidden])');
  await until(() => page.locator('.play-result .big').textContent(), /1-0 White wins/);
  await until(() => page.locator('chess-clock').evaluate((c) => c.state), 'stopped');
  await until(() => page.locator('chess-board').getAttribute('readonly'), '');

  // The PGN download and the page module's hook agree.
  const href = await page.locator('.play-result a.pgn').getAttribute('href');
  const pgn = decodeURIComponent(href.slice(href.indexOf(',') + 1));
  assert.match(pgn, /\[White "Ann"\]/);
  assert.match(pgn, /\[Black "Bo"\]/);
  assert.match(pgn, /\[Result "1-0"\]/);
  assert.match(pgn, /\[TimeControl "180\+2"\]/);
  assert.match(pgn, /1\. e4 e5 2\. Nf3/);
  await until(() => page.locator('.play-result a.pgn').getAttribute('download'), /^qitong-2026-11-30-Ann-Bo\.pgn$/);
  const hook = await page.evaluate(async () => (await import('./play.js')).playPage.result());
  assert.equal(hook.result, '1-0');
  assert.equal(hook.reason, 'resignation');
  assert.equal(hook.white, 'Ann');
  assert.match(hook.pgn, /\[Result "1-0"\]/);

  // A new game starts from the beginning with the clock reset.
  await action(page, 'new').click();
  await until(() => page.locator('chess-clock').evaluate((c) => c.state), 'ready');
  await until(() => page.locator('.play-result').getAttribute('hidden'), '');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a flag fall ends the game: a loss on time, in Chinese', async () => {
  const { page, context, problems } = await openSitePage(browser, 'play.html', { lang: 'zh-CN' });
  await page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
  await action(page, 'tc:3+2').click();
  await action(page, 'start').click();
  await clickMove(page, 'e2', 'e4');
  await pressClock(page);
  // Black thinks for more than three minutes.
  await page.clock.runFor(181_000);
  await page.waitForSelector('.play-result:not([hidden])');
  await until(() => page.locator('.play-result .big').textContent(), /1-0 白方胜/);
  await until(() => page.locator('.play-result .why').textContent(), /时间用完了/);
  const state = await page.locator('chess-board').evaluate((b) => b.classState());
  assert.equal(state.reason, 'time-forfeit');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the draw can be accepted, and the arbiter pause holds the board', async () => {
  const { page, context, problems } = await openSitePage(browser, 'play.html', { lang: 'en' });
  await page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
  await action(page, 'start').click();
  await clickMove(page, 'e2', 'e4');
  await pressClock(page);
  assert.equal(await page.locator('chess-clock').evaluate((c) => c.pause()), true);
  await until(() => page.locator('chess-clock').evaluate((c) => c.state), 'paused');
  await until(() => page.locator('chess-board').getAttribute('readonly'), '');
  await page.locator('chess-clock .pause').click();
  await until(() => page.locator('chess-board').getAttribute('readonly'), null);
  await clickMove(page, 'e7', 'e5');
  await action(page, 'offer').click();
  await pressClock(page);
  await action(page, 'answer:yes').click();
  await page.waitForSelector('.play-result:not([hidden])');
  await until(() => page.locator('.play-result .big').textContent(), /½-½ Draw/);
  await until(() => page.locator('.sheet-result').textContent(), /Draw/);
  assert.deepEqual(problems, []);
  await context.close();
});

for (const lang of ['zh-CN', 'en']) {
  test(`play.html in ${lang}: no console errors or CSP violations, axe clean, the language switch is remembered`, async () => {
    const strict = await openSitePage(browser, 'play.html', { lang, fakeTime: false });
    await strict.page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
    await action(strict.page, 'start').click();
    await clickMove(strict.page, 'd2', 'd4');
    assert.deepEqual(strict.problems, []);
    await strict.context.close();

    const { page, context, problems } = await openSitePage(browser, 'play.html', { lang, fakeTime: false, bypassCSP: true });
    // No colour transitions: axe must see the clock faces' settled colours, not a blend.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
    await until(() => page.getAttribute('html', 'lang'), lang);
    assert.deepEqual(await accessibilityViolations(page), []);
    await action(page, 'start').click();
    assert.deepEqual(await accessibilityViolations(page), []);
    await action(page, 'resign:white').click();
    await action(page, 'resign-yes').click();
    await page.waitForSelector('.play-result:not([hidden])');
    assert.deepEqual(await accessibilityViolations(page), []);
    await action(page, 'lang').click();
    const other = lang === 'en' ? 'zh-CN' : 'en';
    await until(() => page.getAttribute('html', 'lang'), other);
    await page.reload();
    await page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
    await until(() => page.getAttribute('html', 'lang'), other);
    await until(() => page.title(), other === 'en' ? 'Play a friend · Qitong' : '和朋友下棋 · 棋童');
    assert.deepEqual(problems, []);
    await context.close();
  });
}
