// "Check my lesson": the page is Rust (web/pages/check/src/view.rs) in the teacher module — the
// validator, the problem list and the lesson player's preview; this module loads it and mounts it.
import init, { mountCheck } from './pkg/qitong_teacher.js';

await init();
mountCheck(document.getElementById('check'));
document.body.dataset.ready = 'true';
