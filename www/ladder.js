// The class ladder (teacher): the page is Rust (web/pages/ladder/src/view.rs) in a module of its own
// (the teacher module has it too); this module loads it and mounts it.
import init, { mountLadder } from './pkg/qitong_ladder.js';

await init();
mountLadder(document.getElementById('ladder'));
document.body.dataset.ready = 'true';
