//! SAN (Standard Algebraic Notation): the `San`/`SanPlus` types, writing a move as SAN with the
//! shortest disambiguation, strict reading, and finding the legal move a SAN names.
//!
//! Strict reading accepts standard SAN only (`Nf3`, `exd5`, `R1a3`, `e8=Q`, `O-O`, an optional
//! `+`/`#`). Finding the move treats the origin file/rank as a filter, so an over-specified move
//! (`Nge2` where `Ne2` suffices) is still found, as PGN readers do; the check suffix is not
//! checked. The forgiving reader for what children and real game files write is in
//! `forgiving.rs`; figurine and Chinese score-sheet output in `format.rs`.

mod error;
mod forgiving;
mod format;
mod syntax;

pub use error::{SanError, SyntaxProblem};
pub use forgiving::{parse_move_text, parse_san_forgiving, SanCorrection};
pub use format::{PieceNames, SanFormat};

use super::{Bitboard, CastlingSide, File, Move, MoveKind, Position, Rank, Role, Square};
use core::fmt;
use core::str::FromStr;

/// A move in SAN, without its check suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn move: `Nf3`, `exd5`, `R1a3`, `Qh4xe1`, `e8=Q`.
    Normal {
        role: Role,
        /// The origin file, written to tell pieces apart (always for a pawn capture).
        file: Option<File>,
        /// The origin rank, written to tell pieces apart.
        rank: Option<Rank>,
        /// Written with `x`.
        capture: bool,
        to: Square,
        promotion: Option<Role>,
    },
    /// `O-O` (king side) or `O-O-O` (queen side).
    Castle(CastlingSide),
}

/// The check sign after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

/// A SAN move with its check sign, as written in a game: `Qxf7#`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SanPlus {
    pub san: San,
    pub suffix: Option<Suffix>,
}

impl Suffix {
    /// `+` or `#`.
    pub const fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }

    /// The sign a move deserves, judged from the position after it.
    pub fn of_position(after: &Position) -> Option<Suffix> {
        if !after.is_check() {
            None
        } else if after.has_legal_moves() {
            Some(Suffix::Check)
        } else {
            Some(Suffix::Checkmate)
        }
    }
}

impl San {
    /// The SAN of a legal move `m` in `pos`, with the shortest origin hint that tells it apart
    /// from the other legal moves of the same kind of piece to the same square: the file if that
    /// is enough, else the rank, else both. Pawn captures always name their file.
    pub fn from_move(pos: &Position, m: &Move) -> San {
        if let MoveKind::Castle(side) = m.kind {
            return San::Castle(side);
        }
        let (file, rank) = match m.role {
            Role::Pawn => (m.is_capture().then(|| m.from.file()), None),
            Role::King => (None, None),
            role => disambiguation(pos, role, m.from, m.to),
        };
        San::Normal { role: m.role, file, rank, capture: m.is_capture(), to: m.to, promotion: m.promotion }
    }

    /// The legal move this SAN names in `pos`. See [`SanError`] for what can go wrong.
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        let m = self.find_move(pos)?;
        if let San::Normal { capture, .. } = *self {
            if capture != m.is_capture() {
                return Err(SanError::CaptureMismatch { san: *self, captures: m.is_capture() });
            }
        }
        Ok(m)
    }

    /// Like [`San::to_move`], but ignoring whether `x` was written (the forgiving reader reports
    /// that as a correction instead).
    pub(crate) fn find_move(&self, pos: &Position) -> Result<Move, SanError> {
        let legal = pos.legal_moves();
        let (role, file, rank, capture, to, promotion) = match *self {
            San::Castle(side) => {
                return legal.iter().find(|m| m.castling_side() == Some(side)).copied().ok_or_else(|| SanError::IllegalMove {
                    san: *self,
                    role: Role::King,
                    to: side.king_to(pos.turn()),
                    pieces: pos.king_of(pos.turn()).into_iter().collect(),
                });
            }
            San::Normal { role, file, rank, capture, to, promotion } => (role, file, rank, capture, to, promotion),
        };
        let hinted = |from: Square| file.is_none_or(|f| from.file() == f) && rank.is_none_or(|r| from.rank() == r);
        // A pawn move written without its file is a straight push, or with `x` any capture.
        let pawn_shape = |m: &Move| role != Role::Pawn || file.is_some() || (m.from.file() == to.file()) != capture;
        let matching: Vec<Move> =
            legal.iter().filter(|m| !m.is_castle() && m.role == role && m.to == to && hinted(m.from) && pawn_shape(m)).copied().collect();
        if matching.is_empty() {
            let pieces = pos.board().by_piece(role.of(pos.turn())).filter(|&sq| hinted(sq)).collect();
            return Err(SanError::IllegalMove { san: *self, role, to, pieces });
        }
        let promoting = matching.iter().any(Move::is_promotion);
        match (promotion, promoting) {
            (None, true) => return Err(SanError::MissingPromotion { san: *self }),
            (Some(_), false) => return Err(SanError::NotAPromotion { san: *self }),
            _ => {}
        }
        let chosen: Vec<Move> = matching.into_iter().filter(|m| m.promotion == promotion).collect();
        let origins: Bitboard = chosen.iter().fold(Bitboard::EMPTY, |acc, m| acc.with(m.from));
        if origins.more_than_one() {
            return Err(SanError::Ambiguous { san: *self, candidates: origins.collect() });
        }
        chosen.first().copied().ok_or(SanError::IllegalMove { san: *self, role, to, pieces: origins.collect() })
    }

    /// The piece that moves (the king for castling).
    pub const fn role(&self) -> Role {
        match *self {
            San::Normal { role, .. } => role,
            San::Castle(_) => Role::King,
        }
    }

    /// Writes the SAN with `piece` spelling each piece symbol (the score-sheet formats).
    pub(crate) fn write_with(&self, out: &mut String, piece: impl Fn(Role) -> String) {
        match *self {
            San::Castle(side) => out.push_str(side.san()),
            San::Normal { role, file, rank, capture, to, promotion } => {
                if role != Role::Pawn {
                    out.push_str(&piece(role));
                }
                if let Some(f) = file {
                    out.push(f.char());
                }
                if let Some(r) = rank {
                    out.push(r.char());
                }
                if capture {
                    out.push('x');
                }
                out.push(to.file().char());
                out.push(to.rank().char());
                if let Some(p) = promotion {
                    out.push('=');
                    out.push_str(&piece(p));
                }
            }
        }
    }
}

