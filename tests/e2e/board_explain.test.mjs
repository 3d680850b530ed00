// <chess-board> explains every refused move: for a crafted position per family of reasons, the
// kid-worded bubble (English and Chinese), the `illegal-move` event's code and squares, and the
// squares marked on the board.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, until } from './browser.mjs';
import { boardsPage, bubbleText, clearEvents, clickSquare, dragPiece, events, pieceOn, settle, squaresWith, statusText } from './board_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// One refused attempt: set up `fen` (then play `moves` with the element's `move()`), try
// `from` → `to`, expect `code`, the marked squares and the words.
const CASES = [
  { family: 'path blocked', fen: 'start', from: 'f1', to: 'c4', code: 'path-blocked', marks: ['c4', 'e2', 'f1'], text: /The way is blocked! The piece on e2/ },
  { family: 'piece cannot move that way', fen: 'start', from: 'g1', to: 'g3', code: 'cannot-move-that-way', marks: ['g1', 'g3'], text: /knight can't move like that. Remember: The knight goes one straight and one slanted/ },
  { family: 'own piece on the target', fen: 'start', from: 'a1', to: 'a2', drag: true, code: 'own-piece-on-target', marks: ['a2'], text: /Your own piece is on a2/ },
  { family: 'pinned', fen: '4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1', from: 'e2', to: 'c3', code: 'pinned', marks: ['c3', 'e1', 'e2', 'e7'], text: /pinned: if it moves away, the piece on e7 attacks your king on e1/ },
  { family: 'king into check', fen: '4k3/8/8/8/8/8/3r4/4K3 w - - 0 1', from: 'e1', to: 'f2', code: 'king-into-check', marks: ['d2', 'e1', 'f2'], text: /The king can't go there! f2 is watched by the piece on d2/ },
  { family: 'in check, and this does not help', fen: '4k3/4r3/8/8/8/8/P7/4K3 w - - 0 1', from: 'a2', to: 'a3', code: 'in-check-does-not-help', marks: ['a2', 'a3', 'e1', 'e7'], text: /in check from e7/ },
  { family: 'castling: the king has moved', fen: 'r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1', from: 'e1', to: 'g1', code: 'castle-king-moved', marks: ['e1'], text: /The king has already moved/ },
  { family: 'castling: the rook has moved', fen: 'r3k2r/8/8/8/8/8/8/R3K2R w K - 0 1', from: 'e1', to: 'c1', code: 'castle-rook-moved', marks: ['a1'], text: /The rook from a1 has already moved/ },
  { family: 'castling: pieces in between', fen: 'r3k2r/8/8/8/8/8/8/RN2K2R w KQ - 0 1', from: 'e1', to: 'c1', code: 'castle-pieces-between', marks: ['b1'], text: /pieces between the king and the rook \(b1\)/ },
  { family: 'castling: in check', fen: '4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1', from: 'e1', to: 'g1', code: 'castle-in-check', marks: ['e7'], text: /can't castle while your king is in check/ },
  { family: 'castling: through an attacked square', fen: '4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1', from: 'e1', to: 'g1', drag: true, code: 'castle-through-attack', marks: ['f1', 'f2'], text: /pass over f1, which is attacked/ },
  { family: 'castling: onto an attacked square', fen: '4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1', from: 'e1', to: 'g1', code: 'castle-into-attack', marks: ['g1', 'g8'], text: /land on g1, which is attacked/ },
  { family: 'en passant only right away', fen: 'start', moves: ['e4', 'a6', 'e5', 'd5', 'a3', 'h6'], from: 'e5', to: 'd6', code: 'en-passant-expired', marks: ['d5', 'd6', 'e5'], text: /right after the pawn's two-step/ },
  { family: 'pawn captures on the slant', fen: '4k3/8/8/8/4p3/4P3/8/4K3 w - - 0 1', from: 'e3', to: 'e4', code: 'pawn-captures-diagonally', marks: ['e3', 'e4'], text: /walk straight but capture on the slant/ },
  { family: 'pawn moves straight', fen: 'start', from: 'e2', to: 'd3', code: 'pawn-moves-straight', marks: ['d3', 'e2'], text: /only goes on the slant when it captures/ },
  { family: 'pawn two-step only from the start', fen: 'start', moves: ['e3', 'a6'], from: 'e3', to: 'e5', code: 'pawn-two-step-only-from-start', marks: ['e3', 'e5'], text: /two squares only on its very first move/ },
  { family: 'pawns never go back', fen: '4k3/8/8/8/4P3/8/8/4K3 w - - 0 1', from: 'e4', to: 'e3', code: 'pawn-backwards', marks: ['e3', 'e4'], text: /only go forward/ },
  { family: 'not your turn', fen: 'start', from: 'e7', to: null, code: 'not-your-turn', marks: ['e7'], text: /not this colour's turn/ },
];

test('each family of explanations appears with its marks, its event and kid words', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" lang="en"></chess-board>');
  for (const c of CASES) {
    await page.evaluate(({ fen, moves }) => {
      const board = document.getElementById('b');
      board.setPosition(fen);
      for (const m of moves ?? []) board.move(m);
    }, c);
    await settle(page);
    await clearEvents(page);
    if (c.drag) {
      await dragPiece(page, 'b', c.from, c.to);
    } else {
      await clickSquare(page, 'b', c.from);
      if (c.to) await clickSquare(page, 'b', c.to);
    }
    const refused = await until(() => events(page, 'illegal-move'), (all) => all.length > 0, `${c.family}: an illegal-move event`);
    assert.equal(refused.length, 1, `${c.family}: one illegal-move event`);
    assert.equal(refused[0].detail.code, c.code, c.family);
    assert.deepEqual([...refused[0].detail.squares].sort(), c.marks, `${c.family}: event squares`);
    assert.match(refused[0].detail.message, c.text, c.family);
    await until(() => squaresWith(page, 'b', 'mark'), c.marks, `${c.family}: marked squares`);
    await until(() => bubbleText(page, 'b'), c.text, `${c.family}: bubble`);
    await until(() => statusText(page, 'b'), c.text, `${c.family}: live region`);
    await until(async () => (await events(page, 'move')).length, 0, `${c.family}: nothing moved`);
    await page.keyboard.press('Escape');
    await settle(page);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('the explanations speak the page language, and marks clear on the next touch', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b"></chess-board>', { lang: 'zh-CN' });
  await clickSquare(page, 'b', 'f1');
  await clickSquare(page, 'b', 'c4');
  await until(() => bubbleText(page, 'b'), '路被挡住啦！e2 上的棋子挡住了象的路。只有马可以跳过去。');
  await clickSquare(page, 'b', 'g1');
  await until(() => bubbleText(page, 'b'), null);
  await until(() => squaresWith(page, 'b', 'mark'), []);
  await clickSquare(page, 'b', 'g3');
  await until(() => bubbleText(page, 'b'), /马不能这样走。记住口诀：骑士直斜能跳子，棋盘格子能走遍。/);
  // The page switches to English: the board follows it, and the Chinese bubble closes (the
  // board says its situation again in the new language).
  await page.evaluate(() => {
    document.documentElement.lang = 'en';
  });
  await until(() => bubbleText(page, 'b'), null);
  await clickSquare(page, 'b', 'g3');
  await until(() => bubbleText(page, 'b'), /^The knight can't move like that/);
  await until(() => page.locator('#b input').getAttribute('aria-label'), 'Type a move (like e4, Nf3 or e2e4)');
  assert.deepEqual(problems, []);
  await context.close();
});

test('explain="off" still refuses and reports, without a bubble', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" explain="off" lang="en"></chess-board>');
  await clickSquare(page, 'b', 'f1');
  await clickSquare(page, 'b', 'c4');
  // First what the refusal does show, then what it must not.
  await until(() => statusText(page, 'b'), 'That move is not allowed.');
  await until(async () => (await events(page, 'illegal-move'))[0]?.detail.code, 'path-blocked');
  await until(() => bubbleText(page, 'b'), null);
  await until(() => squaresWith(page, 'b', 'mark'), []);
  await until(() => pieceOn(page, 'b', 'f1'), 'B');
  assert.deepEqual(problems, []);
  await context.close();
});

test('class play: touch-move is enforced and explained, fouls are counted, j\'adoube commits nothing', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" class-play lang="en"></chess-board>');
  await until(() => page.locator('#b .fouls').textContent(), 'Fouls: White 0, Black 0 (at 3 the game is lost)');
  // J'adoube: adjust the knight, then any piece may still move.
  await page.locator('#b .adjust').click();
  await clickSquare(page, 'b', 'g1');
  await until(() => bubbleText(page, 'b'), /^I adjust: the piece on g1/);
  await until(() => squaresWith(page, 'b', 'touched'), []);
  await clickSquare(page, 'b', 'e2');
  await until(() => squaresWith(page, 'b', 'touched'), ['e2']);
  await clickSquare(page, 'b', 'g1');
  const [refusal] = await until(() => events(page, 'illegal-move'), (all) => all.length > 0, 'an illegal-move event');
  assert.equal(refusal.detail.code, 'touch-move-must-move');
  await until(() => bubbleText(page, 'b'), /you touched your pawn on e2 first, so you must move it/);
  await until(() => squaresWith(page, 'b', 'selected'), ['e2']);
  await clickSquare(page, 'b', 'e4');
  await until(() => pieceOn(page, 'b', 'e4'), 'P');
  assert.equal(await page.evaluate(() => document.getElementById('b').undo()), null, 'no take-backs in class play');
  // Three attempts to put the king in danger lose the game.
  await page.evaluate(() => document.getElementById('b').setPosition('3rk3/8/8/8/8/8/8/4K3 w - - 0 1'));
  await settle(page);
  await clickSquare(page, 'b', 'e1');
  for (let foul = 1; foul <= 3; foul += 1) {
    // The king stays picked up after each refusal.
    await clickSquare(page, 'b', 'd1');
    await until(() => bubbleText(page, 'b'), new RegExp(`Foul ${foul} of 3`));
  }
  await until(() => page.locator('#b .fouls').textContent(), 'Fouls: White 3, Black 0 (at 3 the game is lost)');
  const [over] = await until(() => events(page, 'game-over'), (all) => all.length > 0, 'a game-over event');
  assert.deepEqual(over.detail, { result: '0-1', reason: 'fouls', winner: 'black', message: 'Three fouls of putting the king in danger: Black wins.' });
  assert.deepEqual(problems, []);
  await context.close();
});

test('the attacks highlight shows every square a piece attacks (verse drills)', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" highlight="attacks" fen="8/8/8/8/3R4/8/8/8 w - - 0 1"></chess-board>');
  await clickSquare(page, 'b', 'd4');
  const attacked = await until(() => squaresWith(page, 'b', 'attacked'), (all) => all.length > 0, 'attacked squares');
  assert.equal(attacked.length, 14);
  assert.ok(attacked.includes('d8') && attacked.includes('a4') && !attacked.includes('e5'));
  await until(() => squaresWith(page, 'b', 'dest'), attacked);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a game to mate fires game-over and the board stops taking moves', async () => {
  const { page, context, problems } = await boardsPage(browser, '<chess-board id="b" lang="en"></chess-board>');
  for (const [from, to] of [['f2', 'f3'], ['e7', 'e5'], ['g2', 'g4'], ['d8', 'h4']]) {
    await clickSquare(page, 'b', from);
    await clickSquare(page, 'b', to);
  }
  const [over] = await until(() => events(page, 'game-over'), (all) => all.length > 0, 'a game-over event');
  assert.deepEqual(over.detail, { result: '0-1', reason: 'checkmate', winner: 'black', message: 'Checkmate! Black wins.' });
  await until(() => squaresWith(page, 'b', 'check'), ['e1']);
  await until(() => statusText(page, 'b'), /Black queen from d8 to h4\. Check! Checkmate! Black wins\./);
  await clickSquare(page, 'b', 'a2');
  await until(() => squaresWith(page, 'b', 'selected'), []);
  await until(() => page.evaluate(() => document.getElementById('b').pgn()), /2\. g4 Qh4# 0-1/);
  assert.deepEqual(problems, []);
  await context.close();
});
