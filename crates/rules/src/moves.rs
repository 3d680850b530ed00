//! Moves (`Move`, `MoveKind`) as generated for a position, their UCI spelling, and `MoveList`, a
//! fixed-capacity list on the stack.

use super::{CastlingSide, Color, Role, Square};
use core::fmt;
use core::ops::{Deref, DerefMut};

/// What kind of move, beyond its from/to squares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// Any move or capture that is none of the below (promotions included).
    Normal,
    /// A pawn's two-square advance from its start rank.
    DoubleStep,
    /// A pawn capturing en passant (吃过路兵): the captured pawn is not on `to`.
    EnPassant,
    /// Castling; the move's `to` is the king's destination (g1/c1/g8/c8).
    Castle(CastlingSide),
}

/// A move in a particular position: everything needed to play it, print it or explain it.
///
/// Castling is encoded as the king's move (`e1g1`); the rook's squares come from
/// [`Move::rook_squares`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving piece stands (the king's square for castling).
    pub from: Square,
    /// Where it goes (the king's destination for castling).
    pub to: Square,
    /// The moving piece (a promoting pawn is still `Pawn` here).
    pub role: Role,
    /// The captured piece, if any (a pawn for en passant).
    pub capture: Option<Role>,
    /// What a pawn promotes to (升变): queen, rook, bishop or knight.
    pub promotion: Option<Role>,
    /// Normal, double step, en passant or castling.
    pub kind: MoveKind,
}

impl Move {
    /// Does the move capture (en passant included)?
    #[inline]
    pub const fn is_capture(&self) -> bool {
        self.capture.is_some()
    }

    /// Is it a pawn promotion?
    #[inline]
    pub const fn is_promotion(&self) -> bool {
        self.promotion.is_some()
    }

    /// Is it castling?
    #[inline]
    pub const fn is_castle(&self) -> bool {
        matches!(self.kind, MoveKind::Castle(_))
    }

    /// Is it an en-passant capture?
    #[inline]
    pub const fn is_en_passant(&self) -> bool {
        matches!(self.kind, MoveKind::EnPassant)
    }

    /// Which side castles, for a castling move.
    #[inline]
    pub const fn castling_side(&self) -> Option<CastlingSide> {
        match self.kind {
            MoveKind::Castle(side) => Some(side),
            _ => None,
        }
    }

    /// Resets the fifty-move counter (a capture or a pawn move)?
    #[inline]
    pub const fn is_zeroing(&self) -> bool {
        self.capture.is_some() || matches!(self.role, Role::Pawn)
    }

    /// The square of the captured piece: `to`, except en passant, where the captured pawn stands
    /// beside the capturing pawn (same file as `to`, same rank as `from`).
    #[inline]
    pub const fn captured_square(&self) -> Option<Square> {
        match (self.capture, self.kind) {
            (None, _) => None,
            (Some(_), MoveKind::EnPassant) => Some(Square::from_coords(self.to.file(), self.from.rank())),
            (Some(_), _) => Some(self.to),
        }
    }

    /// For castling, the rook's `(from, to)`: `(h1, f1)`, `(a1, d1)`, `(h8, f8)` or `(a8, d8)`.
    #[inline]
    pub const fn rook_squares(&self) -> Option<(Square, Square)> {
        match self.kind {
            MoveKind::Castle(side) => {
                let color = if self.from.rank().index() == 0 { Color::White } else { Color::Black };
                Some((side.rook_from(color), side.rook_to(color)))
            }
            _ => None,
        }
    }

    /// The role standing on `to` after the move (the promotion piece for a promotion).
    #[inline]
    pub const fn role_after(&self) -> Role {
        match self.promotion {
            Some(role) => role,
            None => self.role,
        }
    }

    /// The UCI spelling: `e2e4`, `e7e8q`, castling as the king's move `e1g1`.
    pub fn to_uci(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Move {
    /// UCI notation (see [`Move::to_uci`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

/// The most legal moves any chess position has is 218; 256 leaves room.
pub const MAX_MOVES: usize = 256;

/// A list of up to 256 moves kept on the stack (no heap allocation), usable as a `[Move]`.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MAX_MOVES],
}

const FILLER: Move = Move { from: Square::A1, to: Square::A1, role: Role::Pawn, capture: None, promotion: None, kind: MoveKind::Normal };

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList { len: 0, moves: [FILLER; MAX_MOVES] }
    }

    /// Appends a move. Legal move generation never exceeds the capacity; anything beyond it is
    /// dropped rather than panicking.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// Removes every move for which `keep` returns false.
    pub fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if keep(&m) {
                self.moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for m in iter {
            self.push(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_uci() {
        let ep = Move { from: Square::E5, to: Square::D6, role: Role::Pawn, capture: Some(Role::Pawn), promotion: None, kind: MoveKind::EnPassant };
        assert_eq!(ep.captured_square(), Some(Square::D5));
        assert_eq!(ep.to_uci(), "e5d6");
        let castle = Move {
            from: Square::E8,
            to: Square::C8,
            role: Role::King,
            capture: None,
            promotion: None,
            kind: MoveKind::Castle(CastlingSide::QueenSide),
        };
        assert_eq!(castle.rook_squares(), Some((Square::A8, Square::D8)));
        assert_eq!(castle.to_string(), "e8c8");
        assert!(castle.is_castle() && !castle.is_capture() && !castle.is_zeroing());
        let promo = Move { promotion: Some(Role::Knight), capture: Some(Role::Rook), to: Square::H8, from: Square::G7, kind: MoveKind::Normal, ..ep };
        assert_eq!(promo.to_string(), "g7h8n");
        assert_eq!(promo.role_after(), Role::Knight);
    }

    #[test]
    fn list_is_bounded() {
        let mut list = MoveList::new();
        for _ in 0..300 {
            list.push(FILLER);
        }
        assert_eq!(list.len(), MAX_MOVES);
        list.retain(|_| false);
        assert!(list.is_empty());
    }
}
