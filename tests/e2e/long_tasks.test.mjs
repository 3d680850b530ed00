// No long task on any page's first load (issue 27): every page of dist/ (as deployed) opened with
// an empty cache, a PerformanceObserver for 'longtask' registered before the page's own scripts,
// and no main-thread task over 50 ms until the page is drawn and the network is quiet. The
// longest task of each page is printed.
import assert from 'node:assert/strict';
import { cpus, loadavg } from 'node:os';
import { after, before, test } from 'node:test';
import { distUrl, launchBrowser, settle } from './browser.mjs';

const LIMIT_MS = 50;
/**
 * Runs per page at most. This machine (and CI) has 2 cores shared with other work, so a task may
 * be stretched by a process that is not the page's: a page passes when one of its runs has no
 * long task, and fails only when every run has one (the best run is reported). A page whose
 * own work takes over 50 ms fails every run.
 */
const RUNS = 3;

/** Each page and what shows that it is drawn (its Rust view, board or player). */
const PAGES = [
  ['index.html', '#home .hm-stop'],
  ['lesson.html', 'chess-lesson .lp-map'],
  ['lesson.html#/board/squares/1', 'chess-lesson .lp-step'],
  ['play.html', '#play chess-board, #play .board'],
  ['points.html', '#points :is(input, button, table)'],
  ['ladder.html', '#ladder :is(input, button, table)'],
  ['check.html', 'body[data-ready="true"]'],
  ['embed.html', 'chess-board'],
  ['frame.html?board', 'chess-board'],
  ['certificate.html#board', '#home .hm'],
];

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Registered before the page's scripts: notes every long task's duration. */
function observeLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask', buffered: true });
}

/** The long tasks (ms) of one first load of `address`, once `ready` shows and the network is quiet. */
async function longTasks(address, ready) {
  // The service worker is blocked: its download of the whole site is not the page's first load.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(120_000);
  try {
    await context.addInitScript(observeLongTasks);
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.goto(new URL(address, distUrl()).href);
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    await settle(page);
    assert.deepEqual(problems, [], address);
    return await page.evaluate(() => window.__longTasks);
  } finally {
    await context.close();
  }
}


for (const [address, ready] of PAGES) {
  test(`${address}: no main-thread task over ${LIMIT_MS} ms on the first load`, async () => {
    let best = null;
    let runs = 0;
    while (runs < RUNS && !(best?.longest <= LIMIT_MS)) {
      const tasks = await longTasks(address, ready);
      runs += 1;
      const longest = Math.max(0, ...tasks);
      if (best == null || longest < best.longest) best = { longest, tasks };
    }
    console.log(`long tasks: ${address}: longest ${best.longest} ms [${best.tasks.join(', ')}] (best of ${runs} runs; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`);
    assert.ok(best.longest <= LIMIT_MS, `${address}: a ${best.longest} ms task on the first load in every run (tasks: ${best.tasks.join(', ')} ms)`);
  });
}
