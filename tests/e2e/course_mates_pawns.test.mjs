// The course's new lessons played to their end screen in real Chromium, over the shipped lessons/
// folder, as a child would: mates/two-rooks (the ladder: a demo, mates in one and three games
// against the computer, a lone king's defender at level 3), pawn-games/race (two pawn races, one as Black) and
// rook/chase (a knight that jumps back and forth as the rook collects stars). Once in Chinese on
// a phone by touch (390 x 844), once in English on a laptop with the mouse.
//
// The games against the computer are played deterministically where the position allows it (the
// races and the two-move ladder: every reply of the computer leaves the same moves winning); in
// the longer ladder games the child's moves come from the page's own computer API searched to a
// fixed depth, which mates from every position of those games whatever the king does (as
// lesson_vs_computer.test.mjs does). Each move waits for the computer's reply to be drawn.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, open, until } from './browser.mjs';
import { STEP, act, childsTurn, goodMove, movesMade, placement, press, settle, stepComplete } from './lesson_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const DEVICES = [
  { name: 'phone', lang: 'zh-CN', viewport: { width: 390, height: 844 }, touch: true, how: 'touch' },
  { name: 'laptop', lang: 'en', viewport: { width: 1366, height: 768 }, touch: false, how: 'mouse' },
];

/** The piece letter on `sq` ('' when empty). */
const pieceOn = (page, sq) => page.locator(`chess-lesson .lp-board [data-square="${sq}"]`)
  .evaluate((el) => el.querySelector('.piece[data-piece]')?.dataset.piece ?? '');

/** Plays `uci` by two presses (and the promotion choice), waiting for the piece to be picked up
 *  first and to stand on its new square after. */
async function move(page, device, uci) {
  const [from, to] = [uci.slice(0, 2), uci.slice(2, 4)];
  await press(page, `sq:${from}`, device.how);
  // Read after the pick-up is drawn: a new step's pieces are drawn with it, a frame after its text.
  await page.locator(`chess-lesson .lp-board .sq.selected[data-square="${from}"]`).waitFor();
  const piece = await pieceOn(page, from);
  assert.match(piece, /^[A-Za-z]$/, `a piece on ${from} to play ${uci}`);
  await press(page, `sq:${to}`, device.how);
  if (uci.length === 5) await press(page, `promote:${uci[4]}`, device.how);
  const landed = uci.length === 5 ? (piece === 'P' ? uci[4].toUpperCase() : uci[4]) : piece;
  await until(() => pieceOn(page, to), landed, `${uci} on the board`);
}

const stepOf = (page) => page.locator('chess-lesson .lp-step-of').textContent();
const feedback = (page) => page.locator('chess-lesson .lp-feedback');

/** Waits for the step to be complete (its "next" button), with the feedback on failure. */
async function complete(page, what) {
  await until(() => stepComplete(page), 1, `${what} complete`).catch(async (error) => {
    error.message += `; the feedback says: ${await feedback(page).textContent()}`;
    throw error;
  });
}

/** Presses "next" and waits for step `n` of `total` (or the lesson's end screen). */
async function next(page, device, n, total) {
  await press(page, 'next', device.how);
  if (n > total) await page.locator('chess-lesson .lp-done').waitFor();
  else await until(() => stepOf(page), new RegExp(`\\b${n}\\b.*\\b${total}\\b`), `step ${n} of ${total}`);
}

// ---- the computer ---------------------------------------------------------------------------

/**
 * Plays a vs-computer step to its goal: the moves of `script` (or, without one, the computer
 * API's choice for each position), each after the computer's reply to the one before is on the
 * board.
 */
async function playComputer(page, device, script, what) {
  for (let i = 0; i < 40; i += 1) {
    if (!(await childsTurn(page, `${what}: the computer's move ${i + 1}`))) return;
    const uci = script ? script[i] : await goodMove(page);
    assert.ok(uci, `${what}: a move ${i + 1} to play (the step should be over); the feedback says: ${await feedback(page).textContent()}; the board: ${await placement(page)}`);
    await move(page, device, uci);
    await until(() => movesMade(page), i + 1, `${what}: move ${i + 1} counted`);
  }
  await complete(page, what);
}

// ---- the lessons --------------------------------------------------------------------------

