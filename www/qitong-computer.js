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
// search stops at once (the worker is ended; the next question starts a new one). A question's own
// `signal` cancels that question alone: the others keep their places and are answered.
//
// The questions wait here, in the order asked, and the worker has one at a time: a question that
// is cancelled while it waits is only taken out of the line, and ending the worker (to stop the
// search under way) never loses the ones behind it.

let worker = null;
let nextId = 1;
/** The questions asked and not yet answered, oldest first: { id, message, moveMs, resolve, reject, timer, forget }. */
const line = [];
/** The id of the question the worker is answering (the first in `line`), or null. */
let asked = null;
/** How long the worker may take beyond a move's own time: its first start downloads the engine. */
const ANSWER_LIMIT_MS = 30_000;

function codedError(code, message, reason) {
  const error = new Error(message);
  error.code = code;
  if (reason !== undefined) error.reason = reason;
  return error;
}

function invalid(message) {
  return Object.assign(new TypeError(`computerMove: ${message}`), { code: 'INVALID_ARGUMENT' });
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
    if (data?.id !== asked) return;
    const question = line[0];
    // The engine's wasm did not load in the worker: end it, so that the next question (a retry)
    // starts a fresh one that downloads it again.
    if (data.error?.code === 'WORKER_ERROR') {
      fail('WORKER_ERROR', data.error.message);
      return;
    }
    asked = null;
    if (data.error) settle(question, codedError(data.error.code, data.error.message, data.error.reason));
    else settle(question, null, data.move ?? data);
    next();
  };
  // A worker that cannot load (a missing file, a browser without module workers) fails every
  // question waiting, and the next question tries a fresh one.
  worker.onerror = (event) => {
    event.preventDefault?.();
    fail('WORKER_ERROR', `the computer could not start: ${event.message || 'worker error'}`);
  };
  return worker;
}

/** Ends the worker (its search stops at once). */
function endWorker() {
  worker?.terminate();
  worker = null;
  asked = null;
}

/** Takes `question` out of the line and answers its promise. */
function settle(question, error, value) {
  const at = line.indexOf(question);
  if (at >= 0) line.splice(at, 1);
  clearTimeout(question.timer);
  question.forget();
  if (error) question.reject(error);
  else question.resolve(value);
}

/** Rejects every question waiting with `code` and ends the worker. */
function fail(code, message) {
  endWorker();
  for (const question of [...line]) settle(question, codedError(code, message));
}

/** Hands the first question of the line to the worker, unless it has one; its answer must come
 *  within ANSWER_LIMIT_MS plus its move's time (a worker that never loads fails the line). */
function next() {
  if (asked !== null || line.length === 0) return;
  const question = line[0];
  asked = question.id;
  const limit = ANSWER_LIMIT_MS + question.moveMs;
  question.timer = setTimeout(() => fail('TIMEOUT', `the computer did not answer within ${Math.round(limit / 1000)} s`), limit);
  (worker ?? startWorker()).postMessage({ id: question.id, ...question.message });
}

/** Cancels `question` alone: out of the line, or its search stopped and the line goes on. */
function cancel(question) {
  if (!line.includes(question)) return;
  if (question.id === asked) endWorker();
  settle(question, codedError('CANCELLED', 'the move was cancelled'));
  next();
}

/** Puts a question in the line; `signal` (optional) cancels it alone. */
function ask(message, moveMs = 0, signal = null) {
  return new Promise((resolve, reject) => {
    const question = { id: nextId++, message, moveMs, resolve, reject, timer: null, forget: () => {} };
    if (signal) {
      const onAbort = () => cancel(question);
      signal.addEventListener('abort', onAbort, { once: true });
      // Removed once answered: a signal aborted later cancels nothing else.
      question.forget = () => signal.removeEventListener('abort', onAbort);
    }
    line.push(question);
    next();
  });
}

/** Whether `value` is an AbortSignal (of this window or another frame's). */
function isSignal(value) {
  return typeof value === 'object' && typeof value.aborted === 'boolean' && typeof value.addEventListener === 'function' && typeof value.removeEventListener === 'function';
}

/**
 * The computer's move in `fen` ("start" for the start position).
 * @param {string} fen
 * @param {{ level?: number, seed?: number, movetimeMs?: number, history?: string[], signal?: AbortSignal }} [options]
 * @returns {Promise<{ uci: string, san: string, score: { cp: number } | { mate: number }, depth: number, nodes: number, timeMs: number }>}
 */
export function computerMove(fen, options = {}) {
  let search;
  let signal;
  try {
    if (options === null || typeof options !== 'object') throw invalid('options must be an object');
    // Reading the options runs their getters (or a Proxy's traps): what they throw is refused
    // as bad options, in the returned promise, never thrown at the caller.
    ({ signal, ...search } = options);
    if (signal != null && !isSignal(signal)) throw invalid('options.signal must be an AbortSignal');
    // What the worker cannot be sent (a Symbol, a function) is refused here, before it is asked.
    structuredClone({ fen, options: search });
  } catch (error) {
    return Promise.reject(typeof error?.code === 'string' && error.code === 'INVALID_ARGUMENT' ? error : invalid(`options cannot be read: ${error?.message ?? String(error)}`));
  }
  if (signal?.aborted) return Promise.reject(codedError('CANCELLED', 'the move was cancelled'));
  const moveMs = Number.isFinite(search.movetimeMs) ? Math.min(Math.max(search.movetimeMs, 0), 60_000) : 10_000;
  return ask({ fen, options: search }, moveMs, signal ?? null);
}

/** Cancels every move asked for (a new game, a take-back, leaving the page): they reject with CANCELLED. */
export function cancelComputer() {
  if (line.length > 0) fail('CANCELLED', 'the move was cancelled');
}

/** A new game: the computer forgets what it learnt in the last one (its moves then depend only on the new game). */
export function newComputerGame() {
  return worker ? ask({ newGame: true }).then(() => undefined) : Promise.resolve();
}

/** Starts the worker and its module ahead of the first question, so the first answer comes sooner. */
export function warmUpComputer() {
  return ask({ newGame: true }).then(() => undefined);
}
