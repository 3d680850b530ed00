// Helpers for the lesson player's end-to-end tests: www/lesson.html with a test-only course
// (tests/fixtures/lesson-course/course.toml over the example lessons and the broken fixtures,
// served in place of the site's lessons/ folder, so the real curriculum can change freely), and
// input by mouse or by keyboard.
import { settle, siteUrl, until } from './browser.mjs';

/**
 * Where the test server has the file served for `lessons/<rest>` in the tests: a `.toml` as it is
 * written, a `.json` (what lesson.html reads) compiled by the server from the `.toml` beside it,
 * and the course index made by the server from the test course (whose `examples` and `broken`
 * folders are links to lessons/examples and tests/fixtures/broken, so that it finds the lessons).
 */
function lessonSource(rest) {
  if (rest === 'course.toml' || rest === 'course.json' || rest === 'course-index.json') return `fixtures/lesson-course/${rest}`;
  const [folder, name] = rest.split('/');
  if (folder === 'examples') return `lessons/examples/${name}`;
  if (folder === 'broken') return `fixtures/broken/${name}`;
  return null;
}

/** A browser context whose `lessons/` folder is the test course. */
export async function lessonContext(browser, { viewport, hasTouch = false, reducedMotion, lang, serviceWorkers } = {}) {
  const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 900 }, hasTouch, reducedMotion, serviceWorkers });
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(120_000);
  await context.route('**/lessons/**', async (route) => {
    const url = new URL(route.request().url());
    const source = lessonSource(url.pathname.split('/lessons/')[1]);
    try {
      if (source == null) await route.fulfill({ status: 404, body: 'not found' });
      else await route.fulfill({ response: await route.fetch({ url: new URL(source, siteUrl()).href }) });
    } catch (error) {
      // A test that is done closes its context while the page may still be fetching a lesson
      // (a preload): that request has no one left to answer. Anything else is a real failure.
      if (!/disposed|closed/i.test(String(error?.message))) throw error;
    }
  });
  if (lang) await context.addInitScript((l) => localStorage.setItem('qitong-lang', l), lang);
  return context;
}

/** Opens lesson.html at `hash` and waits for the player to draw. */
export async function openPlayer(context, hash = '') {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    // A missing lesson file is expected to 404 in the broken-lesson test; anything else counts.
    if ((m.type() === 'error' || m.type() === 'warning') && !m.text().includes('404')) problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(new URL(`lesson.html${hash}`, siteUrl()).href);
  // The player shows a loading line first; its heading comes with the course or the lesson.
  await page.locator('chess-lesson h1').first().waitFor();
  return { page, problems };
}

export { settle };

/** Waits for the step's board to be fitted to its place (hidden until then) and drawn: its
 *  squares are where they stay, for a test that reads their positions. */
export async function boardFitted(page) {
  await page.locator('chess-lesson .lp-board .wrap.sized').waitFor();
  await settle(page);
}

/** A player control by its action; `sq:e4` is the board's square e4 (the board widget's button),
 *  `promote:q` the piece on the board's own promotion chooser, `tray:K` a piece of the set-up
 *  tray under the board (the board's own). */
export const act = (page, action) => {
  if (action.startsWith('sq:')) return page.locator(`chess-lesson .lp-board [data-square="${action.slice(3)}"] button`);
  if (action.startsWith('promote:')) return page.locator(`chess-lesson .lp-board .promotion button[data-role="${action.slice(8)}"]`);
  if (action.startsWith('tray:')) return page.locator(`chess-lesson .lp-board .tray [data-tray="${action.slice(5)}"]`);
  return page.locator(`chess-lesson [data-act="${action}"]`).first();
};

/** The board's square button in the tab order, and the square it is. */
const focusSquare = (page) => page.locator('chess-lesson .lp-board .sq button[tabindex="0"]');
const focusName = (page) => focusSquare(page).evaluate((b) => b.closest('.sq').dataset.square);

/** What the player has drawn once a step is up: the step's own element (`[data-kind]`), for `open`'s `ready`. */
export const STEP = 'chess-lesson [data-kind]';

/**
 * Presses player control `action` (`sq:e4` for the board's square e4) by `how`: `'mouse'` (a
 * click, the default), `'touch'` (a finger's tap) or `'keyboard'` (Enter on the focused button; a
 * board square is reached with the arrow keys from the board's focus square); then waits for the
 * boards to draw (`settle`).
 */
export async function press(page, action, how = 'mouse') {
  if (how === 'keyboard' && action.startsWith('sq:')) {
    await keyToSquare(page, action.slice(3));
  } else {
    // Playwright's click and tap scroll the control into sight first; focus scrolls by itself.
    const button = act(page, action);
    if (how === 'touch') await button.tap();
    else if (how === 'keyboard') {
      await button.focus();
      await page.keyboard.press('Enter');
    } else await button.click();
  }
  await settle(page);
}

