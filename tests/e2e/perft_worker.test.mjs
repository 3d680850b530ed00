// Long perft counts off the main thread (issue 13, item 4): www/perft-worker.js counts in a
// module worker while the page keeps drawing frames, answers exactly, and sends a refusal back
// as { error: { code, message } } — the default budget (15 M positions, ~2 s) included.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { distUrl, launchBrowser, openPage, siteUrl, until } from './browser.mjs';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/**
 * A teacher page of `base` with a requestAnimationFrame counter (`perftTest.frames`) and a perft
 * worker whose answers `perftTest.answers` collects in order (`perftTest.ask(request)` posts).
 */
async function pageWithWorker(base) {
  const opened = await openPage(browser, new URL('check.html', base).href);
  await opened.page.evaluate(() => {
    const state = { frames: 0, answers: [] };
    const tick = () => {
      state.frames += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const worker = new Worker(new URL('perft-worker.js', document.baseURI), { type: 'module' });
    worker.onmessage = ({ data }) => state.answers.push(data);
    worker.onerror = (event) => state.answers.push({ workerError: event.message ?? 'a worker error' });
    state.ask = (request) => worker.postMessage(request);
    state.stop = () => worker.terminate();
    window.perftTest = state;
  });
  return opened;
}

const answers = (page) => page.evaluate(() => window.perftTest.answers);

test('the worker counts exactly while the page keeps drawing frames', async () => {
  const { page, problems } = await pageWithWorker(siteUrl());
  await page.evaluate((fen) => window.perftTest.ask({ id: 1, fen, depth: 3 }), KIWIPETE);
  await until(() => answers(page), [{ id: 1, nodes: 97_862 }], 'a short count in the worker');
  // Kiwipete depth 6: ~198 M positions (~50 s on a main thread); a count after it waits for it.
  const framesBefore = await page.evaluate((fen) => {
    window.perftTest.ask({ id: 2, fen, depth: 6, maxPositions: 1e12 });
    window.perftTest.ask({ id: 3, fen: 'start', depth: 1 });
    return window.perftTest.frames;
  }, KIWIPETE);
  await until(
    () => page.evaluate(() => window.perftTest.frames),
    (frames) => frames >= framesBefore + 60,
    'animation frames while the worker counts',
  );
  // Still counting: neither the long count nor the one queued behind it has answered.
  assert.equal((await answers(page)).length, 1, 'the long count ended within 60 frames: it was not in the worker?');
  await page.evaluate(() => window.perftTest.stop());
  assert.deepEqual(problems, []);
  await page.close();
});

test('refusals come back coded: the default budget, a small budget, a bad FEN, a bad request', async () => {
  const { page, problems } = await pageWithWorker(distUrl());
  await page.evaluate((fen) => {
    const { ask } = window.perftTest;
    ask({ id: 'default', fen, depth: 6 });
    ask({ id: 'small', fen: 'start', depth: 7, maxPositions: 1000 });
    ask({ id: 'fen', fen: 'not a position', depth: 1 });
    ask({ id: 'depth', fen: 'start', depth: '3' });
    ask({ id: 'exact', fen: 'start', depth: 4, maxPositions: 9323 });
  }, KIWIPETE);
  const all = await until(() => answers(page), (list) => list.length === 5, 'five answers', { timeout: 120_000 });
  const byId = Object.fromEntries(all.map(({ id, ...answer }) => [id, answer]));
  assert.deepEqual(all.map((a) => a.id), ['default', 'small', 'fen', 'depth', 'exact'], 'answered in order');
  assert.equal(byId.default.error?.code, 'TOO_MUCH_WORK', JSON.stringify(byId.default));
  assert.match(byId.default.error.message, /more than 15000000 positions.*too long.*perft-worker\.js/);
  assert.equal(byId.small.error?.code, 'TOO_MUCH_WORK');
  assert.match(byId.small.error.message, /more than 1000 positions/);
  assert.equal(byId.fen.error?.code, 'INVALID_FEN');
  assert.equal(byId.depth.error?.code, 'INVALID_ARGUMENT');
  assert.deepEqual(byId.exact, { nodes: 197_281 });
  await page.evaluate(() => window.perftTest.stop());
  assert.deepEqual(problems, []);
  await page.close();
});
