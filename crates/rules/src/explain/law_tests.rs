//! The consistency law of `explain`, over every attempt `(from, to, promotion)` of many positions
//! (the published perft positions, random playouts from them, random drill positions): the
//! independent reasoning of `find_reason` finds no reason exactly for the generator's legal
//! moves, `explain` returns `Ok(m)` exactly for them, and every reason it gives names squares
//! that fit the board.

use super::*;
use crate::attacks::ray;
use crate::{Mode, Piece, Setup};
use IllegalReason as R;

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

const STARTS: [&str; 11] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
    "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
    "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
    "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
];

const PROMOTIONS: [Option<Role>; 7] =
    [None, Some(Role::Queen), Some(Role::Rook), Some(Role::Bishop), Some(Role::Knight), Some(Role::King), Some(Role::Pawn)];

fn standard_positions(rng: &mut Rng, games_per_start: usize, plies: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for fen in STARTS {
        let start = super::tests::pos(fen);
        out.push(start);
        for _ in 0..games_per_start {
            let mut p = start;
            for _ in 0..plies {
                let moves = p.legal_moves();
                let Some(m) = moves.get(rng.below(moves.len())) else { break };
                p = p.play_unchecked(m);
                out.push(p);
            }
        }
    }
    out
}

/// Random drill positions (no king, one king or two, a handful of pieces), each with a few
/// random moves played on from it.
fn drill_positions(rng: &mut Rng, wanted: usize) -> Vec<Position> {
    let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen];
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < wanted && tries < wanted * 50 {
        tries += 1;
        let mut setup = Setup::empty();
        setup.turn = if rng.below(2) == 0 { Color::White } else { Color::Black };
        for color in Color::ALL {
            if rng.below(3) > 0 {
                put(rng, &mut setup, Role::King.of(color));
            }
            for _ in 0..rng.below(4) {
                let role = roles[rng.below(roles.len())];
                put(rng, &mut setup, role.of(color));
            }
        }
        let Ok(mut p) = Position::from_setup(setup, Mode::Drill) else { continue };
        out.push(p);
        for _ in 0..rng.below(6) {
            let moves = p.legal_moves();
            let Some(m) = moves.get(rng.below(moves.len())) else { break };
            p = p.play_unchecked(m);
            out.push(p);
        }
    }
    out
}

fn put(rng: &mut Rng, setup: &mut Setup, piece: Piece) {
    let sq = Square::all().nth(rng.below(64)).unwrap_or(Square::A1);
    let back_rank_pawn = piece.role == Role::Pawn && Bitboard::BACKRANKS.contains(sq);
    if setup.board.piece_at(sq).is_none() && !back_rank_pawn {
        setup.board.set_piece_at(sq, piece);
    }
}

/// The legal move an attempt stands for, found in the generator's list without `explain`'s
/// help: the exact `(from, to, promotion)`, or castling asked for by the king-onto-rook input.
fn expected_move(p: &Position, legal: &[Move], from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
    let legal = legal.iter().filter(|m| m.from == from);
    let exact = legal.clone().find(|m| m.to == to && m.promotion == promotion);
    let us = p.turn();
    let onto_own_rook = p.board().piece_at(to) == Some(Role::Rook.of(us));
    let mut legal = legal;
    let alias = legal.find(|m| promotion.is_none() && onto_own_rook && matches!(m.rook_squares(), Some((rook, _)) if rook == to));
    exact.or(alias).copied()
}

