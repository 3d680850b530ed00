//! Turning a `Setup` into a `Position`: every check a position must pass, and `PositionError`,
//! which names the squares and side each problem is about.

use super::attacks::{aligned, between, pawn_attacks};
use super::{Bitboard, Board, CastlingRights, CastlingSide, Color, Mode, Position, Rank, Role, Setup, Square};
use core::fmt;

/// Why a `Setup` is not a legal position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no king (allowed in `Mode::Drill`).
    MissingKing { color: Color },
    /// A side has more than one king.
    TooManyKings { color: Color, squares: Bitboard },
    /// Pawns on the first or last rank (they promote when they get there).
    PawnsOnBackRank { squares: Bitboard },
    /// More than 16 pieces of one side.
    TooManyPieces { color: Color, count: usize },
    /// More than 8 pawns of one side.
    TooManyPawns { color: Color, count: usize },
    /// More pieces than the start's and its pawns' promotions can make (30 queens): `promoted`
    /// pieces beyond the start's, with only `pawns_gone` of its 8 pawns gone to make them.
    ImpossibleMaterial { color: Color, promoted: usize, pawns_gone: usize },
    /// A castling right whose king is not on its home square.
    CastlingWithoutKing { color: Color, side: CastlingSide, king_square: Square },
    /// A castling right whose rook is not on its home square.
    CastlingWithoutRook { color: Color, side: CastlingSide, rook_square: Square },
    /// The en-passant square is not on the rank behind a pawn that just advanced two squares
    /// (rank 6 with White to move, rank 3 with Black to move).
    EnPassantWrongRank { square: Square, turn: Color },
    /// No enemy pawn in front of the en-passant square that could just have advanced two squares.
    EnPassantNoPawn { square: Square, pawn_square: Square },
    /// The en-passant square or the square the pawn started from is occupied.
    EnPassantSquaresOccupied { square: Square, occupied: Bitboard },
    /// The side that is *not* to move is in check: its king could be captured.
    OppositeCheck { color: Color, king: Square, checkers: Bitboard },
    /// The side to move is in a check no single last move can have given (too many checkers,
    /// two leapers, two checkers on one line, or a check unrelated to the en-passant pawn).
    ImpossibleCheck { king: Square, checkers: Bitboard },
}

/// `e1, e2` for the squares of a set.
fn square_list(squares: Bitboard) -> String {
    squares.map(|sq| sq.to_string()).collect::<Vec<_>>().join(", ")
}

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "king side (O-O)",
        CastlingSide::QueenSide => "queen side (O-O-O)",
    }
}

/// How many of `color`'s pieces cannot be the start's: queens beyond one, rooks and knights beyond
/// two, bishops beyond one on each square colour.
fn promoted_pieces(board: &Board, color: Color) -> usize {
    let ours = board.by_color(color);
    let beyond = |role: Role, start: usize| (board.by_role(role) & ours).count().saturating_sub(start);
    let bishops = board.by_role(Role::Bishop) & ours;
    beyond(Role::Queen, 1)
        + beyond(Role::Rook, 2)
        + beyond(Role::Knight, 2)
        + (bishops & Bitboard::LIGHT_SQUARES).count().saturating_sub(1)
        + (bishops & Bitboard::DARK_SQUARES).count().saturating_sub(1)
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::MissingKing { color } => write!(f, "{color} has no king"),
            PositionError::TooManyKings { color, squares } => {
                write!(f, "{color} has {} kings ({}); a side has exactly one", squares.count(), square_list(squares))
            }
            PositionError::PawnsOnBackRank { squares } => {
                write!(f, "pawns cannot stand on the first or last rank ({})", square_list(squares))
            }
            PositionError::TooManyPieces { color, count } => {
                write!(f, "{color} has {count} pieces; a side has at most 16")
            }
            PositionError::TooManyPawns { color, count } => {
                write!(f, "{color} has {count} pawns; a side has at most 8")
            }
            PositionError::ImpossibleMaterial { color, promoted, pawns_gone } => {
                write!(f, "{color} has {promoted} pieces more than at the start, but only {pawns_gone} of its pawns are gone to promote")
            }
            PositionError::CastlingWithoutKing { color, side, king_square } => {
                write!(f, "{color} has the right to castle {} but its king is not on {king_square}", side_name(side))
            }
            PositionError::CastlingWithoutRook { color, side, rook_square } => {
                write!(f, "{color} has the right to castle {} but there is no {color} rook on {rook_square}", side_name(side))
            }
            PositionError::EnPassantWrongRank { square, turn } => {
                write!(f, "en-passant square {square} is on the wrong rank: with {turn} to move it must be on rank {}", Rank::SIXTH.relative(turn))
            }
            PositionError::EnPassantNoPawn { square, pawn_square } => {
                write!(f, "en-passant square {square}: there is no pawn on {pawn_square} that could just have advanced two squares")
            }
            PositionError::EnPassantSquaresOccupied { square, occupied } => {
                write!(f, "en-passant square {square}: the pawn just passed over {}, so it must be empty", square_list(occupied))
            }
            PositionError::OppositeCheck { color, king, checkers } => {
                write!(f, "{color} is in check (king on {king}, attacked from {}) but it is {}'s turn", square_list(checkers), !color)
            }
            PositionError::ImpossibleCheck { king, checkers } => {
                write!(f, "the king on {king} is in check from {}, which no single last move can have done", square_list(checkers))
            }
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// Validates `setup` (see [`PositionError`] for what is rejected). A `fullmove_number` of 0 is
    /// taken as 1. An en-passant square that is consistent but on which no pawn can capture is
    /// accepted and then ignored.
    pub fn from_setup(setup: Setup, mode: Mode) -> Result<Position, PositionError> {
        let board = &setup.board;
        let turn = setup.turn;
        for color in Color::ALL {
            let kings = board.kings() & board.by_color(color);
            if kings.more_than_one() {
                return Err(PositionError::TooManyKings { color, squares: kings });
            }
            if kings.is_empty() && mode == Mode::Standard {
                return Err(PositionError::MissingKing { color });
            }
        }
        let back_rank_pawns = board.pawns() & Bitboard::BACKRANKS;
        if back_rank_pawns.any() {
            return Err(PositionError::PawnsOnBackRank { squares: back_rank_pawns });
        }
        for color in Color::ALL {
            let count = board.by_color(color).count();
            if count > 16 {
                return Err(PositionError::TooManyPieces { color, count });
            }
            let count = (board.pawns() & board.by_color(color)).count();
            if count > 8 {
                return Err(PositionError::TooManyPawns { color, count });
            }
            // A game's pieces beyond the start's are promoted pawns (a lesson's drill may set out
            // any pieces it teaches with).
            if mode == Mode::Standard {
                let promoted = promoted_pieces(board, color);
                if promoted > 8 - count {
                    return Err(PositionError::ImpossibleMaterial { color, promoted, pawns_gone: 8 - count });
                }
            }
        }
        check_castling(&setup)?;
        let ep_candidate = match setup.ep_square {
            Some(square) => check_en_passant(&setup, square)?,
            None => None,
        };
        let pos = Position {
            board: setup.board,
            turn,
            castles: setup.castling,
            ep_candidate,
            halfmoves: setup.halfmove_clock,
            fullmoves: setup.fullmove_number.max(1),
            mode,
        };
        if let Some(king) = pos.king_of(!turn) {
            let checkers = pos.attackers_to(king, turn, board.occupied());
            if checkers.any() {
                return Err(PositionError::OppositeCheck { color: !turn, king, checkers });
            }
        }
        if let Some(king) = pos.king_of(turn) {
            let checkers = pos.checkers();
            if !check_is_possible(&pos, king, checkers, setup.ep_square) {
                return Err(PositionError::ImpossibleCheck { king, checkers });
            }
        }
        Ok(pos)
    }
}

