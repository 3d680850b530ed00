// Times perft of qitong and of shakmaty, both compiled to wasm (see run.sh), under Node:
// start d5/d6, Kiwipete d4/d5, position 3 d6/d7, best of 3 runs each (the two libraries
// alternate, so that a change of machine load hits both), checks the published counts, and
// prints speeds and the ratio ours / shakmaty.
//
// usage: node run.mjs <qitong.wasm> <shakmaty.wasm> [runs]

import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import os from 'node:os';

const CELLS = [
  { name: 'start', index: 0, depth: 5, nodes: 4_865_609n },
  { name: 'start', index: 0, depth: 6, nodes: 119_060_324n },
  { name: 'kiwipete', index: 1, depth: 4, nodes: 4_085_603n },
  { name: 'kiwipete', index: 1, depth: 5, nodes: 193_690_690n },
  { name: 'position 3', index: 2, depth: 6, nodes: 11_030_083n },
  { name: 'position 3', index: 2, depth: 7, nodes: 178_633_661n },
];

/**
 * Instantiates a module without any JS glue. Our crate's wasm32 build always carries its JS API
 * (wasm-bindgen exports and their placeholder imports); perft never calls into JS, so every
 * imported function is a stub that throws if it is ever called.
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
  return { perft, stubs, exports: WebAssembly.Module.exports(module).length, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** One timed run: seconds, after checking the count. */
function timed(side, name, cell) {
  const started = performance.now();
  const nodes = side.perft(cell.index, cell.depth);
  const seconds = (performance.now() - started) / 1000;
  if (nodes !== cell.nodes) {
    throw new Error(`${name}: ${cell.name} d${cell.depth} gave ${nodes} nodes, published ${cell.nodes}`);
  }
  return seconds;
}

const [oursPath, theirsPath, runsArg] = process.argv.slice(2);
if (!oursPath || !theirsPath) {
  console.error('usage: node run.mjs <qitong.wasm> <shakmaty.wasm> [runs]');
  process.exit(2);
}
const runs = Math.max(1, Number(runsArg ?? 3) || 3);
const ours = await load(oursPath);
const theirs = await load(theirsPath);

// Warm-up, so that both modules reach the optimizing compiler before any timing.
for (const side of [ours, theirs]) side.perft(0, 4);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`Node ${process.version}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const describe = (side) => `${kb(side.raw)} raw, ${kb(side.gzip)} gzip, ${side.exports} exports, ${side.stubs} imports stubbed`;
console.log(`qitong.wasm   ${describe(ours)} (holds the crate's JS API too)`);
console.log(`shakmaty.wasm ${describe(theirs)}`);
console.log(`best of ${runs} runs; M nodes/s\n`);

const rows = [['cell', 'nodes', 'qitong', 'shakmaty', 'ratio']];
for (const cell of CELLS) {
  let best = { ours: Infinity, theirs: Infinity };
  for (let run = 0; run < runs; run++) {
    best.ours = Math.min(best.ours, timed(ours, 'qitong', cell));
    best.theirs = Math.min(best.theirs, timed(theirs, 'shakmaty', cell));
  }
  const speed = (s) => Number(cell.nodes) / s / 1e6;
  rows.push([
    `${cell.name} d${cell.depth}`,
    cell.nodes.toLocaleString('en-US'),
    speed(best.ours).toFixed(1),
    speed(best.theirs).toFixed(1),
    `${(best.theirs / best.ours).toFixed(2)}x`,
  ]);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
const line = (r) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
console.log(line(rows[0]));
console.log(`|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
for (const r of rows.slice(1)) console.log(line(r));
console.log('\nratio = shakmaty time / qitong time (above 1.00x: qitong is faster)');
