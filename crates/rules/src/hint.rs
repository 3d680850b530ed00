//! Why a good move is good, in facts a child can check on the board: it checkmates, gives check,
//! takes a free piece, wins material by a trade, saves a piece in danger, promotes, castles the
//! king to safety, gets out of check, develops a piece or takes the centre. The computer finds
//! the move (the hint); this says why, as data with a stable code the UI words in zh/en, like
//! [`crate::IllegalReason`].
//!
//! The facts use the protection rules of [`crate::safety`] (attackers and defenders, no x-rays,
//! pins ignored) and the course's piece values (pawn 1, knight 3, bishop 3, rook 5, queen 9).

use crate::attacks;
use crate::safety::{attackers, defenders};
use crate::{Bitboard, Color, Move, Position, ReasonArg, Role, Square};

/// One reason a move is good. [`HintReason::code`] keys its wording; [`HintReason::args`] fills it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HintReason {
    /// `hint-checkmate`: the opponent's king is in check and cannot escape.
    Checkmate,
    /// `hint-out-of-check`: the own king was in check and is safe after the move.
    OutOfCheck,
    /// `hint-promotes`: a pawn reaches the last row and becomes `role`.
    Promotes { role: Role },
    /// `hint-takes-free`: takes the `piece` on `square`, which nobody protects.
    TakesFree { piece: Role, square: Square },
    /// `hint-wins-trade`: takes the protected `piece` on `square` with a cheaper `by`: even if it
    /// is taken back, the trade wins.
    WinsTrade { piece: Role, square: Square, by: Role },
    /// `hint-saves-piece`: the `piece` on `from` was in danger (attacked and unprotected, or
    /// attacked by a cheaper piece) and is safe on `to`.
    SavesPiece { piece: Role, from: Square, to: Square },
    /// `hint-check`: the move gives check (and the checker is not simply lost).
    Check,
    /// `hint-castles`: the king castles to safety behind its pawns, and a rook comes out.
    Castles,
    /// `hint-develops`: a knight or bishop leaves its starting row to join the game.
    Develops { piece: Role, to: Square },
    /// `hint-centre`: the move takes or watches the centre squares (d4, e4, d5, e5).
    Centre,
    /// `hint-solid`: none of the above; the computer's choice, which keeps the pieces safe.
    Solid,
}

impl HintReason {
    /// The stable code the UI keys its words on.
    pub const fn code(self) -> &'static str {
        match self {
            HintReason::Checkmate => "hint-checkmate",
            HintReason::OutOfCheck => "hint-out-of-check",
            HintReason::Promotes { .. } => "hint-promotes",
            HintReason::TakesFree { .. } => "hint-takes-free",
            HintReason::WinsTrade { .. } => "hint-wins-trade",
            HintReason::SavesPiece { .. } => "hint-saves-piece",
            HintReason::Check => "hint-check",
            HintReason::Castles => "hint-castles",
            HintReason::Develops { .. } => "hint-develops",
            HintReason::Centre => "hint-centre",
            HintReason::Solid => "hint-solid",
        }
    }

    /// The values its wording names (`{piece}`, `{square}`, `{by}`, `{from}`, `{to}`, `{role}`).
    pub fn args(self) -> Vec<(&'static str, ReasonArg)> {
        match self {
            HintReason::Promotes { role } => vec![("role", ReasonArg::Role(role))],
            HintReason::TakesFree { piece, square } => vec![("piece", ReasonArg::Role(piece)), ("square", ReasonArg::Square(square))],
            HintReason::WinsTrade { piece, square, by } => {
                vec![("piece", ReasonArg::Role(piece)), ("square", ReasonArg::Square(square)), ("by", ReasonArg::Role(by))]
            }
            HintReason::SavesPiece { piece, from, to } => {
                vec![("piece", ReasonArg::Role(piece)), ("from", ReasonArg::Square(from)), ("to", ReasonArg::Square(to))]
            }
            HintReason::Develops { piece, to } => vec![("piece", ReasonArg::Role(piece)), ("to", ReasonArg::Square(to))],
            _ => Vec::new(),
        }
    }
}

/// The course's piece values (the king above everything: it is never traded).
pub const fn value(role: Role) -> u8 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 100,
    }
}

/// d4, e4, d5, e5.
const CENTRE: Bitboard = Bitboard::from_square(Square::D4).with(Square::E4).with(Square::D5).with(Square::E5);

/// The cheapest of `pieces`' values (`u8::MAX` when there are none).
fn cheapest(pos: &Position, pieces: Bitboard) -> u8 {
    pieces.into_iter().filter_map(|sq| pos.board().role_at(sq)).map(value).min().unwrap_or(u8::MAX)
}

