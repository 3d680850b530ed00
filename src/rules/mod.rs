//! Pure chess rules: squares, bitboards, positions, legal moves, notation, outcomes and
//! explanations of illegal moves. No I/O, no browser, no classroom policy.

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
mod pgn;
mod position;
mod role;
mod san;
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
pub use pgn::{
    pgn_games, read_pgn, write_pgn, PgnError, PgnErrorKind, PgnGame, PgnGames, PgnMove, PgnResult, PgnVariation,
    MAX_VARIATION_DEPTH, SEVEN_TAG_ROSTER,
};
pub use position::{IllegalMoveError, Mode, Position};
pub use role::{ParseRoleError, Piece, Role};
pub use san::{
    parse_move_text, parse_san_forgiving, PieceNames, San, SanCorrection, SanError, SanFormat, SanPlus, Suffix,
    SyntaxProblem,
};
pub use setup::Setup;
pub use square::{File, ParseSquareError, Rank, Square};
pub use uci::{ParseUciError, Uci};
pub use validate::PositionError;
