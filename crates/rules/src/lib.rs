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
mod explain;
mod fen;
mod game;
pub mod hint;
mod magic;
mod material;
mod movegen;
mod moves;
mod outcome;
mod pgn;
mod position;
mod repetition;
mod role;
pub mod safety;
mod san;
mod setup;
pub mod sort;
mod square;
mod uci;
mod validate;
mod zobrist;

pub use bitboard::Bitboard;
pub use board::{Board, ParseBoardError};
pub use castling::{CastlingRights, CastlingSide, ParseCastlingError};
pub use color::{Color, ParseColorError};
pub use explain::{explain, IllegalReason, ReasonArg};
pub use fen::{FenError, FenField, ParseFenError};
pub use game::{ClaimDrawError, ConcludeError, DrawRule, DrawRules, Game, PlayError};
pub use hint::{hint_reasons, HintReason};
pub use moves::{Move, MoveKind, MoveList, MAX_MOVES};
pub use outcome::{DrawReason, EndReason, Outcome};
pub use pgn::{
    pgn_games, read_pgn, write_pgn, PgnError, PgnErrorKind, PgnGame, PgnGames, PgnMove, PgnResult, PgnVariation, MAX_VARIATION_DEPTH,
    SEVEN_TAG_ROSTER,
};
pub use position::{IllegalMoveError, Mode, Position};
pub use role::{ParseRoleError, Piece, Role};
pub use safety::{attackers, defenders, is_hanging};
pub use san::{parse_move_text, parse_san_forgiving, PieceNames, San, SanCorrection, SanError, SanFormat, SanPlus, Suffix, SyntaxProblem};
pub use setup::Setup;
pub use square::{File, ParseSquareError, Rank, Square};
pub use uci::{ParseUciError, Uci};
pub use validate::PositionError;
