//! Piece placement: which piece stands on which square, as bitboards by role and by colour.

use super::{Bitboard, Color, File, Piece, Rank, Role, Square};
use core::fmt;
use core::str::FromStr;

/// Where the pieces stand. Says nothing about whose turn it is or whether the position is legal.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    by_role: [Bitboard; 6],
    by_color: [Bitboard; 2],
    occupied: Bitboard,
}

impl Default for Board {
    /// The standard starting placement.
    fn default() -> Board {
        Board::start()
    }
}

impl Board {
    pub const fn empty() -> Board {
        Board { by_role: [Bitboard::EMPTY; 6], by_color: [Bitboard::EMPTY; 2], occupied: Bitboard::EMPTY }
    }

    /// The position every game starts from (布子: 白方一二两横排，黑方七八排上摆).
    pub const fn start() -> Board {
        Board {
            by_role: [
                Bitboard(0x00ff_0000_0000_ff00),
                Bitboard(0x4200_0000_0000_0042),
                Bitboard(0x2400_0000_0000_0024),
                Bitboard(0x8100_0000_0000_0081),
                Bitboard(0x0800_0000_0000_0008),
                Bitboard(0x1000_0000_0000_0010),
            ],
            by_color: [Bitboard(0xffff), Bitboard(0xffff_0000_0000_0000)],
            occupied: Bitboard(0xffff_0000_0000_ffff),
        }
    }

    #[inline]
    pub const fn occupied(&self) -> Bitboard {
        self.occupied
    }
    #[inline]
    pub const fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }
    #[inline]
    pub const fn by_role(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_role(piece.role) & self.by_color(piece.color)
    }
    #[inline]
    pub fn pawns(&self) -> Bitboard {
        self.by_role(Role::Pawn)
    }
    #[inline]
    pub fn knights(&self) -> Bitboard {
        self.by_role(Role::Knight)
    }
    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.by_role(Role::King)
    }
    /// Bishops and queens: the pieces that move diagonally.
    #[inline]
    pub fn bishops_like(&self) -> Bitboard {
        self.by_role(Role::Bishop) | self.by_role(Role::Queen)
    }
    /// Rooks and queens: the pieces that move along ranks and files.
    #[inline]
    pub fn rooks_like(&self) -> Bitboard {
        self.by_role(Role::Rook) | self.by_role(Role::Queen)
    }

    /// The king of `color`, if there is exactly one.
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.kings() & self.by_color(color)).single_square()
    }

    pub fn color_at(&self, sq: Square) -> Option<Color> {
        if self.by_color[0].contains(sq) {
            Some(Color::White)
        } else if self.by_color[1].contains(sq) {
            Some(Color::Black)
        } else {
            None
        }
    }

    pub fn role_at(&self, sq: Square) -> Option<Role> {
        if !self.occupied.contains(sq) {
            return None;
        }
        Role::ALL.into_iter().find(|r| self.by_role[r.index()].contains(sq))
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece { color: self.color_at(sq)?, role: self.role_at(sq)? })
    }

    /// Removes and returns whatever stands on `sq`.
    pub fn remove_piece_at(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.by_role[piece.role.index()].discard(sq);
        self.by_color[piece.color.index()].discard(sq);
        self.occupied.discard(sq);
        Some(piece)
    }

    /// Puts `piece` on `sq`, replacing what stood there.
    pub fn set_piece_at(&mut self, sq: Square, piece: Piece) {
        self.remove_piece_at(sq);
        self.by_role[piece.role.index()].add(sq);
        self.by_color[piece.color.index()].add(sq);
        self.occupied.add(sq);
    }

    /// Toggles `piece` on `sq`; the caller knows the square is empty or holds exactly that piece.
    /// This is the fast path for making moves.
    #[inline]
    pub fn toggle(&mut self, sq: Square, piece: Piece) {
        self.by_role[piece.role.index()].toggle(sq);
        self.by_color[piece.color.index()].toggle(sq);
        self.occupied.toggle(sq);
    }

    /// Moves `piece` from `from` to the empty square `to`; the caller knows `from` holds it.
    /// The fast path for making moves.
    #[inline]
    pub fn move_piece(&mut self, from: Square, to: Square, piece: Piece) {
        let mask = Bitboard::from_square(from) | to;
        self.by_role[piece.role.index()] ^= mask;
        self.by_color[piece.color.index()] ^= mask;
        self.occupied ^= mask;
    }

    /// Every piece with its square, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied.filter_map(move |sq| Some((sq, self.piece_at(sq)?)))
    }

    /// The same placement seen from the other side: colours swapped and ranks mirrored.
    pub fn swap_sides(&self) -> Board {
        let mut out = Board::empty();
        for (sq, p) in self.pieces() {
            out.set_piece_at(sq.flip_vertical(), Piece { color: !p.color, role: p.role });
        }
        out
    }

    /// Parses the first field of a FEN (`rnbqkbnr/pppppppp/8/...`).
    pub fn from_placement(s: &str) -> Result<Board, ParseBoardError> {
        let mut board = Board::empty();
        let rows: Vec<&str> = s.split('/').collect();
        if rows.len() != 8 {
            return Err(ParseBoardError::RankCount { found: rows.len() });
        }
        for (row_index, row) in rows.iter().enumerate() {
            let rank = Rank::ALL[7 - row_index];
            let mut file: u8 = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                    file += d as u8;
                } else if let Some(piece) = Piece::from_char(c) {
                    if let Some(f) = File::new(file) {
                        board.set_piece_at(Square::from_coords(f, rank), piece);
                    }
                    file += 1;
                } else {
                    return Err(ParseBoardError::BadChar { rank, c });
                }
                if file > 8 {
                    return Err(ParseBoardError::RankWidth { rank, width: file as usize });
                }
            }
            if file != 8 {
                return Err(ParseBoardError::RankWidth { rank, width: file as usize });
            }
        }
        Ok(board)
    }
}

