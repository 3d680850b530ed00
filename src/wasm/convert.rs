//! Conversions at the JavaScript boundary: square names, sides, languages, promotion letters,
//! FENs and times in, plain JS objects out — each bad input a JS `Error` with a stable code.

use super::error::{ApiError, ErrorCode};
use crate::rules::{Color, Mode, Position, Role, Square};
use crate::ui::words::Lang;
use serde::Serialize;
use wasm_bindgen::JsValue;

pub(crate) fn parse_square(name: &str) -> Result<Square, ApiError> {
    name.trim()
        .parse()
        .map_err(|_| ApiError::new(ErrorCode::InvalidSquare, format!("'{name}' is not a square: use a1 to h8")))
}

pub(crate) fn parse_lang(lang: Option<String>) -> Result<Lang, ApiError> {
    match lang {
        None => Ok(Lang::Zh),
        Some(tag) => tag.parse().map_err(|e| ApiError::new(ErrorCode::InvalidArgument, format!("{e}"))),
    }
}

pub(crate) fn parse_promotion(promotion: Option<String>) -> Result<Option<Role>, ApiError> {
    match promotion.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|_| {
            ApiError::new(ErrorCode::InvalidArgument, format!("'{text}' is not a piece: use q, r, b or n"))
        }),
    }
}

/// A FEN (or `"start"` / nothing) as a position; `drill` allows positions without kings.
pub(crate) fn position_from(fen: Option<String>, drill: bool) -> Result<Position, ApiError> {
    let mode = if drill { Mode::Drill } else { Mode::Standard };
    match fen.as_deref().map(str::trim) {
        None | Some("") | Some("start") => Ok(Position::new()),
        Some(text) => Ok(Position::from_fen(text, mode)?),
    }
}

pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    // Plain objects (not ES Maps) for structs, so callers can use `value.san`.
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value.serialize(&serializer).map_err(|e| ApiError::from(e).into())
}

pub(crate) fn side(name: &str) -> Result<Color, ApiError> {
    name.trim()
        .parse()
        .map_err(|_| ApiError::new(ErrorCode::InvalidArgument, format!("'{name}' is not a side: white or black")))
}

/// A time in milliseconds from JavaScript (`performance.now()`), as the classroom's `u64`.
pub(crate) fn millis(now: f64) -> Result<u64, ApiError> {
    if now.is_finite() && now >= 0.0 && now < 9.0e15 {
        Ok(now as u64)
    } else {
        Err(ApiError::new(ErrorCode::InvalidArgument, "the time must be a finite, non-negative number of milliseconds"))
    }
}
