// The points calculator: the page is Rust (web/pages/points/src/view.rs); this module mounts it.
import init, { mountPoints } from './pkg/qitong.js';

await init();
mountPoints(document.getElementById('points'));
