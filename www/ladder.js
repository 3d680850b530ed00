// The class ladder (teacher): the page is Rust (src/ui/pages/ladder/view.rs) in the teacher module;
// this module loads it and mounts it.
import init, { mountLadder } from './pkg/qitong_teacher.js';

await init();
mountLadder(document.getElementById('ladder'));
document.body.dataset.ready = 'true';
