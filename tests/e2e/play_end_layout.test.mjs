// play.html after game over (issue 28): the result card and the final board are both wholly in
// sight, on a phone upright (390×844) and on its side (844×390) and on a portrait tablet
// (768×1024), in both languages (the board's 64 squares and the whole card), after a game against a friend (the fool's mate) and against the
// computer (a resignation after its first reply). Screenshots go to test-results/play-end/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { launchBrowser, until } from './browser.mjs';
import { action, clickMove, openSitePage } from './play_helpers.mjs';

const shots = new URL('../../test-results/play-end/', import.meta.url);
let browser;
before(async () => {
  browser = await launchBrowser();
  mkdirSync(shots, { recursive: true });
});
after(async () => {
  await browser?.close();
});

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'phone-side', width: 844, height: 390 },
  { name: 'tablet', width: 768, height: 1024 },
];

/** The friend game: Black starts the clock, then the fool's mate, each move pressed. */
async function foolsMate(page) {
  await action(page, 'start').click();
  await until(() => page.locator('chess-board').getAttribute('readonly'), null, 'the board is live');
  for (const [from, to] of [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']]) {
    await clickMove(page, from, to);
    if (to === 'h4') break;
    await action(page, 'press').click();
    await page.locator('[data-act="press"]').waitFor({ state: 'detached' });
  }
}

/** Against the computer: e4, its reply, then the child resigns. */
async function resignToComputer(page) {
  await action(page, 'opponent:computer').click();
  await action(page, 'side:white').click();
  await action(page, 'level:1').click();
  await action(page, 'begin').click();
  await page.locator('[data-act="begin"]').waitFor({ state: 'detached' });
  await clickMove(page, 'e2', 'e4');
  await until(() => page.locator('chess-board').evaluate((b) => b.fen().split(' ')[1]), 'w', "the computer's reply", { timeout: 30_000 });
  await action(page, 'resign:white').click();
  await action(page, 'resign-yes').click();
}

/** The boxes of the final position (the board's 64 squares) and the result card, and the
 * viewport's size. The board's toolbar below the squares is not needed once the game is over. */
function boxes(page) {
  return page.evaluate(() => {
    const round = (r) => ({ top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) });
    const squares = [...document.querySelector('chess-board').shadowRoot.querySelectorAll('[data-square]')].map((s) => s.getBoundingClientRect());
    const board = {
      top: Math.min(...squares.map((r) => r.top)),
      bottom: Math.max(...squares.map((r) => r.bottom)),
      left: Math.min(...squares.map((r) => r.left)),
      right: Math.max(...squares.map((r) => r.right)),
    };
    return { squares: squares.length, board: round(board), card: round(document.querySelector('.play-result').getBoundingClientRect()), width: innerWidth, height: innerHeight };
  });
}

const inside = (b, v) => b.top >= 0 && b.left >= 0 && b.bottom <= v.height && b.right <= v.width && b.bottom > b.top;

for (const viewport of VIEWPORTS) {
  for (const lang of ['zh', 'en']) {
    for (const [opponent, play] of [['friend', foolsMate], ['computer', resignToComputer]]) {
      test(`${viewport.name} ${viewport.width}×${viewport.height}, ${lang}, against a ${opponent}: the final board and the result card are both in sight`, { timeout: 120_000 }, async () => {
        const { page, context, problems } = await openSitePage(browser, 'play.html?seed=7', { lang, viewport, fakeTime: opponent === 'friend' });
        await page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
        await play(page);
        await page.waitForSelector('.play-result:not([hidden])');
        // The page focuses the card's title, which scrolls it into sight: wait for the layout to
        // settle where both boxes fit (or time out and show where they are).
        const seen = await until(() => boxes(page), (b) => b.squares === 64 && inside(b.board, b) && inside(b.card, b), 'the board and the card in sight', { timeout: 10_000 }).catch(async () => boxes(page));
        await page.screenshot({ path: new URL(`${viewport.name}-${lang}-${opponent}.png`, shots).pathname });
        assert.ok(inside(seen.board, seen), `the final board is in sight: ${JSON.stringify(seen)}`);
        assert.ok(inside(seen.card, seen), `the result card is in sight: ${JSON.stringify(seen)}`);
        assert.deepEqual(problems, []);
        await context.close();
      });
    }
  }
}