/// Is the piece on `sq` in danger: attacked, and either unprotected or attacked by a cheaper
/// piece? A king never is (that is check).
pub fn in_danger(pos: &Position, sq: Square) -> bool {
    let Some(piece) = pos.board().piece_at(sq) else { return false };
    if piece.role == Role::King {
        return false;
    }
    let enemy = attackers(pos, sq, !piece.color);
    enemy.any() && (defenders(pos, sq).is_empty() || cheapest(pos, enemy) < value(piece.role))
}

/// The reasons `mv` (legal in `pos`) is good, most important first, at most three; [`HintReason::Solid`]
/// when no fact applies. Empty when the move is not legal.
pub fn hint_reasons(pos: &Position, mv: &Move) -> Vec<HintReason> {
    let Ok(after) = pos.play(mv) else { return Vec::new() };
    if after.is_checkmate() {
        return vec![HintReason::Checkmate];
    }
    let mover = pos.turn();
    let role = mv.role;
    // Is the moved piece safe where it lands (its own danger on the opponent's turn)?
    let lands_safe = !in_danger(&after, mv.to);
    let mut reasons = Vec::new();
    if pos.is_check() {
        reasons.push(HintReason::OutOfCheck);
    }
    if let Some(promoted) = mv.promotion {
        reasons.push(HintReason::Promotes { role: promoted });
    }
    if let (Some(victim), Some(square)) = (mv.capture, mv.captured_square()) {
        if defenders(pos, square).is_empty() {
            reasons.push(HintReason::TakesFree { piece: victim, square });
        } else if value(victim) > value(role) {
            reasons.push(HintReason::WinsTrade { piece: victim, square, by: role });
        }
    }
    if role != Role::King && in_danger(pos, mv.from) && lands_safe {
        reasons.push(HintReason::SavesPiece { piece: role, from: mv.from, to: mv.to });
    }
    if after.is_check() && (lands_safe || mv.to != after.checkers().first().unwrap_or(mv.to)) {
        reasons.push(HintReason::Check);
    }
    if mv.is_castle() {
        reasons.push(HintReason::Castles);
    }
    if reasons.is_empty() && lands_safe {
        if develops(mover, role, mv.from) {
            reasons.push(HintReason::Develops { piece: role, to: mv.to });
        }
        if takes_centre(pos, &after, mv) {
            reasons.push(HintReason::Centre);
        }
    }
    if reasons.is_empty() {
        reasons.push(HintReason::Solid);
    }
    reasons.truncate(3);
    reasons
}

/// A knight or bishop leaving its side's back row.
fn develops(mover: Color, role: Role, from: Square) -> bool {
    matches!(role, Role::Knight | Role::Bishop) && from.rank().relative(mover).index() == 0
}

