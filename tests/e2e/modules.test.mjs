// Which wasm module each page downloads (see README, "The wasm modules", and xtask/src/modules.rs): a page with only
// boards fetches the elements' module (qitong_elements_bg.wasm) and neither the app nor the
// lessons module; the play page, whose own Rust drives its board, fetches the app alone; lesson.html
// fetches the course's basics module, and the one that plays every kind for a later stage; the home
// page (the course map) fetches only its own module; a clock's frame only the clock's, which a
// board page fetches when a clock is added; a page with a board and a quiz in its
// markup fetches the one module that serves both; a lesson element added later to a board page
// loads the lessons module then.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { distUrl, launchBrowser, siteUrl, until } from './browser.mjs';
import { lessonContext } from './lesson_helpers.mjs';
import { action, clickMove } from './play_helpers.mjs';

// Every context blocks the service worker: after the load event it downloads the whole site
// (every module), which is not the page's download, and under load it kept 'networkidle' off.

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A page of `context` that records the file names of the wasm modules it requests. */
async function watchedPage(context) {
  const page = await context.newPage();
  const wasm = [];
  const problems = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop();
    if (name.endsWith('.wasm')) wasm.push(name);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  return { page, wasm, problems };
}

/** frame.html?board in a new context, once its board is drawn and the network is idle. */
async function boardFrame(context = null) {
  const ctx = context ?? (await browser.newContext({ serviceWorkers: 'block' }));
  ctx.setDefaultTimeout(60_000);
  const watched = await watchedPage(ctx);
  // Not 'load': one CI run stalled 60 s there; what the tests need is the board, awaited below.
  await watched.page.goto(new URL('frame.html?board', siteUrl()).href, { waitUntil: 'domcontentloaded' });
  await watched.page.evaluate(() => customElements.whenDefined('chess-board'));
  await watched.page.locator('chess-board [part~="board"]').first().waitFor();
  await watched.page.waitForLoadState('networkidle');
  return { context: ctx, ...watched };
}

test('lesson.html (from dist/ under a sub-path) downloads the course\'s basics module and no other', async () => {
  const context = await lessonContext(browser, { serviceWorkers: 'block' });
  const { page, wasm, problems } = await watchedPage(context);
  await page.goto(new URL('lesson.html', distUrl()).href);
  await page.locator('chess-lesson .lp > *').first().waitFor();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(wasm, ['qitong_course_basics_bg.wasm']);
  assert.deepEqual(problems, []);
  await context.close();
});

/**
 * lesson.html of dist/ at `hash`, with the site's own course, in a new context; counts the
 * players' `need-module` events.
 */
async function coursePage(hash) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  context.setDefaultTimeout(60_000);
  // `need-module` does not bubble: a capturing listener on the window sees it on its way down.
  await context.addInitScript(() => {
    window.moduleAsks = 0;
    window.addEventListener('need-module', () => window.moduleAsks++, true);
  });
  const watched = await watchedPage(context);
  await watched.page.goto(new URL(`lesson.html${hash}`, distUrl()).href);
  return { context, ...watched };
}