/** Each lesson's steps in order: what the child does in each. */
const LESSONS = {
  'mates/two-rooks': [
    { kind: 'narration' },
    { kind: 'demo', plies: 11 },
    { kind: 'mate-in-one', moves: ['a1a8'] },
    { kind: 'mate-in-one', moves: ['g1a1'] },
    // Rb7+ drives the king to the last row (d8, e8 or f8), and Ra8 mates on every one.
    { kind: 'vs-computer', moves: ['b1b7', 'a6a8'] },
    { kind: 'vs-computer' },
    { kind: 'vs-computer' },
  ],
  'pawn-games/race': [
    { kind: 'narration' },
    // The black king is outside the square of the pawn, and its own pawn queens a move later.
    { kind: 'vs-computer', moves: ['a2a4', 'a4a5', 'a5a6', 'a6a7', 'a7a8q'] },
    // As Black, White's pawn one step behind: nothing can stop b1.
    { kind: 'vs-computer', moves: ['b5b4', 'b4b3', 'b3b2', 'b2b1q'] },
  ],
  // The knight's replies are scripted: these paths collect every star within par, never
  // stopping where the knight, the pawns or the rook could take the white rook.
  'rook/chase': [
    { kind: 'star-drill', moves: ['a4h4', 'h4g4', 'g4h4', 'h4e4', 'e4e6'] },
    { kind: 'star-drill', moves: ['d1d6', 'd6d5', 'd5d6', 'd6d7', 'd7c7'] },
    { kind: 'star-drill', moves: ['d1d6', 'd6d5', 'd5g5', 'g5h5', 'h5h3'] },
  ],
};

/** Plays lesson `key` from its first step to its end screen. */
async function playLesson(page, device, key) {
  const steps = LESSONS[key];
  for (const [i, step] of steps.entries()) {
    const what = `${key} step ${i + 1} (${step.kind}, ${device.name})`;
    await until(() => page.locator('chess-lesson [data-kind]').getAttribute('data-kind'), step.kind, what);
    // The step's board is drawn a frame after its text.
    await settle(page);
    if (step.kind === 'demo') {
      // "Play the next move", each time waiting for the board to show it, until the demo is over.
      for (let n = 0; n < step.plies; n += 1) {
        const before = await placement(page);
        await press(page, 'demo-next', device.how);
        await until(() => placement(page), (now) => now !== before, `${what}: demo move ${n + 1}`);
      }
      await until(() => act(page, 'demo-next').count(), 0, `${what}: the demo's end`);
    } else if (step.kind === 'vs-computer') {
      await playComputer(page, device, step.moves, what);
    } else if (step.kind !== 'narration') {
      for (const uci of step.moves) await move(page, device, uci);
      await complete(page, what);
    }
    if (step.kind !== 'narration' && step.kind !== 'demo') {
      await until(() => feedback(page).locator('.lp-big-stars').count(), 1, `${what}: the stars it earned`);
    }
    await next(page, device, i + 2, steps.length);
  }
  await until(() => page.locator('chess-lesson .lp-done h2').textContent(), device.lang === 'en' ? /Lesson complete|stage/i : /完成/, `${key}: the end screen`);
  await until(() => page.locator('chess-lesson .lp-done .lp-big-stars').count(), 1, `${key}: the lesson's stars`);
  // One entry per step: the stars of each exercise (1-3), 0 for the readings and demos.
  const scored = steps.map((s) => s.kind !== 'narration' && s.kind !== 'demo');
  await until(
    () => page.evaluate((k) => JSON.parse(localStorage.getItem('qitong-progress-v1'))?.lessons[k], key),
    (stars) => Array.isArray(stars) && stars.length === steps.length && stars.every((n, i) => (scored[i] ? n >= 1 && n <= 3 : n === 0)),
    `${key}: every exercise's stars stored`,
  );
}

for (const device of DEVICES) {
  for (const key of Object.keys(LESSONS)) {
    test(`${key} is played to its end screen on a ${device.name} (${device.lang}, ${device.touch ? 'touch' : 'mouse'})`, async () => {
      const { context, page, problems } = await open(browser, `lesson.html#/${key}/1`, { ...device, ready: STEP });
      await playLesson(page, device, key);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}
