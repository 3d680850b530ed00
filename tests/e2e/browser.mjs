// Shared set-up for the end-to-end tests: the system Chromium through playwright-core, and a
// page wrapper that records every console error, page error and failed request.
//
// `cargo xtask test` serves the site and sets QITONG_SITE_URL (the working tree at `/`),
// QITONG_DIST_URL (`dist/` under a sub-path) and QITONG_CHROMIUM (the browser binary).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { inspect, isDeepStrictEqual } from 'node:util';
import axe from 'axe-core';
import { chromium } from 'playwright-core';

function fromEnv(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run the browser tests with \`cargo xtask test\``);
  }
  return value;
}

export const siteUrl = () => fromEnv('QITONG_SITE_URL');
export const distUrl = () => fromEnv('QITONG_DIST_URL');

const courseFile = () => readFileSync(new URL('../../lessons/course.toml', import.meta.url), 'utf8');

/** The number of stages in the shipped course (`lessons/course.toml`), for the course map's tests. */
export function courseStages() {
  return courseFile().split('\n').filter((line) => line.trim() === '[[stage]]').length;
}

/** The lesson ids of the shipped course's stage `id`, in order. */
export function courseLessons(id) {
  const stage = courseFile().split('[[stage]]').find((block) => block.includes(`id = "${id}"`));
  const list = stage?.match(/^lessons = \[(.*)\]$/m)?.[1] ?? '';
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

// Never a downloaded browser: the system one, with flags for containers and CI.
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.QITONG_CHROMIUM || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

// Opens `url` in a fresh page. `problems` collects what a visitor's console would show as
// errors, plus failed and HTTP-error requests; `responses` every response, for header checks.
export async function openPage(browser, url) {
  const page = await browser.newPage();
  const problems = [];
  const responses = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  page.on('response', (response) => {
    responses.push(response);
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.goto(url);
  return { page, problems, responses };
}

/**
 * Opens `path` of the site (`null`: no page load) in a fresh page: `{ context, page, problems }`.
 * `on` is a Browser (a new context is made to the options) or the caller's own BrowserContext
 * (its routes and stored data; the context options are then ignored).
 * Context: `viewport` (1280x900), `touch` (touch and mobile emulation), `lang` (seeded into
 * localStorage before every load), `bypassCSP` (only to inject axe-core), `permissions` (granted
 * to the site's origin), `serviceWorkers`, `init` (a script run before the page's own, on every load).
 * Page: `clock` (Playwright's fake clock installed), `csp` (CSP violations logged as console errors),
 * `waitUntil` (the load event by default), `ready` (a selector waited for after loading).
 * `problems` collects page errors and console errors, and with `watch`: console `warnings`,
 * failed `requests`, and `http` error responses.
 */
export async function open(on, path, { viewport, touch = false, lang, bypassCSP = false, permissions, serviceWorkers, init, clock = false, csp = false, waitUntil, ready, watch = {} } = {}) {
  let context = on;
  if (typeof on.newContext === 'function') {
    context = await on.newContext({ viewport: viewport ?? { width: 1280, height: 900 }, hasTouch: touch, isMobile: touch, bypassCSP, serviceWorkers });
    // Generous: the test machine is often busy compiling (a cold Chromium and wasm take a while).
    context.setDefaultTimeout(60_000);
    context.setDefaultNavigationTimeout(120_000);
    if (permissions) await context.grantPermissions(permissions, { origin: new URL(siteUrl()).origin });
    if (lang) await context.addInitScript((l) => localStorage.setItem('qitong-lang', l), lang);
    if (csp) {
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
      });
    }
    if (init) await context.addInitScript(init);
  }
  const page = await context.newPage();
  if (clock) await page.clock.install();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || (watch.warnings && m.type() === 'warning')) problems.push(`console ${m.type()}: ${m.text()}`);
  });
  if (watch.requests) page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  if (watch.http) {
    page.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
  }
  if (path != null) await page.goto(new URL(path, siteUrl()).href, waitUntil ? { waitUntil } : undefined);
  if (ready) await page.locator(ready).first().waitFor();
  return { context, page, problems };
}

// The accessibility violations axe-core finds on the page as it is now, as short strings.
// axe is evaluated through the DevTools protocol, which the pages' Content-Security-Policy
// (no inline scripts) does not govern, so the pages are checked with their real CSP.
/** Waits two animation frames: the boards draw once per frame, a frame after what changed them. */
export async function settle(page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

export async function accessibilityViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  // Colours in mid-transition (a clock face just pressed) are neither state: let finite
  // transitions and animations end first (CSS transitions count, in shadow trees too).
  await settle(page);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime))
        .map((a) => a.finished.catch(() => {})),
    ),
  );
  const results = await page.evaluate(() => window.axe.run());
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`);
}

// ---- waiting for a condition -----------------------------------------------------------------
// The pages draw what an input changed at a later animation frame (the board batches its
// renders), and a loaded machine stretches that: a read right after an input may see the state
// before it. So tests wait for the state they expect, never a fixed time.

const POLL_TIMEOUT_MS = 30_000;
const POLL_INTERVAL_MS = 25;
const nextPoll = () => new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS)); // tidy: the poll interval

/**
 * Runs `check` (an async function that throws, e.g. an assertion, while the page is not there
 * yet) until it passes, and returns what it returned. On timeout, its last error is thrown, with
 * how long it was retried.
 */
export async function eventually(check, { timeout = POLL_TIMEOUT_MS } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) {
        error.message = `still failing after ${timeout / 1000} s: ${error.message}`;
        throw error;
      }
    }
    await nextPoll();
  }
}

/** Whether `value` is what `expected` asks for: a RegExp matches, a function says true, anything else is deep-equal. */
function meets(value, expected) {
  if (expected instanceof RegExp) return typeof value === 'string' && expected.test(value);
  if (typeof expected === 'function') return Boolean(expected(value));
  return isDeepStrictEqual(value, expected);
}

/**
 * Polls `read` (an async read of the page) until its value is `expected` (see `meets`) and
 * returns that value; on timeout fails with `message`, the expectation and the last value read
 * (or the last error the read threw).
 */
export async function until(read, expected, message = 'the page', { timeout = POLL_TIMEOUT_MS } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      const value = await read();
      if (meets(value, expected)) return value;
      last = `the last value was ${inspect(value, { depth: 6 })}`;
    } catch (error) {
      last = `the last read threw ${error.message}`;
    }
    if (Date.now() >= deadline) {
      const wanted = typeof expected === 'function' ? `to pass ${expected.toString()}` : inspect(expected, { depth: 6 });
      throw new assert.AssertionError({ message: `${message}: waited ${timeout / 1000} s for ${wanted}; ${last}` });
    }
    await nextPoll();
  }
}

/** Installs a 'longtask' observer in `page`; returns a function that reads the longest task (ms) since. */
export async function watchLongTasks(page) {
  await page.evaluate(() => {
    window.longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longest = Math.max(window.longest, e.duration);
    }).observe({ type: 'longtask', buffered: false });
  });
  return () => page.evaluate(() => window.longest);
}
