// Times perft of qitong-rules and of shakmaty, both compiled to wasm as plain exports (see
// run.sh), and of the shipped teacher module (`www/pkg/qitong_teacher.js`, its `perft(fen,
// depth)` export, as `cargo xtask build` makes it) under Node: start d5/d6, Kiwipete d4/d5,
// position 3 d6/d7, best of N runs each (the sides alternate, so that a change of machine load
// hits all of them), checks the published counts, and prints speeds, the ratios to shakmaty and
// whether each meets issue 14's 1.5x.
//
// usage: node run.mjs <qitong.wasm> <shakmaty.wasm> [runs] [qitong_teacher.js]
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import os from 'node:os';

/** The ratio to shakmaty that issue 14 asks of the shipped module. */
const GOAL = 1.5;
/** The benchmark positions, in the order of the plain modules' preset indices (positions/src/lib.rs). */
const FENS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
];

const CELLS = [
  { name: 'start', index: 0, depth: 5, nodes: 4_865_609n },
  { name: 'start', index: 0, depth: 6, nodes: 119_060_324n },
  { name: 'kiwipete', index: 1, depth: 4, nodes: 4_085_603n },
  { name: 'kiwipete', index: 1, depth: 5, nodes: 193_690_690n },
  { name: 'position 3', index: 2, depth: 6, nodes: 11_030_083n },
  { name: 'position 3', index: 2, depth: 7, nodes: 178_633_661n },
];

/**
 * Instantiates a plain module without any JS glue. Neither side imports anything today; should
 * one ever import a function, it is a stub that throws if perft calls it.
 */
async function load(path) {
  const bytes = await readFile(path);
  const module = await WebAssembly.compile(bytes);
  const imports = {};
  let stubs = 0;
  for (const { module: from, name, kind } of WebAssembly.Module.imports(module)) {
    if (kind !== 'function') throw new Error(`${path} imports a ${kind} (${from}.${name}); only functions can be stubbed`);
    (imports[from] ??= {})[name] = () => {
      throw new Error(`${path} called the import ${from}.${name} during perft`);
    };
    stubs += 1;
  }
  const instance = await WebAssembly.instantiate(module, imports);
  const { init, perft } = instance.exports;
  if (typeof init !== 'function' || typeof perft !== 'function') {
    throw new Error(`${path} does not export init() and perft(position, depth)`);
  }
  init();
  return { perft: (cell) => perft(cell.index, cell.depth), stubs, exports: WebAssembly.Module.exports(module).length, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/**
 * The shipped teacher module through its wasm-bindgen glue, as a teacher page loads it (the
 * glue's `init` takes the wasm's bytes: Node cannot fetch a file URL).
 */
async function loadShipped(jsPath) {
  const wasmPath = jsPath.replace(/\.js$/, '_bg.wasm');
  const glue = await import(pathToFileURL(jsPath).href);
  const bytes = await readFile(wasmPath);
  await glue.default({ module_or_path: bytes });
  if (typeof glue.perft !== 'function') throw new Error(`${jsPath} does not export perft(fen, depth)`);
  return { perft: (cell) => BigInt(glue.perft(FENS[cell.index], cell.depth)), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** One timed run: seconds, after checking the count. */
function timed(side, name, cell) {
  const started = performance.now();
  const nodes = side.perft(cell);
  const seconds = (performance.now() - started) / 1000;
  if (nodes !== cell.nodes) {
    throw new Error(`${name}: ${cell.name} d${cell.depth} gave ${nodes} nodes, published ${cell.nodes}`);
  }
  return seconds;
}

const [oursPath, theirsPath, runsArg, shippedPath] = process.argv.slice(2);
if (!oursPath || !theirsPath) {
  console.error('usage: node run.mjs <qitong.wasm> <shakmaty.wasm> [runs] [qitong_teacher.js]');
  process.exit(2);
}
const runs = Math.max(1, Number(runsArg ?? 5) || 5);
const ours = await load(oursPath);
const theirs = await load(theirsPath);
const shipped = shippedPath ? await loadShipped(shippedPath) : null;

// Warm-up, so that every module reaches the optimizing compiler before any timing.
for (const side of [ours, theirs, shipped]) side?.perft({ index: 0, depth: 4 });

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const describe = (side) => `${kb(side.raw)} raw, ${kb(side.gzip)} gzip, ${side.exports} exports, ${side.stubs} imports stubbed`;
console.log(`qitong.wasm   ${describe(ours)} (qitong-rules alone)`);
console.log(`shakmaty.wasm ${describe(theirs)}`);
if (shipped) console.log(`shipped       ${kb(shipped.raw)} raw, ${kb(shipped.gzip)} gzip: ${shippedPath}`);
console.log(`best of ${runs} runs, alternating; M nodes/s\n`);

const header = ['cell', 'nodes', 'qitong', 'shakmaty', 'ratio'];
if (shipped) header.push('shipped', 'shipped ratio', `>= ${GOAL}x`);
const rows = [header];
let misses = 0;
for (const cell of CELLS) {
  let best = { ours: Infinity, theirs: Infinity, shipped: Infinity };
  for (let run = 0; run < runs; run++) {
    best.ours = Math.min(best.ours, timed(ours, 'qitong', cell));
    best.theirs = Math.min(best.theirs, timed(theirs, 'shakmaty', cell));
    if (shipped) best.shipped = Math.min(best.shipped, timed(shipped, 'shipped', cell));
  }
  const speed = (s) => Number(cell.nodes) / s / 1e6;
  const row = [
    `${cell.name} d${cell.depth}`,
    cell.nodes.toLocaleString('en-US'),
    speed(best.ours).toFixed(1),
    speed(best.theirs).toFixed(1),
    `${(best.theirs / best.ours).toFixed(2)}x`,
  ];
  if (shipped) {
    const ratio = best.theirs / best.shipped;
    if (ratio < GOAL) misses += 1;
    row.push(speed(best.shipped).toFixed(1), `${ratio.toFixed(2)}x`, ratio >= GOAL ? 'yes' : 'NO');
  }
  rows.push(row);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
const line = (r) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
console.log(line(rows[0]));
console.log(`|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
for (const r of rows.slice(1)) console.log(line(r));
console.log('\nratio = shakmaty time / qitong time (above 1.00x: qitong is faster); qitong = the rules crate');
console.log('as a plain wasm export, shipped = www/pkg/qitong_teacher.js\'s perft(fen, depth) as the site serves it');
if (shipped) console.log(misses === 0 ? `every cell meets ${GOAL}x` : `${misses} of ${CELLS.length} cells below ${GOAL}x`);
