//! Errors at the JavaScript boundary: each becomes a JS `Error` with a stable `code` property,
//! so that callers can branch on the code and show the message.

use crate::rules::ParseBoardError;
use core::fmt;
use wasm_bindgen::JsValue;

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
}

impl ErrorCode {
    /// Every code, for reading one back from its string.
    pub const ALL: [ErrorCode; 12] = [
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
    ];

    /// The code whose string is `code` (`"ILLEGAL_MOVE"` → `IllegalMove`), if any: the board
    /// widget's move errors name their code as a string (`ui` does not depend on `wasm`).
    pub fn from_code(code: &str) -> Option<ErrorCode> {
        ErrorCode::ALL.into_iter().find(|c| c.as_str() == code)
    }

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
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An error returned by an export: a code, a human-readable message and, for refusals that
/// the page words for kids itself, the finer `reason` code (the JS `error.reason`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub code: ErrorCode,
    pub message: String,
    pub reason: Option<&'static str>,
    /// Thrown as a `TypeError` (an argument of the wrong type), else as an `Error`.
    pub type_error: bool,
}

impl ApiError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError { code, message: message.into(), reason: None, type_error: false }
    }

    /// An argument of the wrong type: a `TypeError` with code `INVALID_ARGUMENT`.
    pub fn wrong_type(message: impl Into<String>) -> ApiError {
        ApiError { type_error: true, ..ApiError::new(ErrorCode::InvalidArgument, message) }
    }

    /// The same error with `error.reason` set (e.g. a clock's or a move explanation's code).
    pub fn with_reason(self, reason: &'static str) -> ApiError {
        ApiError { reason: Some(reason), ..self }
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for ApiError {}

impl From<ParseBoardError> for ApiError {
    fn from(err: ParseBoardError) -> ApiError {
        ApiError::new(ErrorCode::InvalidFen, format!("invalid FEN placement: {err}"))
    }
}

impl From<crate::rules::FenError> for ApiError {
    fn from(err: crate::rules::FenError) -> ApiError {
        ApiError::new(ErrorCode::InvalidFen, format!("invalid FEN: {err}"))
    }
}

impl From<crate::rules::PgnError> for ApiError {
    fn from(err: crate::rules::PgnError) -> ApiError {
        ApiError::new(ErrorCode::InvalidPgn, format!("invalid PGN: {err}"))
    }
}

#[cfg(feature = "teacher")]
impl From<serde_wasm_bindgen::Error> for ApiError {
    fn from(err: serde_wasm_bindgen::Error) -> ApiError {
        ApiError::new(ErrorCode::InvalidArgument, err.to_string())
    }
}

/// The one way every export builds its thrown JS `Error`: `message`, `code` and maybe `reason`.
impl From<ApiError> for JsValue {
    fn from(err: ApiError) -> JsValue {
        let error: JsValue =
            if err.type_error { js_sys::TypeError::new(&err.message).into() } else { js_sys::Error::new(&err.message).into() };
        // Setting a property of a fresh Error cannot fail.
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str("code"), &JsValue::from_str(err.code.as_str()));
        if let Some(reason) = err.reason {
            let _ = js_sys::Reflect::set(&error, &JsValue::from_str("reason"), &JsValue::from_str(reason));
        }
        error
    }
}
