//! `SanError`: why a SAN (or typed move) was not accepted, worded so a teacher understands it
//! and carrying the squares the board can point at.

use super::San;
use crate::{Role, Square, Uci};
use core::fmt;

/// What is wrong with the spelling of a move, before looking at the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SyntaxProblem {
    /// Nothing but spaces.
    Empty,
    /// Far longer than any move (`len` characters).
    TooLong { len: usize },
    /// A character that does not belong at this place; `at` counts characters from 0.
    Unexpected { c: char, at: usize },
    /// No destination square (`N`, `Nf`, `ex`).
    NoTarget,
    /// `=` with no piece after it (`e8=`).
    PromotionPieceMissing,
}

/// Why a SAN or typed move was not accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SanError {
    /// Not written like a move at all.
    Syntax { text: String, problem: SyntaxProblem },
    /// Well written, but no legal move matches. `role` and `to` are what was asked for (the
    /// king and its castling square for `O-O`); `pieces` are the mover's pieces of that kind
    /// that fit the written origin hint, so the board can explain why each cannot go there.
    IllegalMove { san: San, role: Role, to: Square, pieces: Vec<Square> },
    /// Several pieces of that kind can make the move; `candidates` are their squares.
    Ambiguous { san: San, candidates: Vec<Square> },
    /// A promotion piece was written, but the move is not a pawn reaching the last rank.
    NotAPromotion { san: San },
    /// A pawn reaches the last rank, but the new piece was not written.
    MissingPromotion { san: San },
    /// A pawn may only become a queen, rook, bishop or knight.
    PromotionNotAllowed { role: Role },
    /// Strict SAN only: the `x` does not match the move (`captures` says whether it captures).
    CaptureMismatch { san: San, captures: bool },
    /// A move in UCI form (`e2e5`) that is not legal here.
    IllegalUci { uci: Uci },
}

impl SanError {
    /// A stable machine-readable code (for the JS boundary and the UI's text tables).
    pub const fn code(&self) -> &'static str {
        match self {
            SanError::Syntax { .. } => "san_syntax",
            SanError::IllegalMove { .. } => "illegal_move",
            SanError::Ambiguous { .. } => "ambiguous_move",
            SanError::NotAPromotion { .. } => "not_a_promotion",
            SanError::MissingPromotion { .. } => "missing_promotion",
            SanError::PromotionNotAllowed { .. } => "promotion_not_allowed",
            SanError::CaptureMismatch { .. } => "capture_mismatch",
            SanError::IllegalUci { .. } => "illegal_uci",
        }
    }

    pub(crate) fn syntax(text: &str, problem: SyntaxProblem) -> SanError {
        SanError::Syntax { text: excerpt(text), problem }
    }
}

/// At most 24 characters of the offending text, so errors stay small whatever the input.
fn excerpt(text: &str) -> String {
    const SHOWN: usize = 24;
    let mut shown: String = text.chars().take(SHOWN).collect();
    if text.chars().nth(SHOWN).is_some() {
        shown.push('…');
    }
    shown
}

impl fmt::Display for SyntaxProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxProblem::Empty => f.write_str("nothing was written"),
            SyntaxProblem::TooLong { len } => write!(f, "it is too long for a move ({len} characters)"),
            SyntaxProblem::Unexpected { c, at } => {
                write!(f, "'{c}' (character {}) does not belong there", at + 1)
            }
            SyntaxProblem::NoTarget => f.write_str("it does not say which square the piece goes to"),
            SyntaxProblem::PromotionPieceMissing => f.write_str("'=' must be followed by the new piece (Q, R, B or N)"),
        }
    }
}

/// " on the e-file", " on rank 2", " on e2" or nothing, for the origin hint of a SAN.
fn hint(san: &San) -> String {
    match *san {
        San::Normal { file: Some(f), rank: Some(r), .. } => format!(" on {f}{r}"),
        San::Normal { file: Some(f), rank: None, .. } => format!(" on the {f}-file"),
        San::Normal { file: None, rank: Some(r), .. } => format!(" on rank {r}"),
        _ => String::new(),
    }
}

/// "b1 and f3", "a1, a3 and c1".
fn list(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => String::new(),
    }
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax { text, problem } => write!(f, "\"{text}\" is not a move: {problem}"),
            SanError::IllegalMove { san: San::Castle(side), .. } => {
                write!(f, "castling {} is not possible here", side.san())
            }
            SanError::IllegalMove { san, role, to, .. } => {
                write!(f, "no {role}{} can reach {to}", hint(san))
            }
            SanError::Ambiguous { san, candidates } => write!(
                f,
                "{san} is ambiguous: the {}s on {} can all go there; add the file or rank the {} comes from",
                san.role(),
                list(candidates),
                san.role()
            ),
            SanError::NotAPromotion { san } => {
                write!(f, "{san}: only a pawn reaching the last rank is promoted; leave out the new piece")
            }
            SanError::MissingPromotion { san } => write!(f, "{san}: a pawn reaching the last rank must be promoted; add =Q, =R, =B or =N"),
            SanError::PromotionNotAllowed { role } => {
                write!(f, "a pawn cannot become a {role}, only a queen, rook, bishop or knight")
            }
            SanError::CaptureMismatch { san, captures: true } => {
                write!(f, "{san} takes a piece, so it is written with x")
            }
            SanError::CaptureMismatch { san, captures: false } => {
                write!(f, "{san} takes nothing, so it is written without x")
            }
            SanError::IllegalUci { uci } => write!(f, "{uci} is not a legal move in this position"),
        }
    }
}

impl std::error::Error for SanError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_naturally() {
        assert_eq!(list(&[Square::B1]), "b1");
        assert_eq!(list(&[Square::B1, Square::F3]), "b1 and f3");
        assert_eq!(list(&[Square::A1, Square::A3, Square::C1]), "a1, a3 and c1");
    }

    #[test]
    fn long_text_is_cut() {
        let e = SanError::syntax(&"x".repeat(100), SyntaxProblem::TooLong { len: 100 });
        assert_eq!(e.to_string(), format!("\"{}…\" is not a move: it is too long for a move (100 characters)", "x".repeat(24)));
    }
}
