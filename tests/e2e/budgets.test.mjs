// Performance budgets (issue 7), measured in headless Chromium on dist/ (as deployed, under a
// sub-path) and printed:
// - the first lesson page (lesson.html#/board/squares/1, empty cache) ≤ 200 KB gzipped (issue 14),
//   everything counted (HTML, CSS, JS, wasm, lesson files, pieces, icons): its own module
//   (qitong_course_basics: no home page, no TOML reader, only the first stages' step kinds; the
//   lessons in their compiled form);
// - a board (a page with the embed guide's two lines) answers a click with a highlight
//   ≤ 300 ms after the page's load event (the time from navigation start is printed too);
// - a click's highlight is in the DOM at the first animation frame after the click.
//
// The test servers (`cargo xtask serve`, and dist/ in `cargo xtask test`) send files
// uncompressed; school servers and GitHub Pages gzip them. So each response body is gzipped here
// (zlib level 6, the common server default) and that size is counted: it is what a classroom
// downloads, independent of which server the test ran on. The service worker is blocked: its
// download of the whole site starts after the page's load event and is printed on its own.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { distUrl, launchBrowser, settle } from './browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** What the first lesson page is held at: issue 14's target, 200 KB. It was over from 2026-12-04
 *  (212.4 KB measured 2026-12-05, as qitong_course grew with issues 27 and 28) until the page
 *  loaded the course's basics module (qitong_course_basics: the kinds of the board, set-up and
 *  piece stages only; issue 27). */
const TRANSFER_BUDGET = 200 * 1024;
const TRANSFER_TARGET = 200 * 1024;
const INTERACTIVE_BUDGET_MS = 300;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** The machine's load when a time was measured (the times mean little on a busy machine). */
const load = () => `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;

async function freshContext() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(120_000);
  return context;
}

/**
 * What `address` (under dist/) downloads with an empty cache until the network is idle, once
 * `ready` shows; `setup(context)` may route made-up pages first.
 */
async function transfer(address, ready, setup = async () => {}, also = null) {
  const context = await freshContext();
  try {
    await setup(context);
    const page = await context.newPage();
    const bodies = [];
    const problems = [];
    page.on('response', (response) => {
      bodies.push(
        response.body().then(
          (body) => ({ url: response.url(), raw: body.length, gzip: gzipSync(body, { level: 6 }).length }),
          (error) => problems.push(`${response.url()}: ${error.message}`),
        ),
      );
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(new URL(address, distUrl()).href);
    for (const selector of [ready, also].filter(Boolean)) await page.locator(selector).first().waitFor();
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(bodies)).filter(Boolean);
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    const byKind = {};
    for (const f of files) {
      const ext = path.extname(new URL(f.url).pathname) || '.html';
      byKind[ext] = (byKind[ext] ?? 0) + f.gzip;
    }
    const kinds = Object.entries(byKind).sort((a, b) => b[1] - a[1]).map(([ext, bytes]) => `${ext} ${kb(bytes)}`).join(', ');
    // The lessons folder's files fetched, by their names in it (`course-index.json`, `rook/moves.json`).
    const lessons = files.map((f) => new URL(f.url).pathname.split('/lessons/')[1]).filter(Boolean).sort();
    return { total, count: files.length, kinds, problems, lessons };
  } finally {
    await context.close();
  }
}

// The first lesson page is what "Start" on the home page opens for a new child: the first
// lesson's deep link, which fetches the course file and that one lesson file. The stage map (the
// same page without a lesson in its address) needs the course index alone; it is printed too.
test(`the first lesson page with an empty cache transfers ≤ ${kb(TRANSFER_BUDGET)} gzipped`, async () => {
  const first = await transfer('lesson.html#/board/squares/1', 'chess-lesson .lp-step');
  console.log(`budget: the first lesson page (lesson.html#/board/squares/1) transfers ${kb(first.total)} gzipped in ${first.count} responses (${first.kinds}); held at ${kb(TRANSFER_BUDGET)}, issue 14's target ${kb(TRANSFER_TARGET)}: ${first.total <= TRANSFER_TARGET ? 'meets' : 'over'}`);
  const map = await transfer('lesson.html', 'chess-lesson .lp-map');
  console.log(`info: the stage map (lesson.html, the course index) transfers ${kb(map.total)} gzipped in ${map.count} responses (${map.kinds})`);
  const offline = JSON.parse(await readFile(path.join(root, 'dist', 'offline.json'), 'utf8'));
  let precache = 0;
  for (const file of offline.files) precache += gzipSync(await readFile(path.join(root, 'dist', file)), { level: 6 }).length;
  console.log(`info: the service worker then downloads the whole site for offline use: ${offline.files.length} files, ${kb(precache)} gzipped`);
  assert.deepEqual([...first.problems, ...map.problems], []);
  assert.deepEqual(first.lessons, ['board/squares.json', 'course.json'], 'the first lesson page: the course file and its own lesson');
  assert.deepEqual(map.lessons, ['course-index.json'], 'the stage map: the index alone');
  assert.ok(first.total <= TRANSFER_BUDGET, `the first lesson page transfers ${kb(first.total)}, over the budget of ${kb(TRANSFER_BUDGET)}`);
});

