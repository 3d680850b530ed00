// `<chess-board opponent="computer">` in real Chromium (issue 15): the computer answers the
// child's moves made with the mouse, starts when the child plays Black, takes no moves while it
// thinks, is cancelled by a new position and by undo() (no stale move lands), takes back two
// plies with undo(), and the same through frame.html?board&computer=N. The board's module loads
// the computer's module only when a board plays the computer.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, siteUrl, until } from './browser.mjs';
import { boardsPage, cell, clickSquare, fen, statusText } from './board_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** The number of plies played on board `id` (its PGN's moves), read from the page. */
const plies = (page, id) =>
  page.evaluate((id) => document.getElementById(id).pgn().replace(/\[[^\]]*\]/g, '').replace(/\d+\./g, '').trim().split(/\s+/).filter((t) => t && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t)).length, id);

test('the computer answers a move made with the mouse, and the board waits meanwhile', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" opponent="computer" level="1"></chess-board>', { lang: 'en' });
  await page.evaluate(() => {
    window.__played = [];
    document.getElementById('b').addEventListener('played', (e) => window.__played.push(e.detail.side));
  });
  await clickSquare(page, 'b', 'e2');
  await clickSquare(page, 'b', 'e4');
  await until(() => statusText(page, 'b'), (text) => /thinking/.test(text) || text.includes('Black'), 'the computer thinks, or has moved');
  // The child's move, then the computer's (Black's) reply, each a `played` event.
  await until(() => page.evaluate(() => window.__played), ['white', 'black'], 'the computer replied');
  assert.equal(await plies(page, 'b'), 2);
  await until(() => page.evaluate(() => document.getElementById('b').hasAttribute('thinking')), false, 'thinking is over');
  // The status line said "thinking" meanwhile; now it tells the computer's move.
  // (The line is drawn a frame after the attribute goes.)
  await until(() => statusText(page, 'b'), (text) => !/thinking/.test(text), 'the status line no longer says thinking');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the child plays Black: the computer moves first, the board turns, undo takes back two plies', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" opponent="computer" level="2" side="black"></chess-board>', { lang: 'zh-CN' });
  await until(() => plies(page, 'b'), 1, 'the computer (White) opened');
  assert.equal(await page.evaluate(() => document.getElementById('b').getAttribute('orientation')), null, 'no attribute written');
  const [a1, h8] = [await cell(page, 'b', 'a1').boundingBox(), await cell(page, 'b', 'h8').boundingBox()];
  assert.ok(a1.y < h8.y, 'Black (the child) is at the bottom');
  await page.evaluate(() => document.getElementById('b').move('e5'));
  await until(() => plies(page, 'b'), 3, 'the computer answered 1…e5');
  const undone = await page.evaluate(() => document.getElementById('b').undo());
  assert.equal(undone.san, 'e5', 'the child’s move is the one given back, with the reply before it gone');
  assert.equal(await plies(page, 'b'), 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a new position or undo() while it thinks cancels the computer: no stale move lands', async () => {
  // Level 8 thinks about a second: long enough to change the game under it.
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" opponent="computer" level="8"></chess-board>', { lang: 'en' });
  await page.evaluate(() => document.getElementById('b').move('e4'));
  await until(() => page.evaluate(() => document.getElementById('b').hasAttribute('thinking')), true, 'the computer thinks');
  // While it thinks, the child's pieces cannot move.
  assert.deepEqual(await page.evaluate(() => document.getElementById('b').dests('d7')), []);
  await page.evaluate(() => document.getElementById('b').setAttribute('fen', '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'));
  assert.equal(await page.evaluate(() => document.getElementById('b').hasAttribute('thinking')), false);
  // A move for the old position would not even be legal here; the board stays as set until the child moves.
  await page.evaluate(() => document.getElementById('b').move('e3'));
  await until(() => plies(page, 'b'), 2, 'the computer answered in the new position');
  const position = await fen(page, 'b');
  assert.ok(!position.startsWith('4k3/'), `the black king moved: ${position}`);
  // undo() while it thinks: the child's move goes back, the question is cancelled.
  await page.evaluate(() => document.getElementById('b').move('e4'));
  await until(() => page.evaluate(() => document.getElementById('b').hasAttribute('thinking')), true, 'thinking again');
  const undone = await page.evaluate(() => document.getElementById('b').undo());
  assert.equal(undone.san, 'e4');
  assert.equal(await page.evaluate(() => document.getElementById('b').hasAttribute('thinking')), false);
  // It is the child's move: the computer does not play, now or later (its answer was cancelled).
  const before = await fen(page, 'b');
  await page.evaluate(() => document.getElementById('b').move('Kd2'));
  await until(() => plies(page, 'b'), 4, 'one answer, to the new move only');
  assert.notEqual(await fen(page, 'b'), before);
  assert.deepEqual(problems, []);
  await context.close();
});

test('two boards on a page: cancelling the question of one board leaves the other board alone', async () => {
  // Both at level 8 (about a second each): the worker searches b's question while a's waits.
  const html = '<chess-board id="a" opponent="computer" level="8"></chess-board><chess-board id="b" opponent="computer" level="8"></chess-board>';
  const { page, context, problems } = await boardsPage(browser, html, { lang: 'en' });
  await page.evaluate(() => {
    window.__bThinking = [];
    new MutationObserver((records) => {
      for (const r of records) window.__bThinking.push(r.oldValue === null ? 'on' : 'off');
    }).observe(document.getElementById('b'), { attributes: true, attributeFilter: ['thinking'], attributeOldValue: true });
  });
  await page.evaluate(() => document.getElementById('b').move('e4'));
  await page.evaluate(() => document.getElementById('a').move('d4'));
  await until(() => page.evaluate(() => ['a', 'b'].map((id) => document.getElementById(id).hasAttribute('thinking'))), [true, true], 'both boards wait for the computer');
  // a's take-back cancels a's question only: b's search goes on and answers once.
  await page.evaluate(() => document.getElementById('a').undo());
  await until(() => plies(page, 'b'), 2, 'b got its answer');
  assert.deepEqual(await page.evaluate(() => window.__bThinking), ['on', 'off'], 'b thought once: its question was never cancelled and asked again');
  assert.equal(await plies(page, 'a'), 0, 'a is back at the start, with no stale reply');
  assert.deepEqual(problems, []);
  await context.close();
});

test('frame.html?board&computer=3&side=black plays the computer, and refuses a level it does not know', async () => {
  const { page, problems } = await openPage(browser, new URL('frame.html?board&computer=3&side=black&lang=en', siteUrl()).href);
  await page.waitForFunction(() => document.querySelector('chess-board')?.pgn?.().includes('1.'));
  assert.equal(await page.evaluate(() => document.querySelector('chess-board').getAttribute('level')), '3');
  assert.deepEqual(problems, []);
  const bad = await openPage(browser, new URL('frame.html?board&computer=9', siteUrl()).href);
  await until(() => bad.page.evaluate(() => document.body.innerText), (text) => text.includes('computer=9'), 'the frame explains the bad level');
});

test('a board without the computer downloads no computer module', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b"></chess-board>');
  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.evaluate(() => document.getElementById('b').move('e4'));
  await page.evaluate(() => document.getElementById('b').move('e5'));
  assert.ok(!asked.some((p) => p.includes('computer')), asked.join(', '));
  assert.deepEqual(problems, []);
  await context.close();
});
