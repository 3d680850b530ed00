//! `IllegalReason`: why an attempted move is not allowed, as data a board can point at (squares)
//! and a stable code for the JS API (the UI's kid-worded zh/en text is keyed by the reason itself).

use crate::{Bitboard, Color, Role, Square};
use core::fmt;

/// Why an attempted move `(from, to, promotion)` is not a legal move. Each variant carries the
/// squares a teacher would point at; [`IllegalReason::code`] is the stable key of its wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// `no-piece`: there is no piece on `from`.
    NoPiece { from: Square },
    /// `not-your-turn`: the piece on `from` belongs to `color`, the side not to move.
    NotYourTurn { from: Square, color: Color },
    /// `same-square`: `from` and `to` are the same square.
    SameSquare { from: Square },
    /// `cannot-move-that-way`: the movement rule of `role` never leads from `from` to `to`
    /// (a bishop moving straight, a knight not making an L, a king two steps without castling).
    CannotMoveThatWay { from: Square, to: Square, role: Role },
    /// `path-blocked`: the line is right for the `role` but `blocker` (the first piece on the
    /// way) stands in between; also a pawn's two-step over an occupied square.
    PathBlocked { from: Square, to: Square, role: Role, blocker: Square },
    /// `own-piece-on-target`: a piece of the mover's own side stands on `to`.
    OwnPieceOnTarget { to: Square },
    /// `pawn-captures-diagonally`: a pawn moved straight onto an enemy piece; pawns capture on
    /// the diagonal only.
    PawnCapturesDiagonally { from: Square, to: Square },
    /// `pawn-moves-straight`: a pawn moved diagonally onto an empty square (nothing to capture,
    /// and no en passant there).
    PawnMovesStraight { from: Square, to: Square },
    /// `pawn-backwards`: a pawn moved towards its own side of the board.
    PawnBackwards { from: Square, to: Square },
    /// `pawn-two-step-only-from-start`: a two-square pawn advance from a square other than the
    /// pawn's start square.
    PawnTwoStepOnlyFromStart { from: Square, to: Square },
    /// `king-into-check`: the king would stand on `to`, which `attackers` attack (looking through
    /// the square the king leaves).
    KingIntoCheck { from: Square, to: Square, attackers: Bitboard },
    /// `pinned`: the piece on `from` shields `king` from `pinner` and may not leave that line.
    Pinned { from: Square, to: Square, pinner: Square, king: Square },
    /// `in-check-does-not-help`: the side to move is in check from `checkers` and this move
    /// neither captures the checker, nor blocks it, nor takes the king to safety.
    InCheckDoesNotHelp { from: Square, to: Square, checkers: Bitboard, king: Square },
    /// `leaves-king-in-check`: any other move after which `attackers` attack the mover's king on
    /// `king` (the en-passant capture that opens the king's rank, for one).
    LeavesKingInCheck { from: Square, to: Square, attackers: Bitboard, king: Square },
    /// `castle-king-moved`: the king on `king` has lost both castling rights (it has moved).
    /// Permanent.
    CastleKingMoved { king: Square },
    /// `castle-rook-moved`: the castling right on this side is gone (the rook that started on
    /// `rook` has moved or was captured). Permanent.
    CastleRookMoved { rook: Square },
    /// `castle-pieces-between`: these pieces stand between the king and the rook.
    CastlePiecesBetween { squares: Bitboard },
    /// `castle-in-check`: the king is in check from `checkers`; no castling out of check.
    CastleInCheck { checkers: Bitboard },
    /// `castle-through-attack`: the king would pass over `square`, which `attackers` attack.
    CastleThroughAttack { square: Square, attackers: Bitboard },
    /// `castle-into-attack`: the king would land on `square`, which `attackers` attack.
    CastleIntoAttack { square: Square, attackers: Bitboard },
    /// `en-passant-expired`: a pawn tried to take the enemy pawn on `pawn` en passant, but that is
    /// allowed only right after the enemy pawn's two-step.
    EnPassantExpired { from: Square, to: Square, pawn: Square },
    /// `promotion-missing`: a pawn reaching the last rank must say what it becomes (the course
    /// never picks a queen by itself).
    PromotionMissing { from: Square, to: Square },
    /// `promotion-not-allowed`: the pawn going from `from` to `to` may become a queen, rook,
    /// bishop or knight, not `role`.
    PromotionNotAllowed { from: Square, to: Square, role: Role },
    /// `promotion-not-a-promotion`: a promotion piece (`role`) was given for a move that is not a
    /// pawn reaching the last rank.
    PromotionNotAPromotion { from: Square, to: Square, role: Role },
}