test('a lesson of a stage after the basics, opened from the map, starts the module that plays every kind and shows its step', async () => {
  const { context, page, wasm, problems } = await coursePage('');
  await page.locator('chess-lesson .lp-map, chess-lesson .lp-stage').first().waitFor();
  // The first lesson of mates: its steps include kinds the basics module leaves out.
  await page.evaluate(() => {
    location.hash = '#/mates/rook/3';
  });
  await page.locator('chess-lesson .lp-step[data-kind="mate-in-one"]').waitFor();
  await page.locator('chess-lesson [part~="board"], chess-lesson .lp-board').first().waitFor();
  assert.equal(await page.evaluate(() => window.moduleAsks), 1, 'asked once');
  assert.deepEqual(wasm, ['qitong_course_basics_bg.wasm', 'qitong_course_bg.wasm']);
  // The map and a basic lesson still work, in the module that now plays everything.
  await page.evaluate(() => {
    location.hash = '#/board/squares/1';
  });
  await page.locator('chess-lesson .lp-step[data-kind="narration"]').waitFor();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(wasm, ['qitong_course_basics_bg.wasm', 'qitong_course_bg.wasm'], 'no module downloaded again');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a deep link into a stage after the basics starts the module that plays every kind at once', async () => {
  const { context, page, wasm, problems } = await coursePage('#/mates/rook/3');
  await page.locator('chess-lesson .lp-step[data-kind="mate-in-one"]').waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal(await page.evaluate(() => window.moduleAsks), 0, 'no detour through the basics module');
  // The page's preload fetches the basics module's wasm (the first visit's path) all the same.
  assert.ok(wasm.includes('qitong_course_bg.wasm'), wasm.join());
  assert.deepEqual(problems, []);
  await context.close();
});

/** The wasm modules a page of dist/ downloads until it shows `ready` and the network is quiet. */
async function modulesOf(address, ready) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  context.setDefaultTimeout(60_000);
  try {
    const { page, wasm, problems } = await watchedPage(context);
    await page.goto(new URL(address, distUrl()).href);
    await page.locator(ready).waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(problems, [], address);
    return wasm;
  } finally {
    await context.close();
  }
}

test('the home page (the course map) downloads the home page\'s module and no other', async () => {
  assert.deepEqual(await modulesOf('index.html', '.hm-trail'), ['qitong_home_bg.wasm']);
});

test('the class ladder downloads the ladder page\'s own module and no other', async () => {
  assert.deepEqual(await modulesOf('ladder.html', 'body[data-ready="true"]'), ['qitong_ladder_bg.wasm']);
});

test('a page with only boards downloads the elements\' module and not the app or the lessons module', async () => {
  const { context, page, wasm, problems } = await boardFrame();
  assert.deepEqual(wasm, ['qitong_elements_bg.wasm']);
  await until(() => page.evaluate(() => Boolean(customElements.get('chess-quiz'))), true, 'the lesson elements are defined');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a quiz added to a board page loads the lessons module then, once, and plays', async () => {
  const { context, page, wasm, problems } = await boardFrame(await lessonContext(browser, { serviceWorkers: 'block' }));
  assert.deepEqual(wasm, ['qitong_elements_bg.wasm']);
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<chess-quiz id="q1" src="lessons/examples/narration.toml"></chess-quiz><chess-quiz id="q2" src="lessons/examples/narration.toml"></chess-quiz>',
    );
  });
  await page.locator('#q1 .lp > *').first().waitFor();
  await page.locator('#q2 .lp > *').first().waitFor();
  assert.deepEqual(wasm, ['qitong_elements_bg.wasm', 'qitong_lessons_bg.wasm']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a clock\'s frame downloads the clock\'s module alone, and the clock runs', async () => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  context.setDefaultTimeout(60_000);
  const { page, wasm, problems } = await watchedPage(context);
  await page.goto(new URL('frame.html?clock=5+3&lang=en', distUrl()).href, { waitUntil: 'domcontentloaded' });
  const clock = page.locator('chess-clock');
  await until(() => clock.locator('.face.white .time').textContent(), '5:00');
  await page.waitForLoadState('networkidle');
  assert.deepEqual(wasm, ['qitong_clock_bg.wasm']);
  await clock.locator('.face.black').click();
  await until(() => clock.evaluate((c) => c.running), 'white');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a clock added to a board page loads the clock\'s module then and is defined when it is ready', async () => {
  const { context, page, wasm, problems } = await boardFrame();
  assert.deepEqual(wasm, ['qitong_elements_bg.wasm']);
  const state = await page.evaluate(async () => {
    document.body.insertAdjacentHTML('beforeend', '<chess-clock time-control="3+2"></chess-clock>');
    await customElements.whenDefined('chess-clock');
    return document.querySelector('chess-clock').state;
  });
  assert.equal(state, 'ready');
  await page.locator('chess-clock').locator('.face.black').click();
  await until(() => page.locator('chess-clock').evaluate((c) => c.running), 'white');
  assert.deepEqual(wasm, ['qitong_elements_bg.wasm', 'qitong_clock_bg.wasm']);
  assert.deepEqual(problems, []);
  await context.close();
});

