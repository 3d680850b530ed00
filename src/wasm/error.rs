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
}

impl ErrorCode {
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidFen => "INVALID_FEN",
            ErrorCode::NotAnElement => "NOT_AN_ELEMENT",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An error returned by an export: a code and a human-readable message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub code: ErrorCode,
    pub message: String,
}

impl ApiError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError { code, message: message.into() }
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

impl From<ApiError> for JsValue {
    fn from(err: ApiError) -> JsValue {
        let error = js_sys::Error::new(&err.message);
        // Setting a property on a fresh, unfrozen Error object cannot fail.
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str("code"), &JsValue::from_str(err.code.as_str()));
        error.into()
    }
}
