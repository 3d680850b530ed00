// 棋童's computer opponent for a page: `computerMove(fen, options)` asks the engine, which thinks in
// a Web Worker (computer-worker.js, its own wasm module) so the page never freezes. Importing this
// file downloads nothing more; the worker and its module load on the first question.
//
//   import { computerMove, cancelComputer } from './qitong-computer.js';
//   const { uci, san, score } = await computerMove('start', { level: 3, seed: 7 });
//
// options: `level` 1–8 (default 8), `seed` (0 to 2^32 − 1: the same seed, position and history
// give the same move at the node-limited levels 1–7), `movetimeMs` (1–60000; default the level's,
// about a second at level 8), `history` (the FENs of the game's earlier positions, oldest first,
// so that the computer sees repetitions), `signal` (an AbortSignal: aborting cancels this move).
// Errors are Errors with a `code`, as every other export's: INVALID_FEN, INVALID_ARGUMENT,
// GAME_OVER (`reason`: checkmate, stalemate), CANCELLED, WORKER_ERROR (the worker or its wasm
// could not load), TIMEOUT (no answer within 30 s plus the move's own time: a stalled
// download; the worker is ended and the next question starts a new one).
//
// From a page of another origin (a class site that loads this file from ours) the browser
// refuses `new Worker(url)` for our URL, CORS or not: the worker is then a same-origin `blob:`
// module that imports ours, which CORS allows.
//
// `cancelComputer()` cancels every move asked for: their promises reject with CANCELLED and the
// search stops at once (the worker is ended; the next question starts a new one).

let worker = null;
let nextId = 1;
/** id → { resolve, reject } of the questions asked and not yet answered. */
const pending = new Map();
/** How long the worker may take beyond a move's own time: its first start downloads the engine. */
const ANSWER_LIMIT_MS = 30_000;

function codedError(code, message, reason) {
  const error = new Error(message);
  error.code = code;
  if (reason !== undefined) error.reason = reason;
  return error;
}

/** The worker's script: ours, or on a page of another origin a `blob:` module importing ours. */
function workerUrl() {
  const script = new URL('computer-worker.js', import.meta.url);
  if (script.origin === location.origin) return script;
  const source = `import ${JSON.stringify(script.href)};`;
  return URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
}

function startWorker() {
  const url = workerUrl();
  try {
    worker = new Worker(url, { type: 'module' });
  } catch (error) {
    // A page whose Content-Security-Policy forbids this worker: the question fails as any other.
    worker = null;
    setTimeout(() => fail('WORKER_ERROR', `the computer could not start: ${error.message}`));
    return { postMessage() {} };
  }
  worker.onmessage = ({ data }) => {
    const waiting = pending.get(data.id);
    if (!waiting) return;
    pending.delete(data.id);
    clearTimeout(waiting.timer);
    // The engine's wasm did not load in the worker: end it, so that the next question (a retry)
    // starts a fresh one that downloads it again.
    if (data.error?.code === 'WORKER_ERROR') {
      pending.set(data.id, waiting);
      fail('WORKER_ERROR', data.error.message);
      return;
    }
    if (data.error) waiting.reject(codedError(data.error.code, data.error.message, data.error.reason));
    else waiting.resolve(data.move ?? data);
  };
  // A worker that cannot load (a missing file, a browser without module workers) fails every
  // question it holds, and the next question tries a fresh one.
  worker.onerror = (event) => {
    event.preventDefault?.();
    fail('WORKER_ERROR', `the computer could not start: ${event.message || 'worker error'}`);
  };
  return worker;
}

/** Rejects every pending question with `code` and ends the worker. */
function fail(code, message) {
  worker?.terminate();
  worker = null;
  const waiting = [...pending.values()];
  pending.clear();
  for (const { reject, timer } of waiting) {
    clearTimeout(timer);
    reject(codedError(code, message));
  }
}

/** Asks the worker; the answer must come within ANSWER_LIMIT_MS plus `moveMs` of asking. */
function ask(message, moveMs = 0) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const limit = ANSWER_LIMIT_MS + moveMs;
    const timer = setTimeout(() => fail('TIMEOUT', `the computer did not answer within ${Math.round(limit / 1000)} s`), limit);
    pending.set(id, { resolve, reject, timer });
    (worker ?? startWorker()).postMessage({ id, ...message });
  });
}

/**
 * The computer's move in `fen` ("start" for the start position).
 * @param {string} fen
 * @param {{ level?: number, seed?: number, movetimeMs?: number, history?: string[], signal?: AbortSignal }} [options]
 * @returns {Promise<{ uci: string, san: string, score: { cp: number } | { mate: number }, depth: number, nodes: number, timeMs: number }>}
 */
export function computerMove(fen, options = {}) {
  if (options === null || typeof options !== 'object') {
    return Promise.reject(Object.assign(new TypeError('options must be an object'), { code: 'INVALID_ARGUMENT' }));
  }
  const { signal, ...search } = options;
  if (signal?.aborted) return Promise.reject(codedError('CANCELLED', 'the move was cancelled'));
  // The questions are answered in turn: the time of the ones before counts too.
  const moveMs = Number.isFinite(search.movetimeMs) ? Math.min(Math.max(search.movetimeMs, 0), 60_000) : 10_000;
  const answer = ask({ fen, options: search }, moveMs * (pending.size + 1));
  signal?.addEventListener('abort', () => cancelComputer(), { once: true });
  return answer;
}

/** Cancels every move asked for (a new game, a take-back, leaving the page): they reject with CANCELLED. */
export function cancelComputer() {
  if (pending.size > 0) fail('CANCELLED', 'the move was cancelled');
}

/** A new game: the computer forgets what it learnt in the last one (its moves then depend only on the new game). */
export function newComputerGame() {
  return worker ? ask({ newGame: true }).then(() => undefined) : Promise.resolve();
}

/** Starts the worker and its module ahead of the first question, so the first answer comes sooner. */
export function warmUpComputer() {
  return ask({ newGame: true }).then(() => undefined);
}