/// One value to put into a wording template: the UI spells squares (`e4`, several joined with
/// `、` or `, `), names the role in its language or quotes its verse, and names the colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReasonArg {
    Square(Square),
    Squares(Bitboard),
    Role(Role),
    Color(Color),
}

impl ReasonArg {
    /// The squares this value names (none for a role or colour).
    pub fn squares(self) -> Bitboard {
        match self {
            ReasonArg::Square(sq) => Bitboard::from_square(sq),
            ReasonArg::Squares(bb) => bb,
            ReasonArg::Role(_) | ReasonArg::Color(_) => Bitboard::EMPTY,
        }
    }
}

impl fmt::Display for ReasonArg {
    /// Plain English: `e4`; `e4, d5`; `knight`; `white`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ReasonArg::Square(sq) => write!(f, "{sq}"),
            ReasonArg::Squares(bb) => f.write_str(&square_list(bb)),
            ReasonArg::Role(role) => f.write_str(role.name()),
            ReasonArg::Color(color) => f.write_str(color.name()),
        }
    }
}

/// `e1, e2` for the squares of a set.
fn square_list(squares: Bitboard) -> String {
    squares.map(|sq| sq.to_string()).collect::<Vec<_>>().join(", ")
}

impl IllegalReason {
    /// Every code, in declaration order (for the tests of the codes and of the words).
    pub const CODES: [&'static str; 24] = [
        "no-piece",
        "not-your-turn",
        "same-square",
        "cannot-move-that-way",
        "path-blocked",
        "own-piece-on-target",
        "pawn-captures-diagonally",
        "pawn-moves-straight",
        "pawn-backwards",
        "pawn-two-step-only-from-start",
        "king-into-check",
        "pinned",
        "in-check-does-not-help",
        "leaves-king-in-check",
        "castle-king-moved",
        "castle-rook-moved",
        "castle-pieces-between",
        "castle-in-check",
        "castle-through-attack",
        "castle-into-attack",
        "en-passant-expired",
        "promotion-missing",
        "promotion-not-allowed",
        "promotion-not-a-promotion",
    ];

