// The puzzle stages of the real course (value, protect, give-check) played as a child would, to
// each lesson's end screen: in Chinese on a phone by touch, in English on a laptop by mouse. A
// wrong move is played on the board with the other side's reply (a red arrow) and explained in
// words (no notation before it is taught); the board goes back when the child taps it or presses
// "take them back", never by itself.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, open, settle } from './browser.mjs';
import { STEP, press } from './lesson_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const PHONE = { name: 'phone', viewport: { width: 390, height: 844 }, touch: true, how: 'touch' };
const LAPTOP = { name: 'laptop', viewport: { width: 1366, height: 768 }, touch: false, how: 'mouse' };

/** The piece on `sq` (`N`, `k` …), or null. */
const pieceOn = (page, sq) => page.locator(`chess-lesson .lp-board [data-square="${sq}"] .piece`).getAttribute('data-piece');

/** Waits for `piece` (a FEN letter) to stand on `sq`, or for the square to be empty (null). */
async function standsOn(page, sq, piece) {
  const square = page.locator(`chess-lesson .lp-board [data-square="${sq}"] .piece`);
  if (piece == null) await page.locator(`chess-lesson .lp-board [data-square="${sq}"] .piece:not([data-piece])`).waitFor();
  else await page.locator(`chess-lesson .lp-board [data-square="${sq}"] .piece[data-piece="${piece}"]`).waitFor();
  return square;
}

/** A move by two square presses, waiting for the player to pick the piece up first. */
async function move(page, device, uci) {
  await press(page, `sq:${uci.slice(0, 2)}`, device.how);
  await page.locator(`chess-lesson .lp-board .sq.selected[data-square="${uci.slice(0, 2)}"]`).waitFor();
  await press(page, `sq:${uci.slice(2, 4)}`, device.how);
}

/** The square the red arrow starts from (White at the bottom: x1 is the file, y1 the rank from the top). */
async function redArrowFrom(page) {
  const line = page.locator('chess-lesson .lp-board .shapes line.brush-red');
  const [x, y] = await Promise.all([line.getAttribute('x1'), line.getAttribute('y1')]);
  return `${'abcdefgh'[Math.floor(Number(x))]}${8 - Math.floor(Number(y))}`;
}

/** Waits until the feedback box's text matches `pattern`; returns the text. */
async function feedbackMatching(page, pattern) {
  const box = page.locator('chess-lesson .lp-feedback', { hasText: pattern });
  await box.waitFor();
  return box.textContent();
}

/** Waits for step `n` of the lesson ("第 n / …" or "Step n of …"). */
async function onStep(page, n) {
  await page.locator('chess-lesson .lp-step-of', { hasText: new RegExp(`^(第 ${n} /|Step ${n} of)`) }).waitFor();
}

/** Waits for the puzzle's goal line to say `left` moves are left. */
async function movesLeft(page, left) {
  await page.locator('chess-lesson .lp-goal', { hasText: new RegExp(`(你还能走 ${left} 步|Moves left: ${left})$`) }).waitFor();
}

/**
 * Plays a lesson from step 1 to its end screen. `steps[i]` is the child's moves of step i + 1
 * (empty for a reading: "next" only); each puzzle must end complete, with its stars shown, and
 * `before[i]`, if given, runs first on that step (a wrong try).
 */
async function playLesson(page, device, steps, before = {}) {
  for (const [i, moves] of steps.entries()) {
    await onStep(page, i + 1);
    if (before[i]) await before[i]();
    for (const [j, uci] of moves.entries()) {
      if (j > 0) await movesLeft(page, moves.length - j);
      await move(page, device, uci);
    }
    if (moves.length > 0) await page.locator('chess-lesson .lp-feedback .lp-big-stars').waitFor();
    await page.locator('chess-lesson .lp-nav .lp-go[data-act="next"]').waitFor();
    await press(page, 'next', device.how);
  }
  await page.locator('chess-lesson .lp-done').waitFor();
}