/// The move lands on a centre square, or the moved piece watches more centre squares than
/// before (pawns and pieces, not the king).
fn takes_centre(before: &Position, after: &Position, mv: &Move) -> bool {
    if mv.role == Role::King {
        return false;
    }
    let piece = mv.role_after().of(before.turn());
    let watched = |pos: &Position, sq: Square| (attacks::attacks(piece, sq, pos.board().occupied()) & CENTRE).count();
    CENTRE.contains(mv.to) || watched(after, mv.to) > watched(before, mv.from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Mode, Uci};

    fn reasons(fen: &str, uci: &str) -> Vec<HintReason> {
        let pos = Position::from_fen(fen, Mode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mv = uci.parse::<Uci>().ok().and_then(|u| pos.move_from_uci(&u).ok()).unwrap_or_else(|| panic!("{uci} in {fen}"));
        hint_reasons(&pos, &mv)
    }

    #[test]
    fn a_mate_is_only_a_mate() {
        // Back-rank mate.
        assert_eq!(reasons("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), [HintReason::Checkmate]);
        // Scholar's mate: Qxf7# takes a pawn too, but the mate is all that matters.
        assert_eq!(reasons("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 4", "f3f7"), [HintReason::Checkmate]);
    }

    #[test]
    fn a_check_that_keeps_the_checker() {
        assert_eq!(reasons("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), [HintReason::Check]);
        // A check by a queen that the king simply takes is not worth saying.
        assert!(!reasons("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1d7").contains(&HintReason::Check));
        // ...but a protected checker next to the king is.
        assert_eq!(reasons("4k3/8/4P3/8/8/8/8/3QK3 w - - 0 1", "d1d7"), [HintReason::Check]);
    }

    #[test]
    fn taking_a_free_piece() {
        // The knight on d5 is protected by nobody.
        assert_eq!(reasons("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), [HintReason::TakesFree { piece: Role::Knight, square: Square::D5 }]);
        // En passant: the taken pawn stands on d5, not on d6.
        assert_eq!(reasons("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6")[0], HintReason::TakesFree { piece: Role::Pawn, square: Square::D5 });
    }

    #[test]
    fn winning_a_trade_with_a_cheaper_piece() {
        // The rook on d5 is protected by the c6 pawn, but a pawn for a rook wins.
        assert_eq!(
            reasons("4k3/8/2p5/3r4/4P3/8/8/4K3 w - - 0 1", "e4d5"),
            [HintReason::WinsTrade { piece: Role::Rook, square: Square::D5, by: Role::Pawn }]
        );
        // A queen taking a protected rook is no win.
        assert_eq!(reasons("4k3/8/2p5/3r4/8/8/8/3QK3 w - - 0 1", "d1d5"), [HintReason::Solid]);
    }

    #[test]
    fn saving_the_queen() {
        // The bishop on b3 attacks the queen on d1: a cheaper attacker, so the queen must go.
        let got = reasons("4k3/8/8/8/8/1b6/8/3QK3 w - - 0 1", "d1h5");
        assert!(got.contains(&HintReason::SavesPiece { piece: Role::Queen, from: Square::D1, to: Square::H5 }), "{got:?}");
        // Moving it to another attacked square saves nothing.
        let got = reasons("4k3/8/8/8/8/1b6/8/3QK3 w - - 0 1", "d1c2");
        assert!(!got.iter().any(|r| matches!(r, HintReason::SavesPiece { .. })), "{got:?}");
        // Taking the attacker both saves the queen and takes a free piece.
        let got = reasons("4k3/8/8/8/8/1b6/8/3QK3 w - - 0 1", "d1b3");
        assert_eq!(
            got,
            [
                HintReason::TakesFree { piece: Role::Bishop, square: Square::B3 },
                HintReason::SavesPiece { piece: Role::Queen, from: Square::D1, to: Square::B3 }
            ]
        );
    }

    #[test]
    fn promoting_castling_and_getting_out_of_check() {
        assert_eq!(reasons("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q")[0], HintReason::Promotes { role: Role::Queen });
        assert_eq!(reasons("r3k2r/pppq1ppp/2n2n2/2bpp3/2BPP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 8", "e1g1"), [HintReason::Castles]);
        let got = reasons("4k3/8/8/8/8/8/8/K3r3 w - - 0 1", "a1b2");
        assert_eq!(got, [HintReason::OutOfCheck]);
    }

    #[test]
    fn in_the_opening_develop_and_take_the_centre() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(reasons(start, "g1f3"), [HintReason::Develops { piece: Role::Knight, to: Square::F3 }, HintReason::Centre]);
        assert_eq!(reasons(start, "e2e4"), [HintReason::Centre]);
        // A rook's pawn does nothing of the kind.
        assert_eq!(reasons(start, "h2h3"), [HintReason::Solid]);
        // Developing onto a square where a pawn takes the piece is no reason.
        assert_eq!(reasons("rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "g1f3"), [HintReason::Solid]);
        assert_eq!(
            reasons("rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2", "g1f3"),
            [HintReason::Develops { piece: Role::Knight, to: Square::F3 }, HintReason::Centre]
        );
        assert_eq!(
            reasons("rnbqkbnr/pp1ppppp/8/2p5/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2", "b1a3"),
            [HintReason::Develops { piece: Role::Knight, to: Square::A3 }]
        );
        assert_eq!(
            reasons("rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2", "g1h3"),
            [HintReason::Develops { piece: Role::Knight, to: Square::H3 }]
        );
    }

    #[test]
    fn the_danger_rule() {
        let pos = |fen: &str| Position::from_fen(fen, Mode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"));
        // The d5 pawn attacks the e4 knight: a cheaper attacker, protected or not.
        let p = pos("4k3/8/8/3p4/4N3/5P2/8/4K3 w - - 0 1");
        assert!(in_danger(&p, Square::E4));
        // Nothing attacks the pawn; the kings never are in danger.
        assert!(!in_danger(&p, Square::D5) && !in_danger(&p, Square::E1));
        // A protected knight attacked by a rook is safe; unprotected, it is not.
        assert!(!in_danger(&pos("4k3/8/8/3r4/8/3N4/2P5/4K3 w - - 0 1"), Square::D3));
        assert!(in_danger(&pos("4k3/8/8/3r4/8/3N4/8/6K1 w - - 0 1"), Square::D3));
    }

    #[test]
    fn codes_and_values() {
        assert_eq!(HintReason::SavesPiece { piece: Role::Queen, from: Square::D1, to: Square::H5 }.code(), "hint-saves-piece");
        assert_eq!(HintReason::WinsTrade { piece: Role::Rook, square: Square::D5, by: Role::Pawn }.args().len(), 3);
        assert!(HintReason::Solid.args().is_empty());
        assert!(value(Role::Queen) > value(Role::Rook) && value(Role::Knight) == value(Role::Bishop));
        // An illegal move has no reasons.
        let pos = Position::new();
        let mv = Move { role: Role::Pawn, from: Square::E2, to: Square::E5, capture: None, promotion: None, kind: crate::MoveKind::Normal };
        assert!(hint_reasons(&pos, &mv).is_empty());
    }
}
