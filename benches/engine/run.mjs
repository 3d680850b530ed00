// The computer opponent's speed, side by side: the same searches (fixed depth, level 8, a fresh
// 8 MB table each) natively (the UCI example, release), in Node (the shipped `qitong_computer`
// wasm module) and in headless Chromium (through www/qitong-computer.js and its Web Worker, as a
// page plays). The node counts must agree — the search is deterministic — and the table prints
// nodes per second and each wasm side's share of native speed. Issue 15.
//
// usage: node benches/engine/run.mjs [runs]        (default 3; the best run counts)
// needs: `cargo xtask build` done (www/pkg/qitong_computer*), Chromium at $QITONG_CHROMIUM or
// /usr/bin/chromium, and `npm ci` (playwright-core). The native side is built here.
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.argv[2] ?? 3);

/** Positions and depths: each about a second natively on a 2-core machine. */
const CELLS = [
  { name: 'start', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', depth: 10 },
  { name: 'Kiwipete', fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', depth: 8 },
  { name: 'middlegame', fen: 'r1bq1rk1/pp2bppp/2n2n2/3p4/3P4/2NBPN2/PP3PPP/R2QK2R w KQ - 0 9', depth: 9 },
  { name: 'endgame', fen: '8/2k5/3p4/p2P1p2/P2P1P2/8/3K4/8 w - - 0 1', depth: 26 },
];

function best(samples) {
  return samples.reduce((a, b) => (b.nps > a.nps ? b : a));
}

// Each side is started once and then searches one cell at a time; the runs alternate between the
// sides (native, Node, Chromium, native, …) so that the load of a shared machine falls on all three.

// --- native: the UCI front end -------------------------------------------------------------
async function native() {
  execFileSync('cargo', ['build', '--release', '-q', '-p', 'qitong-engine', '--example', 'uci'], { cwd: root, stdio: 'inherit' });
  const target = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
  const engine = spawn(join(target, 'release', 'examples', 'uci'), [], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: engine.stdout });
  const waiting = [];
  const seen = [];
  lines.on('line', (line) => {
    seen.push(line);
    if (waiting.length && waiting[0].test(line)) waiting.shift().resolve(seen.splice(0));
  });
  const send = (command, until) =>
    new Promise((resolve) => {
      if (until) waiting.push({ test: (line) => line.startsWith(until), resolve });
      engine.stdin.write(`${command}\n`);
      if (!until) resolve([]);
    });
  await send('uci', 'uciok');
  await send('setoption name Hash value 8');
  return {
    async search(cell) {
      await send('ucinewgame');
      await send(`position fen ${cell.fen}`);
      const output = await send(`go depth ${cell.depth}`, 'bestmove');
      const last = output.filter((l) => l.startsWith('info depth')).at(-1) ?? '';
      const nodes = Number(/ nodes (\d+)/.exec(last)?.[1]);
      const ms = Number(/ time (\d+)/.exec(last)?.[1]);
      return { nodes, ms, nps: nodes / (ms / 1000), move: output.at(-1).split(' ')[1] };
    },
    close: () => send('quit'),
  };
}

// --- Node: the shipped module --------------------------------------------------------------
async function node() {
  const pkg = join(root, 'www', 'pkg');
  const { default: init, computerMove, newGame } = await import(join(pkg, 'qitong_computer.js'));
  await init({ module_or_path: readFileSync(join(pkg, 'qitong_computer_bg.wasm')) });
  return {
    async search(cell) {
      newGame();
      const started = performance.now();
      const answer = computerMove(cell.fen, { level: 8, depth: cell.depth, movetimeMs: 60000 });
      const ms = performance.now() - started;
      return { nodes: answer.nodes, ms, nps: answer.nodes / (ms / 1000), move: answer.uci };
    },
    close: async () => {},
  };
}

// --- Chromium: the page's way, through the worker ------------------------------------------
const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };

function serve() {
  const www = join(root, 'www');
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    if (path === '/bench.html') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>engine speed</title>');
      return;
    }
    const file = join(www, path === '/' ? 'index.html' : path);
    if (!file.startsWith(www) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function chromium() {
  const { chromium: browserType } = await import('playwright-core');
  const server = await serve();
  const browser = await browserType.launch({ executablePath: process.env.QITONG_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/bench.html`);
  return {
    async search(cell) {
      const answer = await page.evaluate(async ({ fen, depth }) => {
        const computer = await import('/qitong-computer.js');
        await computer.newComputerGame();
        await computer.warmUpComputer();
        return computer.computerMove(fen, { level: 8, depth, movetimeMs: 60000 });
      }, cell);
      // The worker's own clock: what the search took, without the message's way there and back.
      return { nodes: answer.nodes, ms: answer.timeMs, nps: answer.nodes / (answer.timeMs / 1000), move: answer.uci };
    },
    async close() {
      await browser.close();
      server.close();
    },
  };
}

const engines = { native: await native(), node: await node(), chromium: await chromium() };
const sides = { native: {}, node: {}, chromium: {} };
for (const cell of CELLS) {
  const samples = { native: [], node: [], chromium: [] };
  for (let run = 0; run < runs; run += 1) {
    for (const side of Object.keys(engines)) samples[side].push(await engines[side].search(cell));
  }
  for (const side of Object.keys(engines)) sides[side][cell.name] = best(samples[side]);
}
for (const engine of Object.values(engines)) await engine.close();
const mnps = (x) => (x.nps / 1e6).toFixed(2);
const share = (x, of) => `${Math.round((100 * x.nps) / of.nps)} %`;
console.log(`\nEngine speed, level 8, fixed depth, fresh 8 MB table; best of ${runs}, the sides alternating; M nodes/s (share of native)\n`);
console.log('| position | depth | nodes | move | native | Node (wasm) | Chromium worker (wasm) |');
console.log('|:--|--:|--:|:--|--:|--:|--:|');
let agree = true;
for (const cell of CELLS) {
  const [n, w, c] = [sides.native[cell.name], sides.node[cell.name], sides.chromium[cell.name]];
  if (n.nodes !== w.nodes || n.nodes !== c.nodes || n.move !== w.move || n.move !== c.move) agree = false;
  console.log(`| ${cell.name} | ${cell.depth} | ${n.nodes.toLocaleString('en')} | ${n.move} | ${mnps(n)} | ${mnps(w)} (${share(w, n)}) | ${mnps(c)} (${share(c, n)}) |`);
}
console.log(agree ? '\nThe three sides searched the same trees (same nodes, same moves).' : '\nMISMATCH: the sides searched different trees (see nodes/moves).');
process.exitCode = agree ? 0 : 1;
