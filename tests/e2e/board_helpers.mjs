// Helpers for the <chess-board> end-to-end tests: a page with boards on it, the squares' places
// on screen, pointer/touch/keyboard input, and what the boards show and say.
import { openPage, settle, siteUrl } from './browser.mjs';

// Opens www/frame.html?board (which loads qitong-elements.js), then replaces its content by `html`.
// `init` runs in the page before its own scripts (to watch browser APIs).
export async function boardsPage(browser, html, { lang = 'zh-CN', viewport, hasTouch = false, reducedMotion, init } = {}) {
  const context = await browser.newContext({ viewport: viewport ?? { width: 900, height: 1000 }, hasTouch, reducedMotion });
  if (init) await context.addInitScript(init);
  // Generous: the test machine is often busy compiling (a cold Chromium and wasm take a while).
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(120_000);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(new URL('frame.html?board', siteUrl()).href);
  await page.evaluate(async ({ html, lang }) => {
    await customElements.whenDefined('chess-board');
    document.documentElement.lang = lang;
    document.body.innerHTML = `<style>chess-board { max-width: 360px; }</style>${html}`;
    window.__events = [];
    for (const board of document.querySelectorAll('chess-board')) {
      for (const type of ['move', 'illegal-move', 'game-over', 'select']) {
        board.addEventListener(type, (e) => window.__events.push({ board: board.id, type, detail: e.detail, bubbles: e.bubbles, composed: e.composed, cancelable: e.cancelable }));
      }
    }
  }, { html, lang });
  await settle(page);
  return { page, context, problems };
}

export { settle };

/** Board `board`'s square `sq` (a locator of its cell; `clickSquare` presses it). */
export function cell(page, board, sq) {
  return page.locator(`#${board} [data-square="${sq}"]`);
}

async function centre(page, board, sq) {
  await cell(page, board, sq).scrollIntoViewIfNeeded();
  const box = await cell(page, board, sq).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export async function clickSquare(page, board, sq) {
  const { x, y } = await centre(page, board, sq);
  await page.mouse.click(x, y);
  await settle(page);
}

export async function dragPiece(page, board, from, to, { button = 'left' } = {}) {
  const a = await centre(page, board, from);
  const b = await centre(page, board, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button });
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await settle(page);
  await page.mouse.up({ button });
  await settle(page);
}

// A finger dragging from one square to another, through the DevTools protocol (real touch
// events: the browser makes pointer events with pointerType "touch" from them).
export async function touchDrag(page, board, from, to) {
  const a = await centre(page, board, from);
  const b = await centre(page, board, to);
  const cdp = await page.context().newCDPSession(page);
  const point = (p) => [{ x: p.x, y: p.y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(a) });
  for (let i = 1; i <= 6; i += 1) {
    const p = { x: a.x + ((b.x - a.x) * i) / 6, y: a.y + ((b.y - a.y) * i) / 6 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(p) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await settle(page);
}

// The squares of a board carrying a class (`dest`, `capture`, `mark`, `last`, ...), sorted.
export async function squaresWith(page, board, cls) {
  const names = await page.locator(`#${board} .sq.${cls}`).evaluateAll((cells) => cells.map((c) => c.dataset.square));
  return names.sort();
}

export async function pieceOn(page, board, sq) {
  return page.locator(`#${board} [data-square="${sq}"] .piece`).getAttribute('data-piece');
}

export async function bubbleText(page, board) {
  const bubble = page.locator(`#${board} .bubble`);
  return (await bubble.isVisible()) ? (await bubble.locator('p').textContent()).trim() : null;
}

export async function statusText(page, board) {
  return (await page.locator(`#${board} .status`).textContent()).replace(/\u200b/g, '');
}

export async function events(page, type) {
  const all = await page.evaluate(() => window.__events);
  return type ? all.filter((e) => e.type === type) : all;
}

export async function clearEvents(page) {
  await page.evaluate(() => {
    window.__events = [];
  });
}

export function fen(page, board) {
  return page.evaluate((id) => document.getElementById(id).fen(), board);
}
