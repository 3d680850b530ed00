// Helpers for the "Play a friend", points and <chess-clock> end-to-end tests: a page with a
// fake clock (Playwright's page.clock drives Date and setInterval, which our Rust timers use),
// the problems a visitor's console would show, and moves made by clicking squares.
import { siteUrl } from './browser.mjs';

// `bypassCSP` only for axe-core, which is injected as an inline script (the pages forbid those);
// without it, a blocked resource or script shows up in `problems` as a console error.
// `init` runs in the page before its own scripts, on every load (after the language seed).
export async function openSitePage(browser, path, { lang, viewport, fakeTime = true, bypassCSP = false, init } = {}) {
  const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 900 }, bypassCSP });
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(120_000);
  // Only the first visit: a reload must keep what the page remembered.
  if (lang) await context.addInitScript((l) => { if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('qitong-lang', l); } }, lang);
  const page = await context.newPage();
  if (fakeTime) await page.clock.install({ time: new Date('2026-11-30T09:00:00') });
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // A request the test's own reload or navigation cut short (net::ERR_ABORTED, often the icon of
  // the page being left) is no fault of the page; any other failure is.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  if (init) await context.addInitScript(init);
  await page.goto(new URL(path, siteUrl()).href);
  return { page, context, problems };
}

// Clicks `from` then `to` on the page's board.
export async function clickMove(page, from, to) {
  await page.locator(`chess-board [data-square="${from}"]`).click();
  await page.locator(`chess-board [data-square="${to}"]`).click();
}

export function action(page, name) {
  return page.locator(`[data-act="${name}"]`);
}

/** Presses the clock after a move (the page's button), and waits for the button to go. */
export async function pressClock(page) {
  await action(page, 'press').click();
  await page.locator('[data-act="press"]').waitFor({ state: 'detached' });
}
