//! The benchmark cells and the three perft implementations compared (ours, cozy-chess,
//! shakmaty), all counting the last ply without playing it. Shared by the criterion bench
//! (`benches/perft.rs`) and the `perft_compare` binary.

use qitong_rules::{Mode, Position};
use shakmaty::{fen::Fen, CastlingMode, Chess};
use std::time::Instant;

/// A benchmark cell: name, FEN, depth and the published node count.
pub struct Cell {
    pub name: &'static str,
    pub fen: &'static str,
    pub depth: u32,
    pub nodes: u64,
}

pub const CELLS: [Cell; 3] = [
    Cell { name: "start d6", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", depth: 6, nodes: 119_060_324 },
    Cell { name: "kiwipete d5", fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", depth: 5, nodes: 193_690_690 },
    Cell { name: "position 3 d7", fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", depth: 7, nodes: 178_633_661 },
];

/// The cell's position for each of the three libraries.
pub struct Positions {
    pub ours: Position,
    pub cozy: cozy_chess::Board,
    pub shakmaty: Chess,
}

impl Cell {
    pub fn positions(&self) -> Positions {
        let ours = Position::from_fen(self.fen, Mode::Standard).unwrap_or_else(|e| panic!("{}: {e}", self.name));
        let cozy = cozy_chess::Board::from_fen(self.fen, false).unwrap_or_else(|e| panic!("{}: {e:?}", self.name));
        let shakmaty = Fen::from_ascii(self.fen.as_bytes())
            .ok()
            .and_then(|f| f.into_position(CastlingMode::Standard).ok())
            .unwrap_or_else(|| panic!("{}: shakmaty rejects the FEN", self.name));
        Positions { ours, cozy, shakmaty }
    }
}

/// cozy-chess perft with bulk counting, as in its own example.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth <= 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return if depth == 0 { 1 } else { nodes };
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// Best of `runs` timings of `f`, in M nodes/s; panics on a wrong node count.
pub fn best_speed(runs: usize, expected: u64, mut f: impl FnMut() -> u64) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..runs {
        let started = Instant::now();
        let nodes = f();
        best = best.min(started.elapsed().as_secs_f64());
        assert_eq!(nodes, expected, "wrong node count");
    }
    expected as f64 / best / 1e6
}

/// Times every cell `runs` times per library and prints speeds and our ratios to each peer.
pub fn print_ratios(runs: usize) {
    qitong_rules::attacks::init();
    println!("perft with bulk counting, best of {runs} runs, M nodes/s");
    println!("{:<14} {:>9} {:>9} {:>9} {:>10} {:>10}", "cell", "ours", "cozy", "shakmaty", "ours/cozy", "ours/shak");
    for cell in &CELLS {
        let p = cell.positions();
        let ours = best_speed(runs, cell.nodes, || p.ours.perft(cell.depth));
        let cozy = best_speed(runs, cell.nodes, || cozy_perft(&p.cozy, cell.depth));
        let shak = best_speed(runs, cell.nodes, || shakmaty::perft(&p.shakmaty, cell.depth));
        println!("{:<14} {ours:>9.1} {cozy:>9.1} {shak:>9.1} {:>9.2}x {:>9.2}x", cell.name, ours / cozy, ours / shak);
    }
}
