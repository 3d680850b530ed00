// The teacher's reveal for the kinds whose answer is a route or typed text (issue 28 §4), with
// real key input in Chromium: a star drill plays a shortest route that collects every star, move
// by move (the other side's scripted replies as red arrows) and names the route; a write-san step
// names the move's notation and says the move in words, and a written game is played on the
// board move by move with its score sheet filled; a points question shows its worked answer
// (D, the table's cell, both changes). R and Enter reveal, R hides. Screenshots at 1920x1080
// and 1366x768 in both languages go to /tmp/shots-reveals/.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { launchBrowser, until } from './browser.mjs';
import { feedback, lessonContext, openPlayer } from './lesson_helpers.mjs';

const SHOTS = '/tmp/shots-reveals';
const SIZES = [{ width: 1920, height: 1080 }, { width: 1366, height: 768 }];

let browser;
before(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

const shapes = (page) => page.locator('chess-lesson .lp-board .shapes line');
const arrows = (page, brush) => page.locator(`chess-lesson .lp-board .shapes line.brush-${brush}`);
const pieceOn = (page, sq) => page.locator(`chess-lesson .lp-board [data-square="${sq}"] .piece`);
const answerLine = (page) => feedback(page).locator('.lp-answer-line').innerText();
const pressed = (page) => page.locator('chess-lesson [data-act="show"]').getAttribute('aria-pressed');

/** Opens the test course's `hash` in projector mode and waits for the step of `kind`. */
async function present(viewport, lang, hash) {
  const context = await lessonContext(browser, { viewport, lang });
  const { page, problems } = await openPlayer(context, `?present${hash}`);
  await page.locator(`chess-lesson [data-kind="${hash.split('/')[2]}"]`).waitFor();
  return { context, page, problems };
}

/** Goes to another step of the test course and waits for it. */
async function goTo(page, hash) {
  await page.evaluate((h) => { location.hash = h; }, hash);
  await page.locator(`chess-lesson [data-kind="${hash.split('/')[2]}"]`).waitFor();
}

/** Waits for `total` arrows, noting every count seen on the way (the moves come one by one). */
async function allArrows(page, total, what) {
  const seen = new Set();
  await until(async () => {
    const n = await shapes(page).count();
    seen.add(n);
    return n;
  }, total, `${what}: every move's arrow`);
  assert.ok(seen.size > 1 || seen.has(1), `${what}: the arrows came one by one (${[...seen]})`);
}

const WORDS = {
  en: {
    rook: /^The answer: the rook's route a1 → a5 → e5 → e8\.$/,
    knight: 'The answer: the knight\'s route a1 → c2 → a3 → b5.',
    san: 'The answer: Nf3 (White\'s knight goes from g1 to f3)',
    game: 'The answer: 1. e4 e5 2. Nf3',
    points: 'The answer: D = 150 − 50 = 100; the player with fewer points won: D/2 = 50; so Ming gets -50 and Hong +50',
    draw: 'The answer: D = 80 − 80 = 0; a draw: the player with fewer points gains: 0; so Player A gets 0 and Player B 0',
  },
  'zh-CN': {
    rook: /^答案：车的路线 a1 → a5 → e5 → e8。$/,
    knight: '答案：马的路线 a1 → c2 → a3 → b5。',
    san: '答案：Nf3（白方的马从 g1 走到 f3）',
    game: '答案：1. e4 e5 2. Nf3',
    points: '答案：分差 D = 150 − 50 = 100；分少的一方赢了：D/2 = 50；所以小明 -50 分，小红 +50 分',
    draw: '答案：分差 D = 80 − 80 = 0；和棋，分少的一方得分：0；所以甲 0 分，乙 0 分',
  },
};

for (const viewport of SIZES) {
  for (const lang of ['zh-CN', 'en']) {
    const words = WORDS[lang];
    const size = `${viewport.width}x${viewport.height}, ${lang}`;

    test(`a star drill's reveal plays a shortest route that collects every star (${size})`, async () => {
      const { context, page, problems } = await present(viewport, lang, '#/examples/star-drill/1');
      const stars = page.locator('chess-lesson .lp-board .sq.star');
      await until(() => stars.count(), 3, 'three stars to collect');
      assert.match(await page.locator('chess-lesson .lp-help').innerText(), /R/);
      await page.keyboard.press('r');
      await until(() => answerLine(page), words.rook, 'the route in words');
      // The stars go one by one as the rook reaches them.
      const left = new Set();
      await until(async () => {
        left.add(await stars.count());
        return shapes(page).count();
      }, 3, 'the rook\'s three moves');
      await until(() => stars.count(), 0, 'every star collected');
      assert.ok(left.has(2) || left.has(1), `the stars went one by one (${[...left]})`);
      await until(() => arrows(page, 'green').count(), 3, 'the rook\'s moves are green');
      await until(() => pieceOn(page, 'e8').count(), 1, 'the rook ends on the last star');
      await page.screenshot({ path: `${SHOTS}/star-drill-${viewport.width}-${lang}.png` });
      await page.keyboard.press('r');
      await until(() => pressed(page), 'false', 'hidden again');
      await until(() => shapes(page).count(), 0, 'no arrows once hidden');
      await until(() => pieceOn(page, 'a1').count(), 1, 'the rook back at its start');

      // The other side's scripted replies come as red arrows; the sentence is the knight's route.
      await goTo(page, '#/examples/star-drill/4');
      await page.keyboard.press('Enter');
      await until(() => answerLine(page), words.knight, 'the knight\'s route');
      await allArrows(page, 5, 'the knight and the pawn');
      await until(() => arrows(page, 'red').count(), 2, 'the pawn\'s two replies');
      await until(() => pieceOn(page, 'b5').count(), 1, 'the knight on the last star');
      await until(() => pieceOn(page, 'h5').count(), 1, 'the pawn moved twice');
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`a write-san reveal names the notation and the move, and plays a written game (${size})`, async () => {
      const { context, page, problems } = await present(viewport, lang, '#/examples/write-san/1');
      await page.keyboard.press('r');
      await until(() => answerLine(page), words.san, 'the notation and the move in words');
      await until(() => arrows(page, 'green').count(), (n) => n >= 1, 'the move\'s arrow');
      await until(() => pieceOn(page, 'g1').count(), 1, 'the board shows the move from where it starts');
      await page.screenshot({ path: `${SHOTS}/write-san-${viewport.width}-${lang}.png` });
      await page.keyboard.press('r');
      await until(() => pressed(page), 'false', 'hidden again');
      assert.equal(await feedback(page).locator('.lp-answer-line').count(), 0, 'no answer once hidden');

      // A game written down: its moves one by one, White's green and Black's red, the sheet full.
      await goTo(page, '#/examples/write-san/3');
      await page.keyboard.press('r');
      await until(() => answerLine(page), words.game, 'the score sheet');
      await allArrows(page, 3, 'the game');
      await until(() => arrows(page, 'red').count(), 1, 'Black\'s move');
      await until(() => pieceOn(page, 'f3').count(), 1, 'the knight on f3 at the end');
      const sheet = await page.locator('chess-lesson .lp-sheet').innerText();
      assert.match(sheet, /1\. e4 e5\s+2\. Nf3/);
      await page.screenshot({ path: `${SHOTS}/write-san-game-${viewport.width}-${lang}.png` });
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`a points reveal shows the worked answer (${size})`, async () => {
      const { context, page, problems } = await present(viewport, lang, '#/examples/points-calculator/1');
      assert.match(await page.locator('chess-lesson .lp-help').innerText(), /R/);
      await page.keyboard.press('Enter');
      await until(() => answerLine(page), words.points, 'D, the cell and both changes');
      assert.equal(await feedback(page).locator('.lp-big-stars').count(), 0, 'no stars for the class');
      await page.screenshot({ path: `${SHOTS}/points-${viewport.width}-${lang}.png` });
      await page.keyboard.press('r');
      await until(() => pressed(page), 'false', 'hidden again');
      await page.keyboard.press('PageDown');
      await page.waitForFunction(() => location.hash.endsWith('/2'));
      await page.keyboard.press('r');
      await until(() => answerLine(page), words.draw, 'a draw between equals moves nothing');
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}
