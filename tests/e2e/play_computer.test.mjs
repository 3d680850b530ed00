// play.html against the computer in real Chromium (issue 15): a whole game against level 1 won by
// a scripted child who plays the page's own hints; level 8's reply within its time budget; a
// pending reply cancelled by a take-back and by a new game (no stale move lands); the choices
// remembered across a reload; take-backs in practice and none under the class's rules; the
// hint's arrow and words in both languages; playing a friend loads nothing of the computer.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { accessibilityViolations, launchBrowser, until } from './browser.mjs';
import { action, clickMove, openSitePage } from './play_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The play page with a log of the board's `played` events (side, uci, time) at `window.__played`. */
async function openVs(path = 'play.html?seed=7', options = {}) {
  // The computer thinks in a worker with real time: no fake clock.
  const opened = await openSitePage(browser, path, { lang: 'en', fakeTime: false, ...options });
  const { page } = opened;
  await page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
  await page.evaluate(() => {
    window.__played = [];
    document.querySelector('chess-board').addEventListener('played', (e) => window.__played.push({ side: e.detail.side, uci: e.detail.uci, at: performance.now() }));
    window.__results = [];
    document.getElementById('play').addEventListener('play-result', (e) => window.__results.push(e.detail));
  });
  return opened;
}

/** Chooses the computer, a side and a level, and begins. */
async function begin(page, { side = 'white', level = 1 } = {}) {
  await action(page, 'opponent:computer').click();
  await action(page, `side:${side}`).click();
  await action(page, `level:${level}`).click();
  await action(page, 'begin').click();
  await page.locator('[data-act="begin"]').waitFor({ state: 'detached' });
}

const played = (page) => page.evaluate(() => window.__played.map((p) => `${p.side}:${p.uci}`));
const readonly = (page) => page.locator('chess-board').getAttribute('readonly');

/** Waits until the child may move (the board free, the hint button live) or the game is over. */
async function childsTurnOrOver(page) {
  return until(
    () =>
      page.evaluate(() => {
        if (window.__results.length > 0) return 'over';
        const board = document.querySelector('chess-board');
        const hint = document.querySelector('[data-act="hint"]');
        return !board.hasAttribute('readonly') && hint?.getAttribute('aria-disabled') === 'false' ? 'turn' : 'wait';
      }),
    (v) => v !== 'wait',
    "the child's turn or the end",
    { timeout: 30_000 },
  );
}

/** Asks the page for a hint and returns its move (UCI) once the arrow and the words are shown. */
async function hint(page) {
  await action(page, 'hint').click();
  const shown = page.locator('.hint-text[data-uci]');
  await shown.waitFor({ timeout: 30_000 });
  return shown.getAttribute('data-uci');
}

test('a whole game against level 1, won by a child who plays the hints: celebration, result, PGN', { timeout: 600_000 }, async () => {
  const { page, problems } = await openVs();
  await action(page, 'opponent:computer').click();
  await page.locator('#play-your-name').fill('Ann');
  await begin(page, { side: 'white', level: 1 });
  assert.equal(await page.locator('chess-board').getAttribute('orientation'), 'white');
  assert.equal(await page.locator('chess-board').getAttribute('class-play'), null, 'practice: no class rules');
  assert.equal(await page.locator('chess-clock').isVisible(), false, 'no clock against the computer');

  // The first hint: an arrow on the board and the reasons in words.
  const first = await hint(page);
  assert.match(first, /^[a-h][1-8][a-h][1-8]$/);
  await until(() => page.locator('chess-board').evaluate((b) => b.shadowRoot.querySelectorAll('line.brush-blue').length), 1, 'the hint arrow');
  // The move in words, not notation (issue 28): the piece and its square.
  assert.match(await page.locator('.hint-text .hint-move').innerText(), /^Hint: (the (pawn|knight|bishop|rook|queen|king) (goes to|takes the \w+ on) [a-h][1-8]|castle)$/);
  assert.ok((await page.locator('.hint-text .hint-why').first().innerText()).length > 10, 'a reason in words');
  // The child plays it with the pieces.
  await clickMove(page, first.slice(0, 2), first.slice(2, 4));
  await until(() => page.locator('chess-board').evaluate((b) => b.shadowRoot.querySelectorAll('line.brush-blue').length), 0, 'the arrow goes');

  for (let moves = 1; moves < 150; moves += 1) {
    if ((await childsTurnOrOver(page)) === 'over') break;
    const uci = await hint(page);
    // As the page's own move (promotions included); the page answers it like a move by hand.
    await page.locator('chess-board').evaluate((b, m) => b.move(m), uci);
  }
  const [result] = await until(() => page.evaluate(() => window.__results), (r) => r.length === 1, 'the result', { timeout: 30_000 });
  assert.equal(result.result, '1-0', `${result.reason}: ${result.pgn}`);
  assert.equal(result.opponent, 'computer');
  assert.match(result.pgn, /\[White "Ann"\]/);
  assert.match(result.pgn, /\[Black "Pip the Pawn \(Level 1\)"\]/);
  assert.match(result.pgn, /\[Event "Qitong · Play the computer"\]/);
  await page.locator('.celebrate .you-won').waitFor();
  // Told once that they won, with no score to decode and no handshake with a computer (issue 28).
  const card = await page.locator('.play-result').innerText();
  assert.equal(card.match(/You won/g)?.length, 1, card);
  assert.doesNotMatch(card, /1-0|Shake hands/);
  assert.equal(await page.locator('.play-result [data-act="ladder"]').count(), 0, 'a game against the computer is not for the class ladder');
  assert.match(await page.locator('.sheet-result').innerText(), /1-0/);
  assert.deepEqual(await accessibilityViolations(page), []);
  assert.deepEqual(problems, []);
});

