// Every step kind as the player shows it, kind by kind from the lessons crate's table (kinds.json,
// written from `kinds::TABLE` by `cargo xtask codegen`): the first step of each example lesson
// (lessons/examples/<kind>.toml) at phone, laptop and projector sizes in Chinese, and on a laptop
// in English. Each shows its kind, its own words, its controls and the step's buttons, and its
// board in sight (or no board); a kind of the table without a case below fails. Screenshots go to
// /tmp/shots/ (`<size>-<lang>-<kind>.png`, and the map) for a person to look at.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { launchBrowser, until } from './browser.mjs';
import { boardFitted, lessonContext, openPlayer } from './lesson_helpers.mjs';

/** The kinds' table: `name`, `board` (`always`, or `optional`: only with a `fen`), `scored`, `moves`, `acts`, `prompt`. */
const KINDS = JSON.parse(readFileSync(new URL('./kinds.json', import.meta.url), 'utf8'));

/**
 * What each kind's example step shows: `words` of its own (zh, en) in the step; `controls`,
 * selectors in the player that must be visible; `pieces` on the board (square: FEN letter);
 * `marks`, board squares by class with how many; `board` for a kind whose board is optional.
 */
const SHOWS = {
  verse: { words: ['城堡通行整棋盘', 'along rows and columns'], controls: ['.lp-verse', '[data-act="pinyin"]'], pieces: { d4: 'R' }, board: true },
  narration: { words: ['棋盘有 64 个格子', 'The board has 64 squares'], controls: ['.lp-lines'], board: true },
  'star-drill': { words: ['用车吃掉所有星星', 'Collect all the stars with the rook'], controls: ['.lp-count'], pieces: { a1: 'R' }, marks: { star: 3 } },
  'setup-board': { words: ['请摆白方', 'now set up White'], controls: ['.lp-board [data-tray="K"]', '.lp-board [data-tray="P"]', '[data-act="check"]'], pieces: { e8: 'k' } },
  'find-all-moves': { words: ['点出象能走到的所有格子', 'Tap every square the bishop can reach'], controls: ['.lp-count'], pieces: { d4: 'B' } },
  'special-move': { words: ['王车易位', 'Castle! Either side is fine'], controls: [], pieces: { e1: 'K', h1: 'R' } },
  'legal-or-not': { words: ['可以易位吗', 'Can it castle?'], controls: ['[data-act="legal:1"]', '[data-act="legal:0"]'], pieces: { e1: 'K' } },
  'mate-in-one': { words: ['一步将死黑王', 'Checkmate the black king in one move'], controls: [], pieces: { a1: 'R', g8: 'k' } },
  'escape-check': { words: ['用三种不同的方法应将', 'Get out of it in three different ways'], controls: [], pieces: { e1: 'K', e8: 'r' } },
  'is-stalemate': { words: ['这是什么局面', 'What is this?'], controls: ['[data-act="judge:stalemate"]', '[data-act="judge:checkmate"]', '[data-act="judge:neither"]'], pieces: { c7: 'Q' } },
  quiz: { words: ['握手以后由谁开钟', 'who starts the clock?'], controls: ['[data-act="choose:0"]', '[data-act="choose:2"]'], board: false },
  'write-san': { words: ['把这步棋记下来', 'Write this move down'], controls: ['#lp-text', '[data-act="text"]'], pieces: { g1: 'N' } },
  'points-calculator': { words: ['小明 150 分', 'Ming has 150'], controls: ['.lp-question', '#lp-text', '[data-act="text"]'], board: false },
  demo: { words: ['同一个局面出现三次', 'The same position three times'], controls: ['[data-act="demo-next"]'], pieces: { g1: 'N' } },
  'class-play': { words: ['摸了哪个棋子，就要走哪个棋子', 'Move the piece you touch'], controls: ['.lp-question'], pieces: { e2: 'P' } },
  'class-vote': { words: ['输了棋以后应该说什么', 'What do you say after losing a game?'], controls: ['[data-act="choose:0"]', '.lp-hands input', '[data-act="reveal"]'], board: false },
  'vs-computer': { words: ['用后和王将死黑王', 'Checkmate the black king with your queen'], controls: ['.lp-goal[data-computer]', '.lp-count'], pieces: { h1: 'Q', e8: 'k' } },
  puzzle: { words: ['车可以吃马，也可以吃象', 'The rook can take the knight or the bishop'], controls: ['.lp-goal[data-goal]'], pieces: { d4: 'R', d5: 'n' } },
  paint: { words: ['把这个角涂满', 'the king paints this corner'], controls: ['.lp-count'], pieces: { a1: 'K' } },
  'tap-squares': { words: ['点一点 e4', 'Tap e4'], controls: ['.lp-count'] },
};

