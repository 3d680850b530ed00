// The class's rules done on a live board in the real course (issue 16): touch-move with pieces
// already touched (a refusal in kid words, the rook touched before the king), "I adjust", the
// draw offer's order and no repeat after a refusal, Black starting the clock after the
// handshake, and score-sheet lines written to their end. Chinese on a phone with touch
// (390x844) for some, English with the mouse or the keyboard on a laptop for others.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { accessibilityViolations, launchBrowser, open, until } from './browser.mjs';
import { STEP, act, boardFitted, press } from './lesson_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, touch: true };
const LAPTOP = { viewport: { width: 1366, height: 768 }, touch: false };

/** A move by two square presses, waiting for the piece to be picked up first. */
async function move(page, how, uci) {
  await press(page, `sq:${uci.slice(0, 2)}`, how);
  await page.locator(`chess-lesson .lp-board .sq.selected[data-square="${uci.slice(0, 2)}"]`).waitFor();
  await press(page, `sq:${uci.slice(2, 4)}`, how);
}

/** Waits for the feedback box to say `pattern`. */
const says = (page, pattern) => page.locator('chess-lesson .lp-feedback', { hasText: pattern }).waitFor();

/** Waits for the step to be complete (its "next" button turns green). */
const complete = (page) => page.locator('chess-lesson .lp-nav .lp-go[data-act="next"]').waitFor();

/** Waits for the clock's running side (`white`, `black` or `none`). */
const running = (page, side) => page.locator(`chess-lesson .lp-board .clock[data-running="${side}"]`).waitFor();

/** Types `text` into the answer box and checks it. */
async function write(page, how, text) {
  const input = page.locator('chess-lesson #lp-text');
  await input.fill(text);
  if (how === 'keyboard') await input.press('Enter');
  else await press(page, 'text', how);
}

