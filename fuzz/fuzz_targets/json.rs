//! JSON: reading any text never panics; a value read writes back (compact and pretty) to text
//! that reads as the same value; errors have a line and column from 1; and our verdict agrees
//! with serde_json's, except where we are deliberately stricter (duplicate keys) or more
//! lenient (numbers beyond f64, kept as text), and at the nesting limits.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qitong::format::json::{JsonErrorKind, Value};

/// The same value as serde_json reads it: strings, numbers (as f64) and objects (by key).
fn same(ours: &Value, theirs: &serde_json::Value) -> bool {
    use serde_json::Value as J;
    match (ours, theirs) {
        (Value::Null, J::Null) => true,
        (Value::Bool(a), J::Bool(b)) => a == b,
        (Value::Number(a), J::Number(b)) => a.as_str().parse::<f64>().ok() == b.as_f64(),
        (Value::String(a), J::String(b)) => a == b,
        (Value::Array(a), J::Array(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same(x, y)),
        (Value::Object(a), J::Object(b)) => {
            a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| same(v, w)))
        }
        _ => false,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let theirs = serde_json::from_str::<serde_json::Value>(text);
    match text.parse::<Value>() {
        Ok(value) => {
            let compact = value.to_string();
            assert_eq!(compact.parse::<Value>().as_ref(), Ok(&value), "{compact}");
            let pretty = value.to_pretty_string();
            assert_eq!(pretty.parse::<Value>().as_ref(), Ok(&value), "{pretty}");
            match theirs {
                Ok(theirs) => assert!(same(&value, &theirs), "{text:?}: ours {value:?}, serde_json {theirs:?}"),
                Err(e) => {
                    let why = e.to_string();
                    assert!(
                        why.contains("number out of range") || why.contains("recursion limit"),
                        "{text:?}: serde_json refuses what we accept: {why}"
                    );
                }
            }
        }
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e:?}");
            if let Ok(theirs) = theirs {
                assert!(
                    matches!(e.kind, JsonErrorKind::DuplicateKey(_) | JsonErrorKind::TooDeep),
                    "{text:?}: we refuse what serde_json reads as {theirs:?}: {e}"
                );
            }
        }
    }
});
