//! Crafted positions for every `IllegalReason` (each test named after its reason), castling for
//! both colours and both sides, en passant, pawn geometry, promotions and drills. The
//! consistency law over many positions is in `law_tests.rs`.

use super::*;
use crate::{Mode, MoveKind};
use IllegalReason as R;

pub(super) fn pos(fen: &str) -> Position {
    match Position::from_fen(fen, Mode::Standard) {
        Ok(p) => p,
        Err(e) => panic!("{fen}: {e}"),
    }
}

fn drill(fen: &str) -> Position {
    match Position::from_fen(fen, Mode::Drill) {
        Ok(p) => p,
        Err(e) => panic!("{fen}: {e}"),
    }
}

fn sq(name: &str) -> Square {
    match name.parse() {
        Ok(s) => s,
        Err(_) => panic!("bad square {name}"),
    }
}

fn bb(names: &[&str]) -> Bitboard {
    names.iter().map(|n| sq(n)).collect()
}

/// Splits `e2e4` / `b7b8q` into the attempt's parts.
fn attempt(uci: &str) -> (Square, Square, Option<Role>) {
    (sq(&uci[0..2]), sq(&uci[2..4]), uci[4..].chars().next().and_then(Role::from_char))
}

/// The reason `uci` is refused, asserting that it is.
fn why(p: &Position, uci: &str) -> IllegalReason {
    let (from, to, promotion) = attempt(uci);
    match explain(p, from, to, promotion) {
        Ok(m) => panic!("{uci} is legal ({m}) in {}", p.fen()),
        Err(reason) => reason,
    }
}

/// The legal move for `uci`, asserting it is legal.
fn ok(p: &Position, uci: &str) -> Move {
    let (from, to, promotion) = attempt(uci);
    match p.explain(from, to, promotion) {
        Ok(m) => m,
        Err(reason) => panic!("{uci} refused in {}: {reason}", p.fen()),
    }
}

/// The position after the given legal moves.
fn after(p: &Position, ucis: &[&str]) -> Position {
    ucis.iter().fold(*p, |p, uci| p.play_unchecked(&ok(&p, uci)))
}

#[test]
fn no_piece() {
    assert_eq!(why(&Position::new(), "e3e4"), R::NoPiece { from: sq("e3") });
    assert_eq!(why(&drill("8/8/8/8/8/8/8/R7 w - - 0 1"), "b1b2"), R::NoPiece { from: sq("b1") });
}

#[test]
fn not_your_turn() {
    assert_eq!(why(&Position::new(), "e7e5"), R::NotYourTurn { from: sq("e7"), color: Color::Black });
    let p = after(&Position::new(), &["e2e4"]);
    assert_eq!(why(&p, "d2d4"), R::NotYourTurn { from: sq("d2"), color: Color::White });
}

#[test]
fn same_square() {
    assert_eq!(why(&Position::new(), "g1g1"), R::SameSquare { from: sq("g1") });
    assert_eq!(why(&Position::new(), "e1e1"), R::SameSquare { from: sq("e1") });
}

