// The course's paint drills and tap-the-squares steps, played through as a child would: the
// king's paint lesson on a phone by touch in Chinese (the painted squares, the veiled squares
// outside the area, a step out of it refused kindly, three stars at par, the lesson's end), and
// spotting the pieces in danger on a laptop with the mouse in English (wrong taps explained in
// kid words, stars by mistakes, the lesson's end), with a wrong coordinate named back.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, open, until } from './browser.mjs';
import { STEP, act, press } from './lesson_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, touch: true, how: 'touch' };
const LAPTOP = { viewport: { width: 1366, height: 768 }, touch: false, how: 'mouse' };

const marked = (page, mark) => page.locator(`chess-lesson .lp-board .sq.${mark}`);

/** A move by two square presses, waiting for the pick-up first. */
async function move(page, device, uci) {
  await press(page, `sq:${uci.slice(0, 2)}`, device.how);
  await page.locator(`chess-lesson .lp-board .sq.selected[data-square="${uci.slice(0, 2)}"]`).waitFor();
  await press(page, `sq:${uci.slice(2, 4)}`, device.how);
}

/** Moves that land, each waited for: the piece stands on its new square, and that square is painted. */
async function paintAlong(page, device, ucis) {
  for (const uci of ucis) {
    await move(page, device, uci);
    await page.locator(`chess-lesson .lp-board .sq.painted[data-square="${uci.slice(2, 4)}"] .piece svg`).waitFor();
  }
}

/** Waits until the feedback box's text matches `pattern`; returns the text. */
async function feedbackMatching(page, pattern) {
  const box = page.locator('chess-lesson .lp-feedback', { hasText: pattern });
  await box.waitFor();
  return box.textContent();
}

/** Waits for the step's big stars and returns them. */
async function stars(page, expected) {
  return until(() => page.locator('chess-lesson .lp-feedback .lp-big-stars').textContent(), expected, 'the step\'s stars');
}

/** "Next" to the step of `kind` (or the lesson's end card). */
async function next(page, device, kind) {
  await press(page, 'next', device.how);
  if (kind) await page.locator(`chess-lesson [data-kind="${kind}"]`).waitFor();
  await page.locator('chess-lesson .lp-feedback.lp-good').waitFor({ state: 'detached' });
}

test('king/paint on a phone by touch (zh): paint the corners, a step out of the area refused, three stars, the lesson done', async () => {
  const { context, page, problems } = await open(browser, 'lesson.html#/king/paint/1', { ...PHONE, lang: 'zh-CN', ready: STEP });
  await page.locator('chess-lesson [data-kind="narration"]').waitFor();
  await next(page, PHONE, 'paint');
  // The 3x3 corner: the king's square is painted from the start; the rest of the board is veiled.
  await until(() => page.locator('chess-lesson .lp-count').nth(1).textContent(), '还要涂 8 格');
  await until(() => marked(page, 'painted').count(), 1, 'the start square painted');
  await until(() => marked(page, 'off-area').count(), 64 - 9, 'the squares outside a1:c3 veiled');
  assert.match(await act(page, 'sq:d4').getAttribute('aria-label'), /范围外/);
  await paintAlong(page, PHONE, ['a1a2', 'a2a3']);
  await until(() => page.locator('chess-lesson .lp-count').nth(1).textContent(), '还要涂 6 格');
  // Out of the area: refused kindly, the square marked, the king still on a3 and no move counted.
  await move(page, PHONE, 'a3a4');
  const refusal = await feedbackMatching(page, /a4 在涂色的范围外面/);
  assert.doesNotMatch(refusal, /★/);
  await until(() => marked(page, 'mark').evaluateAll((els) => els.map((e) => e.dataset.square)), ['a4']);
  assert.match(await page.locator('chess-lesson .lp-count').first().textContent(), /已走 2 步/);
  await paintAlong(page, PHONE, ['a3b3', 'b3b2', 'b2b1', 'b1c1', 'c1c2', 'c2c3']);
  assert.equal(await stars(page, '★★★'), '★★★');
  await feedbackMatching(page, /全都涂满了！用了 8 步。/);
  assert.equal(await marked(page, 'painted').count(), 9);
  // The 4x4 corner, snaking up and down the files: 15 moves, par.
  await next(page, PHONE, 'paint');
  await until(() => page.locator('chess-lesson .lp-count').nth(1).textContent(), '还要涂 15 格');
  await paintAlong(page, PHONE, ['a1a2', 'a2a3', 'a3a4', 'a4b4', 'b4b3', 'b3b2', 'b2b1', 'b1c1', 'c1c2', 'c2c3', 'c3c4', 'c4d4', 'd4d3', 'd3d2', 'd2d1']);
  assert.equal(await stars(page, '★★★'), '★★★');
  assert.equal(await marked(page, 'painted').count(), 16);
  await next(page, PHONE);
  await page.locator('chess-lesson div.lp-done h2', { hasText: '这一课完成了！' }).waitFor();
  assert.deepEqual(problems, []);
  await context.close();
});