test('touch-move on a phone (zh): the touched knight must move, another piece is refused in kid words', async () => {
  const { context, page, problems } = await open(browser, 'lesson.html#/touch-move/touch/2', { ...PHONE, lang: 'zh-CN', ready: STEP });
  await page.locator('chess-lesson .lp-board .sq.lit[data-square="g1"]').waitFor();
  await press(page, 'sq:d2', 'touch');
  await says(page, '摸子走子：你先摸了 g1 的马，就要走它。');
  await page.locator('chess-lesson .lp-board .sq.mark[data-square="g1"]').waitFor();
  assert.equal(await page.locator('chess-lesson .lp-board .sq.selected').count(), 0, 'the pawn was not picked up');
  await move(page, 'touch', 'g1f3');
  await complete(page);
  // The enemy piece nobody can take: any move is allowed, and the tap on it says why.
  await page.evaluate(() => { location.hash = '#/touch-move/touch/4'; });
  await page.locator('chess-lesson .lp-board .sq.lit[data-square="a8"]').waitFor();
  await press(page, 'sq:a8', 'touch');
  await says(page, '可以走任何一步合规则的棋');
  await move(page, 'touch', 'd2d3');
  await complete(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('touch-move on a laptop (en, mouse): the rook touched before the king forbids castling with it', async () => {
  const { context, page, problems } = await open(browser, 'lesson.html#/touch-move/castle-touch/3', { ...LAPTOP, lang: 'en', ready: STEP });
  const centre = async (sq) => {
    const box = await act(page, `sq:${sq}`).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  // Where the squares are once the board is fitted to the screen (it is hidden until then).
  await boardFitted(page);
  const [from, to] = [await centre('e1'), await centre('g1')];
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  await says(page, "You touched the rook on h1 before the king, so you can't castle with it now.");
  await page.locator('chess-lesson .lp-board [data-square="e1"] .piece[data-piece]').waitFor();
  await move(page, 'mouse', 'h1f1');
  await complete(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the I-adjust button on a laptop (en, keyboard): say it, then straighten your own piece, never the opponent\'s', async () => {
  const { context, page, problems } = await open(browser, 'lesson.html#/touch-move/adjust/3', { ...LAPTOP, lang: 'en', ready: STEP });
  const adjust = act(page, 'adjust');
  await adjust.waitFor();
  assert.equal(await adjust.getAttribute('aria-pressed'), 'false');
  // Touching the crooked knight first is a touch.
  await press(page, 'sq:g1', 'keyboard');
  await says(page, 'without saying "I adjust"');
  await press(page, 'retry', 'keyboard');
  await page.locator('chess-lesson .lp-feedback:empty').waitFor({ state: 'attached' });
  await press(page, 'adjust', 'keyboard');
  await says(page, 'You said "I adjust"');
  assert.equal(await act(page, 'adjust').getAttribute('aria-pressed'), 'true');
  await press(page, 'sq:g8', 'keyboard');
  await says(page, "Adjust only your own pieces: the piece on g8 is your partner's.");
  await press(page, 'sq:g1', 'keyboard');
  await says(page, 'Straightened!');
  await complete(page);
  // On the opponent's turn: refused, then the opponent's move, then it works.
  await page.evaluate(() => { location.hash = '#/touch-move/adjust/4'; });
  await until(() => page.locator('chess-lesson .lp-board .sq').first().getAttribute('data-square'), 'h1', 'Black at the bottom');
  await press(page, 'adjust', 'keyboard');
  await says(page, 'only on your own turn');
  await move(page, 'keyboard', 'g1f3');
  await says(page, 'Good move');
  await press(page, 'adjust', 'keyboard');
  await press(page, 'sq:f8', 'keyboard');
  await complete(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a draw offer on a phone (zh): only move, offer, press is accepted, and no new offer after a refusal', async () => {
  const { context, page, problems } = await open(browser, 'lesson.html#/etiquette/draw-offer/8', { ...PHONE, lang: 'zh-CN', ready: STEP });
  await running(page, 'white');
  await press(page, 'offer-draw', 'touch');
  await says(page, '先走你的棋，再提和，最后按钟。');
  await move(page, 'touch', 'f1c4');
  await says(page, '走得好');
  await press(page, 'press-clock', 'touch');
  await says(page, '先提和，再按钟');
  await running(page, 'white');
  await press(page, 'offer-draw', 'touch');
  await says(page, '你提和了');
  await press(page, 'press-clock', 'touch');
  await says(page, '走棋，提和，按钟');
  await running(page, 'black');
  await complete(page);
  assert.deepEqual(await accessibilityViolations(page), []);
  await page.evaluate(() => { location.hash = '#/etiquette/draw-offer/10'; });
  await page.locator('chess-lesson .lp-board [data-square="f2"] .piece[data-piece]').waitFor();
  await move(page, 'touch', 'f2e3');
  await press(page, 'offer-draw', 'touch');
  await says(page, '你的提和被拒绝过了');
  await press(page, 'press-clock', 'touch');
  await says(page, '接着下棋');
  await complete(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('starting the clock on a laptop (en, mouse): Black presses after the handshake, and White\'s time runs', async () => {
  const { context, page, problems } = await open(browser, 'lesson.html#/etiquette/manners/9', { ...LAPTOP, lang: 'en', ready: STEP });
  await running(page, 'none');
  await until(() => page.locator('chess-lesson .lp-board .sq').first().getAttribute('data-square'), 'h1', 'the child plays Black, at the bottom');
  assert.equal(await page.locator('chess-lesson .lp-board .clock-time').first().textContent(), '10:00');
  await press(page, 'press-clock', 'mouse');
  await says(page, 'Shake hands with your partner first');
  await running(page, 'none');
  await press(page, 'handshake', 'mouse');
  await says(page, 'please teach me');
  await press(page, 'press-clock', 'mouse');
  await says(page, "White's time is running!");
  await running(page, 'white');
  await complete(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a score sheet on a phone (zh): en passant and castling written move by move to the end', async () => {
  const { context, page, problems } = await open(browser, 'lesson.html#/clock-sheet/special-notes/10', { ...PHONE, lang: 'zh-CN', ready: STEP });
  const sheet = page.locator('chess-lesson .lp-sheet');
  await write(page, 'touch', 'exd6 e.p.');
  await sheet.getByText('6. exd6 e.p.').waitFor();
  // The next move is on the board: the pawn stands on d6.
  await page.locator('chess-lesson .lp-board [data-square="d6"] .piece[data-piece]').waitFor();
  await write(page, 'touch', 'dxc6');
  await says(page, '“dxc6”不对');
  await write(page, 'touch', 'cxd6');
  await write(page, 'touch', '0-0');
  await sheet.getByText('7. O-O').waitFor();
  await write(page, 'touch', 'O-O');
  await says(page, '整盘棋都记下来了！');
  assert.deepEqual(await sheet.locator('p').allTextContents(), ['6. exd6 e.p. cxd6', '7. O-O O-O']);
  await complete(page);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a score sheet on a laptop (en, keyboard): a promotion with check, the missing + pointed out', async () => {
  const { context, page, problems } = await open(browser, 'lesson.html#/clock-sheet/special-notes/11', { ...LAPTOP, lang: 'en', ready: STEP });
  await page.locator('chess-lesson label[for="lp-text"]', { hasText: 'move 1 of 5' }).waitFor();
  await write(page, 'keyboard', 'b8=Q');
  await says(page, "Don't forget the + at the end.");
  for (const [san, n] of [['b8=Q+', 2], ['Ke7', 3], ['Qb7+', 4], ['Ke6', 5]]) {
    await write(page, 'keyboard', san);
    await page.locator('chess-lesson label[for="lp-text"]', { hasText: `move ${n} of 5` }).waitFor();
  }
  await write(page, 'keyboard', 'Ke2');
  await says(page, 'You wrote down the whole game!');
  assert.deepEqual(await page.locator('chess-lesson .lp-sheet p').allTextContents(), ['40. b8=Q+ Ke7', '41. Qb7+ Ke6', '42. Ke2']);
  await complete(page);
  assert.deepEqual(problems, []);
  await context.close();
});