// Runs in the page before its scripts: each animation frame, once the first board has drawn
// its squares, presses e2 (as a mouse would) and notes when the board shows e2's moves.
function pressWhenReady() {
  const find = () => document.querySelector('chess-board')?.shadowRoot?.querySelector('.sq[data-square="e2"] button');
  const highlighted = () => document.querySelector('chess-board')?.shadowRoot?.querySelector('.sq.dest') != null;
  let pressed = false;
  const frame = () => {
    const target = find();
    if (!pressed && target && target.getBoundingClientRect().width > 0) {
      pressed = true;
      const box = target.getBoundingClientRect();
      const at = { bubbles: true, composed: true, cancelable: true, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, pointerId: 1, isPrimary: true, pointerType: 'mouse', button: 0, buttons: 1 };
      window.__pressedAt = performance.now();
      // A press selects the piece (the release that follows changes nothing).
      target.dispatchEvent(new PointerEvent('pointerdown', at));
    }
    if (pressed && highlighted()) {
      window.__interactiveAt = performance.now();
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

// The page a teacher makes from the embed guide's two lines (plus the CSP the site uses),
// served from dist/ like the site's own pages.
const TWO_LINE_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'self'; object-src 'none'">
<link rel="icon" href="favicon.svg"><title>board</title>
<script type="module" src="qitong-elements.js"></script></head>
<body><chess-board fen="start"></chess-board></body></html>`;

const routeTwoLines = (context) =>
  context.route('**/two-lines.html', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: TWO_LINE_PAGE }));

// The pages a person downloads, per page (issue 14), beside the first lesson page above: a class
// site's page with one board, a page with a board and a lesson, and the teacher pages. Each is
// held at what it downloads today or at the issue's target (so nothing grows unnoticed), and the
// target is printed beside it: one board ≤ 120 KB (the clock has its own module, the JS is
// minified); a board with a lesson ≤ 230 KB (one module for both, without the home page's
// views); the teacher pages ≤ 400 KB. The one board is held at its target since issue 15 gave
// it a computer opponent (`opponent="computer"`: 115.7 → 119.6 KB; the engine itself is in a
// worker's module that only a board playing the computer downloads). The board and the quiz are
// held at 232 since issue 27 (231.4 KB measured 2026-12-04: the elements' load-failure notes, the
// computer's failure words, the one-screen lesson step and the lazy lessons), at 234 since issue 28
// (233.2 KB measured 2026-12-05: the lesson player's wrong-move line, moves in words, the computer
// step's hint and take-back, +1.8), at 235 with issue 27's first draws (234.8 KB measured
// 2026-12-05), at 237 with the projector's reveals (236.8 KB measured), at 238 with issue 29's lesson part (237.6 KB measured 2026-12-05: the TOML reader's key index, old Mac line ends, the size limit and the problem cap), at 241 with
// the reveals of write-san, points and star drills and issue 29's damaged compiled copies (240.1 KB
// measured 2026-12-05), and at its target since issue 30 gave such a page a basics module of its own
// (`qitong_board_lessons_basics`: the boards and the basic step kinds; a lesson of another kind loads
// the module with every kind).
const PAGE_BUDGETS = [
  { what: 'a class page with one board (the embed guide\'s two lines)', address: 'two-lines.html', ready: 'chess-board [part~="board"] [data-square="e1"]', held: 120, target: 120 },
  { what: 'a class page with a board and a quiz', address: 'board-and-quiz.html', ready: 'chess-quiz .lp-step', held: 230, target: 230, also: 'chess-board [part~="board"] [data-square="e1"]' },
  // Held at 91 since issue 29 §5 (90.5 KB measured 2026-12-05: CSV imports read in steps), at 92
  // with JSON backups read in steps too (91.1 KB measured 2026-12-05: a resumable JSON reader).
  { what: 'the class ladder (teacher)', address: 'ladder.html', ready: '#record-title', held: 92, target: 400 },
  { what: 'check my lesson (teacher)', address: 'check.html', ready: '#check-button', held: 400, target: 400 },
];

const BOARD_AND_QUIZ_PAGE = TWO_LINE_PAGE.replace(
  '<body><chess-board fen="start"></chess-board></body>',
  '<body><chess-board fen="start"></chess-board><chess-quiz src="lessons/rook/moves.toml" step="7"></chess-quiz></body>',
);

test('the pages a class downloads stay within their budgets (issue 14), printed with the targets', async () => {
  const lines = [];
  const over = [];
  for (const { what, address, ready, held, target, also } of PAGE_BUDGETS) {
    const measured = await transfer(address, ready, async (context) => {
      await routeTwoLines(context);
      await context.route('**/board-and-quiz.html', (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: BOARD_AND_QUIZ_PAGE }));
    }, also);
    assert.deepEqual(measured.problems, [], what);
    const meets = measured.total <= target * 1024 ? 'meets' : 'over';
    lines.push(`${what} (${address}): ${kb(measured.total)} in ${measured.count} responses (${measured.kinds}); held at ${held} KB, issue 14's target ${target} KB: ${meets}`);
    if (measured.total > held * 1024) over.push(`${what}: ${kb(measured.total)} > ${held} KB`);
  }
  console.log(`budget: per page:\n  ${lines.join('\n  ')}`);
  assert.deepEqual(over, []);
});