test('capture/spot on a laptop with the mouse (en): wrong taps explained, stars by mistakes, the lesson done', async () => {
  const { context, page, problems } = await open(browser, 'lesson.html#/capture/spot/1', { ...LAPTOP, lang: 'en', ready: STEP });
  await page.locator('chess-lesson [data-kind="narration"]').waitFor();
  await next(page, LAPTOP, 'tap-squares');
  // Which white piece can be taken for free? The protected bishop is not; the knight on c3 is.
  await press(page, 'sq:f3', LAPTOP.how);
  await feedbackMatching(page, 'The bishop on f3 is protected by the pawn on g2.');
  await until(() => marked(page, 'mark').evaluateAll((els) => els.map((e) => e.dataset.square)), ['f3']);
  await press(page, 'sq:c3', LAPTOP.how);
  assert.equal(await stars(page, '★★☆'), '★★☆', 'one wrong tap: two stars');
  // And theirs: two black pieces, found one at a time.
  await next(page, LAPTOP, 'tap-squares');
  await press(page, 'sq:d5', LAPTOP.how);
  await feedbackMatching(page, 'Found one! 1 to go.');
  await until(() => marked(page, 'found').count(), 1);
  await press(page, 'sq:h5', LAPTOP.how);
  assert.equal(await stars(page, '★★★'), '★★★');
  // Attacked white pieces: the pawn on g2 is not.
  await next(page, LAPTOP, 'tap-squares');
  await press(page, 'sq:g2', LAPTOP.how);
  await feedbackMatching(page, 'Nothing attacks the pawn on g2.');
  await press(page, 'sq:c3', LAPTOP.how);
  await feedbackMatching(page, 'Found one! 1 to go.');
  await press(page, 'sq:f3', LAPTOP.how);
  await stars(page, '★★☆');
  // The knight's fork: the bishop is protected by the rook, the rook by nobody.
  await next(page, LAPTOP, 'tap-squares');
  await press(page, 'sq:b4', LAPTOP.how);
  await feedbackMatching(page, 'The bishop on b4 is protected by the rook on d4.');
  await press(page, 'sq:d4', LAPTOP.how);
  await stars(page, '★★☆');
  // Protected, yet attacked by a cheaper pawn.
  await next(page, LAPTOP, 'tap-squares');
  await press(page, 'sq:d4', LAPTOP.how);
  await stars(page, '★★★');
  // Black's piece in danger: a white pawn and a safe knight first.
  await next(page, LAPTOP, 'tap-squares');
  await press(page, 'sq:e5', LAPTOP.how);
  await feedbackMatching(page, 'That is a white pawn. Look at the black pieces.');
  await press(page, 'sq:e7', LAPTOP.how);
  await feedbackMatching(page, 'Nothing attacks the knight on e7.');
  await press(page, 'sq:d6', LAPTOP.how);
  await stars(page, '★☆☆');
  await next(page, LAPTOP);
  await page.locator('chess-lesson div.lp-done h2', { hasText: 'Lesson complete!' }).waitFor();
  // A coordinate missed is named back: the board stage's first tap.
  await page.evaluate(() => { location.hash = '#/board/tap/1'; });
  await page.locator('chess-lesson [data-kind="tap-squares"] .lp-prompt', { hasText: 'Tap e4.' }).waitFor();
  await press(page, 'sq:d4', LAPTOP.how);
  await feedbackMatching(page, 'That is d4, not e4.');
  await press(page, 'sq:e4', LAPTOP.how);
  await stars(page, '★★☆');
  assert.deepEqual(problems, []);
  await context.close();
});
