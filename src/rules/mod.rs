//! Pure chess rules: squares, bitboards, positions, legal moves, notation, outcomes and
//! explanations of illegal moves. No I/O, no browser, no classroom policy.

mod bitboard;
mod board;
mod color;
mod role;
mod square;

pub use bitboard::Bitboard;
pub use board::{Board, ParseBoardError};
pub use color::{Color, ParseColorError};
pub use role::{ParseRoleError, Piece, Role};
pub use square::{File, ParseSquareError, Rank, Square};
