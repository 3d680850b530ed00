//! `Setup`: everything a FEN says about a position, not necessarily legal. Validate it into a
//! `Position` with `Position::from_setup`.

use super::{Board, CastlingRights, Color, Square};

/// A position as written down: placement, turn, castling rights, en-passant square and the two
/// move counters. Any combination can be expressed; nothing here is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Castling rights still held (`KQkq`).
    pub castling: CastlingRights,
    /// The square a pawn just skipped over with its two-square advance (FEN's fourth field).
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move (for the fifty-move rule).
    pub halfmove_clock: u32,
    /// Starts at 1 and grows after each Black move.
    pub fullmove_number: u32,
}

impl Setup {
    /// The standard starting position, White to move.
    pub const fn start() -> Setup {
        Setup { board: Board::start(), turn: Color::White, castling: CastlingRights::ALL, ep_square: None, halfmove_clock: 0, fullmove_number: 1 }
    }

    /// An empty board, White to move, no rights (a blank page for lesson setups).
    pub const fn empty() -> Setup {
        Setup { board: Board::empty(), turn: Color::White, castling: CastlingRights::NONE, ep_square: None, halfmove_clock: 0, fullmove_number: 1 }
    }
}

impl Default for Setup {
    /// The standard starting position.
    fn default() -> Setup {
        Setup::start()
    }
}