impl fmt::Display for Board {
    /// Writes the FEN placement field.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_at(Square::from_coords(file, *rank)) {
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if *rank != Rank::FIRST {
                f.write_str("/")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

/// What is wrong with a FEN placement field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseBoardError {
    /// Not exactly 8 ranks separated by `/`.
    RankCount { found: usize },
    /// A rank that does not add up to 8 squares.
    RankWidth { rank: Rank, width: usize },
    /// A character that is neither a piece letter nor a digit 1-8.
    BadChar { rank: Rank, c: char },
}

impl fmt::Display for ParseBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseBoardError::RankCount { found } => {
                write!(f, "the board needs 8 ranks separated by '/', found {found}")
            }
            ParseBoardError::RankWidth { rank, width } => {
                write!(f, "rank {rank} has {width} squares instead of 8")
            }
            ParseBoardError::BadChar { rank, c } => {
                write!(f, "rank {rank}: '{c}' is not a piece letter (KQRBNP kqrbnp) or a digit 1-8")
            }
        }
    }
}

impl std::error::Error for ParseBoardError {}

impl FromStr for Board {
    type Err = ParseBoardError;
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        Board::from_placement(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

    #[test]
    fn start_round_trips() {
        assert_eq!(Board::start().to_string(), START);
        assert_eq!(START.parse::<Board>(), Ok(Board::start()));
        assert_eq!(Board::start().pieces().count(), 32);
        assert_eq!(Board::start().king_of(Color::White), Some(Square::E1));
        assert_eq!(Board::start().piece_at(Square::D8), Some(Role::Queen.of(Color::Black)));
    }

    #[test]
    fn rejects_bad_placements() {
        assert_eq!("8/8".parse::<Board>(), Err(ParseBoardError::RankCount { found: 2 }));
        assert!(matches!("9/8/8/8/8/8/8/8".parse::<Board>(), Err(ParseBoardError::BadChar { c: '9', .. })));
        assert!(matches!("7/8/8/8/8/8/8/8".parse::<Board>(), Err(ParseBoardError::RankWidth { width: 7, .. })));
        assert!(matches!("ppppppppp/8/8/8/8/8/8/8".parse::<Board>(), Err(ParseBoardError::RankWidth { .. })));
        assert!(matches!("8/8/8/8/8/8/8/8x".parse::<Board>(), Err(ParseBoardError::BadChar { c: 'x', .. })));
    }

    #[test]
    fn set_and_remove() {
        let mut b = Board::empty();
        let wn = Role::Knight.of(Color::White);
        b.set_piece_at(Square::E4, wn);
        b.set_piece_at(Square::E4, Role::Rook.of(Color::Black));
        assert_eq!(b.occupied().count(), 1);
        assert_eq!(b.remove_piece_at(Square::E4), Some(Role::Rook.of(Color::Black)));
        assert_eq!(b, Board::empty());
        assert_eq!(Board::start().swap_sides(), Board::start());
    }
}
