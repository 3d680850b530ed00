// How many positions `perft` (teacher module, release build) visits in 2 s on a page's main
// thread in headless Chromium: the measurement behind `perft`'s default `maxPositions`.
// usage: cargo xtask build && node benches/wasm/perft_budget.mjs [runs]   (default 3; best run counts)
// Each cell asks for a count that cannot finish (depth 7) within a budget of BUDGET positions and
// times how long the refusal (TOO_MUCH_WORK) takes: the budget is spent whole.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const www = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../www');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css' };
const BUDGET = 5_000_000;
const CELLS = {
  start: 'start',
  kiwipete: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  'position 3': '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'position 4': 'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'position 5': 'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
};
const runs = Number(process.argv[2] ?? 3);

const server = createServer(async (request, response) => {
  const file = path.join(www, decodeURIComponent(new URL(request.url, 'http://x').pathname));
  try {
    const body = await readFile(file.endsWith('/') ? path.join(file, 'index.html') : file);
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
}).listen(0, '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));

const browser = await chromium.launch({
  executablePath: process.env.QITONG_CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/check.html`);
const rates = await page.evaluate(async ({ cells, budget, runs }) => {
  const teacher = await import('./pkg/qitong_teacher.js');
  await teacher.default();
  const out = {};
  for (const [name, fen] of Object.entries(cells)) {
    let best = Infinity;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      try {
        teacher.perft(fen, 7, { maxPositions: budget });
        throw new Error(`${name}: depth 7 finished within ${budget} positions`);
      } catch (error) {
        if (error.code !== 'TOO_MUCH_WORK') throw error;
      }
      best = Math.min(best, performance.now() - started);
    }
    out[name] = budget / (best / 1000);
  }
  return out;
}, { cells: CELLS, budget: BUDGET, runs });
await browser.close();
server.close();

const slowest = Math.min(...Object.values(rates));
for (const [name, rate] of Object.entries(rates)) console.log(`${name.padEnd(12)} ${(rate / 1e6).toFixed(2)} M positions/s`);
console.log(`slowest: ${(slowest / 1e6).toFixed(2)} M positions/s → 2 s ≈ ${Math.round((2 * slowest) / 1e6)} M positions`);
