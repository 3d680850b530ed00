// Lighthouse (mobile: simulated slow 4G and a 4x slower CPU) on every page of dist/, served by a
// tiny static server that gzips like a real host (GitHub Pages, a school's nginx). Builds
// nothing: run `cargo xtask dist` first, then
//
//   (cd benches/web && npm ci) && node benches/web/run.mjs [--runs N] [--port P] [--only a.html,b.html] [--why]
//
// `--why` prints each run's first contentful paint, LCP element and long tasks (as simulated).
// Lighthouse has its own package.json here: it is ~110 packages (176 MB) that the browser tests'
// `npm ci` need not install. It uses the system Chromium (CHROME_PATH, default /usr/bin/chromium).
// Prints a table of each page's scores (performance, accessibility, best practices, SEO), LCP
// and TBT; with several runs, each page's run of median performance.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = path.join(root, 'dist');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 1);
const PORT = arg('port', 0);
/** `--only play.html,embed.html`: those pages alone; `--why`: each run's long tasks and LCP element. */
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null;
const WHY = process.argv.includes('--why');

/** The pages, as the site links them (the first lesson is what "Start" opens). */
const PAGES = [
  'index.html',
  'lesson.html',
  'lesson.html#/board/squares/1',
  'play.html',
  'points.html',
  'ladder.html',
  'check.html',
  'embed.html',
  'frame.html?board',
  'certificate.html#board',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.toml': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
/** What a host compresses (text and wasm; not images that are compressed already). */
const COMPRESSED = /^(text\/|application\/(json|wasm|manifest)|image\/svg)/;

/** dist/ over HTTP with gzip (level 6, as nginx's and most hosts' default) and a 10-minute cache. */
function serve() {
  const server = createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    let file = path.join(dist, decodeURIComponent(url.pathname));
    if (!file.startsWith(dist)) file = dist;
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const headers = { 'Content-Type': type, 'Cache-Control': 'max-age=600' };
    if (COMPRESSED.test(type) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      response.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
      createReadStream(file).pipe(createGzip({ level: 6 })).pipe(response);
    } else {
      response.writeHead(200, { ...headers, 'Content-Length': statSync(file).size });
      createReadStream(file).pipe(response);
    }
  });
  return new Promise((done) => server.listen(PORT, '127.0.0.1', () => done(server)));
}

/** One Lighthouse run of `url`: the four scores (0-100), LCP and TBT (ms). */
async function audit(url, port) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (WHY) {
    const fcp = lhr.audits['first-contentful-paint'].numericValue;
    const tasks = (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)} ms ${String(t.url).split('/').pop()}`);
    const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?';
    console.error(`  ${url}: FCP ${Math.round(fcp)} ms; LCP element ${lcpElement.slice(0, 100)}; long tasks (simulated): ${tasks.join(', ') || 'none'}`);
  }
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failed = CATEGORIES.slice(1).flatMap((id) =>
    lhr.categories[id].auditRefs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score != null && lhr.audits[ref.id].score < 1).map((ref) => `${id}: ${ref.id}`),
  );
  return {
    scores: CATEGORIES.map(score),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    failed,
  };
}

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('dist/ has no site: run `cargo xtask dist` first');
  process.exit(1);
}
const server = await serve();
const base = `http://127.0.0.1:${server.address().port}/`;
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const rows = [];
try {
  for (const page of PAGES.filter((p) => !ONLY || ONLY.includes(p))) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await audit(new URL(page, base).href, chrome.port));
    runs.sort((a, b) => a.scores[0] - b.scores[0]);
    const median = runs[Math.floor(runs.length / 2)];
    rows.push({ page, ...median });
    for (const failure of median.failed) console.error(`  ${page}: ${failure}`);
  }
} finally {
  await chrome.kill();
  server.close();
}

const pad = (text, width) => String(text).padEnd(width);
console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (slow 4G, 4x CPU), dist/ gzipped, ${new Date().toISOString().slice(0, 10)}${RUNS > 1 ? `, median of ${RUNS} runs` : ''}`);
console.log('| page | performance | accessibility | best practices | SEO | LCP | TBT |');
console.log('|---|---|---|---|---|---|---|');
for (const row of rows) {
  console.log(`| ${pad(`\`${row.page}\``, 32)} | ${row.scores.join(' | ')} | ${(row.lcp / 1000).toFixed(1)} s | ${Math.round(row.tbt)} ms |`);
}
const bad = rows.filter((r) => r.scores[0] < 90 || r.scores.slice(1).some((s) => s < 100) || r.lcp > 2500 || r.tbt > 200);
if (bad.length > 0) {
  console.log(`under target (performance ≥ 90, the others 100, LCP ≤ 2.5 s, TBT ≤ 200 ms): ${bad.map((r) => r.page).join(', ')}`);
  process.exitCode = 1;
}
