// The computer opponent's worker-backed API in real Chromium (issue 15): www/qitong-computer.js
// asks www/computer-worker.js, which runs the engine's own wasm module. Legal, deterministic
// answers; level 8 within its time budget while the page keeps drawing; cancellation that stops
// the search at once; errors coded as every export's.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { distUrl, launchBrowser, openPage, siteUrl, until } from './browser.mjs';

const MATED = 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3';
const STALEMATE = '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1';
const HANGING_QUEEN = 'rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A page of the site with the computer's API at `window.computer` and a frame counter. */
async function computerPage(base = siteUrl()) {
  const opened = await openPage(browser, new URL('embed.html', base).href);
  await opened.page.evaluate(async () => {
    window.computer = await import(new URL('qitong-computer.js', document.baseURI).href);
    window.frames_ = 0;
    const tick = () => {
      window.frames_ += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return opened;
}

/** `computerMove` in the page; a rejection comes back as `{ code, reason, name }`. */
function ask(page, fen, options) {
  return page.evaluate(
    ({ fen, options }) =>
      window.computer.computerMove(fen, options).catch((error) => ({ code: error.code, reason: error.reason, name: error.name })),
    { fen, options },
  );
}

test('a level-1 answer is a legal move with its SAN, and the same seed gives the same move', async () => {
  const { page, problems } = await computerPage();
  const first = await ask(page, 'start', { level: 1, seed: 11 });
  assert.match(first.uci, /^[a-h][1-8][a-h][1-8]$/);
  assert.equal(typeof first.san, 'string');
  assert.ok('cp' in first.score || 'mate' in first.score);
  await page.evaluate(() => window.computer.newComputerGame());
  const again = await ask(page, 'start', { level: 1, seed: 11 });
  assert.equal(again.uci, first.uci, 'the same seed, position and history give the same move');
  // A queen left to be taken: level 8 takes it.
  const strong = await ask(page, HANGING_QUEEN, { level: 8, depth: 4 });
  assert.deepEqual([strong.uci, strong.san], ['f3h4', 'Nxh4']);
  assert.deepEqual(problems, []);
});

test('level 8 answers within its time budget and the page keeps drawing meanwhile', async () => {
  const { page, problems } = await computerPage();
  await page.evaluate(() => window.computer.warmUpComputer());
  const { answer, elapsed, frames } = await page.evaluate(async () => {
    const framesBefore = window.frames_;
    const started = performance.now();
    const answer = await window.computer.computerMove('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3', { level: 8 });
    return { answer, elapsed: performance.now() - started, frames: window.frames_ - framesBefore };
  });
  assert.match(answer.uci, /^[a-h][1-8][a-h][1-8]$/);
  assert.ok(answer.depth >= 4, `level 8 searched only to depth ${answer.depth}`);
  // About a second (the level's own time), with room for a loaded 2-core machine's messaging.
  assert.ok(elapsed < 2_000, `level 8 took ${Math.round(elapsed)} ms`);
  assert.ok(frames >= 10, `only ${frames} frames were drawn while the computer thought`);
  assert.deepEqual(problems, []);
});

test('cancelling stops a long search at once; the next question is answered', async () => {
  const { page, problems } = await computerPage();
  await page.evaluate(() => window.computer.warmUpComputer());
  // A minute's search in the loaded worker; 20 frames later (the worker is thinking) it is cancelled.
  const { outcome, afterCancelMs } = await page.evaluate(async () => {
    const answer = window.computer.computerMove('start', { level: 8, movetimeMs: 60_000 });
    const start = window.frames_;
    await new Promise((resolve) => {
      const wait = () => (window.frames_ >= start + 20 ? resolve() : requestAnimationFrame(wait));
      wait();
    });
    const cancelledAt = performance.now();
    window.computer.cancelComputer();
    const outcome = await answer.then(() => 'answered', (error) => error.code);
    return { outcome, afterCancelMs: performance.now() - cancelledAt };
  });
  assert.equal(outcome, 'CANCELLED');
  assert.ok(afterCancelMs < 1_000, `the cancellation took ${Math.round(afterCancelMs)} ms`);
  // The next question gets a fresh worker: answered long before the cancelled minute is up.
  const { next, ms } = await page.evaluate(async () => {
    const started = performance.now();
    const next = await window.computer.computerMove('start', { level: 2, seed: 3 });
    return { next, ms: performance.now() - started };
  });
  assert.match(next.uci, /^[a-h][1-8][a-h][1-8]$/);
  assert.ok(ms < 20_000, `the next answer took ${Math.round(ms)} ms`);
  // An AbortSignal cancels too.
  const aborted = await page.evaluate(async () => {
    const controller = new AbortController();
    const answer = window.computer.computerMove('start', { level: 8, movetimeMs: 60_000, signal: controller.signal });
    controller.abort();
    return answer.then(() => 'answered', (error) => error.code);
  });
  assert.equal(aborted, 'CANCELLED');
  assert.deepEqual(problems, []);
});

test('bad questions are refused with codes, and the worker keeps answering', async () => {
  const { page, problems } = await computerPage();
  assert.deepEqual(await ask(page, 'not a fen', {}), { code: 'INVALID_FEN', reason: undefined, name: 'Error' });
  assert.deepEqual(await ask(page, 'start', { level: 9 }), { code: 'INVALID_ARGUMENT', reason: undefined, name: 'Error' });
  assert.deepEqual(await ask(page, 'start', { level: '3' }), { code: 'INVALID_ARGUMENT', reason: undefined, name: 'Error' });
  assert.deepEqual(await ask(page, 'start', { movetimeMs: 0 }), { code: 'INVALID_ARGUMENT', reason: undefined, name: 'Error' });
  assert.deepEqual(await ask(page, 'start', { history: ['x'] }), { code: 'INVALID_FEN', reason: undefined, name: 'Error' });
  assert.deepEqual(await ask(page, MATED, {}), { code: 'GAME_OVER', reason: 'checkmate', name: 'Error' });
  assert.deepEqual(await ask(page, STALEMATE, {}), { code: 'GAME_OVER', reason: 'stalemate', name: 'Error' });
  assert.equal((await ask(page, 'start', { level: 1 })).uci.length, 4);
  assert.deepEqual(problems, []);
});

test('a signal cancels its own question only, and never a later one (issue 29)', async () => {
  const { page, problems } = await computerPage();
  const outcome = await page.evaluate(async () => {
    const { computerMove } = window.computer;
    const settle = (promise) => promise.then((move) => move.uci, (error) => error.code);
    // Three questions in line; the middle one (waiting) and then the first (being searched) are
    // cancelled: the third is still answered.
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    const answers = [
      settle(computerMove('start', { level: 8, movetimeMs: 60_000, signal: controllers[0].signal })),
      settle(computerMove('start', { level: 2, seed: 1, signal: controllers[1].signal })),
      settle(computerMove('start', { level: 2, seed: 2, signal: controllers[2].signal })),
    ];
    controllers[1].abort();
    controllers[0].abort();
    const first = await Promise.all(answers);
    // A signal aborted long after its question was answered cancels nothing asked since.
    const used = new AbortController();
    const early = await settle(computerMove('start', { level: 1, signal: used.signal }));
    const later = settle(computerMove('start', { level: 2, seed: 5 }));
    used.abort();
    return { first, early, later: await later };
  });
  assert.deepEqual(outcome.first.slice(0, 2), ['CANCELLED', 'CANCELLED']);
  assert.match(outcome.first[2], /^[a-h][1-8][a-h][1-8]$/);
  assert.match(outcome.early, /^[a-h][1-8][a-h][1-8]$/);
  assert.match(outcome.later, /^[a-h][1-8][a-h][1-8]$/);
  assert.deepEqual(problems, []);
});

test('odd options reject with a coded error, never throw, and leave nothing waiting (issue 29)', async () => {
  const { page, problems } = await computerPage();
  const codes = await page.evaluate(async () => {
    const { computerMove } = window.computer;
    const attempt = (...args) => {
      try {
        return computerMove(...args).then(() => 'answered', (error) => `${error.code}`);
      } catch (error) {
        return Promise.resolve(`threw ${error?.name}`);
      }
    };
    const throwing = {};
    Object.defineProperty(throwing, 'level', { enumerable: true, get: () => { throw new Error('getter'); } });
    const proxy = new Proxy({}, { ownKeys: () => { throw new Error('trap'); } });
    return Promise.all([
      attempt('start', { level: Symbol('x') }),
      attempt('start', { seed: () => 1 }),
      attempt('start', { history: [Symbol('y')] }),
      attempt(Symbol('fen'), {}),
      attempt('start', throwing),
      attempt('start', proxy),
      attempt('start', { signal: {} }),
      attempt('start', { signal: 'stop' }),
      attempt('start', null),
    ]);
  });
  assert.deepEqual(codes, Array(9).fill('INVALID_ARGUMENT'));
  // Nothing was left waiting: a page-wide cancel now has nothing to cancel, and the next
  // question is answered.
  const after = await page.evaluate(async () => {
    window.computer.cancelComputer();
    return (await window.computer.computerMove('start', { level: 1 })).uci;
  });
  assert.match(after, /^[a-h][1-8][a-h][1-8]$/);
  assert.deepEqual(problems, []);
});

test('the built site (dist) plays the computer too', { skip: !process.env.QITONG_DIST_URL }, async () => {
  const { page, problems } = await computerPage(distUrl());
  const answer = await ask(page, 'start', { level: 3, seed: 1 });
  assert.match(answer.uci, /^[a-h][1-8][a-h][1-8]$/);
  await until(() => page.evaluate(() => window.frames_ > 0), true, 'frames');
  assert.deepEqual(problems, []);
});
