// The teacher's reveal and clicker (issue 28 §4), with real keyboard input in Chromium: a reveal
// shows the answer's moves as arrows played one by one on the board and names them in a sentence,
// for every kind with an answer to move (puzzle, paint drill, mate in one, special move, ways out
// of check) and the verdict of a stalemate question; the presenter's keys page with the focus in
// a class vote's count of hands (Enter leaves the box) and after a click on a piece; on play.html
// in projector mode Space presses the clock after a move made with the mouse, and the foul counter
// is big. Screenshots at 1920x1080 and 1280x720 in both languages go to /tmp/shots-clicker/.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { launchBrowser, until } from './browser.mjs';
import { feedback, lessonContext, openPlayer } from './lesson_helpers.mjs';
import { action, clickMove, openSitePage } from './play_helpers.mjs';

const SHOTS = '/tmp/shots-clicker';
const SIZES = [{ width: 1920, height: 1080 }, { width: 1280, height: 720 }];

let browser;
before(async () => {
  browser = await launchBrowser();
  await mkdir(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
});

const button = (page, act) => page.locator(`chess-lesson [data-act="${act}"]`);
const arrows = (page, brush) => page.locator(`chess-lesson .lp-board .shapes line.brush-${brush}`);
const pieceOn = (page, sq) => page.locator(`chess-lesson .lp-board [data-square="${sq}"] .piece`);
const onStep = (page, n) => page.waitForFunction((s) => location.hash.endsWith(`/${s}`), String(n));

/** Opens the test course's `hash` in projector mode. */
async function present(viewport, lang, hash) {
  const context = await lessonContext(browser, { viewport, lang });
  const { page, problems } = await openPlayer(context, `?present${hash}`);
  await page.locator('chess-lesson [data-kind]').waitFor();
  return { context, page, problems };
}

// What each reveal says and shows: the step, the arrows at the start (the first move, its piece
// still on its square), the arrows once every move is played (and where a piece then stands).
const REVEALS = [
  { hash: 'puzzle/1', first: 'd4', end: { green: 1, red: 1 }, moved: 'a4', en: /^The answer: White's rook goes from d4 to a4 and takes the bishop; then Black's /, zh: /^答案：白方的车从 d4 走到 a4，吃掉象；黑方的/ },
  { hash: 'paint/1', first: 'a1', end: { green: 8 }, en: /^The answer: the king's route a1 → .* → .*\.$/, zh: /^答案：王的路线 a1 → .*。$/ },
  { hash: 'mate-in-one/1', first: 'a1', end: { green: 1 }, moved: 'a8', en: /^The answer: White's rook goes from a1 to a8$/, zh: /^答案：白方的车从 a1 走到 a8$/ },
  { hash: 'special-move/1', first: 'e1', end: { green: 1 }, moved: 'g1', en: /^The answer: White's king goes from e1 to g1$/, zh: /^答案：白方的王从 e1 走到 g1$/ },
  { hash: 'escape-check/1', first: 'e1', end: { green: 3 }, en: /^The answer: White's king goes from e1 to \w\d; or White's knight goes from c3 to e\d; or White's bishop goes from b5 to e8 and takes the rook$/, zh: /^答案：白方的王从 e1 走到 \w\d；或者白方的马从 c3 走到 e\d；或者白方的象从 b5 走到 e8，吃掉车$/ },
];

for (const viewport of SIZES) {
  for (const lang of ['zh-CN', 'en']) {
    const said = (r) => (lang === 'en' ? r.en : r.zh);

    test(`a reveal plays the answer's moves one by one as arrows and names them (${viewport.width}x${viewport.height}, ${lang})`, async () => {
      const { context, page, problems } = await present(viewport, lang, '#/examples/puzzle/1');
      for (const reveal of REVEALS) {
        await page.evaluate((h) => { location.hash = `#/examples/${h}`; }, reveal.hash);
        await page.locator(`chess-lesson [data-kind="${reveal.hash.split('/')[0]}"]`).waitFor();
        await until(() => arrows(page, 'green').count(), 0, `${reveal.hash}: no arrow before the reveal`);
        await page.keyboard.press('r');
        await until(() => feedback(page).locator('.lp-answer-line').innerText(), said(reveal), `${reveal.hash}: the sentence`);
        // Then every move in turn, until the last one's arrows are all there.
        const total = (reveal.end.green ?? 0) + (reveal.end.red ?? 0);
        const seen = new Set();
        await until(async () => {
          const n = await page.locator('chess-lesson .lp-board .shapes line').count();
          seen.add(n);
          return n;
        }, total, `${reveal.hash}: every move's arrow`);
        assert.ok(total === 1 || seen.size > 1 || seen.has(1), `${reveal.hash}: arrows came one by one (${[...seen]})`);
        for (const [brush, n] of Object.entries(reveal.end)) await until(() => arrows(page, brush).count(), n, `${reveal.hash}: ${brush} arrows`);
        if (reveal.moved) await until(() => pieceOn(page, reveal.moved).count(), 1, `${reveal.hash}: the move is played`);
        if (reveal.hash === 'puzzle/1') await page.screenshot({ path: `${SHOTS}/reveal-puzzle-${viewport.width}-${lang}.png` });
        if (reveal.hash === 'paint/1') await page.screenshot({ path: `${SHOTS}/reveal-paint-${viewport.width}-${lang}.png` });
        // Hidden again: the step's own start, without the answer's arrows.
        await page.keyboard.press('r');
        await until(() => page.locator('chess-lesson .lp-board .shapes line').count(), 0, `${reveal.hash}: hidden`);
        await until(() => pieceOn(page, reveal.first).count(), 1, `${reveal.hash}: back at the start`);
      }
      // The first frame of a reveal is the start with the first move's arrow only.
      await page.evaluate(() => { location.hash = '#/examples/paint/1'; });
      await page.locator('chess-lesson [data-kind="paint"]').waitFor();
      await page.keyboard.press('r');
      await until(() => pieceOn(page, 'a1').count(), 1, 'the start first');
      await until(() => page.locator('chess-lesson .lp-board .shapes line').count(), 1, 'with the first move\'s arrow only');
      await until(() => page.locator('chess-lesson .lp-board .sq.painted').count(), 9, 'every square the route paints');
      await until(() => page.locator('chess-lesson .lp-board .shapes line').count(), 8, 'then the route, move by move');
      // A stalemate question says its verdict.
      await page.evaluate(() => { location.hash = '#/examples/is-stalemate/1'; });
      await page.locator('chess-lesson [data-kind="is-stalemate"]').waitFor();
      await page.keyboard.press('r');
      await until(() => feedback(page).locator('.lp-answer-line').innerText(), lang === 'en' ? 'The answer: Stalemate' : '答案：逼和');
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`the clicker pages with the focus in the count of hands and after a click on a piece (${viewport.width}x${viewport.height}, ${lang})`, async () => {
      const { context, page, problems } = await present(viewport, lang, '#/examples/class-vote/1');
      const box = page.locator('chess-lesson #lp-hands-0');
      // Enter leaves the box (the count kept), the next Enter reveals, PageDown pages.
      await box.click();
      await page.keyboard.type('4');
      await page.keyboard.press('Enter');
      await until(() => box.evaluate((e) => e.getRootNode().activeElement === e), false, 'Enter left the box');
      await page.keyboard.press('Enter');
      await until(() => button(page, 'show').getAttribute('aria-pressed'), 'true', 'the next Enter reveals');
      await until(() => page.locator('chess-lesson .lp-tally').innerText(), lang === 'en' ? /1\. Thank you: 4/ : /1\. 谢谢：4 人/);
      await page.screenshot({ path: `${SHOTS}/vote-${viewport.width}-${lang}.png` });
      await page.keyboard.press('Enter');
      await until(() => button(page, 'show').getAttribute('aria-pressed'), 'false');
      // The vote is the lesson's one step: PageDown from the box goes on to the lesson's end.
      const vote = page.locator('chess-lesson [data-kind="class-vote"]');
      await page.locator('chess-lesson #lp-hands-2').click();
      await page.keyboard.type('19');
      await page.keyboard.press('PageDown');
      await until(() => vote.count(), 0, 'PageDown paged from the box');
      await page.keyboard.press('PageUp');
      await vote.waitFor();
      await page.locator('chess-lesson #lp-hands-1').click();
      await page.keyboard.press('PageDown');
      await until(() => vote.count(), 0, 'again, with nothing typed');

      // A piece clicked with the mouse: Space is "next", PageUp "back", not the piece again.
      await page.evaluate(() => { location.hash = '#/examples/star-drill/1'; });
      await page.locator('chess-lesson [data-kind="star-drill"]').waitFor();
      await page.locator('chess-lesson .lp-board [data-square="a1"]').click();
      await page.locator('chess-lesson .lp-board .sq.selected').waitFor();
      await page.keyboard.press('Space');
      await onStep(page, 2);
      await page.locator('chess-lesson .lp-board [data-square="b1"]').click();
      await page.locator('chess-lesson .lp-board .sq.selected').waitFor();
      await page.keyboard.press('PageUp');
      await onStep(page, 1);
      await page.locator('chess-lesson .lp-board [data-square="a1"]').click();
      await page.locator('chess-lesson .lp-board .sq.selected').waitFor();
      await page.keyboard.press('PageDown');
      await onStep(page, 2);
      assert.deepEqual(problems, []);
      await context.close();
    });

    test(`play.html in projector mode: Space presses the clock after a mouse move, the foul counter is big (${viewport.width}x${viewport.height}, ${lang})`, async () => {
      const { page, context, problems } = await openSitePage(browser, 'play.html?present', { lang, viewport });
      await page.waitForFunction(() => document.querySelector('chess-board')?.shadowRoot?.querySelector('.wrap.sized'));
      await page.keyboard.press('Space');
      await until(() => action(page, 'start').count(), 0, 'Space starts the clock');
      const readonly = () => page.locator('chess-board').getAttribute('readonly');
      await until(readonly, null, 'White may move');
      await clickMove(page, 'e2', 'e4');
      await action(page, 'press').waitFor();
      await page.keyboard.press('Space');
      await until(() => action(page, 'press').count(), 0, 'Space pressed the clock (the focus was on the board)');
      await until(readonly, null, 'Black may move');
      await clickMove(page, 'e7', 'e5');
      await page.keyboard.press('Space');
      await until(() => action(page, 'press').count(), 0);
      const fouls = page.locator('chess-board .fouls');
      await fouls.waitFor();
      const size = await fouls.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
      // Projector text is 3vh (21.6 px at 720p, 32 px at 1080p); the counter a tenth more.
      assert.ok(size >= 0.03 * viewport.height * 1.05, `the foul counter is ${size}px`);
      await page.screenshot({ path: `${SHOTS}/play-${viewport.width}-${lang}.png` });
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
}