#[test]
fn cannot_move_that_way() {
    let start = Position::new();
    let way = |from: &str, to: &str, role| R::CannotMoveThatWay { from: sq(from), to: sq(to), role };
    assert_eq!(why(&start, "g1g3"), way("g1", "g3", Role::Knight), "a knight goes in an L");
    assert_eq!(why(&start, "g1e2"), R::OwnPieceOnTarget { to: sq("e2") }, "an L onto its own pawn");
    let p = pos("4k3/8/8/8/3K4/8/8/2B4R w - - 0 1");
    assert_eq!(why(&p, "c1c4"), way("c1", "c4", Role::Bishop), "a bishop never goes straight");
    assert_eq!(why(&p, "c1d3"), way("c1", "d3", Role::Bishop));
    assert_eq!(why(&p, "h1g2"), way("h1", "g2", Role::Rook), "a rook never goes diagonally");
    assert_eq!(why(&p, "h1a8"), way("h1", "a8", Role::Rook));
    assert_eq!(why(&p, "d4d6"), way("d4", "d6", Role::King), "two steps without castling");
    assert_eq!(why(&p, "d4f3"), way("d4", "f3", Role::King));
    let q = pos("4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1");
    assert_eq!(why(&q, "d4e6"), way("d4", "e6", Role::Queen), "the queen does not jump like a knight");
    assert_eq!(why(&start, "e2e5"), way("e2", "e5", Role::Pawn), "three squares is too far for a pawn");
    let pawn = pos("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(why(&pawn, "e4d4"), way("e4", "d4", Role::Pawn), "pawns never go sideways");
    assert_eq!(why(&pawn, "e4g6"), way("e4", "g6", Role::Pawn));
    assert_eq!(why(&pawn, "e4f6"), way("e4", "f6", Role::Pawn));
    let edge = pos("4k3/8/8/8/8/8/7P/4K3 w - - 0 1");
    assert_eq!(why(&edge, "h2a3"), way("h2", "a3", Role::Pawn), "no wrapping around the board");
    // A king away from its home square: two squares sideways is not castling.
    let p = pos("4k3/8/8/8/8/8/4K3/8 w - - 0 1");
    assert_eq!(why(&p, "e2g2"), way("e2", "g2", Role::King));
    // The black king on e1 is not a castling king either.
    let p = pos("8/8/8/8/8/8/8/4k2K b - - 0 1");
    assert_eq!(why(&p, "e1c1"), way("e1", "c1", Role::King));
}

#[test]
fn path_blocked() {
    let start = Position::new();
    let blocked = |from: &str, to: &str, role, blocker: &str| R::PathBlocked { from: sq(from), to: sq(to), role, blocker: sq(blocker) };
    assert_eq!(why(&start, "c1e3"), blocked("c1", "e3", Role::Bishop, "d2"));
    assert_eq!(why(&start, "d1h5"), blocked("d1", "h5", Role::Queen, "e2"));
    assert_eq!(why(&start, "f8b4"), R::NotYourTurn { from: sq("f8"), color: Color::Black });
    assert_eq!(ok(&start, "g1f3").to, sq("f3"), "only the knight jumps");
    // The first piece on the way is named, whichever way the rook goes.
    let p = pos("4k3/r7/p7/8/8/P7/8/R3K3 w - - 0 1");
    assert_eq!(why(&p, "a1a7"), blocked("a1", "a7", Role::Rook, "a3"));
    let p = pos("r3k3/8/p7/8/8/P7/8/4K3 b - - 0 1");
    assert_eq!(why(&p, "a8a1"), blocked("a8", "a1", Role::Rook, "a6"));
    // Blocked comes before "own piece on the target": the rook meets a2 first.
    assert_eq!(why(&start, "a1a3"), blocked("a1", "a3", Role::Rook, "a2"));
    // A pawn's two-step over an occupied square, for both colours.
    let p = pos("4k3/3p4/3B4/8/8/4n3/4P3/4K3 w - - 0 1");
    assert_eq!(why(&p, "e2e4"), blocked("e2", "e4", Role::Pawn, "e3"));
    let p = pos("4k3/3p4/3B4/8/8/4n3/4P3/4K3 b - - 0 1");
    assert_eq!(why(&p, "d7d5"), blocked("d7", "d5", Role::Pawn, "d6"));
}

#[test]
fn own_piece_on_target() {
    let start = Position::new();
    assert_eq!(why(&start, "b1d2"), R::OwnPieceOnTarget { to: sq("d2") });
    assert_eq!(why(&start, "e1e2"), R::OwnPieceOnTarget { to: sq("e2") });
    assert_eq!(why(&start, "e1f1"), R::OwnPieceOnTarget { to: sq("f1") });
    // A pawn stepping or "capturing" onto its own piece is told that.
    let p = pos("4k3/8/8/8/8/3NN3/4P3/4K3 w - - 0 1");
    assert_eq!(why(&p, "e2e3"), R::OwnPieceOnTarget { to: sq("e3") });
    assert_eq!(why(&p, "e2d3"), R::OwnPieceOnTarget { to: sq("d3") });
}

#[test]
fn pawn_captures_diagonally() {
    let p = pos("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(why(&p, "e4e5"), R::PawnCapturesDiagonally { from: sq("e4"), to: sq("e5") });
    let p = pos("4k3/8/8/4p3/4P3/8/8/4K3 b - - 0 1");
    assert_eq!(why(&p, "e5e4"), R::PawnCapturesDiagonally { from: sq("e5"), to: sq("e4") });
    // A two-step onto an enemy piece.
    let p = pos("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1");
    assert_eq!(why(&p, "e2e4"), R::PawnCapturesDiagonally { from: sq("e2"), to: sq("e4") });
}

#[test]
fn pawn_moves_straight() {
    assert_eq!(why(&Position::new(), "e2d3"), R::PawnMovesStraight { from: sq("e2"), to: sq("d3") });
    let p = after(&Position::new(), &["e2e4"]);
    assert_eq!(why(&p, "d7e6"), R::PawnMovesStraight { from: sq("d7"), to: sq("e6") });
}

#[test]
fn pawn_capture_geometry() {
    // Captures one square diagonally forward, both ways, both colours.
    let p = pos("4k3/8/8/2n1b3/3P4/8/P7/4K3 w - - 0 1");
    assert_eq!(ok(&p, "d4c5").capture, Some(Role::Knight));
    assert_eq!(ok(&p, "d4e5").capture, Some(Role::Bishop));
    assert_eq!(ok(&p, "d4d5").capture, None);
    let p = pos("4k3/8/8/3p4/2N1B3/8/8/4K3 b - - 0 1");
    assert_eq!(ok(&p, "d5c4").capture, Some(Role::Knight));
    assert_eq!(ok(&p, "d5e4").capture, Some(Role::Bishop));
    assert_eq!(ok(&p, "d5d4").capture, None);
    // Never diagonally backwards, even onto an enemy piece.
    let p = pos("4k3/8/8/8/3P4/2n5/8/4K3 w - - 0 1");
    assert_eq!(why(&p, "d4c3"), R::PawnBackwards { from: sq("d4"), to: sq("c3") });
}

#[test]
fn pawn_backwards() {
    let p = pos("4k3/8/8/4p3/8/4P3/8/4K3 w - - 0 1");
    assert_eq!(why(&p, "e3e2"), R::PawnBackwards { from: sq("e3"), to: sq("e2") });
    assert_eq!(why(&p, "e3d2"), R::PawnBackwards { from: sq("e3"), to: sq("d2") });
    assert_eq!(why(&p, "e3a1"), R::PawnBackwards { from: sq("e3"), to: sq("a1") });
    let p = pos("4k3/8/8/4p3/8/4P3/8/4K3 b - - 0 1");
    assert_eq!(why(&p, "e5e6"), R::PawnBackwards { from: sq("e5"), to: sq("e6") });
}

#[test]
fn pawn_two_step_only_from_start() {
    let p = pos("4k3/8/8/8/8/4P3/8/4K3 w - - 0 1");
    assert_eq!(why(&p, "e3e5"), R::PawnTwoStepOnlyFromStart { from: sq("e3"), to: sq("e5") });
    let p = pos("4k3/8/4p3/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(why(&p, "e6e4"), R::PawnTwoStepOnlyFromStart { from: sq("e6"), to: sq("e4") });
    assert_eq!(ok(&Position::new(), "e2e4").kind, MoveKind::DoubleStep);
    assert_eq!(ok(&after(&Position::new(), &["e2e4"]), "c7c5").kind, MoveKind::DoubleStep);
}

#[test]
fn king_into_check() {
    let into = |from: &str, to: &str, attackers: &[&str]| R::KingIntoCheck { from: sq(from), to: sq(to), attackers: bb(attackers) };
    let p = pos("4k3/8/8/8/8/8/r7/4K3 w - - 0 1");
    assert_eq!(why(&p, "e1e2"), into("e1", "e2", &["a2"]));
    // Several attackers are all named.
    let p = pos("4k3/8/8/8/8/3n4/r7/4K3 w - - 0 1");
    assert_eq!(why(&p, "e1f2"), into("e1", "f2", &["a2", "d3"]));
    // X-ray through the king's own square: stepping back along the checking rook's line.
    let p = pos("4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert_eq!(why(&p, "e1f1"), into("e1", "f1", &["a1"]));
    let p = pos("4r2k/8/8/8/4K3/8/8/8 w - - 0 1");
    assert_eq!(why(&p, "e4e3"), into("e4", "e3", &["e8"]));
    // Taking a protected piece, and walking next to the other king.
    let p = pos("4k3/8/8/8/8/4p3/3p4/4K3 w - - 0 1");
    assert_eq!(why(&p, "e1d2"), into("e1", "d2", &["e3"]));
    let p = pos("8/8/8/3k4/8/3K4/8/8 w - - 0 1");
    assert_eq!(why(&p, "d3d4"), into("d3", "d4", &["d5"]));
    // A drill with only the white king: that king is still kept out of check.
    let p = drill("8/8/8/8/8/8/r7/4K3 w - - 0 1");
    assert_eq!(why(&p, "e1d2"), into("e1", "d2", &["a2"]));
}

#[test]
fn pinned() {
    let pin = |from: &str, to: &str, pinner: &str, king: &str| R::Pinned { from: sq(from), to: sq(to), pinner: sq(pinner), king: sq(king) };
    let p = pos("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    assert_eq!(why(&p, "e2c3"), pin("e2", "c3", "e7", "e1"));
    // A pinned rook moves along the pin line (even capturing the pinner), not off it.
    let p = pos("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1");
    assert_eq!(ok(&p, "e2e7").capture, Some(Role::Rook));
    assert_eq!(why(&p, "e2a2"), pin("e2", "a2", "e7", "e1"));
    // A diagonal pin of a bishop, for Black.
    let p = pos("4k3/5b2/8/7B/8/8/8/4K3 b - - 0 1");
    assert_eq!(why(&p, "f7e6"), pin("f7", "e6", "h5", "e8"));
    assert_eq!(ok(&p, "f7g6").to, sq("g6"));
    // A pinned pawn may capture the pinner but not push.
    let p = pos("4k3/8/q7/1P6/2K5/8/8/8 w - - 0 1");
    assert_eq!(why(&p, "b5b6"), pin("b5", "b6", "a6", "c4"));
    assert_eq!(ok(&p, "b5a6").capture, Some(Role::Queen));
    // In check, a pinned knight that blocks the check is told about the pin.
    let p = pos("4r1k1/8/8/8/1b6/8/4N3/4K3 w - - 0 1");
    assert_eq!(why(&p, "e2c3"), pin("e2", "c3", "e8", "e1"));
    // A drill without a white king: nothing is pinned for White, but Black's king still pins.
    let p = drill("4k3/4b3/8/8/8/8/8/4R3 b - - 0 1");
    assert_eq!(why(&p, "e7d6"), pin("e7", "d6", "e1", "e8"));
    let p = drill("4r3/8/8/8/8/8/4B3/8 w - - 0 1");
    assert_eq!(ok(&p, "e2d3").to, sq("d3"));
}

#[test]
fn in_check_does_not_help() {
    let p = pos("4k3/8/8/8/8/4N3/8/r3K3 w - - 0 1");
    let no_help =
        |from: &str, to: &str, checkers: &[&str]| R::InCheckDoesNotHelp { from: sq(from), to: sq(to), checkers: bb(checkers), king: sq("e1") };
    assert_eq!(why(&p, "e3g4"), no_help("e3", "g4", &["a1"]));
    assert_eq!(ok(&p, "e3d1").to, sq("d1"), "blocking helps");
    assert_eq!(why(&p, "e3c2"), no_help("e3", "c2", &["a1"]));
    // Double check: no move but the king's helps, not even capturing one checker.
    let p = pos("4k3/8/8/8/1b1Q4/8/8/r3K3 w - - 0 1");
    assert_eq!(why(&p, "d4b4"), no_help("d4", "b4", &["a1", "b4"]));
    assert_eq!(why(&p, "d4d1"), no_help("d4", "d1", &["a1", "b4"]));
    assert_eq!(ok(&p, "e1e2").to, sq("e2"));
    // In check, a pinned piece that does not help is told about the check first.
    let p = pos("4r1k1/8/8/8/1b6/8/4N3/4K3 w - - 0 1");
    assert_eq!(why(&p, "e2g3"), no_help("e2", "g3", &["b4"]));
}

#[test]
fn leaves_king_in_check() {
    // En passant would take both pawns off the fifth rank: the h5 rook would see the king.
    let p = pos("8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
    let expected = R::LeavesKingInCheck { from: sq("b5"), to: sq("c6"), attackers: bb(&["h5"]), king: sq("a5") };
    assert_eq!(why(&p, "b5c6"), expected);
    assert_eq!(ok(&p, "b5b6").to, sq("b6"));
    // The same after a real two-step (Black's c7-c5) on the board.
    let p = after(&pos("8/2p5/8/KP5r/8/8/8/7k b - - 0 1"), &["c7c5"]);
    assert_eq!(why(&p, "b5c6"), expected);
}

#[test]
fn en_passant_right_after_the_two_step() {
    let p = after(&pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"), &["d7d5"]);
    let m = ok(&p, "e5d6");
    assert_eq!((m.kind, m.captured_square()), (MoveKind::EnPassant, Some(sq("d5"))));
    // Capturing en passant removes the pawn that gives check.
    let p = pos("4k3/8/8/3pP3/4K3/8/8/8 w - d6 0 2");
    assert!(p.is_check());
    assert_eq!(ok(&p, "e5d6").kind, MoveKind::EnPassant);
    // A capturing pawn pinned on a diagonal may not leave it.
    let p = pos("1b2k3/8/8/4Pp2/8/8/7K/8 w - f6 0 2");
    assert_eq!(why(&p, "e5f6"), R::Pinned { from: sq("e5"), to: sq("f6"), pinner: sq("b8"), king: sq("h2") });
}

#[test]
fn en_passant_expired() {
    let expired = |from: &str, to: &str, pawn: &str| R::EnPassantExpired { from: sq(from), to: sq(to), pawn: sq(pawn) };
    // A move later, the chance is gone.
    let p = after(&pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"), &["d7d5", "e1e2", "e8e7"]);
    assert_eq!(why(&p, "e5d6"), expired("e5", "d6", "d5"));
    assert!(why(&p, "e5d6").is_permanent());
    // From a FEN without an en-passant square, for both colours.
    assert_eq!(why(&pos("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 3"), "e5d6"), expired("e5", "d6", "d5"));
    assert_eq!(why(&pos("4k3/8/8/8/3Pp3/8/8/4K3 b - - 0 3"), "e4d3"), expired("e4", "d3", "d4"));
    // The d5 pawn cannot have come by a two-step while a black pawn still stands on d7.
    let p = pos("4k3/3p4/8/3pP3/8/8/8/4K3 w - - 0 3");
    assert_eq!(why(&p, "e5d6"), R::PawnMovesStraight { from: sq("e5"), to: sq("d6") });
    // Beside a piece that is not a pawn: no en passant at all.
    let p = pos("4k3/8/8/3nP3/8/8/8/4K3 w - - 0 3");
    assert_eq!(why(&p, "e5d6"), R::PawnMovesStraight { from: sq("e5"), to: sq("d6") });
}

/// Rights, blockers and attackers for the castling tests: `(fen, attempt, expected)`.
fn castle_cases() -> Vec<(&'static str, &'static str, IllegalReason)> {
    let king_moved = |k: &str| R::CastleKingMoved { king: sq(k) };
    let rook_moved = |r: &str| R::CastleRookMoved { rook: sq(r) };
    let between = |s: &[&str]| R::CastlePiecesBetween { squares: bb(s) };
    let through = |s: &str, a: &[&str]| R::CastleThroughAttack { square: sq(s), attackers: bb(a) };
    let into = |s: &str, a: &[&str]| R::CastleIntoAttack { square: sq(s), attackers: bb(a) };
    let in_check = |c: &[&str]| R::CastleInCheck { checkers: bb(c) };
    vec![
        ("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "e1g1", king_moved("e1")),
        ("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "e1c1", king_moved("e1")),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQ - 0 1", "e8g8", king_moved("e8")),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQ - 0 1", "e8c8", king_moved("e8")),
        ("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1g1", rook_moved("h1")),
        ("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", "e1c1", rook_moved("a1")),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQq - 0 1", "e8g8", rook_moved("h8")),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1", "e8c8", rook_moved("a8")),
        ("r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1", "e1g1", rook_moved("h1")),
        ("r2qkb1r/8/8/8/8/8/8/RN1QKB1R w KQkq - 0 1", "e1g1", between(&["f1"])),
        ("r2qkb1r/8/8/8/8/8/8/RN1QKB1R w KQkq - 0 1", "e1c1", between(&["b1", "d1"])),
        ("r2qkb1r/8/8/8/8/8/8/RN1QKB1R b KQkq - 0 1", "e8g8", between(&["f8"])),
        ("r2qkb1r/8/8/8/8/8/8/RN1QKB1R b KQkq - 0 1", "e8c8", between(&["d8"])),
        ("r3k2r/8/8/8/4q3/8/8/R3K2R w KQkq - 0 1", "e1g1", in_check(&["e4"])),
        ("r3k2r/8/8/8/4q3/8/8/R3K2R w KQkq - 0 1", "e1c1", in_check(&["e4"])),
        ("r3k2r/8/8/4Q3/8/8/8/R3K2R b KQkq - 0 1", "e8g8", in_check(&["e5"])),
        ("r3k2r/8/8/4Q3/8/8/8/R3K2R b KQkq - 0 1", "e8c8", in_check(&["e5"])),
        ("1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", through("f1", &["f8"])),
        ("1k1r4/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", through("d1", &["d8"])),
        ("r3k2r/8/8/8/8/8/8/1K3R2 b kq - 0 1", "e8g8", through("f8", &["f1"])),
        ("r3k2r/8/8/8/8/8/8/1K1R4 b kq - 0 1", "e8c8", through("d8", &["d1"])),
        ("1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", into("g1", &["g8"])),
        ("1kr5/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", into("c1", &["c8"])),
        ("r3k2r/8/8/8/8/8/8/1K4R1 b kq - 0 1", "e8g8", into("g8", &["g1"])),
        ("r3k2r/8/8/8/8/8/8/1KR5 b kq - 0 1", "e8c8", into("c8", &["c1"])),
    ]
}

#[test]
fn castle_prohibitions_for_both_colours_and_sides() {
    for (fen, uci, expected) in castle_cases() {
        let p = pos(fen);
        assert_eq!(why(&p, uci), expected, "{fen} {uci}");
        let permanent = matches!(expected, R::CastleKingMoved { .. } | R::CastleRookMoved { .. });
        assert_eq!(expected.is_permanent(), permanent, "{}", expected.code());
        // Dropping the king on its rook asks for the same castling and gets the same answer.
        let rook_file = if &uci[2..3] == "g" { "h" } else { "a" };
        let alias = format!("{}{rook_file}{}", &uci[0..2], &uci[3..4]);
        if p.board().piece_at(sq(&alias[2..4])) == Some(Role::Rook.of(p.turn())) {
            assert_eq!(why(&p, &alias), expected, "{fen} {alias}");
        }
    }
}

#[test]
fn castle_king_moved() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1");
    assert_eq!(why(&p, "e1g1"), R::CastleKingMoved { king: sq("e1") });
    // The king went e1-e2-e1 on the board: the rights are gone for good.
    let p = after(&pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), &["e1e2", "e8e7", "e2e1", "e7e8"]);
    assert_eq!(why(&p, "e1c1"), R::CastleKingMoved { king: sq("e1") });
}

#[test]
fn castle_rook_moved() {
    let p = after(&pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), &["h1h2", "a8b8", "h2h1", "b8a8"]);
    assert_eq!(why(&p, "e1g1"), R::CastleRookMoved { rook: sq("h1") });
    assert_eq!(ok(&p, "e1c1").castling_side(), Some(CastlingSide::QueenSide));
    let p = after(&p, &["e1c1"]);
    assert_eq!(why(&p, "e8c8"), R::CastleRookMoved { rook: sq("a8") });
    assert_eq!(ok(&p, "e8g8").castling_side(), Some(CastlingSide::KingSide));
}

#[test]
fn castle_pieces_between() {
    let p = Position::new();
    assert_eq!(why(&p, "e1g1"), R::CastlePiecesBetween { squares: bb(&["f1", "g1"]) });
    assert_eq!(why(&p, "e1c1"), R::CastlePiecesBetween { squares: bb(&["b1", "c1", "d1"]) });
    // Only b1 in the way of the long castling: the king never crosses b1, but the rook does.
    let p = pos("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    assert_eq!(why(&p, "e1c1"), R::CastlePiecesBetween { squares: bb(&["b1"]) });
}

#[test]
fn castle_in_check() {
    let p = pos("r3k2r/8/8/8/4q3/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(why(&p, "e1g1"), R::CastleInCheck { checkers: bb(&["e4"]) });
    let p = pos("r3k2r/8/3N4/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(why(&p, "e8c8"), R::CastleInCheck { checkers: bb(&["d6"]) });
    assert_eq!(why(&p, "e8h8"), R::CastleInCheck { checkers: bb(&["d6"]) });
}

#[test]
fn castle_through_attack() {
    let p = pos("1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(why(&p, "e1g1"), R::CastleThroughAttack { square: sq("f1"), attackers: bb(&["f8"]) });
    // The rook may cross an attacked square (b1); only the king's path counts.
    let p = pos("1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(ok(&p, "e1c1").castling_side(), Some(CastlingSide::QueenSide));
    assert_eq!(ok(&p, "e1a1").castling_side(), Some(CastlingSide::QueenSide), "king onto its rook");
    // A pawn controls the square diagonally.
    let p = pos("4k3/8/8/8/8/8/4p3/R3K2R w KQ - 0 1");
    assert_eq!(why(&p, "e1c1"), R::CastleThroughAttack { square: sq("d1"), attackers: bb(&["e2"]) });
}

#[test]
fn castle_into_attack() {
    let p = pos("1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(why(&p, "e1g1"), R::CastleIntoAttack { square: sq("g1"), attackers: bb(&["g8"]) });
    let p = pos("r3k2r/8/8/8/8/8/8/1KR5 b kq - 0 1");
    assert_eq!(why(&p, "e8c8"), R::CastleIntoAttack { square: sq("c8"), attackers: bb(&["c1"]) });
}

#[test]
fn castling_is_legal_by_either_input() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (uci, side, king_to) in [
        ("e1g1", CastlingSide::KingSide, "g1"),
        ("e1h1", CastlingSide::KingSide, "g1"),
        ("e1c1", CastlingSide::QueenSide, "c1"),
        ("e1a1", CastlingSide::QueenSide, "c1"),
    ] {
        let m = ok(&p, uci);
        assert_eq!((m.castling_side(), m.to), (Some(side), sq(king_to)), "{uci}");
    }
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(ok(&p, "e8a8").castling_side(), Some(CastlingSide::QueenSide));
    assert_eq!(ok(&p, "e8h8").castling_side(), Some(CastlingSide::KingSide));
}

#[test]
fn promotion_missing() {
    let p = pos("n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(why(&p, "b7b8"), R::PromotionMissing { from: sq("b7"), to: sq("b8") });
    assert_eq!(why(&p, "b7a8"), R::PromotionMissing { from: sq("b7"), to: sq("a8") });
    let p = pos("4k3/8/8/8/8/8/1p6/4K3 b - - 0 1");
    assert_eq!(why(&p, "b2b1"), R::PromotionMissing { from: sq("b2"), to: sq("b1") });
    // Only an otherwise legal promotion asks for the piece: a pinned pawn is told about the pin.
    let p = pos("2b1k3/1P6/K7/8/8/8/8/8 w - - 0 1");
    assert_eq!(why(&p, "b7b8"), R::Pinned { from: sq("b7"), to: sq("b8"), pinner: sq("c8"), king: sq("a6") });
    assert_eq!(why(&p, "b7b8q"), R::Pinned { from: sq("b7"), to: sq("b8"), pinner: sq("c8"), king: sq("a6") });
    assert_eq!(ok(&p, "b7c8n").capture, Some(Role::Bishop));
    // And a blocked pawn about the piece in front of it.
    let p = pos("1n2k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(why(&p, "b7b8q"), R::PawnCapturesDiagonally { from: sq("b7"), to: sq("b8") });
}

#[test]
fn promotion_not_allowed() {
    let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(why(&p, "b7b8k"), R::PromotionNotAllowed { from: sq("b7"), to: sq("b8"), role: Role::King });
    assert_eq!(why(&p, "b7b8p"), R::PromotionNotAllowed { from: sq("b7"), to: sq("b8"), role: Role::Pawn });
    for (uci, role) in [("b7b8q", Role::Queen), ("b7b8r", Role::Rook), ("b7b8b", Role::Bishop), ("b7b8n", Role::Knight)] {
        assert_eq!(ok(&p, uci).promotion, Some(role));
    }
}

#[test]
fn promotion_not_a_promotion() {
    let start = Position::new();
    assert_eq!(why(&start, "e2e4q"), R::PromotionNotAPromotion { from: sq("e2"), to: sq("e4"), role: Role::Queen });
    assert_eq!(why(&start, "g1f3n"), R::PromotionNotAPromotion { from: sq("g1"), to: sq("f3"), role: Role::Knight });
    assert_eq!(why(&start, "g1f3k"), R::PromotionNotAPromotion { from: sq("g1"), to: sq("f3"), role: Role::King });
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(why(&p, "e1g1q"), R::PromotionNotAPromotion { from: sq("e1"), to: sq("g1"), role: Role::Queen });
    // A rook reaching the last rank is no promotion either.
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_eq!(why(&p, "a1a7q"), R::PromotionNotAPromotion { from: sq("a1"), to: sq("a7"), role: Role::Queen });
}

#[test]
fn positions_without_moves_still_explain() {
    // Fool's mate: White is checkmated.
    let p = pos("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert!(p.is_checkmate());
    let checkers = bb(&["h4"]);
    assert_eq!(why(&p, "e2e3"), R::InCheckDoesNotHelp { from: sq("e2"), to: sq("e3"), checkers, king: sq("e1") });
    assert_eq!(why(&p, "e1f2"), R::KingIntoCheck { from: sq("e1"), to: sq("f2"), attackers: checkers });
    // Stalemate: every king step is into check.
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(p.is_stalemate());
    assert_eq!(why(&p, "h8g8"), R::KingIntoCheck { from: sq("h8"), to: sq("g8"), attackers: bb(&["f7"]) });
    assert_eq!(why(&p, "h8h7"), R::KingIntoCheck { from: sq("h8"), to: sq("h7"), attackers: bb(&["f7", "g6"]) });
}

#[test]
fn drills_without_kings_have_no_check_reasons() {
    let p = drill("8/8/8/3n4/8/8/8/R7 w - - 0 1");
    assert_eq!(ok(&p, "a1a8").to, sq("a8"));
    assert_eq!(ok(&p, "a1h1").to, sq("h1"));
    assert_eq!(why(&p, "a1b2"), R::CannotMoveThatWay { from: sq("a1"), to: sq("b2"), role: Role::Rook });
    // White has no king: a white rook standing in front of a black rook may move anywhere.
    let p = drill("4k3/8/8/8/4r3/8/4R3/8 w - - 0 1");
    assert_eq!(ok(&p, "e2a2").to, sq("a2"));
}

#[test]
fn every_reason_marks_squares_and_has_a_code() {
    let samples = IllegalReason::samples();
    let mut codes: Vec<&str> = samples.iter().map(|r| r.code()).collect();
    assert_eq!(codes, IllegalReason::CODES.to_vec(), "one sample per variant, in declaration order");
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), IllegalReason::CODES.len(), "codes are unique");
    for r in samples {
        assert!(r.squares().any(), "{r:?} marks a square");
        let named = r.args().into_iter().fold(Bitboard::EMPTY, |acc, (_, arg)| acc | arg.squares());
        assert_eq!(r.squares(), named, "{r:?}: squares() and args() name the same squares");
        assert_eq!(IllegalReason::CODES[r.ordinal()], r.code());
        assert!(r.code().bytes().all(|b| b.is_ascii_lowercase() || b == b'-'), "{} is kebab-case", r.code());
        assert!(!r.to_string().is_empty());
        for (name, arg) in r.args() {
            assert!(!name.is_empty() && !arg.to_string().is_empty(), "{r:?}");
        }
    }
}
