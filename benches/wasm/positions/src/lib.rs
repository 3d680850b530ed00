//! The wasm perft benchmark's positions and the body of its `perft` export, shared by its two
//! sides (`perft-wasm-qitong`, `perft-wasm-shakmaty`): each side is a cdylib exporting `init()`
//! and `perft(position, depth)` as plain wasm functions (no wasm-bindgen) for `run.mjs`, over the
//! same preset positions, and differs only in the library that counts.

/// The benchmark positions, by the index `perft` takes: start, Kiwipete, position 3 (`run.mjs`
/// holds the same list in the same order).
pub const FENS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

/// Leaf count of the preset `position` at `depth` by a side's `count` (a FEN and a depth to its
/// perft, `None` if it cannot read the FEN); `u64::MAX` for an unknown index or an unread FEN.
pub fn perft(position: u32, depth: u32, count: impl Fn(&str, u32) -> Option<u64>) -> u64 {
    let fen = usize::try_from(position).ok().and_then(|i| FENS.get(i));
    fen.and_then(|fen| count(fen, depth)).unwrap_or(u64::MAX)
}
