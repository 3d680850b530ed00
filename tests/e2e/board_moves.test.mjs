// <chess-board> in real Chromium: moves by click-click, drag and touch; the legal dots; the
// promotion chooser; events and their details; a vetoed move; two independent boards; the
// element's methods.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, until } from './browser.mjs';
import {
  boardsPage, bubbleText, cell, clearEvents, clickSquare, dragPiece, events, fen, pieceOn, settle, squaresWith, touchDrag,
} from './board_helpers.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

test('click-click plays a move, fires select and move with their details, and marks the last move', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b"></chess-board>');
  await clickSquare(page, 'b', 'e2');
  await until(() => squaresWith(page, 'b', 'dest'), ['e3', 'e4']);
  await until(() => squaresWith(page, 'b', 'selected'), ['e2']);
  const [select] = await until(() => events(page, 'select'), (all) => all.length > 0, 'a select event');
  assert.deepEqual(select.detail, { square: 'e2', dests: ['e3', 'e4'] });
  assert.equal(select.bubbles && select.composed, true);
  await clickSquare(page, 'b', 'e4');
  await until(() => pieceOn(page, 'b', 'e4'), 'P');
  await until(() => pieceOn(page, 'b', 'e2'), null);
  await until(() => fen(page, 'b'), AFTER_E4);
  const [move] = await until(() => events(page, 'move'), (all) => all.length > 0, 'a move event');
  assert.deepEqual(move.detail, { san: 'e4', uci: 'e2e4', fen: AFTER_E4, from: 'e2', to: 'e4' });
  assert.equal(move.cancelable && move.bubbles && move.composed, true);
  await until(() => squaresWith(page, 'b', 'last'), ['e2', 'e4']);
  await until(() => squaresWith(page, 'b', 'dest'), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('drag and drop plays a move; a drop off the board or on an illegal square puts the piece back', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b"></chess-board>');
  await dragPiece(page, 'b', 'g1', 'f3');
  await until(() => pieceOn(page, 'b', 'f3'), 'N');
  await until(() => pieceOn(page, 'b', 'g1'), null);
  await dragPiece(page, 'b', 'e7', 'e5');
  await until(() => pieceOn(page, 'b', 'e5'), 'p');
  // Illegal drop: explained, and the bishop stays home.
  await dragPiece(page, 'b', 'f1', 'b5');
  await until(() => bubbleText(page, 'b'), /e2/);
  await until(() => pieceOn(page, 'b', 'f1'), 'B');
  const [illegal] = await until(() => events(page, 'illegal-move'), (all) => all.length > 0, 'an illegal-move event');
  assert.equal(illegal.detail.code, 'path-blocked');
  assert.deepEqual(illegal.detail.squares, ['f1', 'e2', 'b5']);
  await until(() => page.locator('#b .ghost').isVisible(), false, 'no piece left floating');
  assert.deepEqual(problems, []);
  await context.close();
});

test('touch: a finger drags a piece without scrolling; a tap-tap moves too', async () => {
  const html = '<div style="height:300px">scroll room</div><chess-board id="b"></chess-board><div style="height:2000px"></div>';
  const { page, context, problems } = await boardsPage(browser, html, { hasTouch: true, viewport: { width: 420, height: 800 } });
  const touchAction = await page.locator('#b [data-square="e2"] .piece').evaluate((el) => getComputedStyle(el).touchAction);
  assert.equal(touchAction, 'none', 'pieces take the touch');
  const emptyAction = await page.locator('#b [data-square="e4"] button').evaluate((el) => getComputedStyle(el).touchAction);
  assert.notEqual(emptyAction, 'none', 'empty squares let the page scroll');
  const before = await page.evaluate(() => window.scrollY);
  await touchDrag(page, 'b', 'd2', 'd4');
  await until(() => pieceOn(page, 'b', 'd4'), 'P');
  await until(() => page.evaluate(() => window.scrollY), before, 'dragging a piece did not scroll the page');
  await until(() => page.evaluate(() => window.__events.length), (n) => n >= 2, 'select and move fired');
  await page.tap('#b [data-square="d7"]');
  await settle(page);
  await page.tap('#b [data-square="d5"]');
  await settle(page);
  await until(() => pieceOn(page, 'b', 'd5'), 'p');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the dots and rings for a chosen piece are exactly the core legal moves', async () => {
  const position = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';
  const { page, context, problems } = await boardsPage(browser, `<chess-board id="b" fen="${position}"></chess-board>`);
  // Worked out by hand for this position (the queen may not go past a capture, the bishop's
  // f1 is free, castling is blocked by the knights).
  const legal = {
    h5: ['d1', 'e2', 'e5', 'f3', 'f5', 'f7', 'g4', 'g5', 'g6', 'h3', 'h4', 'h6', 'h7'],
    c4: ['a6', 'b3', 'b5', 'd3', 'd5', 'e2', 'e6', 'f1', 'f7'],
    e1: ['d1', 'e2', 'f1'],
    g1: ['e2', 'f3', 'h3'],
    b1: ['a3', 'c3'],
    a2: ['a3', 'a4'],
  };
  for (const [from, expected] of Object.entries(legal)) {
    await clickSquare(page, 'b', from);
    const core = await page.evaluate(([sq]) => document.getElementById('b').dests(sq).sort(), [from]);
    assert.deepEqual(core, expected, `the core's moves of ${from}`);
    await until(() => squaresWith(page, 'b', 'dest'), expected, `dots of ${from}`);
    const captures = await squaresWith(page, 'b', 'capture');
    for (const sq of captures) {
      await until(() => pieceOn(page, 'b', sq), (v) => v !== null, `a ring on ${sq} means a capture`);
    }
    await clickSquare(page, 'b', from);
  }
  await clickSquare(page, 'b', 'h5');
  await until(() => squaresWith(page, 'b', 'capture'), ['e5', 'f7', 'h7']);
  await until(async () => (await squaresWith(page, 'b', 'dest')).includes('g5'), Boolean);
  assert.deepEqual(problems, []);
  await context.close();
});

test('promotion asks for the piece (never a silent queen) and plays the one chosen', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" fen="4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"></chess-board>');
  await dragPiece(page, 'b', 'b7', 'b8');
  const chooser = page.locator('#b .promotion');
  await until(() => chooser.isVisible(), true);
  await until(() => chooser.locator('button').evaluateAll((b) => b.map((x) => x.dataset.role)), ['q', 'r', 'b', 'n']);
  await until(() => pieceOn(page, 'b', 'b7'), 'P', 'nothing played yet');
  await until(async () => (await events(page, 'move')).length, 0);
  await chooser.locator('button[data-role="n"]').click();
  await settle(page);
  await until(() => pieceOn(page, 'b', 'b8'), 'N');
  await until(() => chooser.isVisible(), false);
  const [move] = await until(() => events(page, 'move'), (all) => all.length > 0, 'a move event');
  assert.equal(move.detail.uci, 'b7b8n');
  assert.equal(move.detail.san, 'b8=N');
  // Escape cancels a promotion: the pawn stays.
  await page.evaluate(() => document.getElementById('b').setPosition('4k3/1P6/8/8/8/8/8/4K3 w - - 0 1'));
  await settle(page);
  await clickSquare(page, 'b', 'b7');
  await clickSquare(page, 'b', 'b8');
  await until(() => chooser.isVisible(), true);
  await page.keyboard.press('Escape');
  await settle(page);
  await until(() => chooser.isVisible(), false);
  await until(() => pieceOn(page, 'b', 'b7'), 'P');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a page that cancels the move event vetoes the move', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b"></chess-board>');
  await page.evaluate(() => {
    document.getElementById('b').addEventListener('move', (e) => {
      if (e.detail.san !== 'e4') e.preventDefault();
    });
  });
  await clickSquare(page, 'b', 'd2');
  await clickSquare(page, 'b', 'd4');
  await until(async () => (await events(page, 'move')).map((e) => e.detail.san), ['d4'], 'the move was proposed');
  await until(() => squaresWith(page, 'b', 'selected'), [], 'the piece is put down');
  await until(() => pieceOn(page, 'b', 'd2'), 'P');
  await until(() => pieceOn(page, 'b', 'd4'), null);
  await until(() => fen(page, 'b'), START);
  await dragPiece(page, 'b', 'e2', 'e4');
  await until(() => fen(page, 'b'), AFTER_E4);
  await until(async () => (await events(page, 'move')).map((e) => e.detail.san), ['d4', 'e4']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('two boards on one page stay independent', async () => {
  const html = '<chess-board id="one"></chess-board><chess-board id="two" lang="en" orientation="black"></chess-board>';
  const { page, context, problems } = await boardsPage(browser, html);
  await clickSquare(page, 'one', 'e2');
  await clickSquare(page, 'two', 'g1');
  await until(() => squaresWith(page, 'one', 'dest'), ['e3', 'e4']);
  await until(() => squaresWith(page, 'two', 'dest'), ['f3', 'h3']);
  await clickSquare(page, 'two', 'f3');
  await until(() => pieceOn(page, 'two', 'f3'), 'N');
  await until(() => pieceOn(page, 'one', 'f3'), null);
  await until(() => pieceOn(page, 'one', 'g1'), 'N');
  await until(() => squaresWith(page, 'one', 'selected'), ['e2'], 'still holding its pawn');
  await until(async () => (await events(page, 'move')).map((e) => e.board), ['two']);
  // The second board is seen from Black's side: h1 at the top left.
  await until(() => page.locator('#two .sq').first().getAttribute('data-square'), 'h1');
  await until(() => page.locator('#two [data-square="f3"] button').getAttribute('aria-label'), /white knight/);
  await until(() => page.locator('#one [data-square="e2"] button').getAttribute('aria-label'), /白兵/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('methods: setPosition, move, undo, flip, fen, pgn, setShapes; bad input throws coded errors', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" lang="en"></chess-board>');
  const result = await page.evaluate(() => {
    const board = document.getElementById('b');
    const attempt = (call) => {
      try {
        return call();
      } catch (error) {
        return { code: error.code, reason: error.reason, message: error.message };
      }
    };
    const out = {};
    out.e4 = board.move('e4');
    out.e5 = board.move('e7e5');
    out.unreadable = attempt(() => board.move('hello'));
    out.illegal = attempt(() => board.move('Ke3'));
    out.badFen = attempt(() => board.setPosition('no such position'));
    out.fenAfter = board.fen();
    out.pgn = board.pgn();
    out.undo = board.undo();
    out.fenUndone = board.fen();
    board.flip();
    out.orientation = board.getAttribute('orientation');
    out.badShape = attempt(() => board.setShapes([{ orig: 'z9' }]));
    board.setShapes([{ orig: 'e2', dest: 'e4' }, { orig: 'd5', brush: 'red' }]);
    board.position = '8/8/8/8/8/8/8/R7 w - - 0 1';
    out.position = board.position;
    return out;
  });
  assert.deepEqual(result.e4, { san: 'e4', uci: 'e2e4', fen: AFTER_E4, from: 'e2', to: 'e4' });
  assert.equal(result.e5.san, 'e5');
  assert.equal(result.unreadable.code, 'INVALID_MOVE');
  assert.match(result.unreadable.message, /can't read "hello"/);
  assert.equal(result.illegal.code, 'ILLEGAL_MOVE');
  assert.equal(result.illegal.reason, 'cannot-move-that-way');
  assert.match(result.illegal.message, /one step/);
  assert.equal(result.badFen.code, 'INVALID_FEN');
  assert.equal(result.fenAfter, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
  assert.match(result.pgn, /1\. e4 e5 \*/);
  assert.deepEqual(result.undo, { san: 'e5', uci: 'e7e5' });
  assert.equal(result.fenUndone, AFTER_E4);
  assert.equal(result.orientation, 'black');
  assert.equal(result.badShape.code, 'INVALID_SQUARE');
  assert.equal(result.position, '8/8/8/8/8/8/8/R7 w - - 0 1');
  await settle(page);
  await until(() => page.locator('#b .sq').first().getAttribute('data-square'), 'h1');
  await until(() => page.locator('#b .shapes line').count(), 0, 'a new position clears the drawings');
  assert.deepEqual(problems, []);
  await context.close();
});

test('teacher annotations: right-drag draws an arrow, a right-click a circle, the pen works by touch, clear removes them', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b"></chess-board>', { hasTouch: true });
  await dragPiece(page, 'b', 'e2', 'e4', { button: 'right' });
  await dragPiece(page, 'b', 'd5', 'd5', { button: 'right' });
  await until(() => page.locator('#b .shapes line.brush-green').count(), 1);
  await until(() => page.locator('#b .shapes circle.brush-green').count(), 1);
  await until(() => pieceOn(page, 'b', 'e2'), 'P', 'drawing moves nothing');
  await page.locator('#b .pen').click();
  await until(() => page.locator('#b .pen').getAttribute('aria-pressed'), 'true');
  await touchDrag(page, 'b', 'g1', 'f3');
  await until(() => page.locator('#b .shapes line').count(), 2);
  await until(() => pieceOn(page, 'b', 'g1'), 'N', 'in pen mode a finger draws');
  await page.locator('#b .clear').click();
  await settle(page);
  await until(() => page.locator('#b .shapes line, #b .shapes circle').count(), 0);
  await until(() => page.locator('#b .clear').isDisabled(), true);
  await clearEvents(page);
  await page.evaluate(() => document.getElementById('b').setShapes([{ orig: 'a1', dest: 'h8', brush: 'blue' }]));
  await settle(page);
  await until(() => page.locator('#b .shapes line.brush-blue').count(), 1);
  await until(() => cell(page, 'b', 'a1').isVisible(), Boolean);
  assert.deepEqual(problems, []);
  await context.close();
});
