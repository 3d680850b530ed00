//! Castling sides and castling rights (standard chess only: king on e1/e8, rooks in the corners),
//! with the FEN castling field (`KQkq` or `-`).

use super::{Color, Square};
use core::fmt;
use core::str::FromStr;

/// Which way a king castles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CastlingSide {
    /// Short castling, `O-O`: the king goes to the g-file.
    KingSide,
    /// Long castling, `O-O-O`: the king goes to the c-file.
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The king's start square (always the e-file in standard chess).
    #[inline]
    pub const fn king_from(self, color: Color) -> Square {
        match color {
            Color::White => Square::E1,
            Color::Black => Square::E8,
        }
    }

    /// Where the king lands: g1/c1 for White, g8/c8 for Black.
    #[inline]
    pub const fn king_to(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::KingSide, Color::White) => Square::G1,
            (CastlingSide::QueenSide, Color::White) => Square::C1,
            (CastlingSide::KingSide, Color::Black) => Square::G8,
            (CastlingSide::QueenSide, Color::Black) => Square::C8,
        }
    }

    /// The rook's home square: h1/a1 for White, h8/a8 for Black.
    #[inline]
    pub const fn rook_from(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::KingSide, Color::White) => Square::H1,
            (CastlingSide::QueenSide, Color::White) => Square::A1,
            (CastlingSide::KingSide, Color::Black) => Square::H8,
            (CastlingSide::QueenSide, Color::Black) => Square::A8,
        }
    }

    /// Where the rook lands: the square the king crosses (f1/d1, f8/d8).
    #[inline]
    pub const fn rook_to(self, color: Color) -> Square {
        match (self, color) {
            (CastlingSide::KingSide, Color::White) => Square::F1,
            (CastlingSide::QueenSide, Color::White) => Square::D1,
            (CastlingSide::KingSide, Color::Black) => Square::F8,
            (CastlingSide::QueenSide, Color::Black) => Square::D8,
        }
    }

    /// `O-O` or `O-O-O`.
    pub const fn san(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        }
    }

    /// Stable English key (`"king_side"` / `"queen_side"`), for the JS boundary.
    pub const fn name(self) -> &'static str {
        match self {
            CastlingSide::KingSide => "king_side",
            CastlingSide::QueenSide => "queen_side",
        }
    }

    #[inline]
    const fn bit(self, color: Color) -> u8 {
        1 << (2 * color.index() + self as usize)
    }
}

/// Which castlings are still allowed by the history of the game (the king and that rook have not
/// moved). Whether a castling is possible *now* also depends on the position: see
/// `Position::legal_moves`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CastlingRights(u8);

/// For each square, the rights that survive a move from or to it (king and rook homes clear some).
static KEEP: [u8; 64] = {
    let mut keep = [0b1111u8; 64];
    keep[Square::E1.index()] = 0b1100;
    keep[Square::H1.index()] = 0b1110;
    keep[Square::A1.index()] = 0b1101;
    keep[Square::E8.index()] = 0b0011;
    keep[Square::H8.index()] = 0b1011;
    keep[Square::A8.index()] = 0b0111;
    keep
};

impl CastlingRights {
    /// No castling rights (`-`).
    pub const NONE: CastlingRights = CastlingRights(0);
    /// All four rights (`KQkq`), as at the start of a game.
    pub const ALL: CastlingRights = CastlingRights(0b1111);

    /// Does `color` still have the right to castle on `side`?
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.0 & side.bit(color) != 0
    }

    /// Does `color` keep any castling right?
    #[inline]
    pub const fn has_color(self, color: Color) -> bool {
        self.0 & (0b11 << (2 * color.index())) != 0
    }

    /// No rights left at all (`-`)?
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// These rights with one added.
    #[inline]
    pub const fn with(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 | side.bit(color))
    }

    /// These rights with one removed.
    #[inline]
    pub const fn without(self, color: Color, side: CastlingSide) -> CastlingRights {
        CastlingRights(self.0 & !side.bit(color))
    }

    /// These rights with both of `color`'s removed.
    #[inline]
    pub const fn without_color(self, color: Color) -> CastlingRights {
        CastlingRights(self.0 & !(0b11 << (2 * color.index())))
    }

    /// The rights left after a move from `from` to `to` (a king or rook leaving home, or a rook
    /// captured at home, loses the matching rights).
    #[inline]
    pub fn after_move(self, from: Square, to: Square) -> CastlingRights {
        CastlingRights(self.0 & KEEP[from.index() & 63] & KEEP[to.index() & 63])
    }

    /// Every `(color, side)` right held, in FEN order `K Q k q`.
    pub fn iter(self) -> impl Iterator<Item = (Color, CastlingSide)> {
        [Color::White, Color::Black]
            .into_iter()
            .flat_map(|c| CastlingSide::ALL.into_iter().map(move |s| (c, s)))
            .filter(move |&(c, s)| self.has(c, s))
    }

    /// A number 0..16 naming this set of rights (for hashing).
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    const fn char_of(color: Color, side: CastlingSide) -> char {
        match (color, side) {
            (Color::White, CastlingSide::KingSide) => 'K',
            (Color::White, CastlingSide::QueenSide) => 'Q',
            (Color::Black, CastlingSide::KingSide) => 'k',
            (Color::Black, CastlingSide::QueenSide) => 'q',
        }
    }
}

