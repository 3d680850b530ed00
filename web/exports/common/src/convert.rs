//! Conversions at the JavaScript boundary: square names, sides, languages, promotion letters,
//! FENs and times in, plain JS objects out — each bad input a JS `Error` with a stable code.

use crate::args;
use crate::error::{ApiError, ErrorCode};
use qitong::rules::{Color, Mode, Position, Role, Square};
use qitong::ui::words::Lang;
use wasm_bindgen::JsValue;

pub fn parse_square(name: &JsValue) -> Result<Square, ApiError> {
    let name = args::string(name, "square")?;
    name.trim().parse().map_err(|_| ApiError::new(ErrorCode::InvalidSquare, format!("'{name}' is not a square: use a1 to h8")))
}

pub fn parse_lang(lang: &JsValue) -> Result<Lang, ApiError> {
    match args::opt_string(lang, "lang")? {
        None => Ok(Lang::Zh),
        Some(tag) => tag.parse().map_err(|e| ApiError::new(ErrorCode::InvalidArgument, format!("{e}"))),
    }
}

pub fn parse_promotion(promotion: &JsValue) -> Result<Option<Role>, ApiError> {
    match args::opt_string(promotion, "promotion")?.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => {
            text.parse().map(Some).map_err(|_| ApiError::new(ErrorCode::InvalidArgument, format!("'{text}' is not a piece: use q, r, b or n")))
        }
    }
}

/// A FEN (or `"start"` / nothing) as a position; `drill` allows positions without kings.
pub fn position_from(fen: &JsValue, drill: bool) -> Result<Position, ApiError> {
    let mode = if drill { Mode::Drill } else { Mode::Standard };
    match args::opt_string(fen, "fen")?.as_deref().map(str::trim) {
        None | Some("") | Some("start") => Ok(Position::new()),
        Some(text) => Ok(Position::from_fen(text, mode)?),
    }
}

// A plain JS object with these keys, set in this order: the app's exports build their answers
// with it (and [`set`], [`square_names`]) instead of serde: the same objects, a smaller wasm. A
// `None` turned into a value gives a key whose value is `undefined`, as serde-wasm-bindgen wrote
// it; an absent key is left out of the list. One helper for the views and the exports: it lives
// with the views, which the exports depend on (never the other way round).
pub use qitong::ui::dom::page::object;

/// Sets `object[key] = value` on an object made by [`object`].
pub fn set(object: &JsValue, key: &str, value: &JsValue) {
    // Setting a property of a fresh, unfrozen plain object cannot fail.
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), value);
}

/// A JS array of square names (`["e2", "e4"]`).
pub fn square_names(squares: &mut dyn Iterator<Item = Square>) -> JsValue {
    let list = js_sys::Array::new();
    for sq in squares {
        list.push(&square_name(sq));
    }
    list.into()
}

/// `"e4"` as a JS string, without going through `Display` and a `String`.
pub fn square_name(sq: Square) -> JsValue {
    let name = [sq.file().char() as u8, sq.rank().char() as u8];
    JsValue::from_str(core::str::from_utf8(&name).unwrap_or_default())
}

/// serde-wasm-bindgen for the teacher module's flat records: plain objects, not ES Maps.
pub fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    value.serialize(&serializer).map_err(|e| ApiError::from(e).into())
}

pub fn side(name: &JsValue) -> Result<Color, ApiError> {
    let name = args::string(name, "side")?;
    name.trim().parse().map_err(|_| ApiError::new(ErrorCode::InvalidArgument, format!("'{name}' is not a side: white or black")))
}

/// A time in milliseconds from JavaScript (`performance.now()`), as the classroom's `u64`.
pub fn millis(now: &JsValue) -> Result<u64, ApiError> {
    let now = args::finite(now, "now")?;
    if (0.0..9.0e15).contains(&now) {
        Ok(now as u64)
    } else {
        Err(ApiError::new(ErrorCode::InvalidArgument, "the time must be a finite, non-negative number of milliseconds"))
    }
}
