// <chess-board> on a phone (issue 12): the toolbar's flip button turns the board, by touch and
// by keyboard, in both languages.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser } from './browser.mjs';
import { boardsPage, square } from './board_helpers.mjs';

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