/** The times of one visit of the page open in `page` (navigation start = 0). */
async function visitTimes(page) {
  await page.waitForFunction(() => window.__interactiveAt !== undefined);
  await page.waitForFunction(() => performance.getEntriesByType('navigation')[0]?.loadEventEnd > 0);
  const t = await page.evaluate(() => ({
    interactiveAt: window.__interactiveAt,
    loadAt: performance.getEntriesByType('navigation')[0].loadEventEnd,
  }));
  return { ...t, afterLoad: Math.max(0, t.interactiveAt - t.loadAt) };
}

// Each run is a fresh browser context: a first visit with an empty cache, then a second visit
// (a reload: files revalidated, the browser's compiled-wasm cache warm), as when a class opens
// the page again. The budget counts from the page's load event (issue 7: "interactive board
// ≤ 300 ms after load") and holds for the best second visit; on a machine shared with builds the
// times scatter widely. Every time is printed, first visits too.
test(`a board answers a click with a highlight ≤ ${INTERACTIVE_BUDGET_MS} ms after the load event`, async () => {
  const cold = [];
  const warm = [];
  for (let run = 0; run < 5; run += 1) {
    const context = await freshContext();
    try {
      await routeTwoLines(context);
      await context.addInitScript(pressWhenReady);
      const page = await context.newPage();
      await page.goto(new URL('two-lines.html', distUrl()).href);
      cold.push(await visitTimes(page));
      await page.reload();
      warm.push(await visitTimes(page));
    } finally {
      await context.close();
    }
  }
  const show = (times) => times.map((t) => `${t.afterLoad.toFixed(0)}`).join(', ');
  const sinceStart = (times) => times.map((t) => `${t.interactiveAt.toFixed(0)}`).join(', ');
  const best = Math.min(...warm.map((t) => t.afterLoad));
  console.log(
    `budget: a board (the two-line embed) answered a click with a highlight, after the load event: second visits ${show(warm)} ms (best ${best.toFixed(0)} ms, budget ${INTERACTIVE_BUDGET_MS} ms); first visits with an empty cache ${show(cold)} ms. From navigation start: second ${sinceStart(warm)} ms, first ${sinceStart(cold)} ms (${load()})`,
  );
  assert.ok(best <= INTERACTIVE_BUDGET_MS, `interactive ${best.toFixed(0)} ms after the load event at best`);
});

test('a click on a piece is highlighted at the first animation frame after it', async () => {
  const context = await freshContext();
  try {
    await routeTwoLines(context);
    const page = await context.newPage();
    await page.goto(new URL('two-lines.html', distUrl()).href);
    await page.locator('chess-board [data-square="e2"] button').waitFor();
    // The whole board on screen: the mouse clicks where the squares are drawn.
    await page.evaluate(() => document.querySelector('chess-board').scrollIntoView({ block: 'center' }));
    // Fitted to its place (hidden until then) and drawn: the squares are where they stay.
    await page.locator('chess-board .wrap.sized').waitFor();
    await settle(page);
    await page.evaluate(() => {
      const board = document.querySelector('chess-board');
      window.__clicks = [];
      // Bubbling on window: after the board's own listener, so the frame callback below runs
      // after the one the board asked for.
      window.addEventListener('pointerdown', (event) => {
        const started = performance.now();
        const square = window.__clicking;
        let frames = 0;
        const check = () => {
          frames += 1;
          const selected = board.shadowRoot.querySelector(`.sq.selected[data-square="${square}"]`) != null;
          const dests = board.shadowRoot.querySelectorAll('.sq.dest').length;
          if ((selected && dests > 0) || frames > 10) {
            window.__clicks.push({ square, frames, ms: performance.now() - started, sinceEvent: performance.now() - event.timeStamp });
          } else {
            requestAnimationFrame(check);
          }
        };
        requestAnimationFrame(check);
      });
    });
    const squares = ['e2', 'g1', 'b1', 'd2', 'c2', 'e2'];
    // Each a piece of the side to move, none a destination of the one before: each click selects.
    for (const [index, sq] of squares.entries()) {
      const box = await page.locator(`chess-board [data-square="${sq}"]`).boundingBox();
      await page.evaluate((name) => {
        window.__clicking = name;
      }, sq);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForFunction((n) => window.__clicks.length >= n, index + 1);
    }
    const clicks = await page.evaluate(() => window.__clicks);
    const worst = Math.max(...clicks.map((c) => c.frames));
    console.log(
      `budget: click → highlight: ${clicks.map((c) => `${c.square} ${c.frames} frame${c.frames > 1 ? 's' : ''} ${c.sinceEvent.toFixed(1)} ms`).join(', ')}; budget 1 frame (${load()})`,
    );
    assert.equal(clicks.length, squares.length);
    assert.equal(worst, 1, 'each highlight is drawn at the first frame after its click');
  } finally {
    await context.close();
  }
});