/// The origin hint a piece move needs among the legal moves of its kind to the same square.
fn disambiguation(pos: &Position, role: Role, from: Square, to: Square) -> (Option<File>, Option<Rank>) {
    let rivals = pos.board().by_piece(role.of(pos.turn())).without(from);
    let others: Bitboard = rivals.filter(|&sq| pos.dests(sq).contains(to)).fold(Bitboard::EMPTY, Bitboard::with);
    if others.is_empty() {
        (None, None)
    } else if (others & Bitboard::from_file(from.file())).is_empty() {
        (Some(from.file()), None)
    } else if (others & Bitboard::from_rank(from.rank())).is_empty() {
        (None, Some(from.rank()))
    } else {
        (Some(from.file()), Some(from.rank()))
    }
}

impl SanPlus {
    /// The SAN of a legal move with the check sign it earns.
    pub fn from_move(pos: &Position, m: &Move) -> SanPlus {
        SanPlus { san: San::from_move(pos, m), suffix: Suffix::of_position(&pos.play_unchecked(m)) }
    }

    /// The legal move this names (the suffix is not checked; see [`San::to_move`]).
    pub fn to_move(&self, pos: &Position) -> Result<Move, SanError> {
        self.san.to_move(pos)
    }
}

impl Position {
    /// The SAN of a legal move here, with its check sign: `Nf3`, `exd6`, `Qxf7#`, `O-O`.
    pub fn san(&self, m: &Move) -> String {
        SanPlus::from_move(self, m).to_string()
    }

    /// The legal move a strict SAN string names (see [`San::to_move`]).
    pub fn move_from_san(&self, text: &str) -> Result<Move, SanError> {
        text.parse::<SanPlus>()?.to_move(self)
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.write_with(&mut out, |role| role.upper_char().to_string());
        f.write_str(&out)
    }
}

impl fmt::Display for Suffix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.san)?;
        match self.suffix {
            Some(suffix) => write!(f, "{suffix}"),
            None => Ok(()),
        }
    }
}

impl FromStr for San {
    type Err = SanError;

    /// Strict SAN; a trailing `+` or `#` is allowed and ignored.
    fn from_str(text: &str) -> Result<San, SanError> {
        syntax::parse_strict(text).map(|plus| plus.san)
    }
}

impl FromStr for SanPlus {
    type Err = SanError;

    /// Strict SAN with an optional `+` or `#`.
    fn from_str(text: &str) -> Result<SanPlus, SanError> {
        syntax::parse_strict(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Mode;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Mode::Standard).expect("test FEN is valid")
    }

    #[test]
    fn every_start_move_round_trips() {
        let start = Position::new();
        for m in start.legal_moves().iter() {
            let text = start.san(m);
            assert_eq!(start.move_from_san(&text), Ok(*m), "{text}");
        }
    }

    #[test]
    fn disambiguates_by_file_then_rank_then_square() {
        // Three white queens on a1, a3 (same file) and c1 (same rank as a1), all reaching b2.
        let p = pos("8/7k/8/8/8/Q7/8/Q1Q4K w - - 0 1");
        let from_sq = |from: Square| {
            let m = p.legal_moves().iter().find(|m| m.from == from && m.to == Square::B2).copied();
            p.san(&m.expect("queen reaches b2"))
        };
        assert_eq!(from_sq(Square::A1), "Qa1b2");
        assert_eq!(from_sq(Square::A3), "Q3b2");
        assert_eq!(from_sq(Square::C1), "Qcb2");
    }

    #[test]
    fn pinned_rival_needs_no_hint() {
        // Both knights reach d4, but the one on e2 is pinned by the rook on e8 against e1.
        let p = pos("4r2k/8/8/8/8/8/2N1N3/4K3 w - - 0 1");
        let m = p.legal_moves().iter().find(|m| m.from == Square::C2 && m.to == Square::D4).copied();
        assert_eq!(m.map(|m| p.san(&m)), Some("Nd4".to_string()));
    }
}
