//! Every `PositionError`: the FEN that triggers it, the squares it names, and its message.

use qitong::rules::{Bitboard, CastlingSide, Color, FenError, Mode, Position, PositionError, Square};

fn error(fen: &str, mode: Mode) -> PositionError {
    match Position::from_fen(fen, mode) {
        Err(FenError::Position(e)) => e,
        Err(FenError::Parse(e)) => panic!("{fen}: parse error {e}"),
        Ok(_) => panic!("{fen}: accepted"),
    }
}

fn squares(list: &[Square]) -> Bitboard {
    list.iter().copied().collect()
}

#[test]
fn missing_king() {
    let e = error("4k3/8/8/8/8/8/8/R7 w - - 0 1", Mode::Standard);
    assert_eq!(e, PositionError::MissingKing { color: Color::White });
    assert_eq!(e.to_string(), "white has no king");
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/R7 w - - 0 1", Mode::Drill).is_ok());
    assert!(Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1", Mode::Drill).is_ok());
}

#[test]
fn too_many_kings() {
    let e = error("4k3/8/8/8/8/8/4K3/4K3 w - - 0 1", Mode::Standard);
    assert_eq!(e, PositionError::TooManyKings { color: Color::White, squares: squares(&[Square::E1, Square::E2]) });
    assert_eq!(e.to_string(), "white has 2 kings (e1, e2); a side has exactly one");
    // Drill allows fewer kings, never more.
    assert_eq!(
        error("k6k/8/8/8/8/8/8/8 w - - 0 1", Mode::Drill),
        PositionError::TooManyKings { color: Color::Black, squares: squares(&[Square::A8, Square::H8]) }
    );
}

#[test]
fn pawns_on_back_rank() {
    let e = error("4k2P/8/8/8/8/8/8/p3K3 w - - 0 1", Mode::Standard);
    assert_eq!(e, PositionError::PawnsOnBackRank { squares: squares(&[Square::A1, Square::H8]) });
    assert_eq!(e.to_string(), "pawns cannot stand on the first or last rank (a1, h8)");
    assert!(matches!(error("P7/8/8/8/8/8/8/8 w - - 0 1", Mode::Drill), PositionError::PawnsOnBackRank { .. }));
}

#[test]
fn too_many_pieces_and_pawns() {
    let e = error("4k3/8/8/8/8/NNN5/PPPPPPPP/RNBQKBNR w - - 0 1", Mode::Standard);
    assert_eq!(e, PositionError::TooManyPieces { color: Color::White, count: 19 });
    assert_eq!(e.to_string(), "white has 19 pieces; a side has at most 16");
    let e = error("4k3/8/8/8/8/p7/pppppppp/4K3 w - - 0 1", Mode::Standard);
    assert_eq!(e, PositionError::TooManyPawns { color: Color::Black, count: 9 });
    assert_eq!(e.to_string(), "black has 9 pawns; a side has at most 8");
}

#[test]
fn more_promoted_pieces_than_pawns_gone_is_impossible() {
    // 30 queens: fifteen a side, where eight promotions and the start's one make nine at most.
    let e = error("QQQQQQQk/QQQQQQQQ/8/8/8/8/qqqqqqqq/Kqqqqqqq w - - 0 1", Mode::Standard);
    assert_eq!(e, PositionError::ImpossibleMaterial { color: Color::White, promoted: 14, pawns_gone: 8 });
    assert_eq!(e.to_string(), "white has 14 pieces more than at the start, but only 8 of its pawns are gone to promote");
    // Two promoted queens with two pawns gone is a real game's; with one gone it is not.
    assert!(Position::from_setup("4k3/8/8/8/8/8/PPPPPP2/QQQ1K3 w - - 0 1".parse().unwrap(), Mode::Standard).is_ok());
    let e = error("4k3/8/8/8/8/8/PPPPPPP1/QQQ1K3 w - - 0 1", Mode::Standard);
    assert_eq!(e, PositionError::ImpossibleMaterial { color: Color::White, promoted: 2, pawns_gone: 1 });
    // Two bishops on one square colour need a promotion; one on each does not.
    assert!(Position::from_setup("4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1".parse().unwrap(), Mode::Standard).is_ok());
    assert!(matches!(error("4k3/8/8/8/8/8/PPPPPPPP/1B2KB2 w - - 0 1", Mode::Standard), PositionError::ImpossibleMaterial { .. }));
    // A lesson's drill sets out what it teaches with.
    assert!(Position::from_setup("8/8/8/3RRR2/8/8/8/8 w - - 0 1".parse().unwrap(), Mode::Drill).is_ok());
}

#[test]
fn castling_rights_need_king_and_rook_at_home() {
    let e = error("4k3/8/8/8/8/8/8/R2K3R w K - 0 1", Mode::Standard);
    assert_eq!(e, PositionError::CastlingWithoutKing { color: Color::White, side: CastlingSide::KingSide, king_square: Square::E1 });
    assert_eq!(e.to_string(), "white has the right to castle king side (O-O) but its king is not on e1");
    let e = error("1r2k3/8/8/8/8/8/8/4K3 w q - 0 1", Mode::Standard);
    assert_eq!(e, PositionError::CastlingWithoutRook { color: Color::Black, side: CastlingSide::QueenSide, rook_square: Square::A8 });
    assert_eq!(e.to_string(), "black has the right to castle queen side (O-O-O) but there is no black rook on a8");
    // A drill without kings cannot castle either.
    assert!(matches!(error("r7/8/8/8/8/8/8/8 b q - 0 1", Mode::Drill), PositionError::CastlingWithoutKing { .. }));
}

#[test]
fn en_passant_square_must_fit_a_double_step() {
    let e = error("4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 2", Mode::Standard);
    assert_eq!(e, PositionError::EnPassantWrongRank { square: Square::D3, turn: Color::White });
    assert_eq!(e.to_string(), "en-passant square d3 is on the wrong rank: with white to move it must be on rank 6");
    let e = error("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 2", Mode::Standard);
    assert_eq!(e, PositionError::EnPassantNoPawn { square: Square::D6, pawn_square: Square::D5 });
    assert_eq!(e.to_string(), "en-passant square d6: there is no pawn on d5 that could just have advanced two squares");
    let e = error("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 2", Mode::Standard);
    assert_eq!(e, PositionError::EnPassantSquaresOccupied { square: Square::D6, occupied: squares(&[Square::D7]) });
    assert_eq!(e.to_string(), "en-passant square d6: the pawn just passed over d7, so it must be empty");
    // Black's own pawn in front does not count as the double-stepped pawn.
    assert!(matches!(error("4k3/8/8/8/3p4/8/8/4K3 b - d3 0 1", Mode::Standard), PositionError::EnPassantNoPawn { .. }));
}

#[test]
fn side_not_to_move_in_check() {
    let e = error("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", Mode::Standard);
    assert_eq!(e, PositionError::OppositeCheck { color: Color::Black, king: Square::E8, checkers: squares(&[Square::E1]) });
    assert_eq!(e.to_string(), "black is in check (king on e8, attacked from e1) but it is white's turn");
    // Kings side by side.
    assert!(matches!(error("8/8/8/8/8/8/4k3/4K3 w - - 0 1", Mode::Standard), PositionError::OppositeCheck { .. }));
    // Drill: the king that exists is still protected by the rule.
    assert!(matches!(error("8/8/8/8/8/8/8/4K2r b - - 0 1", Mode::Drill), PositionError::OppositeCheck { .. }));
}

#[test]
fn impossible_checks() {
    // Three checkers.
    let e = error("4k3/8/8/8/8/3n1n2/8/R3K2q w - - 0 1", Mode::Standard);
    assert!(matches!(e, PositionError::ImpossibleCheck { king: Square::E1, checkers } if checkers.count() == 3), "{e}");
    // Two knights.
    assert!(matches!(error("4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1", Mode::Standard), PositionError::ImpossibleCheck { .. }));
    // Two rooks on one line through the king.
    let e = error("4k3/8/8/8/8/8/8/r3K2r w - - 0 1", Mode::Standard);
    assert_eq!(e, PositionError::ImpossibleCheck { king: Square::E1, checkers: squares(&[Square::A1, Square::H1]) });
    assert_eq!(e.to_string(), "the king on e1 is in check from a1, h1, which no single last move can have done");
    // A check that the double step cannot have given.
    assert!(matches!(error("4k3/8/8/3pP3/8/8/8/r3K3 w - d6 0 2", Mode::Standard), PositionError::ImpossibleCheck { .. }));
    // Possible double checks are fine: knight + rook, and a discovered check through the e.p. origin.
    assert!(Position::from_fen("4k3/8/8/8/8/3n4/8/r3K3 w - - 0 1", Mode::Standard).is_ok());
    assert!(Position::from_fen("8/8/8/8/2k1pP2/8/8/4K3 b - f3 0 1", Mode::Standard).is_ok());
    assert!(Position::from_fen("8/8/8/8/4pP1k/8/8/1B2K3 b - f3 0 1", Mode::Standard).is_ok());
}

#[test]
fn every_error_is_a_std_error() {
    let e: Box<dyn std::error::Error> = Box::new(PositionError::MissingKing { color: Color::Black });
    assert_eq!(e.to_string(), "black has no king");
    let fen_error = Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1", Mode::Standard).unwrap_err();
    assert_eq!(fen_error.to_string(), "illegal position: white has no king");
    assert!(std::error::Error::source(&fen_error).is_some());
}
