// The lesson player in real Chromium: one lesson of every step kind (lessons/examples/, through
// a test-only course) completed by mouse and again by keyboard, each ending on the lesson's
// "complete" screen with a `complete` event; a drag and a touch drag play drill moves.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, until } from './browser.mjs';
import { act, answer, feedback, kind, lessonContext, move, openPlayer, press, settle, square, startPieces } from './lesson_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const next = (page, how) => press(page, 'next', how);

async function setUp(page, pieces, how) {
  for (const [piece, sq] of pieces) {
    await press(page, `tray:${piece}`, how);
    await square(page, sq, how);
  }
  await press(page, 'check', how);
}

/** How to solve each example lesson, step by step. */
const solutions = {
  verse: [async () => {}, async () => {}],
  narration: [async () => {}],
  'star-drill': [
    async (page, how) => { for (const m of ['a1a5', 'a5e5', 'e5e8']) await move(page, m, how); },
    async (page, how) => { for (const m of ['b1c3', 'c3e4', 'e4d6']) await move(page, m, how); },
    async (page, how) => { for (const m of ['a1h1', 'h1h4', 'h4h8']) await move(page, m, how); },
    async (page, how) => { for (const m of ['a1c2', 'c2a3', 'a3b5']) await move(page, m, how); },
  ],
  'setup-board': [
    async (page, how) => setUp(page, startPieces('white'), how),
    async (page, how) => setUp(page, [...startPieces('white'), ...startPieces('black')], how),
  ],
  'find-all-moves': [
    async (page, how) => { for (const sq of ['c5', 'b6', 'a7', 'e5', 'f6', 'e3', 'f2', 'g1', 'c3']) await square(page, sq, how); },
    async (page, how) => { for (const sq of ['c2', 'f3', 'g2']) await square(page, sq, how); },
  ],
  'special-move': [
    async (page, how) => move(page, 'e1g1', how),
    async (page, how) => move(page, 'e5d6', how),
    async (page, how) => move(page, 'e7e8q', how),
  ],
  'legal-or-not': [0, 0, 0, 0, 1].map((legal) => async (page, how) => press(page, `legal:${legal}`, how)),
  'mate-in-one': [async (page, how) => move(page, 'a1a8', how)],
  'escape-check': [async (page, how) => { for (const m of ['e1d1', 'b5e8', 'c3e4']) await move(page, m, how); }],
  'is-stalemate': ['stalemate', 'checkmate', 'neither'].map((v) => async (page, how) => press(page, `judge:${v}`, how)),
  quiz: [
    async (page, how) => press(page, 'choose:1', how),
    async (page, how) => {
      await press(page, 'toggle:0', how);
      await press(page, 'toggle:2', how);
      await press(page, 'submit', how);
    },
  ],
  'write-san': [
    async (page, how) => answer(page, 'Nf3', how),
    async (page, how) => answer(page, 'O-O', how),
    async (page, how) => { for (const san of ['e4', 'e5', 'Nf3']) await answer(page, san, how); },
  ],
  'points-calculator': [
    async (page, how) => answer(page, await award(page, 150, 50, 0), how),
    async (page, how) => answer(page, await award(page, 80, 80, 0.5), how),
  ],
  demo: [1, 2].map(() => async (page, how) => {
    // "Play next move" until the demo's end (the button goes away).
    for (let i = 0; i < 60 && (await act(page, 'demo-next').count()); i += 1) await press(page, 'demo-next', how);
  }),
  'class-play': [
    async (page, how) => { for (const m of ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6']) await move(page, m, how); },
    async (page, how) => move(page, 'g1f3', how),
    async (page, how) => {
      await move(page, 'f1c4', how);
      await press(page, 'offer-draw', how);
      await press(page, 'press-clock', how);
    },
  ],
  'class-vote': [async (page, how) => { await press(page, 'choose:0', how); await press(page, 'reveal', how); }],
  // The king paints its corner square by square; the rook paints the squares it passes too.
  paint: [
    async (page, how) => { for (const m of ['a1b1', 'b1c1', 'c1c2', 'c2b2', 'b2a2', 'a2a3', 'a3b3', 'b3c3']) await move(page, m, how); },
    async (page, how) => { for (const m of ['a1d1', 'd1d4', 'd4a4', 'a4a2', 'a2c2', 'c2c3']) await move(page, m, how); },
  ],
  // The named square; the knight on a4 nobody defends; both knights the black pieces attack.
  'tap-squares': [
    async (page, how) => square(page, 'e4', how),
    async (page, how) => square(page, 'a4', how),
    async (page, how) => { for (const sq of ['a4', 'f3']) await square(page, sq, how); },
  ],
};

/** A's points change, from the site's own JS API (the table is the classroom's, not the test's). */
async function award(page, a, b, score) {
  return page.evaluate(async ([a, b, score]) => {
    const api = await import('./pkg/qitong.js');
    await api.default(); // lesson.html loads only the lessons module: start the app's here.
    // The app module has pointsAfterGame (pointsAward is a teacher export): the change is the
    // difference, in tenths to stay exact.
    const after = api.pointsAfterGame(a, b, score);
    return String(Math.round(after.a * 10 - a * 10) / 10);
  }, [a, b, score]);
}

for (const how of ['mouse', 'keyboard']) {
  test(`every step kind's example lesson can be completed by ${how}`, async () => {
    const context = await lessonContext(browser, { lang: 'en' });
    const { page, problems } = await openPlayer(context, '#/examples/verse/1');
    await page.evaluate(() => {
      window.__complete = [];
      document.addEventListener('complete', (e) => window.__complete.push({ ...e.detail, composed: e.composed }));
    });
    for (const [lesson, steps] of Object.entries(solutions)) {
      await page.evaluate((h) => { location.hash = h; }, `#/examples/${lesson}/1`);
      // The lesson's own first step (the last lesson's screen is still there until it draws).
      await page.locator(`chess-lesson [data-kind="${lesson}"]`).waitFor();
      await act(page, 'retry').or(act(page, 'next')).first().waitFor();
      for (const [i, solve] of steps.entries()) {
        const stepKind = await kind(page);
        await solve(page, how);
        if (!['verse', 'narration'].includes(stepKind)) {
          const done = () => page.locator('chess-lesson .lp-nav .lp-go[data-act="next"]').count();
          await until(done, 1, `${lesson} step ${i + 1} (${stepKind}) complete by ${how}`).catch(async (error) => {
            error.message += `; the feedback says: ${await feedback(page).textContent()}`;
            throw error;
          });
        }
        await next(page, how);
      }
      await page.locator('chess-lesson .lp-done').waitFor();
      const events = await until(() => page.evaluate(() => window.__complete), (all) => all.at(-1)?.lesson === `examples/${lesson}`, `a complete event for examples/${lesson}`);
      assert.equal(events.at(-1).lesson, `examples/${lesson}`);
      assert.equal(events.at(-1).composed, true);
    }
    await until(() => page.evaluate(() => JSON.parse(localStorage.getItem('qitong-progress-v1'))?.lessons['examples/mate-in-one']?.[0]), 3, 'three stars for mate-in-one, stored');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a wrong move is explained by the rules, and drags by mouse and by finger play moves', async () => {
  const context = await lessonContext(browser, { lang: 'en', hasTouch: true });
  const { page, problems } = await openPlayer(context, '#/examples/star-drill/1');
  await move(page, 'a1b2', 'mouse');
  await until(() => feedback(page).textContent(), /rook can't move like that/i);
  await until(async () => (await page.locator('chess-lesson .lp-board .sq.mark').count()) > 0, true, 'the squares of the reason are marked');
  const centre = async (sq) => {
    const box = await page.locator(`chess-lesson .lp-board [data-square="${sq}"]`).boundingBox();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const a = await centre('a1');
  const b = await centre('a5');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
  await settle(page);
  await until(() => page.locator('chess-lesson .lp-board [data-square="a5"] .piece[data-piece]').count(), Boolean, 'the rook was dragged to a5');
  const c = await centre('e5');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: b.x, y: b.y, id: 1 }] });
  for (let i = 1; i <= 6; i += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: b.x + ((c.x - b.x) * i) / 6, y: b.y, id: 1 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await settle(page);
  await until(() => page.locator('chess-lesson .lp-board [data-square="e5"] .piece[data-piece]').count(), Boolean, 'the finger dragged the rook to e5');
  await press(page, 'retry', 'mouse');
  await until(() => page.locator('chess-lesson .lp-board [data-square="a1"] .piece[data-piece]').count(), Boolean, 'retry puts the step back to its own start');
  await until(() => page.locator('chess-lesson .lp-board .sq.star').count(), 3);
  assert.deepEqual(problems, []);
  await context.close();
});