test('value/better-capture in Chinese on a phone: a protected pawn is refused with the recapture, then each capture is won', async () => {
  const { context, page, problems } = await open(browser, 'lesson.html#/value/better-capture/1', { ...PHONE, lang: 'zh-CN', ready: STEP });
  const wrongTry = async () => {
    await movesLeft(page, 1);
    // Bxf7+ takes a pawn that the king protects: Kxf7 takes the bishop back.
    await move(page, PHONE, 'c4f7');
    const text = await feedbackMatching(page, /看：黑王吃掉f7上的象，你的象就被吃掉了。/);
    assert.doesNotMatch(text, /★|♚|♝/);
    // The capture and the recapture on the board, the arrow from where the king stood.
    await standsOn(page, 'f7', 'k');
    await standsOn(page, 'c4', null);
    await page.locator('chess-lesson .lp-board .shapes line.brush-red').waitFor();
    assert.equal(await redArrowFrom(page), 'e8');
    await page.locator('chess-lesson .lp-board .sq.mark[data-square="f7"]').waitFor();
    // A tap on the board takes both back: the bishop on c4, the pawn on f7, no arrow.
    await press(page, 'sq:h1', PHONE.how);
    await standsOn(page, 'c4', 'B');
    await page.locator('chess-lesson .lp-board .shapes line.brush-red').waitFor({ state: 'detached' });
    await page.locator('chess-lesson .lp-board .sq.mark[data-square="c4"]').waitFor();
    assert.equal(await pieceOn(page, 'f7'), 'p');
    assert.equal(await pieceOn(page, 'a6'), 'n');
  };
  await playLesson(page, PHONE, [[], ['c4a6'], ['d1g4'], ['d4e5'], ['d4a4']], { 1: wrongTry });
  // Three stars but for the wrong try of step 2.
  assert.match(await page.locator('chess-lesson .lp-done .lp-big-stars').textContent(), /11 \/ 12/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('protect/fight in English on a laptop: two-move forks win material against the stubborn replies', async () => {
  const { context, page, problems } = await open(browser, 'lesson.html#/protect/fight/1', { ...LAPTOP, lang: 'en', ready: STEP });
  const wrongTry = async () => {
    assert.match(await page.locator('chess-lesson .lp-goal').textContent(), /^Goal: win 5 points! · Moves left: 2$/);
    // Nd6+ is check, but after Kd7 nothing wins the rook.
    await move(page, LAPTOP, 'b5d6');
    await feedbackMatching(page, /Look: the black king goes to d7, and then you cannot win enough\./);
    await page.locator('chess-lesson .lp-board .shapes line.brush-red').waitFor();
    await standsOn(page, 'd7', 'k');
    await standsOn(page, 'd6', 'N');
    assert.equal(await redArrowFrom(page), 'e8');
    await press(page, 'take-back', LAPTOP.how);
    await standsOn(page, 'b5', 'N');
    assert.equal(await pieceOn(page, 'e8'), 'k', 'the king is back on e8');
    await movesLeft(page, 2);
  };
  const afterFork = async () => {
    // The right fork is answered on the board: Kd7, the rook still on a8.
    await move(page, LAPTOP, 'b5c7');
    await feedbackMatching(page, /Good move! Then the black king goes to d7\. Your turn!/);
    await standsOn(page, 'd7', 'k');
    await movesLeft(page, 1);
    await move(page, LAPTOP, 'c7a8');
    await feedbackMatching(page, /Then the black .* You are 5 points up!/);
  };
  const steps = [[], [], ['f1b5', 'b5a4'], ['a1e1', 'e1e8'], ['e4f6', 'f6d7'], ['d1a4', 'a4h4'], ['d1e2', 'e2b5']];
  await playLesson(page, LAPTOP, steps, { 1: async () => { await wrongTry(); await afterFork(); } });
  assert.deepEqual(problems, []);
  await context.close();
});

test('give-check/mate-two in Chinese on a phone: a stalemate is named and taken back, every mate in two is found', async () => {
  const { context, page, problems } = await open(browser, 'lesson.html#/give-check/mate-two/1', { ...PHONE, lang: 'zh-CN', ready: STEP });
  const stalemate = async () => {
    // Kh6 leaves the black king no move (the queen guards g8) and no check.
    await move(page, PHONE, 'g5h6');
    await feedbackMatching(page, /哎呀，逼和了：黑方没被将军，却一步也走不了。逼和不算赢。/);
    await page.locator('chess-lesson .lp-board .sq.mark[data-square="h8"]').waitFor();
    // The stalemating move stays on the board until a tap.
    await standsOn(page, 'h6', 'K');
    await press(page, 'sq:a1', PHONE.how);
    await standsOn(page, 'g5', 'K');
    await standsOn(page, 'h6', null);
    await movesLeft(page, 2);
  };
  const steps = [[], ['b1b7', 'a2a8'], ['h1h2', 'h2h8'], ['f6g6', 'a1a8'], ['d2d8', 'd1d8'], ['g5f6', 'g1g7'], ['c6b6', 'g1g8'], ['e2a6', 'a6b7']];
  await playLesson(page, PHONE, steps, { 5: stalemate });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a wrong move and its answer stay on the board until the child takes them back, said in words (protect/run 4 in Chinese on a phone, value/points 5 in English on a laptop)', async () => {
  const zh = await open(browser, 'lesson.html#/protect/run/4', { ...PHONE, lang: 'zh-CN', ready: STEP });
  // Bxc4 takes a protected pawn: dxc4 takes the bishop.
  await move(zh.page, PHONE, 'b3c4');
  const said = await feedbackMatching(zh.page, /看：黑兵吃掉c4上的象，你的象就被吃掉了。/);
  assert.doesNotMatch(said, /[♔-♟]/, 'no figurines before notation is taught');
  await standsOn(zh.page, 'c4', 'p');
  await standsOn(zh.page, 'd5', null);
  assert.equal(await redArrowFrom(zh.page), 'd5');
  // Nothing moves by itself: the line is still there once the board has drawn again.
  await settle(zh.page);
  assert.equal(await pieceOn(zh.page, 'c4'), 'p');
  await zh.page.locator('chess-lesson [data-act="take-back"]', { hasText: '收回' }).waitFor();
  await press(zh.page, 'sq:c4', PHONE.how);
  await standsOn(zh.page, 'b3', 'B');
  await standsOn(zh.page, 'd5', 'p');
  await zh.page.locator('chess-lesson [data-act="take-back"]').waitFor({ state: 'detached' });
  // The tap only took the line back: the bishop is not picked up, and the right move works.
  assert.equal(await zh.page.locator('chess-lesson .lp-board .sq.selected').count(), 0);
  await move(zh.page, PHONE, 'b3c2');
  await zh.page.locator('chess-lesson .lp-feedback .lp-big-stars').waitFor();
  assert.deepEqual(zh.problems, []);
  await zh.context.close();

  const en = await open(browser, 'lesson.html#/value/points/5', { ...LAPTOP, lang: 'en', ready: STEP });
  // Qd7+ is taken by the king.
  await move(en.page, LAPTOP, 'd4d7');
  await feedbackMatching(en.page, /Look: the black king takes the queen on d7, and you lose your queen\./);
  await standsOn(en.page, 'd7', 'k');
  await standsOn(en.page, 'e8', null);
  assert.equal(await redArrowFrom(en.page), 'e8');
  await press(en.page, 'take-back', LAPTOP.how);
  await standsOn(en.page, 'd4', 'Q');
  await standsOn(en.page, 'e8', 'k');
  await move(en.page, LAPTOP, 'd4a7');
  await en.page.locator('chess-lesson .lp-feedback .lp-big-stars').waitFor();
  assert.deepEqual(en.problems, []);
  await en.context.close();
});