/// Every castling right needs its king and rook on their home squares.
fn check_castling(setup: &Setup) -> Result<(), PositionError> {
    let board = &setup.board;
    let rights: CastlingRights = setup.castling;
    for (color, side) in rights.iter() {
        let king_square = side.king_from(color);
        if board.piece_at(king_square) != Some(Role::King.of(color)) {
            return Err(PositionError::CastlingWithoutKing { color, side, king_square });
        }
        let rook_square = side.rook_from(color);
        if board.piece_at(rook_square) != Some(Role::Rook.of(color)) {
            return Err(PositionError::CastlingWithoutRook { color, side, rook_square });
        }
    }
    Ok(())
}

/// Checks the en-passant square and returns what the position keeps of it: the square when a
/// pawn of the side to move stands beside the double-stepped pawn, else nothing.
fn check_en_passant(setup: &Setup, square: Square) -> Result<Option<Square>, PositionError> {
    let board = &setup.board;
    let turn = setup.turn;
    if square.rank() != Rank::SIXTH.relative(turn) {
        return Err(PositionError::EnPassantWrongRank { square, turn });
    }
    let pawn_square = Square::from_coords(square.file(), Rank::FIFTH.relative(turn));
    if board.piece_at(pawn_square) != Some(Role::Pawn.of(!turn)) {
        return Err(PositionError::EnPassantNoPawn { square, pawn_square });
    }
    let origin = Square::from_coords(square.file(), Rank::SEVENTH.relative(turn));
    let occupied = board.occupied() & (Bitboard::from_square(square) | origin);
    if occupied.any() {
        return Err(PositionError::EnPassantSquaresOccupied { square, occupied });
    }
    let capturers = pawn_attacks(!turn, square) & board.pawns() & board.by_color(turn);
    Ok(capturers.any().then_some(square))
}

/// Could one last move have given this check? Cheap tests only: at most two checkers; never two
/// leapers (pawn/knight) and never two on one line through the king; after a double step, every
/// checker is the pawn itself or a slider looking through the square the pawn left.
fn check_is_possible(pos: &Position, king: Square, checkers: Bitboard, ep_square: Option<Square>) -> bool {
    let board = pos.board();
    match checkers.count() {
        0 => return true,
        1 | 2 => {}
        _ => return false,
    }
    if let (Some(a), Some(b)) = (checkers.first(), checkers.last()) {
        if a != b {
            let leapers = checkers & (board.pawns() | board.knights());
            if leapers.more_than_one() || aligned(a, b, king) {
                return false;
            }
        }
    }
    if let Some(ep) = ep_square {
        let turn = pos.turn();
        let pawn_square = Square::from_coords(ep.file(), Rank::FIFTH.relative(turn));
        let origin = Square::from_coords(ep.file(), Rank::SEVENTH.relative(turn));
        return checkers.into_iter().all(|c| c == pawn_square || between(king, c).contains(origin));
    }
    true
}