/// The squares and pieces a reason names fit the board and the attempt.
fn assert_sane(p: &Position, from: Square, to: Square, reason: IllegalReason) {
    let b = p.board();
    let us = p.turn();
    let ours = b.by_color(us);
    let theirs = b.by_color(!us);
    let our_king = p.king_of(us);
    let ctx = || format!("{} {from}{to}: {reason:?}", p.fen());
    assert!(reason.squares().any(), "{}", ctx());
    let fits = match reason {
        R::NoPiece { from: f } => f == from && b.piece_at(from).is_none(),
        R::NotYourTurn { from: f, color } => f == from && color != us && b.color_at(from) == Some(color),
        R::SameSquare { from: f } => f == from && from == to,
        R::CannotMoveThatWay { from: f, to: t, role } => (f, t) == (from, to) && b.role_at(from) == Some(role),
        R::PathBlocked { from: f, to: t, role, blocker } => {
            let line = between(from, blocker) & b.occupied();
            (f, t) == (from, to)
                && b.role_at(from) == Some(role)
                && b.occupied().contains(blocker)
                && between(from, to).contains(blocker)
                && line.is_empty()
        }
        R::OwnPieceOnTarget { to: t } => t == to && ours.contains(to),
        R::PawnCapturesDiagonally { from: f, to: t } => (f, t) == (from, to) && theirs.contains(to) && from.file() == to.file(),
        R::PawnMovesStraight { from: f, to: t } => (f, t) == (from, to) && !b.occupied().contains(to) && from.file() != to.file(),
        R::PawnBackwards { from: f, to: t } | R::PawnTwoStepOnlyFromStart { from: f, to: t } => {
            (f, t) == (from, to) && b.piece_at(from) == Some(Role::Pawn.of(us))
        }
        R::KingIntoCheck { from: f, to: t, attackers } => {
            (f, t) == (from, to) && our_king == Some(from) && attackers.any() && (attackers - theirs).is_empty()
        }
        R::Pinned { from: f, to: t, pinner, king } => {
            (f, t) == (from, to)
                && our_king == Some(king)
                && theirs.contains(pinner)
                && between(king, pinner).contains(from)
                && !ray(king, pinner).contains(to)
        }
        R::InCheckDoesNotHelp { from: f, to: t, checkers, king } => {
            (f, t) == (from, to) && our_king == Some(king) && checkers.any() && checkers == p.checkers()
        }
        R::LeavesKingInCheck { from: f, to: t, attackers, king } => {
            (f, t) == (from, to) && our_king == Some(king) && attackers.any() && (attackers - theirs).is_empty()
        }
        R::CastleKingMoved { king } => our_king == Some(king) && king == from && !p.castles().has_color(us),
        R::CastleRookMoved { .. } => our_king == Some(from) && p.castles().has_color(us),
        R::CastlePiecesBetween { squares } => our_king == Some(from) && squares.any() && (squares - b.occupied()).is_empty(),
        R::CastleInCheck { checkers } => our_king == Some(from) && checkers.any() && checkers == p.checkers(),
        R::CastleThroughAttack { attackers, .. } | R::CastleIntoAttack { attackers, .. } => {
            our_king == Some(from) && attackers.any() && (attackers - theirs).is_empty()
        }
        R::EnPassantExpired { from: f, to: t, pawn } => (f, t) == (from, to) && b.piece_at(pawn) == Some(Role::Pawn.of(!us)),
        R::PromotionMissing { from: f, to: t } | R::PromotionNotAllowed { from: f, to: t, .. } => {
            (f, t) == (from, to) && b.piece_at(from) == Some(Role::Pawn.of(us))
        }
        R::PromotionNotAPromotion { from: f, to: t, .. } => (f, t) == (from, to) && ours.contains(from),
    };
    assert!(fits, "{}", ctx());
}

/// Checks every attempt on `p`; counts the reasons given.
fn check_law(p: &Position, seen: &mut [bool; IllegalReason::CODES.len()]) {
    let legal = p.legal_moves();
    for m in legal.iter() {
        assert_eq!(explain(p, m.from, m.to, m.promotion), Ok(*m), "{}", p.fen());
    }
    for from in Square::all() {
        let mover = p.board().color_at(from);
        let legal_from: Vec<Move> = legal.iter().filter(|m| m.from == from).copied().collect();
        for to in Square::all() {
            for promotion in PROMOTIONS {
                let reason = find_reason(p, from, to, promotion);
                let expected = expected_move(p, &legal_from, from, to, promotion);
                match (reason, expected) {
                    (None, Some(m)) => {
                        assert_eq!(explain(p, from, to, promotion), Ok(m), "{} {from}{to}", p.fen());
                    }
                    (Some(r), None) => {
                        seen[r.ordinal()] = true;
                        // `explain` itself for the side to move's pieces (it regenerates the
                        // piece's moves each time, so one promotion piece of each kind).
                        if mover == Some(p.turn()) && matches!(promotion, None | Some(Role::Queen | Role::King)) {
                            assert_eq!(explain(p, from, to, promotion), Err(r), "{} {from}{to}", p.fen());
                        }
                        assert_sane(p, from, to, r);
                    }
                    (r, m) => panic!("{} {from}{to} {promotion:?}: reason {r:?} but legal move {m:?}", p.fen()),
                }
            }
        }
    }
}

#[test]
fn explain_agrees_with_the_move_generator() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let positions = standard_positions(&mut rng, 3, 90);
    assert!(positions.len() > 2500, "{} positions", positions.len());
    let mut seen = [false; IllegalReason::CODES.len()];
    for p in &positions {
        check_law(p, &mut seen);
    }
    // The playouts reach every reason at least once.
    for (code, seen) in IllegalReason::CODES.iter().zip(seen) {
        assert!(seen, "no playout position gave {code}");
    }
}

#[test]
fn explain_agrees_with_the_move_generator_in_drills() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let positions = drill_positions(&mut rng, 600);
    assert!(positions.len() >= 600, "{} drill positions", positions.len());
    let kingless = positions.iter().filter(|p| p.king_of(p.turn()).is_none()).count();
    assert!(kingless > 100, "{kingless} positions where the side to move has no king");
    for p in &positions {
        let mut seen = [false; IllegalReason::CODES.len()];
        check_law(p, &mut seen);
        if p.king_of(p.turn()).is_none() {
            let codes: Vec<&str> = IllegalReason::CODES.iter().zip(seen).filter(|(_, seen)| *seen).map(|(c, _)| *c).collect();
            for code in ["king-into-check", "pinned", "in-check-does-not-help", "leaves-king-in-check", "castle-in-check"] {
                assert!(!codes.contains(&code), "{code} without a king in {}", p.fen());
            }
        }
    }
}
