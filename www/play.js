// The play page, a friend or the computer: the page is Rust (web/pages/play/src/view.rs); this
// module loads the elements and mounts it. `playPage.result()` / `playPage.pgn()` and the
// `play-result` event on <main> give the finished game to whoever records it (the class ladder).
import './qitong-elements.js';
import { computerPort } from './qitong-lesson-elements.js';
import { mountPlay } from './pkg/qitong.js';

// A task of its own for the page's first drawing: the module's start-up (the elements' module
// finished it in this task) and the page's build are two shorter tasks instead of one long one
// (issue 27: a slow phone's total blocking time).
await new Promise((resolve) => setTimeout(resolve));
export const playPage = mountPlay(document.getElementById('play'), computerPort);
