//! Errors at the JavaScript boundary: each becomes a JS `Error` with a stable `code` property,
//! so that callers can branch on the code and show the message.

use core::fmt;
pub use qitong::error_code::ErrorCode;
use qitong::rules::ParseBoardError;
use wasm_bindgen::JsValue;

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

impl From<qitong::rules::FenError> for ApiError {
    fn from(err: qitong::rules::FenError) -> ApiError {
        ApiError::new(ErrorCode::InvalidFen, format!("invalid FEN: {err}"))
    }
}

impl From<qitong::rules::PgnError> for ApiError {
    fn from(err: qitong::rules::PgnError) -> ApiError {
        ApiError::new(ErrorCode::InvalidPgn, format!("invalid PGN: {err}"))
    }
}

impl From<serde_wasm_bindgen::Error> for ApiError {
    fn from(err: serde_wasm_bindgen::Error) -> ApiError {
        ApiError::new(ErrorCode::InvalidArgument, err.to_string())
    }
}

/// The one way every export builds its thrown JS `Error`: `message`, `code` and maybe `reason`.
impl From<ApiError> for JsValue {
    fn from(err: ApiError) -> JsValue {
        let error: JsValue = if err.type_error { js_sys::TypeError::new(&err.message).into() } else { js_sys::Error::new(&err.message).into() };
        // Setting a property of a fresh Error cannot fail.
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str("code"), &JsValue::from_str(err.code.as_str()));
        if let Some(reason) = err.reason {
            let _ = js_sys::Reflect::set(&error, &JsValue::from_str("reason"), &JsValue::from_str(reason));
        }
        error
    }
}
