// The computer opponent's thinking, off the page's main thread: a module worker that loads the
// engine's own wasm module (./pkg/qitong_computer.js) and answers each message
// { id, fen, options } with { id, move } or { id, error: { code, message, reason } }, one search at
// a time, in order. `{ id, newGame: true }` forgets earlier searches. Pages do not post here
// themselves: qitong-computer.js starts this worker, and stops a search by ending the worker.
import init, { computerMove, newGame } from './pkg/qitong_computer.js';

const ready = init();

/** What the page gets back for `error`: a plain object (an Error's own `code` would not survive the copy). */
function coded(error) {
  if (error instanceof Error) return { code: error.code ?? 'WORKER_ERROR', message: error.message, reason: error.reason };
  return { code: 'WORKER_ERROR', message: String(error) };
}

async function answer(request) {
  try {
    await ready;
    if (request.newGame) {
      newGame();
      return { done: true };
    }
    return { move: computerMove(request.fen, request.options) };
  } catch (error) {
    return { error: coded(error) };
  }
}

let queue = Promise.resolve();
self.onmessage = ({ data }) => {
  queue = queue.then(async () => self.postMessage({ id: data?.id, ...(await answer(data ?? {})) }));
};
