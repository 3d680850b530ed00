//! Argument checks at the JavaScript boundary: every export takes its arguments as `JsValue`s
//! and reads them through these helpers, so that wasm-bindgen's glue never coerces them (a
//! number into `""`, `-1` into 4,294,967,295, `null` into 0) and a wrong one is refused by name.
//!
//! A wrong type throws a `TypeError`, a value out of its range an `Error`; both carry
//! `code: "INVALID_ARGUMENT"` and a message naming the argument.

use crate::error::{ApiError, ErrorCode};
use core::ops::RangeInclusive;
use wasm_bindgen::{JsCast, JsValue};

/// The longest array an export reads (lesson files, shapes): far above any real course.
const MAX_ITEMS: u32 = 100_000;

fn wrong_type(name: &str, expected: &str) -> ApiError {
    ApiError::wrong_type(format!("{name} must be {expected}"))
}

fn out_of_range(name: &str, expected: &str) -> ApiError {
    ApiError::new(ErrorCode::InvalidArgument, format!("{name} must be {expected}"))
}

/// `undefined` or `null`: an optional argument left out.
pub fn absent(v: &JsValue) -> bool {
    v.is_undefined() || v.is_null()
}

pub fn string(v: &JsValue, name: &str) -> Result<String, ApiError> {
    v.as_string().ok_or_else(|| wrong_type(name, "a string"))
}

pub fn opt_string(v: &JsValue, name: &str) -> Result<Option<String>, ApiError> {
    if absent(v) {
        Ok(None)
    } else {
        string(v, name).map(Some)
    }
}

/// The longest time control `new Clock`, `ClassGame`'s `clock` option and `<chess-clock>`'s
/// `reset` and `time-control` read (`TOO_LARGE` above):
/// a real one (`90+30`, `5d3`) has a few characters.
pub const MAX_TIME_CONTROL_BYTES: usize = 64;

/// An optional string argument, checked but not copied (for a text read only in part).
pub fn opt_string_ref<'v>(v: &'v JsValue, name: &str) -> Result<Option<&'v JsValue>, ApiError> {
    match absent(v) {
        true => Ok(None),
        false if v.is_string() => Ok(Some(v)),
        false => Err(wrong_type(name, "a string")),
    }
}

/// A string of at most `max_bytes` bytes of UTF-8, refused with `TOO_LARGE` by its JS length
/// before it is copied into the wasm: a UTF-16 unit is at least one byte of UTF-8, so a string
/// longer than `max_bytes` units is too large, whatever it holds; one within it is copied and
/// measured again.
pub fn string_at_most(v: &JsValue, name: &str, max_bytes: usize) -> Result<String, ApiError> {
    let too_large = |size: String| ApiError::new(ErrorCode::TooLarge, format!("{name} is {size}: at most {max_bytes} bytes (UTF-8) are read"));
    match v.dyn_ref::<js_sys::JsString>() {
        Some(s) if s.length() as usize > max_bytes => Err(too_large(format!("{} characters long", s.length()))),
        _ => {
            let text = string(v, name)?;
            match text.len() > max_bytes {
                true => Err(too_large(format!("{} bytes of UTF-8", text.len()))),
                false => Ok(text),
            }
        }
    }
}

pub fn opt_string_at_most(v: &JsValue, name: &str, max_bytes: usize) -> Result<Option<String>, ApiError> {
    if absent(v) {
        Ok(None)
    } else {
        string_at_most(v, name, max_bytes).map(Some)
    }
}

/// A number that is neither NaN nor infinite.
pub fn finite(v: &JsValue, name: &str) -> Result<f64, ApiError> {
    match v.as_f64() {
        Some(x) if x.is_finite() => Ok(x),
        Some(_) => Err(out_of_range(name, "a finite number")),
        None => Err(wrong_type(name, "a number")),
    }
}