    /// The stable kebab-case code of this reason (`"path-blocked"`), for the JS API; the UI's
    /// zh/en wording (`qitong_words::illegal`) is keyed by the reason's kind.
    // Called, never copied: a crate that inlined it would hold the codes' strings once more (docs/crates.md).
    #[inline(never)]
    pub const fn code(&self) -> &'static str {
        Self::CODES[self.ordinal()]
    }

    /// The variant's position in declaration order (and in [`IllegalReason::CODES`]).
    pub const fn ordinal(&self) -> usize {
        match self {
            IllegalReason::NoPiece { .. } => 0,
            IllegalReason::NotYourTurn { .. } => 1,
            IllegalReason::SameSquare { .. } => 2,
            IllegalReason::CannotMoveThatWay { .. } => 3,
            IllegalReason::PathBlocked { .. } => 4,
            IllegalReason::OwnPieceOnTarget { .. } => 5,
            IllegalReason::PawnCapturesDiagonally { .. } => 6,
            IllegalReason::PawnMovesStraight { .. } => 7,
            IllegalReason::PawnBackwards { .. } => 8,
            IllegalReason::PawnTwoStepOnlyFromStart { .. } => 9,
            IllegalReason::KingIntoCheck { .. } => 10,
            IllegalReason::Pinned { .. } => 11,
            IllegalReason::InCheckDoesNotHelp { .. } => 12,
            IllegalReason::LeavesKingInCheck { .. } => 13,
            IllegalReason::CastleKingMoved { .. } => 14,
            IllegalReason::CastleRookMoved { .. } => 15,
            IllegalReason::CastlePiecesBetween { .. } => 16,
            IllegalReason::CastleInCheck { .. } => 17,
            IllegalReason::CastleThroughAttack { .. } => 18,
            IllegalReason::CastleIntoAttack { .. } => 19,
            IllegalReason::EnPassantExpired { .. } => 20,
            IllegalReason::PromotionMissing { .. } => 21,
            IllegalReason::PromotionNotAllowed { .. } => 22,
            IllegalReason::PromotionNotAPromotion { .. } => 23,
        }
    }

    /// Is the obstacle gone for good in this game? True for a lost castling right (the king or
    /// that rook has moved) and for an en-passant capture that was not made at once; every other
    /// reason depends on where the pieces stand now (SPEC §4: "temporary").
    pub const fn is_permanent(&self) -> bool {
        matches!(self, IllegalReason::CastleKingMoved { .. } | IllegalReason::CastleRookMoved { .. } | IllegalReason::EnPassantExpired { .. })
    }

    /// The values for the wording template, by placeholder name: `from`, `to`, `piece` (a
    /// `Role`; the UI also derives `{verse}` from it), `blocker`, `pinner`, `king`, `attackers`
    /// (the checkers too), `square`, `squares`, and `color` for `not-your-turn`. Extra names a
    /// template does not use are harmless.
    pub fn args(&self) -> Vec<(&'static str, ReasonArg)> {
        use ReasonArg::{Color as C, Role as R, Square as S, Squares as Ss};
        match *self {
            IllegalReason::NoPiece { from } | IllegalReason::SameSquare { from } => vec![("from", S(from))],
            IllegalReason::NotYourTurn { from, color } => vec![("from", S(from)), ("color", C(color))],
            IllegalReason::CannotMoveThatWay { from, to, role } => {
                vec![("from", S(from)), ("to", S(to)), ("piece", R(role)), ("verse", R(role))]
            }
            IllegalReason::PathBlocked { from, to, role, blocker } => {
                vec![("from", S(from)), ("to", S(to)), ("piece", R(role)), ("blocker", S(blocker))]
            }
            IllegalReason::OwnPieceOnTarget { to } => vec![("to", S(to))],
            IllegalReason::PawnCapturesDiagonally { from, to }
            | IllegalReason::PawnMovesStraight { from, to }
            | IllegalReason::PawnBackwards { from, to }
            | IllegalReason::PawnTwoStepOnlyFromStart { from, to }
            | IllegalReason::PromotionMissing { from, to } => {
                vec![("from", S(from)), ("to", S(to)), ("piece", R(Role::Pawn))]
            }
            IllegalReason::KingIntoCheck { from, to, attackers } => {
                vec![("from", S(from)), ("to", S(to)), ("attackers", Ss(attackers)), ("piece", R(Role::King))]
            }
            IllegalReason::Pinned { from, to, pinner, king } => {
                vec![("from", S(from)), ("to", S(to)), ("pinner", S(pinner)), ("king", S(king))]
            }
            IllegalReason::InCheckDoesNotHelp { from, to, checkers: attackers, king }
            | IllegalReason::LeavesKingInCheck { from, to, attackers, king } => {
                vec![("from", S(from)), ("to", S(to)), ("attackers", Ss(attackers)), ("king", S(king))]
            }
            IllegalReason::CastleKingMoved { king } => vec![("king", S(king))],
            IllegalReason::CastleRookMoved { rook } => vec![("square", S(rook))],
            IllegalReason::CastlePiecesBetween { squares } => vec![("squares", Ss(squares))],
            IllegalReason::CastleInCheck { checkers } => vec![("attackers", Ss(checkers))],
            IllegalReason::CastleThroughAttack { square, attackers } | IllegalReason::CastleIntoAttack { square, attackers } => {
                vec![("square", S(square)), ("attackers", Ss(attackers))]
            }
            IllegalReason::EnPassantExpired { from, to, pawn } => {
                vec![("from", S(from)), ("to", S(to)), ("square", S(pawn))]
            }
            IllegalReason::PromotionNotAllowed { from, to, role } | IllegalReason::PromotionNotAPromotion { from, to, role } => {
                vec![("from", S(from)), ("to", S(to)), ("piece", R(role))]
            }
        }
    }

    /// Every square to mark on the board: all the squares the reason names (the same as in
    /// [`IllegalReason::args`]).
    pub fn squares(&self) -> Bitboard {
        let one = Bitboard::from_square;
        match *self {
            IllegalReason::NoPiece { from } | IllegalReason::NotYourTurn { from, .. } | IllegalReason::SameSquare { from } => one(from),
            IllegalReason::OwnPieceOnTarget { to } => one(to),
            IllegalReason::CannotMoveThatWay { from, to, .. }
            | IllegalReason::PawnCapturesDiagonally { from, to }
            | IllegalReason::PawnMovesStraight { from, to }
            | IllegalReason::PawnBackwards { from, to }
            | IllegalReason::PawnTwoStepOnlyFromStart { from, to }
            | IllegalReason::PromotionMissing { from, to }
            | IllegalReason::PromotionNotAllowed { from, to, .. }
            | IllegalReason::PromotionNotAPromotion { from, to, .. } => one(from) | to,
            IllegalReason::PathBlocked { from, to, blocker, .. } => one(from) | to | blocker,
            IllegalReason::KingIntoCheck { from, to, attackers } => one(from) | to | attackers,
            IllegalReason::Pinned { from, to, pinner, king } => one(from) | to | pinner | king,
            IllegalReason::InCheckDoesNotHelp { from, to, checkers: attackers, king }
            | IllegalReason::LeavesKingInCheck { from, to, attackers, king } => one(from) | to | king | attackers,
            IllegalReason::CastleKingMoved { king } => one(king),
            IllegalReason::CastleRookMoved { rook } => one(rook),
            IllegalReason::CastlePiecesBetween { squares } => squares,
            IllegalReason::CastleInCheck { checkers } => checkers,
            IllegalReason::CastleThroughAttack { square, attackers } | IllegalReason::CastleIntoAttack { square, attackers } => {
                one(square) | attackers
            }
            IllegalReason::EnPassantExpired { from, to, pawn } => one(from) | to | pawn,
        }
    }
}

