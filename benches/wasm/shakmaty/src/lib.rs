//! The peer side of the wasm perft benchmark: shakmaty's perft as plain wasm exports (no
//! wasm-bindgen) for `run.mjs`, over the shared preset positions (`perft-wasm-positions`).

use shakmaty::{fen::Fen, CastlingMode, Chess};

/// Nothing to build before the timings (the same export as our side's, which builds its tables).
#[no_mangle]
pub extern "C" fn init() {}

/// Leaf count of the preset `position` (an index) at `depth`; `u64::MAX` for an unknown index.
#[no_mangle]
pub extern "C" fn perft(position: u32, depth: u32) -> u64 {
    perft_wasm_positions::perft(position, depth, |fen, depth| {
        let pos: Chess = Fen::from_ascii(fen.as_bytes()).ok()?.into_position(CastlingMode::Standard).ok()?;
        Some(shakmaty::perft(&pos, depth))
    })
}
