// A lesson's board step fits the screen it is played on (the site's own course, both languages):
// on a laptop, a desktop, a landscape tablet and a portrait tablet the whole board and the step's
// buttons ("back", "try again", "next") are in sight without scrolling, the buttons beside or
// below the board and never over it; on a phone the buttons stay in sight at the screen's foot
// (the words between the board and them scroll in their own box), and never cover the board.
// The board widget says what happened to screen readers only (`status-line="off"`: the side column
// speaks to the child), so nothing of it hangs below the board, half cut off by the screen's edge.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, open, siteUrl, until } from './browser.mjs';
import { settle } from './lesson_helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// Board steps of several kinds, with a one-line and a two-line prompt: a puzzle, a paint drill,
// a class-rules step with its extra buttons, a verse beside its board, a game against the computer.
// rook/walls/4's prompt is two lines on a laptop in English.
const STEPS = ['give-check/check-one/2', 'bishop/paint/2', 'touch-move/adjust/3', 'rook/moves/1', 'mates/two-rooks/5', 'rook/walls/4'];

const SCREENS = [
  { name: 'Chromebook', width: 1366, height: 768 },
  { name: 'small laptop', width: 1280, height: 720 },
  { name: 'desktop', width: 1920, height: 1080 },
  { name: 'desktop browser window', width: 1920, height: 950 },
  { name: 'landscape tablet', width: 1024, height: 768, touch: true },
  { name: 'portrait tablet', width: 768, height: 1024, touch: true },
];

/** Where the board and the step's buttons are, in the viewport's coordinates. */
function boxes() {
  const shadow = document.querySelector('chess-lesson').shadowRoot;
  const rect = (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  };
  const host = shadow.querySelector('.lp-board');
  const squares = [...host.shadowRoot.querySelectorAll('[data-square]')].map(rect);
  const status = host.shadowRoot.querySelector('[role="status"]');
  const board = {
    top: Math.min(...squares.map((r) => r.top)),
    bottom: Math.max(...squares.map((r) => r.bottom)),
    left: Math.min(...squares.map((r) => r.left)),
    right: Math.max(...squares.map((r) => r.right)),
  };
  const spoken = { width: status.getBoundingClientRect().width, live: status.getAttribute('aria-live') };
  return { board, widget: rect(host), spoken, nav: rect(shadow.querySelector('.lp-nav')), width: innerWidth, height: innerHeight, scrollY };
}

const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Shows `step` (stage/lesson/n) and waits for its board to be drawn. */
async function show(page, step) {
  const url = new URL(`lesson.html#/${step}`, siteUrl()).href;
  if (page.url() === 'about:blank') await page.goto(url);
  else await page.evaluate((h) => { location.hash = h; }, `#/${step}`);
  await until(() => page.evaluate((s) => location.hash === `#/${s}`, step), true, step);
  await page.locator('chess-lesson .lp-board [data-square="a1"] button').waitFor();
  await page.evaluate(() => scrollTo(0, 0));
  await settle(page);
}

for (const lang of ['zh-CN', 'en']) {
  for (const screen of SCREENS) {
    test(`a board step and its buttons fit a ${screen.name} (${screen.width}x${screen.height}, ${lang})`, async () => {
      const { context, page, problems } = await open(browser, null, { viewport: { width: screen.width, height: screen.height }, touch: Boolean(screen.touch), lang });
      const misfits = {};
      for (const step of STEPS) {
        await show(page, step);
        const { board, widget, spoken, nav, height, width } = await page.evaluate(boxes);
        const found = [];
        if (board.top < 0 || board.bottom > height + 0.5 || board.right > width + 0.5) found.push(`board at ${Math.round(board.top)}-${Math.round(board.bottom)}`);
        if (widget.bottom > height + 0.5) found.push(`the board widget ends at ${Math.round(widget.bottom)}`);
        if (spoken.width > 1 || spoken.live !== 'polite') found.push(`the status line is ${spoken.width}px wide, aria-live ${spoken.live}`);
        if (nav.top < 0 || nav.bottom > height + 0.5) found.push(`buttons at ${Math.round(nav.top)}-${Math.round(nav.bottom)}`);
        if (overlaps(board, nav)) found.push('the buttons cover the board');
        if (found.length) misfits[step] = found.join(', ');
      }
      assert.deepEqual(misfits, {}, `the viewport is ${screen.width}x${screen.height}`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test(`on a phone the step's buttons stay at the screen's foot and never cover the board (${lang})`, async () => {
    const { context, page, problems } = await open(browser, null, { viewport: { width: 390, height: 844 }, touch: true, lang });
    for (const step of STEPS) {
      await show(page, step);
      // Scrolled to the words under the board: the buttons are on the screen, at its foot.
      await page.locator('chess-lesson .lp-side').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await settle(page);
      const { board, nav, height } = await page.evaluate(boxes);
      assert.ok(nav.top >= 0 && nav.bottom <= height + 0.5, `${step}: the buttons at ${nav.top}-${nav.bottom} of ${height}`);
      assert.ok(!overlaps(board, nav), `${step}: the buttons cover the board`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });
}