impl fmt::Display for CastlingRights {
    /// The FEN castling field: `KQkq`, a subset in that order, or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (color, side) in self.iter() {
            write!(f, "{}", CastlingRights::char_of(color, side))?;
        }
        Ok(())
    }
}

impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CastlingRights({self})")
    }
}

/// What is wrong with a FEN castling field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseCastlingError {
    /// The field is empty.
    Empty,
    /// A character other than `K Q k q` (or a lone `-`); Chess960 file letters are not supported.
    BadChar { c: char, index: usize },
    /// The same right given twice.
    Repeated { c: char, index: usize },
}

impl fmt::Display for ParseCastlingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseCastlingError::Empty => f.write_str("the castling field is empty (use '-' for no castling)"),
            ParseCastlingError::BadChar { c, index } => {
                write!(f, "castling field, character {}: '{c}' is not one of K Q k q or '-' (Chess960 castling is not supported)", index + 1)
            }
            ParseCastlingError::Repeated { c, index } => {
                write!(f, "castling field, character {}: '{c}' appears twice", index + 1)
            }
        }
    }
}

impl std::error::Error for ParseCastlingError {}

impl FromStr for CastlingRights {
    type Err = ParseCastlingError;

    /// Parses `KQkq`, any subset in any order, or `-`.
    fn from_str(s: &str) -> Result<CastlingRights, ParseCastlingError> {
        if s.is_empty() {
            return Err(ParseCastlingError::Empty);
        }
        if s == "-" {
            return Ok(CastlingRights::NONE);
        }
        let mut rights = CastlingRights::NONE;
        for (index, c) in s.chars().enumerate() {
            let (color, side) = match c {
                'K' => (Color::White, CastlingSide::KingSide),
                'Q' => (Color::White, CastlingSide::QueenSide),
                'k' => (Color::Black, CastlingSide::KingSide),
                'q' => (Color::Black, CastlingSide::QueenSide),
                _ => return Err(ParseCastlingError::BadChar { c, index }),
            };
            if rights.has(color, side) {
                return Err(ParseCastlingError::Repeated { c, index });
            }
            rights = rights.with(color, side);
        }
        Ok(rights)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_field_round_trips() {
        for s in ["KQkq", "-", "K", "Qk", "kq", "KQ"] {
            assert_eq!(s.parse::<CastlingRights>().map(|r| r.to_string()), Ok(s.to_string()));
        }
        assert_eq!("qkQK".parse::<CastlingRights>(), Ok(CastlingRights::ALL));
        assert_eq!("".parse::<CastlingRights>(), Err(ParseCastlingError::Empty));
        assert_eq!("KK".parse::<CastlingRights>(), Err(ParseCastlingError::Repeated { c: 'K', index: 1 }));
        assert_eq!("KQx".parse::<CastlingRights>(), Err(ParseCastlingError::BadChar { c: 'x', index: 2 }));
        assert!("--".parse::<CastlingRights>().is_err());
        assert!("HAha".parse::<CastlingRights>().is_err());
    }

    #[test]
    fn moves_clear_rights() {
        let all = CastlingRights::ALL;
        assert_eq!(all.after_move(Square::E1, Square::E2).to_string(), "kq");
        assert_eq!(all.after_move(Square::H1, Square::H5).to_string(), "Qkq");
        assert_eq!(all.after_move(Square::B7, Square::A8).to_string(), "KQk");
        assert_eq!(all.after_move(Square::D2, Square::D4), all);
        assert_eq!(all.without_color(Color::Black).to_string(), "KQ");
        assert!(!all.without(Color::White, CastlingSide::KingSide).has(Color::White, CastlingSide::KingSide));
        assert_eq!(all.iter().count(), 4);
    }

    #[test]
    fn squares() {
        let s = CastlingSide::QueenSide;
        assert_eq!((s.king_to(Color::Black), s.rook_from(Color::Black), s.rook_to(Color::Black)), (Square::C8, Square::A8, Square::D8));
        assert_eq!(CastlingSide::KingSide.king_from(Color::White), Square::E1);
    }
}
