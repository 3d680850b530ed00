// Offline (issue 7): after a first visit to dist/ (under a sub-path), the service worker has the
// whole site; with the network cut — the browser offline AND the server stopped — the lesson
// player, the first page and the play page still load and work. A new version of the site
// (a changed file, a new manifest in sw.js) replaces the cache.
//
// The site is a copy of the dist/ that `cargo xtask test` wrote, served by a server this test
// owns, so that it can really stop it (and change files) without touching the shared one.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { distUrl, launchBrowser, until } from './browser.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MOUNT = '/school/chess/';
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.json': 'application/json', '.toml': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

/** Serves `dir` under MOUNT on a free port (only what the site needs: GET of files). */
async function serve(dir) {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://localhost');
    let rest = decodeURIComponent(url.pathname).slice(MOUNT.length);
    if (!url.pathname.startsWith(MOUNT) || rest.split('/').includes('..')) {
      response.writeHead(404).end();
      return;
    }
    if (rest === '' || rest.endsWith('/')) rest += 'index.html';
    try {
      const body = await readFile(path.join(dir, rest));
      response.writeHead(200, { 'Content-Type': TYPES[path.extname(rest)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}${MOUNT}`, server };
}

function stop(server) {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
}

let browser;
let site;
before(async () => {
  // The shared server must be up (cargo xtask test wrote dist/ for it).
  assert.ok(distUrl());
  browser = await launchBrowser();
  site = await mkdtemp(path.join(tmpdir(), 'qitong-offline-'));
  await cp(path.join(root, 'dist'), site, { recursive: true });
});
after(async () => {
  await browser?.close();
  if (site) await rm(site, { recursive: true, force: true });
});

/** A page that records problems: console errors, page errors, failed and HTTP-error requests. */
async function watched(context) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return { page, problems };
}

/** Waits until this page is controlled by an active worker whose cache is filled. */
async function controlled(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return { scope: registration.scope, caches: await caches.keys() };
  });
}

async function newContext() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(120_000);
  return context;
}

test('after a first visit, lesson.html, index.html and play.html work with the network cut', async () => {
  const { url, server } = await serve(site);
  const context = await newContext();
  try {
    const { page, problems } = await watched(context);
    await page.goto(new URL('lesson.html', url).href);
    await page.locator('chess-lesson h1').first().waitFor();
    const worker = await controlled(page);
    assert.equal(worker.scope, url, 'the worker covers the whole site, at its sub-path');
    const manifest = JSON.parse(await readFile(path.join(site, 'offline.json'), 'utf8'));
    assert.deepEqual(worker.caches, [`qitong ${url} ${manifest.version}`], 'one cache, of this site and version');
    const cachedCount = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, worker.caches[0]);
    assert.equal(cachedCount, manifest.files.length, 'every file of the manifest is cached');
    assert.deepEqual(problems, []);

    await context.setOffline(true);
    await stop(server);

    // A lesson step, with its board, from the cache (lesson files included).
    await page.reload();
    await page.locator('chess-lesson h1').first().waitFor();
    const lesson = await watched(context);
    await lesson.page.goto(new URL('lesson.html#/rook/moves/3', url).href);
    await lesson.page.locator('chess-lesson .lp-step').waitFor();
    await lesson.page.waitForFunction(() => document.querySelector('chess-lesson')?.shadowRoot?.querySelector('.lp-board')?.shadowRoot?.querySelectorAll('.sq').length === 64);
    await until(() => lesson.page.evaluate(() => navigator.serviceWorker.controller !== null), Boolean);

    const home = await watched(context);
    await home.page.goto(url);
    await home.page.locator('#home .hm-stop').first().waitFor();
    await home.page.waitForLoadState('load');
    await until(async () => (await home.page.locator('main').innerText()).length > 20, Boolean, 'the first page has its content');

    const play = await watched(context);
    await play.page.goto(new URL('play.html', url).href);
    await play.page.locator('chess-board').first().waitFor();
    await play.page.waitForFunction(() => document.querySelector('chess-board')?.shadowRoot?.querySelectorAll('[data-square]').length === 64);
    for (const { problems: found } of [{ problems }, lesson, home, play]) assert.deepEqual(found, []);
  } finally {
    await context.close();
    if (server.listening) await stop(server);
  }
});

test('a new version of the site replaces the cache', async () => {
  const { url, server } = await serve(site);
  const context = await newContext();
  try {
    const { page, problems } = await watched(context);
    await page.goto(url);
    const first = await controlled(page);
    assert.equal(first.caches.length, 1);

    // A new site: a changed page and the manifest `cargo xtask dist` would write for it.
    const workerPath = path.join(site, 'sw.js');
    const worker = await readFile(workerPath, 'utf8');
    const oldVersion = JSON.parse(await readFile(path.join(site, 'offline.json'), 'utf8')).version;
    const newVersion = 'f'.repeat(16) === oldVersion ? '0'.repeat(16) : 'f'.repeat(16);
    assert.ok(worker.includes(`"version":"${oldVersion}"`), 'dist wrote the version into sw.js');
    const index = await readFile(path.join(site, 'index.html'), 'utf8');
    await writeFile(path.join(site, 'index.html'), index.replace('</body>', '<p id="new-version">v2</p></body>'));
    await writeFile(workerPath, worker.replace(`"version":"${oldVersion}"`, `"version":"${newVersion}"`));

    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const changed = new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      await registration.update();
      await changed;
    });
    // The old cache goes in the new worker's activate step, which claims the page first.
    await until(() => page.evaluate(() => caches.keys()), [`qitong ${url} ${newVersion}`], 'only the new version is kept');

    await context.setOffline(true);
    await stop(server);
    await page.reload();
    await until(() => page.locator('#new-version').textContent(), 'v2', 'the new page is served offline');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    if (server.listening) await stop(server);
  }
});
