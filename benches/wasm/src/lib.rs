//! Perft exported as plain wasm functions (no wasm-bindgen) for `run.mjs`: built once with
//! `--features qitong` and once with `--features shakmaty`, each exporting the same
//! `init()` and `perft(position, depth)` over the same preset positions.

#[cfg(all(feature = "qitong", feature = "shakmaty"))]
compile_error!("build one side at a time: --features qitong or --features shakmaty");
#[cfg(not(any(feature = "qitong", feature = "shakmaty")))]
compile_error!("choose a side: --features qitong or --features shakmaty");

/// The benchmark positions, by the index `perft` takes: start, Kiwipete, position 3.
const FENS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

#[cfg(feature = "qitong")]
mod side {
    use qitong_rules::{Mode, Position};

    pub fn init() {
        qitong_rules::attacks::init();
    }

    pub fn perft(fen: &str, depth: u32) -> Option<u64> {
        Position::from_fen(fen, Mode::Standard).ok().map(|pos| pos.perft(depth))
    }
}

#[cfg(feature = "shakmaty")]
mod side {
    use shakmaty::{fen::Fen, CastlingMode, Chess};

    pub fn init() {}

    pub fn perft(fen: &str, depth: u32) -> Option<u64> {
        let pos: Chess = Fen::from_ascii(fen.as_bytes()).ok()?.into_position(CastlingMode::Standard).ok()?;
        Some(shakmaty::perft(&pos, depth))
    }
}

/// Builds whatever the library builds at start-up (our attack tables), outside the timings.
#[no_mangle]
pub extern "C" fn init() {
    side::init();
}

/// Leaf count of the position `position` (an index into the presets) at `depth`, counting the
/// last ply without playing it; `u64::MAX` for an unknown index.
#[no_mangle]
pub extern "C" fn perft(position: u32, depth: u32) -> u64 {
    let fen = usize::try_from(position).ok().and_then(|i| FENS.get(i));
    fen.and_then(|fen| side::perft(fen, depth)).unwrap_or(u64::MAX)
}
