// "Check my lesson" off the page's main thread: check.html (web/pages/check/src/view.rs) starts this
// module worker for a text over 64 KB, so that reading a file of up to 1 MB never freezes the page
// (issue 29). It loads the page's own module (the teacher module, already in the browser's cache)
// and answers each message [id, fileName, text] with [id, report] (`checkReport`: the problems in
// both languages, as a string the page reads back), or [id, null, why] when it cannot check (its
// wasm failed to load): the page then says so and offers to try again.
import init, { checkReport } from './pkg/qitong_teacher.js';

const ready = init();

self.onmessage = async ({ data }) => {
  const [id, fileName, text] = Array.isArray(data) ? data : [];
  try {
    await ready;
    self.postMessage([id, checkReport(fileName, text)]);
  } catch (error) {
    self.postMessage([id, null, String(error?.message ?? error)]);
  }
};
