//! Times our perft against cozy-chess and shakmaty on the benchmark cells and prints the speed
//! ratios (`cargo run --profile bench --example perft_compare -- [runs]`, default 3 runs, best
//! run counted). All three count the last ply without playing it (bulk counting).

use qitong::rules::{Mode, Position};
use shakmaty::{fen::Fen, CastlingMode, Chess};
use std::time::Instant;

/// (name, FEN, depth, expected nodes)
const CELLS: [(&str, &str, u32, u64); 3] = [
    ("start d6", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119_060_324),
    ("kiwipete d5", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193_690_690),
    ("position 3 d7", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178_633_661),
];

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

/// Best of `runs` timings of `f`, in M nodes/s; checks the node count.
fn best(runs: usize, expected: u64, mut f: impl FnMut() -> u64) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..runs {
        let started = Instant::now();
        let nodes = f();
        best = best.min(started.elapsed().as_secs_f64());
        assert_eq!(nodes, expected, "wrong node count");
    }
    expected as f64 / best / 1e6
}

fn main() {
    let runs: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(3).max(1);
    qitong::rules::attacks::init();
    println!("{:<14} {:>10} {:>10} {:>10} {:>12} {:>12}", "cell", "ours M/s", "cozy M/s", "shak M/s", "ours/cozy", "ours/shak");
    for (name, fen, depth, expected) in CELLS {
        let ours = match Position::from_fen(fen, Mode::Standard) {
            Ok(pos) => pos,
            Err(e) => panic!("{name}: {e}"),
        };
        let cozy = cozy_chess::Board::from_fen(fen, false).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let shak: Chess = Fen::from_ascii(fen.as_bytes())
            .ok()
            .and_then(|f| f.into_position(CastlingMode::Standard).ok())
            .unwrap_or_else(|| panic!("{name}: shakmaty rejects the FEN"));
        let a = best(runs, expected, || ours.perft(depth));
        let b = best(runs, expected, || cozy_perft(&cozy, depth));
        let c = best(runs, expected, || shakmaty::perft(&shak, depth));
        println!("{name:<14} {a:>10.1} {b:>10.1} {c:>10.1} {:>11.2}x {:>11.2}x", a / b, a / c);
    }
}
