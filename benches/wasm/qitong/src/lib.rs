//! Our side of the wasm perft benchmark: `qitong-rules`' perft as plain wasm exports (no
//! wasm-bindgen) for `run.mjs`, over the shared preset positions (`perft-wasm-positions`).

use qitong_rules::{Mode, Position};

/// Builds the rules' attack tables, outside the timings.
#[no_mangle]
pub extern "C" fn init() {
    qitong_rules::attacks::init();
}

/// Leaf count of the preset `position` (an index) at `depth`, counting the last ply without
/// playing it; `u64::MAX` for an unknown index.
#[no_mangle]
pub extern "C" fn perft(position: u32, depth: u32) -> u64 {
    perft_wasm_positions::perft(position, depth, |fen, depth| Position::from_fen(fen, Mode::Standard).ok().map(|pos| pos.perft(depth)))
}
