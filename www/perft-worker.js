// Long perft counts off the page's main thread: a module worker that loads the teacher module
// and answers each message { fen, depth, maxPositions } with { nodes } or
// { error: { code, message } } (the codes of `perft`: INVALID_FEN, INVALID_ARGUMENT,
// TOO_MUCH_WORK). Messages are answered in order, one count at a time; an `id` in a message
// comes back in its answer. Without `maxPositions`, `perft`'s default budget (~2 s) applies.
//
//   const worker = new Worker(new URL('perft-worker.js', import.meta.url), { type: 'module' });
//   worker.onmessage = ({ data }) => console.log(data.nodes ?? data.error);
//   worker.postMessage({ fen: 'start', depth: 7, maxPositions: 1e12 });
import init, { perft } from './pkg/qitong_teacher.js';

const ready = init();

/** What the page gets back for `error`: a plain object (an Error's own `code` would not survive the copy). */
function coded(error) {
  if (error instanceof Error) return { code: error.code ?? 'WORKER_ERROR', message: error.message };
  return { code: 'WORKER_ERROR', message: String(error) };
}

/** One request; the worker itself never throws. */
async function answer(request) {
  try {
    await ready;
    if (request === null || typeof request !== 'object') {
      throw Object.assign(new TypeError('a perft request is an object: { fen, depth, maxPositions }'), { code: 'INVALID_ARGUMENT' });
    }
    // perft checks fen, depth and maxPositions itself (coded INVALID_ARGUMENT, nothing coerced).
    const { fen, depth, maxPositions } = request;
    return { nodes: perft(fen, depth, { maxPositions }) };
  } catch (error) {
    return { error: coded(error) };
  }
}

// Requests queue behind each other, so each answer follows its own request's order.
let queue = Promise.resolve();
self.onmessage = ({ data }) => {
  queue = queue.then(async () => {
    const reply = await answer(data);
    if (data !== null && typeof data === 'object' && 'id' in data) reply.id = data.id;
    self.postMessage(reply);
  });
};
