// "Play a friend": the page is Rust (src/ui/pages/play/view.rs); this module loads the elements and
// mounts it. `playPage.result()` / `playPage.pgn()` and the `play-result` event on <main> give
// the finished game to whoever records it (the class ladder).
import './qitong-elements.js';
import { mountPlay } from './pkg/qitong.js';

export const playPage = mountPlay(document.getElementById('play'));
