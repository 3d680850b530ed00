// <chess-board> on a phone (issue 12): the toolbar's flip button turns the board, by touch and
// by keyboard, in both languages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, siteUrl } from './browser.mjs';
import { boardsPage, settle } from './board_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

for (const [lang, name] of [['zh-CN', '翻转棋盘'], ['en', 'Flip the board']]) {
  test(`the toolbar's flip button turns the board (${lang})`, async () => {
    const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" fen="start"></chess-board>', { lang, viewport: { width: 390, height: 844 }, hasTouch: true });
    const flip = page.getByRole('button', { name });
    await flip.tap();
    await page.waitForFunction(() => document.getElementById('b').getAttribute('orientation') === 'black');
    const first = await page.locator('#b [role="gridcell"]').first().getAttribute('data-square');
    assert.equal(first, 'h1', 'Black at the bottom: h1 is the top left square');
    await page.waitForFunction(() => document.getElementById('b').shadowRoot.activeElement?.classList.contains('flip'));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getElementById('b').getAttribute('orientation') === 'white');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

// A page taller than the phone's screen, the board near its top, under emulated touch (a mobile
// viewport: touch scrolling happens only there). A finger swipes up from `sq` by real CDP touch
// events: touchStart, several touchMoves, touchEnd.
async function touchScrollPage(lang) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(120_000);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(new URL('frame.html?board', siteUrl()).href);
  await page.evaluate(async (l) => {
    await customElements.whenDefined('chess-board');
    document.documentElement.lang = l;
    document.body.innerHTML = '<style>html, body { height: auto; } chess-board { display: block; max-width: 360px; }</style>'
      + '<chess-board id="b" fen="start"></chess-board><p style="height: 3000px">…</p>';
    window.__events = [];
    const board = document.getElementById('b');
    for (const type of ['select', 'move']) board.addEventListener(type, (e) => window.__events.push({ type, square: e.detail.square ?? e.detail.to }));
  }, lang);
  await page.waitForSelector('#b [data-square="e2"] .qt-piece');
  await settle(page);
  const cdp = await context.newCDPSession(page);
  const swipeUp = async (sq, distance) => {
    const box = await page.locator(`#b [data-square="${sq}"]`).boundingBox();
    const x = Math.round(box.x + box.width / 2);
    const y = Math.round(box.y + box.height / 2);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 10; step += 1) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - Math.round((distance * step) / 10) }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  return { page, context, problems, swipeUp };
}

for (const lang of ['zh-CN', 'en']) {
  test(`a vertical swipe from an empty square scrolls the page; from a piece it drags the piece (${lang})`, async () => {
    const { page, context, problems, swipeUp } = await touchScrollPage(lang);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    // From the e2 pawn, two squares up: the pawn is dragged to e4, the page stays put.
    const squareSize = (await page.locator('#b [data-square="e2"]').boundingBox()).height;
    await swipeUp('e2', Math.round(squareSize * 2));
    await page.waitForFunction(() => window.__events.some((e) => e.type === 'move' && e.square === 'e4'));
    await settle(page);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'a swipe that starts on a piece must not scroll');
    // From the empty e5 square: the page scrolls (no piece is picked up).
    const before = await page.evaluate(() => window.__events.length);
    await swipeUp('e5', 300);
    await page.waitForFunction(() => window.scrollY > 50);
    assert.equal(await page.evaluate((n) => window.__events.slice(n).filter((e) => e.type === 'move').length, before), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });
}
