//! Helpers shared by the fuzz targets: fixed positions rich in special moves, and checks that
//! every target applies to the positions it reaches.

use qitong::rules::{Mode, Position};
use std::sync::OnceLock;

/// Positions with castling, en passant, promotions, pins and checks available, plus drill
/// positions without kings or with one king.
pub const FENS: [(&str, Mode); 9] = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Mode::Standard),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", Mode::Standard),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", Mode::Standard),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", Mode::Standard),
    ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", Mode::Standard),
    ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", Mode::Standard),
    ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", Mode::Standard),
    ("8/8/8/3R4/8/8/8/8 w - - 0 1", Mode::Drill),
    ("8/1p6/8/8/8/8/5P2/4K3 w - - 0 1", Mode::Drill),
];

/// The positions of [`FENS`], read once; panics only if one of those fixed FENs stopped being
/// accepted.
pub fn positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        FENS.iter()
            .map(|&(fen, mode)| Position::from_fen(fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}")))
            .collect()
    })
}

/// What every reachable position must satisfy: its FEN reads back as the same position, the
/// counted and the listed legal moves agree, every listed move is legal and playing it gives a
/// position whose FEN reads back too.
pub fn check_position(pos: &Position) {
    let fen = pos.fen();
    assert_eq!(Position::from_fen(&fen, pos.mode()).as_ref(), Ok(pos), "{fen}");
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), pos.count_legal_moves(), "{fen}");
    assert_eq!(moves.is_empty(), !pos.has_legal_moves(), "{fen}");
    assert_eq!(pos.is_checkmate(), moves.is_empty() && pos.is_check(), "{fen}");
    assert_eq!(pos.is_stalemate(), moves.is_empty() && !pos.is_check(), "{fen}");
    for m in moves.iter() {
        assert!(pos.is_legal(m), "{fen}: {m:?}");
        let after = pos.play_unchecked(m);
        let after_fen = after.fen();
        assert_eq!(Position::from_fen(&after_fen, pos.mode()).as_ref(), Ok(&after), "{fen} then {m:?}");
    }
}
