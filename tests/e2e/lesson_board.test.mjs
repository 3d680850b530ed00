// The lesson player shows its steps on the board widget (issue 14, "one board"): the board's
// coordinates are on the lesson board, and on the set-up board a misplaced piece is dragged to
// its square, with a real mouse drag and with a finger (touch events through CDP).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, until } from './browser.mjs';
import { feedback, lessonContext, openPlayer, press, square } from './lesson_helpers.mjs';

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
