//! Files, ranks and squares of the board, with algebraic names (`e4`) that round-trip.

use super::Color;
use core::fmt;
use core::str::FromStr;

/// A column of the board, `a` to `h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

/// A row of the board, `1` to `8` (rank 1 is White's back rank).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl File {
    pub const A: File = File(0);
    pub const B: File = File(1);
    pub const C: File = File(2);
    pub const D: File = File(3);
    pub const E: File = File(4);
    pub const F: File = File(5);
    pub const G: File = File(6);
    pub const H: File = File(7);
    pub const ALL: [File; 8] = [File(0), File(1), File(2), File(3), File(4), File(5), File(6), File(7)];

    pub const fn new(index: u8) -> Option<File> {
        if index < 8 {
            Some(File(index))
        } else {
            None
        }
    }
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File(c as u8 - b'a')),
            _ => None,
        }
    }
    /// The file `delta` steps to the right (negative: left), if on the board.
    pub const fn offset(self, delta: i8) -> Option<File> {
        let i = self.0 as i8 + delta;
        if 0 <= i && i < 8 {
            Some(File(i as u8))
        } else {
            None
        }
    }
}

impl Rank {
    pub const FIRST: Rank = Rank(0);
    pub const SECOND: Rank = Rank(1);
    pub const THIRD: Rank = Rank(2);
    pub const FOURTH: Rank = Rank(3);
    pub const FIFTH: Rank = Rank(4);
    pub const SIXTH: Rank = Rank(5);
    pub const SEVENTH: Rank = Rank(6);
    pub const EIGHTH: Rank = Rank(7);
    pub const ALL: [Rank; 8] = [Rank(0), Rank(1), Rank(2), Rank(3), Rank(4), Rank(5), Rank(6), Rank(7)];

    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 {
            Some(Rank(index))
        } else {
            None
        }
    }
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank(c as u8 - b'1')),
            _ => None,
        }
    }
    /// The same rank seen from `color`'s side: `Rank::FIRST.relative(Black)` is rank 8.
    pub const fn relative(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank(7 - self.0),
        }
    }
    pub const fn offset(self, delta: i8) -> Option<Rank> {
        let i = self.0 as i8 + delta;
        if 0 <= i && i < 8 {
            Some(Rank(i as u8))
        } else {
            None
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// One of the 64 squares, indexed `a1 = 0, b1 = 1, ..., h8 = 63`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Square(u8);

macro_rules! squares {
    ($($name:ident = $i:expr),* $(,)?) => { $(pub const $name: Square = Square($i);)* };
}

impl Square {
    squares! {
        A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7,
        A2 = 8, B2 = 9, C2 = 10, D2 = 11, E2 = 12, F2 = 13, G2 = 14, H2 = 15,
        A3 = 16, B3 = 17, C3 = 18, D3 = 19, E3 = 20, F3 = 21, G3 = 22, H3 = 23,
        A4 = 24, B4 = 25, C4 = 26, D4 = 27, E4 = 28, F4 = 29, G4 = 30, H4 = 31,
        A5 = 32, B5 = 33, C5 = 34, D5 = 35, E5 = 36, F5 = 37, G5 = 38, H5 = 39,
        A6 = 40, B6 = 41, C6 = 42, D6 = 43, E6 = 44, F6 = 45, G6 = 46, H6 = 47,
        A7 = 48, B7 = 49, C7 = 50, D7 = 51, E7 = 52, F7 = 53, G7 = 54, H7 = 55,
        A8 = 56, B8 = 57, C8 = 58, D8 = 59, E8 = 60, F8 = 61, G8 = 62, H8 = 63,
    }

    /// Every square from a1 to h8.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..64u8).map(Square)
    }

    /// The square with this index, if `index < 64`.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// For indices known to be in range (internal tables, bit scans).
    #[inline]
    pub(crate) const fn new_unchecked(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index & 63)
    }

    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 8 + file.0)
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 & 7)
    }
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 >> 3)
    }

    /// Light squares are the ones where file + rank is odd (a1 is dark, h1 is light).
    pub const fn is_light(self) -> bool {
        (self.0 & 7) % 2 != (self.0 >> 3) % 2
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        match (self.file().offset(df), self.rank().offset(dr)) {
            (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
            _ => None,
        }
    }

    /// Mirror top-to-bottom (a1 ↔ a8), to see the board from Black's side.
    pub const fn flip_vertical(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// King-step distance (the number of king moves between two squares on an empty board).
    pub const fn distance(self, other: Square) -> u8 {
        let df = (self.0 & 7).abs_diff(other.0 & 7);
        let dr = (self.0 >> 3).abs_diff(other.0 >> 3);
        if df > dr {
            df
        } else {
            dr
        }
    }

    /// Parses `e4` from bytes; used by the notation parsers.
    pub const fn from_ascii(s: &[u8]) -> Option<Square> {
        if s.len() != 2 {
            return None;
        }
        match (File::from_char(s[0] as char), Rank::from_char(s[1] as char)) {
            (Some(f), Some(r)) => Some(Square::from_coords(f, r)),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file().char().to_ascii_uppercase())?;
        write!(f, "{}", self.rank().char())
    }
}

/// Error for a string that is not a square name like `e4`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a square name like e4 (file a-h, rank 1-8)")
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes()).ok_or(ParseSquareError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
        for bad in ["", "e", "i1", "a9", "a0", "e44", "E4"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn colours_follow_the_right_hand_rule() {
        // Each player's right-hand corner is light: h1 for White, a8 for Black.
        assert!(Square::H1.is_light());
        assert!(Square::A8.is_light());
        assert!(!Square::A1.is_light());
        // 白皇后白, 黑皇后黑: d1 is light, d8 is dark.
        assert!(Square::D1.is_light());
        assert!(!Square::D8.is_light());
    }

    #[test]
    fn offsets_stay_on_board() {
        assert_eq!(Square::A1.offset(-1, 0), None);
        assert_eq!(Square::A1.offset(1, 2), Some(Square::B3));
        assert_eq!(Square::H8.offset(0, 1), None);
        assert_eq!(Square::A1.distance(Square::H8), 7);
    }
}
