// <chess-board> for everyone: a keyboard-only game, the aria-live announcements, the typed-move
// box, axe-core on the embed guide www/embed.html (also from dist/ under a sub-path), and screenshots at 320 px
// and 1920 px (saved to test-results/ to be looked at).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { accessibilityViolations, distUrl, launchBrowser, openPage, siteUrl, until, eventually } from './browser.mjs';
import { boardsPage, bubbleText, clickSquare, events, fen, pieceOn, settle, squaresWith, statusText } from './board_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function focused(page) {
  return page.evaluate(() => {
    const board = document.activeElement;
    const inner = board?.shadowRoot?.activeElement;
    return inner?.closest('.sq')?.dataset.square ?? inner?.tagName ?? null;
  });
}

async function keys(page, ...names) {
  for (const name of names) await page.keyboard.press(name);
  await settle(page);
}

test('a keyboard-only game: Tab in, arrows move the focus, Enter picks up and puts down, Escape cancels', async () => {
  const { page, context, problems } = await boardsPage(browser, '<button id="before">before</button><chess-board id="b"></chess-board>');
  await page.focus('#before');
  await keys(page, 'Tab');
  await until(() => focused(page), 'e2', 'the board is one tab stop, starting on e2');
  await until(() => page.locator('#b button[tabindex="0"]').count(), 1, 'roving tabindex');
  await keys(page, 'Enter');
  await until(() => squaresWith(page, 'b', 'selected'), ['e2']);
  await until(() => statusText(page, 'b'), '拿起 e2 的兵。可以走到：e3、e4。');
  await keys(page, 'ArrowUp', 'ArrowUp');
  await until(() => focused(page), 'e4');
  await until(() => page.locator('#b [data-square="e4"] button').getAttribute('aria-label'), /^e4 空格，可以走到这里/);
  await keys(page, 'Enter');
  await until(() => pieceOn(page, 'b', 'e4'), 'P');
  await until(() => statusText(page, 'b'), '白方兵从 e2 走到 e4。');
  // Black: e7-e5 with Space.
  await keys(page, 'ArrowUp', 'ArrowUp', 'ArrowUp', ' ', 'ArrowDown', 'ArrowDown', ' ');
  await until(() => pieceOn(page, 'b', 'e5'), 'p');
  // White picks up the queen, changes its mind (Escape), then plays Ng1-f3.
  await keys(page, 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'Enter');
  await until(() => squaresWith(page, 'b', 'selected'), ['d1']);
  await keys(page, 'Escape');
  await until(() => squaresWith(page, 'b', 'selected'), []);
  await until(() => statusText(page, 'b'), '放下了。');
  await keys(page, 'End', 'ArrowLeft', 'Enter', 'ArrowUp', 'ArrowUp', 'ArrowLeft', 'Enter');
  await until(() => pieceOn(page, 'b', 'f3'), 'N');
  // Black answers by typing in the move box.
  await keys(page, 'Tab');
  await until(() => focused(page), 'INPUT');
  await page.keyboard.type('Nc6');
  await keys(page, 'Enter');
  await until(() => pieceOn(page, 'b', 'c6'), 'n');
  await until(() => page.locator('#b input').inputValue(), '', 'the box empties after a move');
  await page.keyboard.type('Bc4');
  await keys(page, 'Enter');
  await until(() => pieceOn(page, 'b', 'c4'), 'B');
  await until(async () => (await events(page, 'move')).map((e) => e.detail.san), ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4']);
  await until(() => fen(page, 'b'), 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the live region announces moves, captures, checks and refusals in the page language', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" lang="en" fen="4k3/8/8/3p4/4P3/8/8/R3K3 w Q - 0 1"></chess-board>');
  const live = page.locator('#b [role="status"]');
  await until(() => live.getAttribute('aria-live'), 'polite');
  await until(() => statusText(page, 'b'), 'White to move.', 'at load: whose turn it is');
  await clickSquare(page, 'b', 'e4');
  await clickSquare(page, 'b', 'd5');
  await until(() => statusText(page, 'b'), 'White pawn from e4 takes the pawn on d5.');
  await page.evaluate(() => document.getElementById('b').move('Kf7'));
  await clickSquare(page, 'b', 'e1');
  await clickSquare(page, 'b', 'c1');
  await until(() => statusText(page, 'b'), 'White castles queen side.');
  await page.evaluate(() => document.getElementById('b').move('Kf6'));
  await clickSquare(page, 'b', 'd1');
  await clickSquare(page, 'b', 'f1');
  await until(() => statusText(page, 'b'), 'White rook from d1 to f1. Check!');
  await clickSquare(page, 'b', 'c1');
  await until(() => statusText(page, 'b'), "It is not this colour's turn yet. Wait for your partner!");
  // The same refusal twice is announced twice (the text changes invisibly).
  const first = await live.textContent();
  await clickSquare(page, 'b', 'c1');
  await until(() => live.textContent(), (v) => v !== first);
  assert.deepEqual(problems, []);
  await context.close();
});

test('squares are an ARIA grid of labelled buttons; marks are also shapes, not only colours', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" lang="en"></chess-board>');
  await until(() => page.locator('#b [role="grid"]').count(), 1);
  await until(() => page.locator('#b [role="grid"] > [role="row"]').count(), 8);
  await until(() => page.locator('#b [role="row"] > [role="gridcell"] > button').count(), 64);
  await until(() => page.locator('#b [data-square="e1"] button').getAttribute('aria-label'), 'e1, white king');
  await until(() => page.locator('#b [data-square="e4"] button').getAttribute('aria-label'), 'e4, empty');
  await clickSquare(page, 'b', 'e2');
  const dotRadius = () => page.locator('#b [data-square="e4"] button').evaluate((b) => getComputedStyle(b, '::before').borderRadius);
  await until(dotRadius, '50%', 'a destination is a round dot');
  const high = await boardsPage(browser, '<chess-board id="h" theme="high-contrast" fen="4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1"></chess-board>');
  await clickSquare(high.page, 'h', 'e4');
  await until(() => high.page.locator('#h [data-square="d5"] button').evaluate((b) => getComputedStyle(b, '::before').borderTopStyle), 'solid', 'a capture is a ring');
  await until(async () => (await high.page.locator('#h .sq').evaluateAll((cells) => [...new Set(cells.map((c) => getComputedStyle(c).backgroundColor))])).sort(), ['rgb(125, 125, 125)', 'rgb(255, 255, 255)']);
  await high.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

for (const [where, url] of [['the working tree', siteUrl], ['dist/ under a sub-path', distUrl]]) {
  test(`axe-core finds no violations on embed.html from ${where}, also with a bubble and the chooser open`, async () => {
    // axe-core is injected as an inline script, which the page's CSP forbids: bypass it here.
    const context = await browser.newContext({ bypassCSP: true });
    context.setDefaultTimeout(60_000);
    const { page, problems, responses } = await openPage(context, new URL('embed.html', url()).href);
    await page.waitForSelector('[data-example="board"] chess-board >> .piece[data-piece]');
    // The guide's live board example (it has no id: it is exactly the copyable snippet).
    await page.evaluate(() => {
      document.querySelector('[data-example="board"] chess-board').id = 'first-board';
    });
    // Two live boards: the board example and the one that plays the computer.
    await until(() => page.locator('[data-example] chess-board').count(), 2);
    // The widgets far down start as the reader comes near them: scroll to each, as a reader does.
    for (const kind of ['computer', 'lesson', 'quiz']) await page.locator(`[data-example="${kind}"]`).scrollIntoViewIfNeeded();
    await page.locator('[data-example="lesson"] chess-lesson .lp > *').first().waitFor();
    await page.locator('[data-example="quiz"] chess-quiz .lp > *').first().waitFor();
    assert.deepEqual(await accessibilityViolations(page), []);
    await clickSquare(page, 'first-board', 'f1');
    await clickSquare(page, 'first-board', 'c4');
    await until(() => bubbleText(page, 'first-board'), (v) => v !== null);
    await page.evaluate(() => document.getElementById('first-board').setPosition('4k3/1P6/8/8/8/8/8/4K3 w - - 0 1'));
    await clickSquare(page, 'first-board', 'b7');
    await clickSquare(page, 'first-board', 'b8');
    assert.deepEqual(await accessibilityViolations(page), []);
    for (const response of responses) {
      assert.ok(response.url().startsWith(url()), `${response.url()} is outside ${url()}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('sizes from its container: 320 px phones and a 1920 px projector, crisp whole-pixel squares', async () => {
  mkdirSync('test-results', { recursive: true });
  const phone = await boardsPage(browser, '<chess-board id="b" fen="r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"></chess-board>', {
    viewport: { width: 320, height: 640 },
  });
  await phone.page.evaluate(() => {
    document.querySelector('style').textContent = 'body { margin: 0; } chess-board { max-width: none; }';
  });
  await settle(phone.page);
  await clickSquare(phone.page, 'b', 'f8');
  await clickSquare(phone.page, 'b', 'a3');
  // The board refits at a frame after its container changed: wait for its new size.
  await eventually(async () => {
    const small = await phone.page.locator('#b .board').boundingBox();
    assert.ok(small.width <= 320 && small.width >= 300, `board ${small.width} px wide on a 320 px phone`);
    assert.equal((small.width / 8) % 1, 0, 'whole-pixel squares');
  });
  await until(() => phone.page.evaluate(() => document.documentElement.scrollWidth), 320, 'nothing sticks out sideways');
  await until(() => squaresWith(phone.page, 'b', 'last'), ['a3', 'f8']);
  await phone.page.screenshot({ path: 'test-results/board-320.png', fullPage: true });
  assert.deepEqual(phone.problems, []);
  await phone.context.close();

  const projector = await boardsPage(browser, '<chess-board id="b" theme="projector" coordinates="outside"></chess-board>', {
    viewport: { width: 1920, height: 1080 },
  });
  await projector.page.evaluate(() => {
    document.querySelector('style').textContent = 'body { margin: 0; } chess-board { max-width: none; height: 100vh; }';
    document.getElementById('b').setShapes([{ orig: 'e2', dest: 'e4' }, { orig: 'd5', brush: 'red' }]);
  });
  await settle(projector.page);
  await clickSquare(projector.page, 'b', 'g1');
  await eventually(async () => {
    const big = await projector.page.locator('#b .board').boundingBox();
    const frame = await projector.page.locator('#b .frame').boundingBox();
    assert.ok(frame.y + frame.height <= 1080, `the framed board (${frame.height} px) fits the screen height`);
    assert.ok(big.width >= 800, `a big board on a projector (${big.width} px)`);
    assert.equal((big.width / 8) % 1, 0, 'whole-pixel squares');
    const coordinate = await projector.page.locator('#b .frame-coords span').first().evaluate((s) => parseFloat(getComputedStyle(s).fontSize));
    assert.ok(coordinate >= 28, `coordinates readable from the back of the class (${coordinate} px)`);
  });
  await until(() => squaresWith(projector.page, 'b', 'selected'), ['g1']);
  await projector.page.screenshot({ path: 'test-results/board-1920.png' });
  // Without a height from the page, the board still fits the window.
  await projector.page.evaluate(() => {
    document.querySelector('style').textContent = 'body { margin: 0; } chess-board { max-width: none; }';
  });
  await eventually(async () => {
    const unbounded = await projector.page.locator('#b .wrap').boundingBox();
    assert.ok(unbounded.height <= 1080, `board, toolbar and status (${unbounded.height} px) fit the window`);
  });
  // Live on resize: a narrower window makes a smaller board.
  await projector.page.setViewportSize({ width: 700, height: 1080 });
  await eventually(async () => {
    const resized = await projector.page.locator('#b .board').boundingBox();
    assert.ok(resized.width < 700, `resized to ${resized.width} px`);
  });
  assert.deepEqual(projector.problems, []);
  await projector.context.close();
});

test('status-line="off": the line is read out but not shown, and the board takes its room; on again, it is back', async () => {
  const { context, page, problems } = await boardsPage(browser, '<chess-board id="b" toolbar="off" status-line="off"></chess-board>', {
    viewport: { width: 1920, height: 1080 }, lang: 'en',
  });
  await page.evaluate(() => {
    document.querySelector('style').textContent = 'body { margin: 0; } chess-board { max-width: none; height: 100vh; }';
  });
  await settle(page);
  const statusBox = () => page.locator('#b .status').evaluate((s) => ({ width: s.getBoundingClientRect().width, live: s.getAttribute('aria-live') }));
  // The board fills the screen's height: no room is kept for a line nobody sees.
  await eventually(async () => {
    const board = await page.locator('#b .board').boundingBox();
    assert.ok(board.height >= 1056 && board.y + board.height <= 1080, `board ${board.height} px at ${board.y}`);
  });
  assert.deepEqual(await statusBox(), { width: 1, live: 'polite' });
  // Screen readers still hear what happened.
  await clickSquare(page, 'b', 'g1');
  await clickSquare(page, 'b', 'f3');
  await until(() => statusText(page, 'b'), (t) => /knight from g1 to f3/.test(t), 'the move is said');
  // Switched on (the property mirrors the attribute): the line is shown under a smaller board.
  await page.evaluate(() => { document.getElementById('b').statusLine = 'on'; });
  await until(() => page.locator('#b').getAttribute('status-line'), 'on');
  await eventually(async () => {
    const board = await page.locator('#b .board').boundingBox();
    const status = await page.locator('#b .status').boundingBox();
    assert.ok(status.width > 100 && status.y >= board.y + board.height, `the status line under the board (${status.width} px wide at ${status.y})`);
    assert.ok(status.y + status.height <= 1080, 'and on the screen');
  });
  assert.deepEqual(problems, []);
  await context.close();
});