test("level 8 answers within the time budget; the board waits while it thinks", { timeout: 120_000 }, async () => {
  const { page, problems } = await openVs();
  await begin(page, { side: 'white', level: 8 });
  // The first question also starts the worker and its module.
  await clickMove(page, 'e2', 'e4');
  await page.locator('.play-controls .thinking').waitFor();
  assert.equal(await readonly(page), '', 'the board waits while the computer thinks');
  await until(() => played(page), (p) => p.length === 2, "the computer's first reply", { timeout: 30_000 });
  await until(() => readonly(page), null, 'the board is free again');
  await clickMove(page, 'g1', 'f3');
  const log = await until(() => page.evaluate(() => window.__played), (p) => p.length === 4, "the computer's second reply", { timeout: 30_000 });
  const thought = log[3].at - log[2].at;
  assert.equal(log[3].side, 'black');
  console.log(`level 8 replied to 2. Nf3 in ${Math.round(thought)} ms (budget 1500 ms)`);
  assert.ok(thought < 1500, `level 8 replied in ${Math.round(thought)} ms`);
  assert.deepEqual(problems, []);
});

test('a take-back and a new game cancel the pending reply: no stale move lands', { timeout: 120_000 }, async () => {
  const { page, problems } = await openVs();
  await begin(page, { side: 'white', level: 8 });
  // Warm the computer up, so that the next question is pending for about a second.
  await clickMove(page, 'e2', 'e4');
  await until(() => played(page), (p) => p.length === 2, 'the first reply', { timeout: 30_000 });
  await until(() => readonly(page), null);

  // A take-back (practice) undoes the reply and the move before it.
  await action(page, 'take-back').click();
  await until(() => page.locator('chess-board').evaluate((b) => b.fen().split(' ')[0]), 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
  assert.equal(await action(page, 'take-back').count(), 0, 'nothing of the child left to take back');

  // While the computer thinks: take back the child's move; the reply never comes.
  await clickMove(page, 'd2', 'd4');
  await page.locator('.play-controls .thinking').waitFor();
  await action(page, 'take-back').click();
  await until(() => page.locator('.play-controls .thinking').count(), 0);
  await until(() => readonly(page), null, "the child's turn again");
  await clickMove(page, 'c2', 'c4');
  await until(() => played(page), (p) => p.length === 5, 'the reply to c4', { timeout: 30_000 });
  // e4, its reply (both taken back), d4 (taken back before any reply), c4 and its reply.
  const sides = (await played(page)).map((p) => p.split(':')[0]);
  assert.deepEqual(sides, ['white', 'black', 'white', 'white', 'black'], 'no reply to d4 landed');
  const board = await page.locator('chess-board').evaluate((b) => b.fen().split(' ')[0]);
  assert.match(board, /\/2P5\/8\/PP1PPPPP\//, 'c4 stands, d2 is back home');

  // A new game while the computer thinks: back to the setup, and nothing lands later.
  await clickMove(page, 'g1', 'f3');
  await page.locator('.play-controls .thinking').waitFor();
  await page.locator('[data-act="resign:white"]').waitFor();
  await page.evaluate(() => {
    window.__played = [];
  });
  await action(page, 'new').click();
  await action(page, 'begin').waitFor();
  await action(page, 'begin').click();
  await clickMove(page, 'e2', 'e4');
  await until(() => played(page), (p) => p.length === 2, 'the reply in the new game', { timeout: 30_000 });
  assert.deepEqual((await played(page)).map((p) => p.split(':')[0]), ['white', 'black'], 'only the new game\'s moves');
  assert.deepEqual(problems, []);
});

test('the choices are remembered across a reload; the class rules mean touch-move and no take-backs', { timeout: 120_000 }, async () => {
  const { page, problems } = await openVs('play.html?seed=3');
  await action(page, 'opponent:computer').click();
  await action(page, 'side:black').click();
  await action(page, 'level:5').click();
  await action(page, 'class-rules').click();
  await until(() => action(page, 'class-rules').getAttribute('aria-checked'), 'true');
  await page.reload();
  await page.waitForSelector('chess-board [data-square="e2"] .qt-piece');
  for (const chosen of ['opponent:computer', 'side:black', 'level:5']) {
    await until(() => action(page, chosen).getAttribute('aria-pressed'), 'true', chosen);
  }
  assert.equal(await action(page, 'class-rules').getAttribute('aria-checked'), 'true');
  assert.match(await page.locator('h1').innerText(), /Play the computer/);
  await page.evaluate(() => {
    window.__played = [];
    document.querySelector('chess-board').addEventListener('played', (e) => window.__played.push({ side: e.detail.side, uci: e.detail.uci }));
  });
  await action(page, 'begin').click();
  // Black at the bottom; the computer (White) moves first.
  await until(() => page.locator('chess-board').getAttribute('orientation'), 'black', 'Black at the bottom');
  await until(() => page.locator('chess-board').getAttribute('class-play'), '', 'the class rules on the board');
  await until(() => played(page), (p) => p.length === 1 && p[0].startsWith('white:'), "the computer's first move", { timeout: 30_000 });
  await until(() => readonly(page), null);
  assert.equal(await action(page, 'take-back').count(), 0, 'no take-backs under the class rules');
  // Touch-move: the child touches the e-pawn, then may not move the knight.
  await page.locator('chess-board [data-square="e7"]').click();
  await clickMove(page, 'g8', 'f6');
  await until(() => page.locator('chess-board').evaluate((b) => b.fen().split(' ')[1]), 'b', 'the knight move was refused');
  await page.locator('chess-board [data-square="e5"]').click();
  await until(() => played(page), (p) => p.length === 3, 'the reply', { timeout: 30_000 });
  assert.equal(await action(page, 'take-back').count(), 0);
  assert.deepEqual(problems, []);
});

test('the hint speaks the page language (zh-CN); a friend game loads nothing of the computer', { timeout: 120_000 }, async () => {
  const { page, problems } = await openVs('play.html?seed=5', { lang: 'zh-CN' });
  const computerFiles = [];
  page.on('request', (r) => {
    if (/computer/.test(r.url())) computerFiles.push(r.url());
  });
  // A friend game begins as always, with nothing of the computer downloaded.
  await action(page, 'start').click();
  await clickMove(page, 'e2', 'e4');
  await action(page, 'press').click();
  assert.deepEqual(computerFiles, []);
  await page.locator('.play-controls [data-act="resign:black"]').waitFor();
  // A new page: the computer, in Chinese.
  const { page: zh, problems: zhProblems } = await openVs('play.html?seed=5', { lang: 'zh-CN' });
  await begin(zh, { side: 'white', level: 2 });
  await until(() => zh.locator('.play-controls .turn').innerText(), /轮到你了/);
  await hint(zh);
  assert.match(await zh.locator('.hint-text .hint-move').innerText(), /^提示：/);
  assert.match(await zh.locator('.hint-text .hint-why').first().innerText(), /[\u4e00-\u9fff]/);
  // Switching the language says the hint again in English.
  await action(zh, 'lang').click();
  await until(() => zh.locator('.hint-text .hint-move').innerText(), /^Hint: /);
  assert.deepEqual(problems, []);
  assert.deepEqual(zhProblems, []);
});
