//! Pure chess rules: squares, bitboards, positions, legal moves, notation, outcomes and
//! explanations of illegal moves. No I/O, no browser, no classroom policy.
//!
//! Start from [`Position`]: make one with [`Position::new`] (the start position),
//! [`Position::from_fen`] or [`Position::from_setup`] (each in [`Mode::Standard`] or
//! [`Mode::Drill`]), list [`Position::legal_moves`] (or [`Position::dests`] for one piece), and
//! play a [`Move`] with [`Position::play`] / [`Position::play_unchecked`], which return a new
//! position. [`Uci`] and FEN read and write moves and positions; [`attacks`] has the raw attack
//! sets and the `between` / `ray` line helpers.

pub mod attacks;
mod bitboard;
mod board;
mod castling;
mod color;
mod fen;
mod magic;
mod material;
mod movegen;
mod moves;
mod position;
mod role;
mod setup;
mod square;
mod uci;
mod validate;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::{Board, ParseBoardError};
pub use castling::{CastlingRights, CastlingSide, ParseCastlingError};
pub use color::{Color, ParseColorError};
pub use fen::{FenError, FenField, ParseFenError};
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use position::{IllegalMoveError, Mode, Position};
pub use role::{ParseRoleError, Piece, Role};
pub use setup::Setup;
pub use square::{File, ParseSquareError, Rank, Square};
pub use uci::{ParseUciError, Uci};
pub use validate::PositionError;
