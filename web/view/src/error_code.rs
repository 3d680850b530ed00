//! The stable error codes of the JavaScript API (the JS `error.code`), one enum for the views
//! (`ui`, which says which code a refused move throws) and the exports (`wasm`, which throws it).

use core::fmt;

/// The stable, machine-readable kind of an API error (the JS `error.code`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorCode {
    /// A FEN (or its placement field) that cannot be read.
    InvalidFen,
    /// An argument that should be a DOM element is something else.
    NotAnElement,
    /// A square name that is not `a1`..`h8`.
    InvalidSquare,
    /// A move text that is neither readable SAN nor UCI.
    InvalidMove,
    /// A readable move that the rules do not allow here.
    IllegalMove,
    /// The game has ended: no more moves.
    GameOver,
    /// A PGN that cannot be read or replayed.
    InvalidPgn,
    /// A number or option out of its range (depth, score, points, language, ...).
    InvalidArgument,
    /// A refused class-ladder change (unknown student, duplicate name, ...).
    Ladder,
    /// A ladder file (JSON or CSV) that cannot be imported; the ladder is unchanged.
    InvalidImport,
    /// A class-play action the rules refuse (a draw offer out of turn, ...); `error.reason`
    /// names the rule.
    Refused,
    /// A request that would take too long to answer on the caller's thread (a `perft` over its
    /// `maxPositions`); `www/perft-worker.js` runs long counts off the page's main thread.
    TooMuchWork,
    /// A text argument longer than the export reads (a ladder file over 4 MiB, ...), refused by
    /// its length before it is copied into the wasm (issue 29: 128 MB trapped the module).
    TooLarge,
}

impl ErrorCode {
    /// Every code, in the order of docs/api.md's Error codes table.
    pub const ALL: [ErrorCode; 13] = [
        ErrorCode::InvalidFen,
        ErrorCode::NotAnElement,
        ErrorCode::InvalidSquare,
        ErrorCode::InvalidMove,
        ErrorCode::IllegalMove,
        ErrorCode::GameOver,
        ErrorCode::InvalidPgn,
        ErrorCode::InvalidArgument,
        ErrorCode::Ladder,
        ErrorCode::InvalidImport,
        ErrorCode::Refused,
        ErrorCode::TooMuchWork,
        ErrorCode::TooLarge,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidFen => "INVALID_FEN",
            ErrorCode::NotAnElement => "NOT_AN_ELEMENT",
            ErrorCode::InvalidSquare => "INVALID_SQUARE",
            ErrorCode::InvalidMove => "INVALID_MOVE",
            ErrorCode::IllegalMove => "ILLEGAL_MOVE",
            ErrorCode::GameOver => "GAME_OVER",
            ErrorCode::InvalidPgn => "INVALID_PGN",
            ErrorCode::InvalidArgument => "INVALID_ARGUMENT",
            ErrorCode::Ladder => "LADDER",
            ErrorCode::InvalidImport => "INVALID_IMPORT",
            ErrorCode::Refused => "REFUSED",
            ErrorCode::TooMuchWork => "TOO_MUCH_WORK",
            ErrorCode::TooLarge => "TOO_LARGE",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
