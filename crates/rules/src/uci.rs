//! UCI move notation (`e2e4`, `e7e8q`, castling as the king's move `e1g1`): the `Uci` type, its
//! parser, and finding the legal move a `Uci` names in a position.

use super::{IllegalMoveError, Move, Position, Role, Square};
use core::fmt;
use core::str::FromStr;

/// A move as UCI writes it: from, to and an optional promotion piece. Not tied to a position;
/// [`Position::move_from_uci`] turns it into a `Move`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Uci {
    /// The square the piece leaves.
    pub from: Square,
    /// The square it goes to (the king's destination for castling).
    pub to: Square,
    /// The piece a pawn promotes to (`q r b n`).
    pub promotion: Option<Role>,
}

impl Uci {
    /// The UCI form of a move.
    pub const fn from_move(m: &Move) -> Uci {
        Uci { from: m.from, to: m.to, promotion: m.promotion }
    }
}

impl fmt::Display for Uci {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(role) = self.promotion {
            write!(f, "{}", role.char())?;
        }
        Ok(())
    }
}

/// What is wrong with a UCI move string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseUciError {
    /// Not 4 or 5 characters (`e2e4`, `e7e8q`).
    Length { len: usize },
    /// The first two characters are not a square name.
    BadFrom { text: String },
    /// Characters 3-4 are not a square name.
    BadTo { text: String },
    /// The fifth character is not one of `q r b n`.
    BadPromotion { c: char },
    /// From and to are the same square (UCI's null move `0000` is not a move either).
    SameSquare { square: Square },
}

impl fmt::Display for ParseUciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseUciError::Length { len } => {
                write!(f, "a UCI move has 4 or 5 characters (like e2e4 or e7e8q), not {len}")
            }
            ParseUciError::BadFrom { text } => write!(f, "'{text}' is not a square to move from"),
            ParseUciError::BadTo { text } => write!(f, "'{text}' is not a square to move to"),
            ParseUciError::BadPromotion { c } => {
                write!(f, "'{c}' is not a promotion piece (q, r, b or n)")
            }
            ParseUciError::SameSquare { square } => write!(f, "a move cannot start and end on {square}"),
        }
    }
}

impl std::error::Error for ParseUciError {}

impl FromStr for Uci {
    type Err = ParseUciError;

    /// Parses `e2e4` or `e7e8q` (the promotion letter in either case).
    fn from_str(s: &str) -> Result<Uci, ParseUciError> {
        let chars: Vec<char> = s.chars().collect();
        if chars.len() != 4 && chars.len() != 5 {
            return Err(ParseUciError::Length { len: chars.len() });
        }
        let square = |a: char, b: char| {
            let text: String = [a, b].iter().collect();
            (Square::from_ascii(text.as_bytes()), text)
        };
        let (from, text) = square(chars[0], chars[1]);
        let from = from.ok_or(ParseUciError::BadFrom { text })?;
        let (to, text) = square(chars[2], chars[3]);
        let to = to.ok_or(ParseUciError::BadTo { text })?;
        let promotion = match chars.get(4) {
            None => None,
            Some(&c) => match Role::from_char(c) {
                Some(role) if Role::PROMOTIONS.contains(&role) => Some(role),
                _ => return Err(ParseUciError::BadPromotion { c }),
            },
        };
        if from == to {
            return Err(ParseUciError::SameSquare { square: from });
        }
        Ok(Uci { from, to, promotion })
    }
}

impl Position {
    /// The legal move `uci` names here. Castling is written as the king's move (`e1g1`,
    /// `e1c1`); a promotion needs its piece letter.
    pub fn move_from_uci(&self, uci: &Uci) -> Result<Move, IllegalMoveError> {
        self.legal_moves_from(uci.from).iter().find(|m| m.to == uci.to && m.promotion == uci.promotion).copied().ok_or(IllegalMoveError { uci: *uci })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        for s in ["e2e4", "e7e8q", "a2a1n", "e1g1"] {
            assert_eq!(s.parse::<Uci>().map(|u| u.to_string()), Ok(s.to_string()));
        }
        assert_eq!("e7e8Q".parse::<Uci>().map(|u| u.promotion), Ok(Some(Role::Queen)));
        assert_eq!("e2e".parse::<Uci>(), Err(ParseUciError::Length { len: 3 }));
        assert_eq!("0000".parse::<Uci>(), Err(ParseUciError::BadFrom { text: "00".into() }));
        assert_eq!("e2x4".parse::<Uci>(), Err(ParseUciError::BadTo { text: "x4".into() }));
        assert_eq!("e7e8k".parse::<Uci>(), Err(ParseUciError::BadPromotion { c: 'k' }));
        assert_eq!("e2e2".parse::<Uci>(), Err(ParseUciError::SameSquare { square: Square::E2 }));
        assert!("é2e4".parse::<Uci>().is_err());
        assert!("ｅ2e4".parse::<Uci>().is_err());
    }

    #[test]
    fn finds_legal_moves() {
        let pos = Position::new();
        let uci: Uci = "g1f3".parse().expect("valid");
        assert_eq!(pos.move_from_uci(&uci).map(|m| m.role), Ok(Role::Knight));
        let bad: Uci = "e2e5".parse().expect("valid");
        assert_eq!(pos.move_from_uci(&bad), Err(IllegalMoveError { uci: bad }));
        assert_eq!(IllegalMoveError { uci: bad }.to_string(), "e2e5 is not a legal move in this position");
    }
}