// A class site's page (from dist/, with the site's CSP) with a board and a quiz in its markup.
const BOARD_AND_QUIZ_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'self'; object-src 'none'">
<title>board and quiz</title><script type="module" src="qitong-elements.js"></script></head>
<body><chess-board fen="start"></chess-board><chess-quiz src="lessons/examples/narration.toml"></chess-quiz></body></html>`;

test('a page with a board and a quiz in its markup downloads one module for both, and both work', async () => {
  const context = await lessonContext(browser, { serviceWorkers: 'block' });
  await context.route('**/board-and-quiz.html', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: BOARD_AND_QUIZ_PAGE }));
  const { page, wasm, problems } = await watchedPage(context);
  await page.goto(new URL('board-and-quiz.html', distUrl()).href);
  await page.locator('chess-quiz .lp > *').first().waitFor();
  const board = page.locator('chess-board');
  await board.locator('[part~="board"] [data-square="e2"]').waitFor();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(wasm, ['qitong_board_lessons_basics_bg.wasm']);
  // The board is the full element: its JS API moves, and a click shows the piece's moves.
  await board.evaluate((b) => b.move('e2e4'));
  await until(() => board.evaluate((b) => b.position), /^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b /);
  await board.locator('[data-square="g8"]').click();
  await until(() => board.locator('.sq.dest').evaluateAll((cells) => cells.map((c) => c.dataset.square).sort()), ['f6', 'h6'], 'g8\'s moves are shown');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a class page whose quiz has a later step kind starts in the basics module, then plays it in the one with every kind', async () => {
  const context = await lessonContext(browser, { serviceWorkers: 'block' });
  const body = BOARD_AND_QUIZ_PAGE.replace('examples/narration.toml', 'examples/mate-in-one.toml');
  await context.route('**/board-and-quiz.html', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body }));
  const { page, wasm, problems } = await watchedPage(context);
  await page.goto(new URL('board-and-quiz.html', distUrl()).href);
  await page.locator('chess-quiz .lp-step[data-kind="mate-in-one"]').waitFor();
  await page.locator('chess-board [part~="board"] [data-square="e2"]').waitFor();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(wasm, ['qitong_board_lessons_basics_bg.wasm', 'qitong_board_lessons_bg.wasm']);
  // The board stays the one it started as, and still plays.
  const board = page.locator('chess-board');
  await board.evaluate((b) => b.move('e2e4'));
  await until(() => board.evaluate((b) => b.position), /^rnbqkbnr\/pppppppp\/8\/8\/4P3\/8\/PPPP1PPP\/RNBQKBNR b /);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the play page downloads the app module alone: its board and its view share one instance', async () => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  context.setDefaultTimeout(60_000);
  const { page, wasm, problems } = await watchedPage(context);
  await page.goto(new URL('play.html', distUrl()).href);
  await page.locator('chess-board [part~="board"] [data-square="e2"]').waitFor();
  await page.waitForLoadState('networkidle');
  assert.deepEqual(wasm, ['qitong_bg.wasm']);
  // The view reaches its board's and its clock's Rust halves (one instance): Black starts the
  // clock, White moves, and the view offers White's press and hands the clock to Black.
  await action(page, 'start').click();
  await until(() => page.locator('chess-clock').evaluate((c) => c.running), 'white');
  await clickMove(page, 'e2', 'e4');
  await action(page, 'press').click();
  await until(() => page.locator('chess-clock').evaluate((c) => c.running), 'black');
  assert.deepEqual(problems, []);
  await context.close();
});