/// A whole number in `range` (at most 2^53 − 1, so that the number is exact).
pub fn u64_in(v: &JsValue, name: &str, range: RangeInclusive<u64>) -> Result<u64, ApiError> {
    let x = finite(v, name)?;
    // Both bounds convert exactly: they are at most 2^53 − 1.
    if x.fract() == 0.0 && x >= *range.start() as f64 && x <= *range.end() as f64 {
        Ok(x as u64)
    } else {
        Err(out_of_range(name, &format!("a whole number from {} to {}", range.start(), range.end())))
    }
}

/// A whole number in `range`.
pub fn u32_in(v: &JsValue, name: &str, range: RangeInclusive<u32>) -> Result<u32, ApiError> {
    let wide = u64::from(*range.start())..=u64::from(*range.end());
    u64_in(v, name, wide).map(|x| x as u32)
}

pub fn opt_u32_in(v: &JsValue, name: &str, range: RangeInclusive<u32>) -> Result<Option<u32>, ApiError> {
    if absent(v) {
        Ok(None)
    } else {
        u32_in(v, name, range).map(Some)
    }
}

pub fn boolean(v: &JsValue, name: &str) -> Result<bool, ApiError> {
    v.as_bool().ok_or_else(|| wrong_type(name, "true or false"))
}

pub fn opt_bool(v: &JsValue, name: &str, default: bool) -> Result<bool, ApiError> {
    if absent(v) {
        Ok(default)
    } else {
        boolean(v, name)
    }
}

/// A DOM element (or a subtype such as `HtmlElement`, `ShadowRoot` via `T`), else `NOT_AN_ELEMENT`.
pub fn element<T: JsCast + Clone>(v: &JsValue, what: &str) -> Result<T, ApiError> {
    // The glue's `instanceof` catches a throwing Proxy and answers false.
    v.dyn_ref::<T>().cloned().ok_or_else(|| ApiError::new(ErrorCode::NotAnElement, format!("{what} must be a DOM element")))
}

/// An options object (or nothing): `{ clock: "5+3" }`; a string, number or function is refused.
pub fn options(v: &JsValue, name: &str) -> Result<Options, ApiError> {
    if absent(v) {
        Ok(Options(None))
    } else if v.is_object() && !v.is_function() {
        Ok(Options(Some(v.clone())))
    } else {
        Err(wrong_type(name, "an object"))
    }
}

/// A property read from a JS object, which may run a getter or a Proxy trap that throws.
pub fn property(object: &JsValue, key: &str, name: &str) -> Result<JsValue, ApiError> {
    js_sys::Reflect::get(object, &JsValue::from_str(key)).map_err(|_| ApiError::wrong_type(format!("{name}.{key} could not be read")))
}

/// The items of a JS array, read safely (a throwing getter or Proxy is refused, not rethrown).
pub fn array(v: &JsValue, name: &str) -> Result<Vec<JsValue>, ApiError> {
    if !js_sys::Array::is_array(v) {
        return Err(wrong_type(name, "an array"));
    }
    let length = finite(&property(v, "length", name)?, name)?;
    if length > f64::from(MAX_ITEMS) {
        return Err(out_of_range(name, &format!("an array of at most {MAX_ITEMS} items")));
    }
    (0..length as u32).map(|i| js_sys::Reflect::get_u32(v, i).map_err(|_| ApiError::wrong_type(format!("{name}[{i}] could not be read")))).collect()
}

/// The options object given to an export; every read is checked.
pub struct Options(Option<JsValue>);

impl Options {
    /// `options[key]`, `undefined` when there are no options.
    pub fn get(&self, key: &str) -> Result<JsValue, ApiError> {
        match &self.0 {
            Some(object) => property(object, key, "options"),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    pub fn string(&self, key: &str) -> Result<Option<String>, ApiError> {
        opt_string(&self.get(key)?, key)
    }

    pub fn boolean(&self, key: &str, default: bool) -> Result<bool, ApiError> {
        opt_bool(&self.get(key)?, key, default)
    }
}