/** Presses square `sq` of the step's board by `how` (see `press`). */
export const square = (page, sq, how) => press(page, `sq:${sq}`, how);

/** Arrow keys from the board's focus square to `sq`, and Enter. */
async function keyToSquare(page, sq) {
  await focusSquare(page).focus();
  const from = await focusName(page);
  const white = (await page.locator('chess-lesson .lp-board .sq').first().getAttribute('data-square')) === 'a8';
  const df = sq.charCodeAt(0) - from.charCodeAt(0);
  const dr = sq.charCodeAt(1) - from.charCodeAt(1);
  const keys = [];
  for (let i = 0; i < Math.abs(df); i += 1) keys.push((df > 0) === white ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(dr); i += 1) keys.push((dr > 0) === white ? 'ArrowUp' : 'ArrowDown');
  for (const key of keys) await page.keyboard.press(key);
  await until(() => focusName(page), sq, 'the keyboard focus square');
  await page.keyboard.press('Enter');
}

/** Plays a move by two square presses (click-click, or keyboard). */
export async function move(page, uci, how) {
  await square(page, uci.slice(0, 2), how);
  await square(page, uci.slice(2, 4), how);
  if (uci.length === 5) await press(page, `promote:${uci[4]}`, how);
}

/** Types `text` into the answer box and presses its check button (or Enter). */
export async function answer(page, text, how) {
  const input = page.locator('chess-lesson #lp-text');
  await input.fill(text);
  if (how === 'keyboard') {
    await input.press('Enter');
    await settle(page);
  } else {
    await press(page, 'text', how);
  }
}

/** The board's placement (a FEN's first field), read from the squares' pieces. */
export async function placement(page) {
  const pieces = await page.locator('chess-lesson .lp-board [data-square]').evaluateAll((squares) =>
    squares.map((sq) => [sq.dataset.square, sq.querySelector('.piece[data-piece]')?.dataset.piece ?? null]));
  const at = new Map(pieces);
  const ranks = [];
  for (let rank = 8; rank >= 1; rank -= 1) {
    let row = '';
    let empty = 0;
    for (const file of 'abcdefgh') {
      const piece = at.get(`${file}${rank}`);
      if (piece) {
        row += (empty || '') + piece;
        empty = 0;
      } else {
        empty += 1;
      }
    }
    ranks.push(row + (empty || ''));
  }
  return ranks.join('/');
}

/**
 * A strong move for White in the board's position, from the page's own computer API. Searched
 * to a fixed depth, not for a time, so that a busy machine finds the same moves as an idle one
 * (measured 2026-12-04: a fresh engine at depth 6 mates in both open games of mates/two-rooks
 * against every defence, within 11 moves).
 */
export async function goodMove(page) {
  const fen = `${await placement(page)} w - - 0 1`;
  return page.evaluate(async (f) => {
    const { computerMove } = await import('./qitong-computer.js');
    return (await computerMove(f, { level: 8, depth: 6, movetimeMs: 60_000 })).uci;
  }, fen);
}

/** 1 once the step is complete (its green "next" button), else 0. */
export const stepComplete = (page) => page.locator('chess-lesson .lp-nav .lp-go[data-act="next"]').count();

/** In a vs-computer step, the child's moves so far, from the opponent line ("… · 3 moves", "… · 已走 3 步"). */
export const movesMade = (page) => page.locator('chess-lesson .lp-count', { hasText: /level|级/ })
  .textContent().then((text) => Number(text.match(/(\d+)\D*$/)[1]));

/**
 * In a vs-computer step, waits for the child's turn (the step no longer waits for the computer)
 * and for the board to have drawn the computer's reply; false when the step is over instead.
 * The step's text changes with its state, the board at its next animation frame: a position read
 * between the two would be the one before the reply.
 */
export async function childsTurn(page, what = 'the computer\'s reply') {
  // Read in this order: once the computer is seen not thinking, the step stays as it is until
  // the child moves, so the "next" button read after it is the step's final word.
  const state = async () => {
    if ((await page.locator('chess-lesson .lp-goal').getAttribute('data-computer')) === 'thinking') return 'thinking';
    return (await stepComplete(page)) > 0 ? 'over' : 'ready';
  };
  if ((await until(state, /^(ready|over)$/, what)) === 'over') return false;
  await settle(page);
  return true;
}

export const feedback = (page) => page.locator('chess-lesson .lp-feedback');
export const kind = (page) => page.locator('chess-lesson [data-kind]').getAttribute('data-kind');

/** The start position's pieces in the order a child sets them up (FEN letter, square). */
export function startPieces(colour) {
  const back = 'rnbqkbnr';
  const out = [];
  const files = 'abcdefgh';
  for (let i = 0; i < 8; i += 1) {
    if (colour === 'white') {
      out.push([back[i].toUpperCase(), `${files[i]}1`], ['P', `${files[i]}2`]);
    } else {
      out.push([back[i], `${files[i]}8`], ['p', `${files[i]}7`]);
    }
  }
  return out;
}
