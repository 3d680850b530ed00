//! Differential test against shakmaty over random playouts: the same legal moves (UCI), the same
//! FEN (en-passant square only when legal), the same check/mate/stalemate/material verdicts.

mod common;
use common::Rng;

use qitong::rules::{Color, Mode, Position, Uci};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

const STARTS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
];

fn shakmaty_position(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .ok()
        .and_then(|f| f.into_position(CastlingMode::Standard).ok())
        .unwrap_or_else(|| panic!("shakmaty rejects {fen}"))
}

fn same(ours: &Position, theirs: &Chess, history: &[String]) {
    let mut a: Vec<String> = ours.legal_moves().iter().map(|m| m.to_uci()).collect();
    let mut b: Vec<String> = theirs.legal_moves().iter().map(|m| m.to_uci(CastlingMode::Standard).to_string()).collect();
    a.sort();
    b.sort();
    let context = || format!("{} after {}", ours.fen(), history.join(" "));
    assert_eq!(a, b, "legal moves differ in {}", context());
    assert_eq!(ours.count_legal_moves(), b.len(), "{}", context());
    assert_eq!(ours.fen(), Fen::from_position(theirs, EnPassantMode::Legal).to_string(), "{}", context());
    assert_eq!(ours.is_check(), theirs.is_check(), "{}", context());
    assert_eq!(ours.is_checkmate(), theirs.is_checkmate(), "{}", context());
    assert_eq!(ours.is_stalemate(), theirs.is_stalemate(), "{}", context());
    assert_eq!(ours.has_insufficient_material(), theirs.is_insufficient_material(), "{}", context());
    for (color, their_color) in [(Color::White, shakmaty::Color::White), (Color::Black, shakmaty::Color::Black)] {
        assert_eq!(ours.has_mating_material(color), !theirs.has_insufficient_material(their_color), "{}", context());
    }
    assert_eq!(ours.checkers().count(), theirs.checkers().count(), "{}", context());
}

#[test]
fn random_playouts_agree_with_shakmaty() {
    let mut rng = Rng(0x0dd_b1a5_e5ba_11ad);
    let mut positions = 0;
    for game in 0..400 {
        let fen = STARTS[game % STARTS.len()];
        let mut ours = Position::from_fen(fen, Mode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut theirs = shakmaty_position(fen);
        let mut history = Vec::new();
        for _ in 0..200 {
            same(&ours, &theirs, &history);
            positions += 1;
            let moves = ours.legal_moves();
            if moves.is_empty() || ours.halfmoves() >= 100 {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let uci = m.to_uci();
            assert_eq!(ours.move_from_uci(&uci.parse::<Uci>().expect("own UCI parses")), Ok(m));
            let their_move = theirs
                .legal_moves()
                .into_iter()
                .find(|t| t.to_uci(CastlingMode::Standard).to_string() == uci)
                .unwrap_or_else(|| panic!("shakmaty lacks {uci}"));
            assert_eq!(ours.play(&m).map(|p| p.fen()), Ok(ours.play_unchecked(&m).fen()));
            ours = ours.play_unchecked(&m);
            theirs.play_unchecked(their_move);
            history.push(uci);
        }
    }
    assert!(positions > 20_000, "only {positions} positions compared");
}