impl fmt::Display for IllegalReason {
    /// Plain English for logs (the children's wording lives in `qitong_words`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalReason::NoPiece { from } => write!(f, "there is no piece on {from}"),
            IllegalReason::NotYourTurn { from, color } => {
                write!(f, "the piece on {from} is {color}'s and it is not {color}'s turn")
            }
            IllegalReason::SameSquare { from } => write!(f, "a move must leave {from} for another square"),
            IllegalReason::CannotMoveThatWay { from, to, role } => {
                write!(f, "a {role} cannot move from {from} to {to}: {}", movement_rule(role))
            }
            IllegalReason::PathBlocked { from, to, role, blocker } => {
                write!(f, "the {role}'s way from {from} to {to} is blocked by the piece on {blocker}")
            }
            IllegalReason::OwnPieceOnTarget { to } => write!(f, "{to} holds a piece of the same side"),
            IllegalReason::PawnCapturesDiagonally { from, to } => {
                write!(f, "the pawn on {from} cannot take the piece on {to}: pawns move straight but capture diagonally")
            }
            IllegalReason::PawnMovesStraight { from, to } => {
                write!(f, "the pawn on {from} may go diagonally to {to} only to capture, and there is nothing to capture")
            }
            IllegalReason::PawnBackwards { from, to } => {
                write!(f, "the pawn on {from} cannot go back to {to}: pawns only move forward")
            }
            IllegalReason::PawnTwoStepOnlyFromStart { from, to } => {
                write!(f, "the pawn on {from} cannot advance two squares to {to}: only from its start square")
            }
            IllegalReason::KingIntoCheck { from, to, attackers } => {
                write!(f, "the king on {from} cannot go to {to}: it is attacked from {}", square_list(attackers))
            }
            IllegalReason::Pinned { from, to, pinner, king } => {
                write!(f, "the piece on {from} cannot go to {to}: it is pinned by {pinner} to its king on {king}")
            }
            IllegalReason::InCheckDoesNotHelp { from, to, checkers, king } => {
                write!(f, "{from}-{to} does not answer the check to the king on {king} from {}", square_list(checkers))
            }
            IllegalReason::LeavesKingInCheck { from, to, attackers, king } => {
                write!(f, "{from}-{to} would leave the king on {king} attacked from {}", square_list(attackers))
            }
            IllegalReason::CastleKingMoved { king } => {
                write!(f, "the king on {king} has moved, so it may not castle any more")
            }
            IllegalReason::CastleRookMoved { rook } => {
                write!(f, "the rook from {rook} has moved, so the king may not castle on that side")
            }
            IllegalReason::CastlePiecesBetween { squares } => {
                write!(f, "no castling: pieces stand between king and rook on {}", square_list(squares))
            }
            IllegalReason::CastleInCheck { checkers } => {
                write!(f, "no castling out of check (checked from {})", square_list(checkers))
            }
            IllegalReason::CastleThroughAttack { square, attackers } => {
                write!(f, "no castling: the king would pass over {square}, attacked from {}", square_list(attackers))
            }
            IllegalReason::CastleIntoAttack { square, attackers } => {
                write!(f, "no castling: the king would land on {square}, attacked from {}", square_list(attackers))
            }
            IllegalReason::EnPassantExpired { from, to, pawn } => {
                write!(f, "the pawn on {from} cannot take the pawn on {pawn} en passant via {to}: only right after its two-square advance")
            }
            IllegalReason::PromotionMissing { from, to } => {
                write!(f, "the pawn going from {from} to {to} must promote: choose queen, rook, bishop or knight")
            }
            IllegalReason::PromotionNotAllowed { from, to, role } => {
                write!(f, "the pawn going from {from} to {to} cannot promote to a {role}: only to queen, rook, bishop or knight")
            }
            IllegalReason::PromotionNotAPromotion { from, to, role } => {
                write!(f, "{from}-{to} is not a pawn reaching the last rank, so it cannot promote to a {role}")
            }
        }
    }
}

