// The lesson player shows its steps on the board widget (issue 14, "one board"): the board's
// coordinates are on the lesson board, and on the set-up board a misplaced piece is dragged to
// its square, with a real mouse drag and with a finger (touch events through CDP).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, until } from './browser.mjs';
import { boardFitted, feedback, lessonContext, openPlayer, press, square } from './lesson_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const onSquare = (page, sq) => page.locator(`chess-lesson .lp-board [data-square="${sq}"] .piece`);

for (const [lang, viewport] of [['zh-CN', { width: 390, height: 844 }], ['en', { width: 1280, height: 900 }]]) {
  test(`the lesson board shows a-h and 1-8 (${lang}, ${viewport.width} px)`, async () => {
    const context = await lessonContext(browser, { lang, viewport });
    const { page, problems } = await openPlayer(context, '#/examples/star-drill/1');
    const files = page.locator('chess-lesson .lp-board .coord.file');
    const ranks = page.locator('chess-lesson .lp-board .coord.rank');
    await until(() => files.allTextContents(), ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], 'the files along the bottom');
    await until(() => ranks.allTextContents(), ['8', '7', '6', '5', '4', '3', '2', '1'], 'the ranks up the side');
    for (const coordinate of [files.first(), files.last(), ranks.first(), ranks.last()]) {
      const box = await coordinate.boundingBox();
      assert.ok(box && box.width > 0 && box.height >= 9, `a coordinate is drawn: ${JSON.stringify(box)}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('on the set-up board a misplaced piece drags to its square, by mouse and by finger', async () => {
  const context = await lessonContext(browser, { lang: 'en', hasTouch: true });
  const { page, problems } = await openPlayer(context, '#/examples/setup-board/1');
  const centre = async (sq) => {
    const box = await page.locator(`chess-lesson .lp-board [data-square="${sq}"]`).boundingBox();
    return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  };
  // The king put on the queen's square, then dragged with the mouse to its own.
  await press(page, 'tray:K', 'mouse');
  await square(page, 'd1', 'mouse');
  await until(() => onSquare(page, 'd1').getAttribute('data-piece'), 'K', 'the king on d1');
  const d1 = await centre('d1');
  const e1 = await centre('e1');
  await page.mouse.move(d1.x, d1.y);
  await page.mouse.down();
  await page.mouse.move(e1.x, e1.y, { steps: 6 });
  await page.mouse.up();
  await until(() => onSquare(page, 'e1').getAttribute('data-piece'), 'K', 'the mouse dragged the king to e1');
  await until(() => onSquare(page, 'd1').getAttribute('data-piece'), null, 'd1 is empty again');
  // The queen put on d2, then dragged by a finger to d1.
  await press(page, 'tray:Q', 'mouse');
  await square(page, 'd2', 'mouse');
  await until(() => onSquare(page, 'd2').getAttribute('data-piece'), 'Q', 'the queen on d2');
  const d2 = await centre('d2');
  const cdp = await context.newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ ...p, id: 1 }] : [] });
  await touch('touchStart', d2);
  for (let i = 1; i <= 6; i += 1) await touch('touchMove', { x: d2.x, y: Math.round(d2.y + ((d1.y - d2.y) * i) / 6) });
  await touch('touchEnd');
  await until(() => onSquare(page, 'd1').getAttribute('data-piece'), 'Q', 'the finger dragged the queen to d1');
  await until(() => onSquare(page, 'd2').getAttribute('data-piece'), null, 'd2 is empty again');
  // Both where the rhyme puts them: the check finds only the pieces still in the box.
  await press(page, 'check', 'mouse');
  await until(async () => (await feedback(page).textContent()).length > 0, true, 'the check says what is still to do');
  // The board draws its marks at its next frame: wait for them before reading which they are.
  const marks = page.locator('chess-lesson .lp-board .sq.mark');
  await until(() => marks.count(), (n) => n > 0, 'the check marks the squares still to fill');
  const marked = await marks.evaluateAll((els) => els.map((e) => e.dataset.square));
  assert.ok(!marked.includes('d1') && !marked.includes('e1'), `the king and queen are not marked wrong: ${marked}`);
  assert.deepEqual(problems, []);
  await context.close();
});

// The set-up tray is the board's own (issue 30): under the board, its pieces dragged onto a square
// by mouse and by finger, taken and put down by the keyboard, each count going down as it goes.
test('the set-up tray under the board: a piece dragged by mouse and by finger, and placed by the keyboard', async () => {
  const context = await lessonContext(browser, { lang: 'en', hasTouch: true, viewport: { width: 768, height: 1024 } });
  const { page, problems } = await openPlayer(context, '#/examples/setup-board/1');
  // The board and its tray in their places before any of them is measured.
  await page.locator('chess-lesson .lp-board .tray').waitFor();
  await boardFitted(page);
  const centre = async (locator) => {
    const box = await locator.boundingBox();
    return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  };
  const trayPiece = (letter) => page.locator(`chess-lesson .lp-board .tray [data-tray="${letter}"]`);
  const boardBox = await page.locator('chess-lesson .lp-board .board').boundingBox();
  const trayBox = await page.locator('chess-lesson .lp-board .tray').boundingBox();
  assert.ok(trayBox.y >= boardBox.y + boardBox.height - 1, `the tray is under the board: ${JSON.stringify({ boardBox, trayBox })}`);
  // The king dragged with the mouse from the tray onto e1.
  const e1 = await centre(page.locator('chess-lesson .lp-board [data-square="e1"]'));
  const king = await centre(trayPiece('K'));
  await page.mouse.move(king.x, king.y);
  await page.mouse.down();
  await page.mouse.move(e1.x, e1.y, { steps: 8 });
  await page.mouse.up();
  await until(() => onSquare(page, 'e1').getAttribute('data-piece'), 'K', 'the mouse dragged the king from the tray to e1');
  await until(() => trayPiece('K').getAttribute('aria-label'), 'white king, 0 left', 'the tray has no king left');
  await until(() => trayPiece('K').isDisabled(), true, 'the empty king button is disabled');
  // The queen dragged by a finger onto d1.
  const d1 = await centre(page.locator('chess-lesson .lp-board [data-square="d1"]'));
  const queen = await centre(trayPiece('Q'));
  const cdp = await context.newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ ...p, id: 1 }] : [] });
  await touch('touchStart', queen);
  for (let i = 1; i <= 8; i += 1) {
    await touch('touchMove', { x: Math.round(queen.x + ((d1.x - queen.x) * i) / 8), y: Math.round(queen.y + ((d1.y - queen.y) * i) / 8) });
  }
  await touch('touchEnd');
  await until(() => onSquare(page, 'd1').getAttribute('data-piece'), 'Q', 'the finger dragged the queen from the tray to d1');
  await until(() => trayPiece('Q').getAttribute('aria-pressed'), 'false', 'a drag leaves nothing in hand');
  // A rook by the keyboard: Enter on its button takes it (pressed), Enter on a1 puts it there.
  await press(page, 'tray:R', 'keyboard');
  await until(() => trayPiece('R').getAttribute('aria-pressed'), 'true', 'the rook is in hand');
  await square(page, 'a1', 'keyboard');
  await until(() => onSquare(page, 'a1').getAttribute('data-piece'), 'R', 'the keyboard put the rook on a1');
  await until(() => trayPiece('R').getAttribute('aria-pressed'), 'true', 'one more rook in the tray: still in hand');
  await square(page, 'h1', 'keyboard');
  await until(() => onSquare(page, 'h1').getAttribute('data-piece'), 'R', 'the second rook on h1');
  await until(() => trayPiece('R').getAttribute('aria-pressed'), 'false', 'no rook left: the hand is empty');
  assert.deepEqual(problems, []);
  await context.close();
});
