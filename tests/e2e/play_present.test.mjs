// play.html in projector mode and the board's size (issue 12): the touch-move bubble shows and
// the board does not resize itself in a loop; the start button is on screen at 1080p and 720p;
// the focus leaves the projector button, so the next Space or Enter does not switch it off; the
// status line speaks the page's language and Escape under touch-move says the piece must still
// move; the board keeps its size as the game goes on.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser } from './browser.mjs';
import { action, clickMove, openSitePage } from './play_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const board = (page) => page.locator('chess-board');
const status = (page) => page.locator('chess-board .status');

// The board's `--sq` and height over `frames` animation frames, and how many style changes it made.
function watchSize(page, frames) {
  return board(page).evaluate((b, n) => new Promise((done) => {
    const wrap = b.shadowRoot.querySelector('.wrap');
    let changes = 0;
    const observer = new MutationObserver((list) => { changes += list.length; });
    observer.observe(wrap, { attributes: true, attributeFilter: ['style'] });
    const heights = new Set();
    let left = n;
    const step = () => {
      heights.add(Math.round(b.getBoundingClientRect().height));
      if (--left > 0) return requestAnimationFrame(step);
      observer.disconnect();
      done({ changes, heights: [...heights], sq: wrap.style.getPropertyValue('--sq') });
    };
    requestAnimationFrame(step);
  }), frames);
}

for (const viewport of [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }]) {
  for (const lang of ['zh-CN', 'en']) {
    test(`projector mode at ${viewport.width}x${viewport.height} in ${lang}: start on screen, the touch-move bubble shows, no resize loop`, async () => {
      const { page, context, problems } = await openSitePage(browser, 'play.html?present', { lang, viewport });
      await page.waitForFunction(() => document.querySelector('chess-board')?.shadowRoot?.querySelector('.wrap.sized'));
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('present')), true);
      const start = await action(page, 'start').boundingBox();
      assert.ok(start.y >= 0 && start.y + start.height <= viewport.height, `the start button is on screen: ${JSON.stringify(start)}`);
      const host = await board(page).boundingBox();
      assert.ok(host.y + host.height <= viewport.height, `the board is on screen: ${JSON.stringify(host)}`);

      await action(page, 'start').click();
      await page.locator('chess-board [data-square="e2"]').click();
      await page.locator('chess-board [data-square="d2"]').click();
      const bubble = page.locator('chess-board .bubble');
      await bubble.waitFor({ state: 'visible' });
      await page.waitForFunction(() => getComputedStyle(document.querySelector('chess-board').shadowRoot.querySelector('.bubble')).opacity === '1');
      assert.match(await bubble.textContent(), lang === 'en' ? /Touch-move/ : /摸子走子/);
      const watched = await watchSize(page, 30);
      assert.equal(watched.changes, 0, `the board resized itself: ${JSON.stringify(watched)}`);
      assert.equal(watched.heights.length, 1);

      // Escape puts the pawn down, but touch-move still applies: the status line says so.
      await page.keyboard.press('Escape');
      await bubble.waitFor({ state: 'hidden' });
      await page.waitForFunction((want) => new RegExp(want).test(document.querySelector('chess-board').shadowRoot.querySelector('.status').textContent), lang === 'en' ? 'must move it' : '就要走它');
      assert.doesNotMatch(await status(page).textContent(), /放下了|Put down/);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}

for (const lang of ['zh-CN', 'en']) {
  test(`the projector button in ${lang}: after a click, Space and Enter do not switch projector mode off`, async () => {
    const { page, context, problems } = await openSitePage(browser, 'play.html', { lang, viewport: { width: 1366, height: 768 } });
    await page.waitForFunction(() => document.querySelector('chess-board')?.shadowRoot?.querySelector('.wrap.sized'));
    await action(page, 'present').click();
    await page.waitForFunction(() => document.documentElement.classList.contains('present'));
    await page.waitForFunction(() => document.activeElement?.id === 'play');
    for (const key of ['Space', 'Enter', 'PageDown', 'PageUp']) {
      await page.keyboard.press(key);
      await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => r(true))));
      assert.equal(await page.evaluate(() => document.documentElement.classList.contains('present')), true, key);
    }
    assert.equal(await action(page, 'present').getAttribute('aria-pressed'), 'true');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

for (const [lang, other, otherText] of [['zh-CN', 'en', /White|Black|touched|move/], ['en', 'zh-CN', /[\u4e00-\u9fff]/]]) {
  test(`the status line follows the language switch (${lang} to ${other}), and the board keeps its size through a game`, async () => {
    const { page, context, problems } = await openSitePage(browser, 'play.html', { lang, viewport: { width: 1366, height: 768 } });
    await page.waitForFunction(() => document.querySelector('chess-board')?.shadowRoot?.querySelector('.wrap.sized'));
    const before = await board(page).boundingBox();
    await action(page, 'start').click();
    await clickMove(page, 'e2', 'e4');
    await action(page, 'press').click();
    await clickMove(page, 'e7', 'e5');
    await action(page, 'offer').click();
    await action(page, 'press').click();
    await page.waitForSelector('[data-act="answer:no"]');
    await action(page, 'answer:no').click();
    // A touch-move refusal: the bubble, then the status line with a long sentence.
    await page.locator('chess-board [data-square="g1"]').click();
    await page.locator('chess-board [data-square="d2"]').click();
    await page.locator('chess-board .bubble').waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await page.locator('chess-board .bubble').waitFor({ state: 'hidden' });
    const after = await watchSize(page, 10);
    assert.equal(after.heights.length, 1);
    assert.equal(after.heights[0], Math.round(before.height), 'the board kept its size');

    await action(page, 'lang').click();
    await page.waitForFunction((want) => document.documentElement.lang === want, other);
    await page.waitForFunction((re) => new RegExp(re, 'u').test(document.querySelector('chess-board').shadowRoot.querySelector('.status').textContent), otherText.source);
    const said = await status(page).textContent();
    assert.doesNotMatch(said, lang === 'en' ? /[A-Za-z]{3}/ : /[\u4e00-\u9fff]/, said);
    assert.doesNotMatch(await page.locator('main').innerText(), lang === 'en' ? /White|Black|Offer/ : /白方|黑方|提和/);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