impl std::error::Error for IllegalReason {}

/// A piece's movement rule in one English phrase, for log messages.
fn movement_rule(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawns move one square forward (two from the start) and capture one square diagonally forward",
        Role::Knight => "knights jump in an L, two squares one way and one to the side",
        Role::Bishop => "bishops move diagonally",
        Role::Rook => "rooks move along ranks and files",
        Role::Queen => "queens move along ranks, files and diagonals",
        Role::King => "kings move one square in any direction (two only when castling)",
    }
}

// Not `cfg(test)`: the browser crate's wording tests use the samples too (the linker drops them from the wasm).
impl IllegalReason {
    /// One reason of each variant, in declaration order (for the code and wording tests; a test
    /// compares their codes with `CODES`, so a new variant needs a sample here).
    #[doc(hidden)]
    pub fn samples() -> Vec<IllegalReason> {
        use Square as S;
        let a = Bitboard::from_square(S::A1);
        vec![
            IllegalReason::NoPiece { from: S::E3 },
            IllegalReason::NotYourTurn { from: S::E7, color: Color::Black },
            IllegalReason::SameSquare { from: S::G1 },
            IllegalReason::CannotMoveThatWay { from: S::C1, to: S::C4, role: Role::Bishop },
            IllegalReason::PathBlocked { from: S::C1, to: S::E3, role: Role::Bishop, blocker: S::D2 },
            IllegalReason::OwnPieceOnTarget { to: S::D2 },
            IllegalReason::PawnCapturesDiagonally { from: S::E4, to: S::E5 },
            IllegalReason::PawnMovesStraight { from: S::E2, to: S::D3 },
            IllegalReason::PawnBackwards { from: S::E3, to: S::E2 },
            IllegalReason::PawnTwoStepOnlyFromStart { from: S::E3, to: S::E5 },
            IllegalReason::KingIntoCheck { from: S::E1, to: S::E2, attackers: a },
            IllegalReason::Pinned { from: S::E2, to: S::C3, pinner: S::E7, king: S::E1 },
            IllegalReason::InCheckDoesNotHelp { from: S::E3, to: S::G4, checkers: a, king: S::E1 },
            IllegalReason::LeavesKingInCheck { from: S::B5, to: S::C6, attackers: a, king: S::A5 },
            IllegalReason::CastleKingMoved { king: S::E1 },
            IllegalReason::CastleRookMoved { rook: S::H1 },
            IllegalReason::CastlePiecesBetween { squares: Bitboard::from_square(S::F1) | S::G1 },
            IllegalReason::CastleInCheck { checkers: a },
            IllegalReason::CastleThroughAttack { square: S::F1, attackers: a },
            IllegalReason::CastleIntoAttack { square: S::G1, attackers: a },
            IllegalReason::EnPassantExpired { from: S::E5, to: S::D6, pawn: S::D5 },
            IllegalReason::PromotionMissing { from: S::B7, to: S::B8 },
            IllegalReason::PromotionNotAllowed { from: S::B7, to: S::B8, role: Role::King },
            IllegalReason::PromotionNotAPromotion { from: S::E2, to: S::E4, role: Role::Queen },
        ]
    }
}