const SIZES = [
  ['phone', { width: 390, height: 844 }, ['zh-CN']],
  ['laptop', { width: 1280, height: 800 }, ['zh-CN', 'en']],
  ['projector', { width: 1920, height: 1080 }, ['zh-CN']],
];

let browser;
before(async () => {
  browser = await launchBrowser();
  await mkdir('/tmp/shots', { recursive: true });
});
after(async () => {
  await browser?.close();
});

test('every kind of the table has a case here, and every case is a kind', () => {
  assert.deepEqual(Object.keys(SHOWS).sort(), KINDS.map((k) => k.name).sort(), 'a new kind needs its case in SHOWS (and an example lesson)');
  for (const kind of KINDS) {
    const { board } = SHOWS[kind.name];
    assert.ok(kind.board === 'optional' || board !== false, `${kind.name}: its step always has a board`);
  }
});

/** The step's text as a child reads it: the pinyin over the characters left out. */
const stepWords = (page) => page.locator('chess-lesson .lp-step').evaluate((el) => {
  const copy = el.cloneNode(true);
  for (const reading of copy.querySelectorAll('rt')) reading.remove();
  return copy.textContent.replace(/\s+/g, ' ');
});

/** Where the board's squares are on the screen, and the screen's height. */
const boardBox = (page) => page.locator('chess-lesson .lp-board').evaluate((host) => {
  const squares = [...host.shadowRoot.querySelectorAll('[data-square]')].map((s) => s.getBoundingClientRect());
  return { top: Math.min(...squares.map((r) => r.top)), bottom: Math.max(...squares.map((r) => r.bottom)), width: Math.max(...squares.map((r) => r.right)) - Math.min(...squares.map((r) => r.left)), height: innerHeight };
});

for (const [size, viewport, langs] of SIZES) {
  for (const lang of langs) {
    test(`every step kind shows its words, controls and board: ${size} (${viewport.width}x${viewport.height}, ${lang}), with screenshots`, async () => {
      const context = await lessonContext(browser, { viewport, lang });
      const { page, problems } = await openPlayer(context);
      await page.screenshot({ path: `/tmp/shots/${size}-${lang}-map.png` });
      for (const kind of KINDS) {
        const shows = SHOWS[kind.name];
        const where = `${kind.name} (${size}, ${lang})`;
        await page.evaluate((h) => { location.hash = h; }, `#/examples/${kind.name}/1`);
        await page.locator(`chess-lesson .lp-step[data-kind="${kind.name}"]`).waitFor();
        const words = shows.words[lang === 'en' ? 1 : 0];
        await until(() => stepWords(page), (text) => text.includes(words), `${where}: its words "${words}"`);
        for (const control of [...shows.controls, '.lp-nav [data-act="next"]']) {
          await page.locator(`chess-lesson .lp-step ${control}`).first().waitFor({ state: 'visible' });
        }
        if (shows.board === false) {
          await until(() => page.locator('chess-lesson .lp-board').count(), 0, `${where}: no board`);
        } else {
          await boardFitted(page);
          const box = await boardBox(page);
          assert.ok(box.top >= 0 && box.top < box.height && box.width >= 150, `${where}: the board in sight, ${JSON.stringify(box)}`);
          for (const [sq, piece] of Object.entries(shows.pieces ?? {})) {
            await page.locator(`chess-lesson .lp-board [data-square="${sq}"] .piece[data-piece="${piece}"]`).waitFor();
          }
          for (const [mark, n] of Object.entries(shows.marks ?? {})) {
            await until(() => page.locator(`chess-lesson .lp-board .sq.${mark}`).count(), n, `${where}: ${n} squares marked ${mark}`);
          }
        }
        await page.screenshot({ path: `/tmp/shots/${size}-${lang}-${kind.name}.png`, fullPage: true });
      }
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}
