//! TOML: reading any text never panics; errors and values carry lines from 1 within the text;
//! and whatever our reader accepts, the `toml` crate (TOML 1.1, a superset of the 1.0 we read)
//! accepts too, with the same values (floats compared by bits).
#![no_main]

use libfuzzer_sys::fuzz_target;
use qitong::format::toml::{self as ours, Value, ValueKind};
use std::collections::BTreeMap;

/// A document in a form both readers can be compared in.
#[derive(Debug, PartialEq)]
enum Plain {
    Str(String),
    Int(i64),
    Float(u64),
    Bool(bool),
    Array(Vec<Plain>),
    Table(BTreeMap<String, Plain>),
    Date(String),
}

fn float(x: f64) -> Plain {
    Plain::Float(if x.is_nan() { f64::NAN.to_bits() } else { x.to_bits() })
}

/// Our value as `Plain`, checking on the way that every line lies within the text.
fn ours_plain(value: &Value, lines: usize) -> Plain {
    assert!((1..=lines).contains(&value.line), "value line {} of {lines}", value.line);
    match &value.kind {
        ValueKind::String(s) => Plain::Str(s.clone()),
        ValueKind::Integer(n) => Plain::Int(*n),
        ValueKind::Float(x) => float(x.to_f64()),
        ValueKind::Boolean(b) => Plain::Bool(*b),
        ValueKind::Array(items) => Plain::Array(items.iter().map(|v| ours_plain(v, lines)).collect()),
        ValueKind::Table(table) => our_table(table, lines),
    }
}

fn our_table(table: &ours::Table, lines: usize) -> Plain {
    assert!((1..=lines).contains(&table.line()), "table line {} of {lines}", table.line());
    for entry in table.entries() {
        assert!((1..=lines).contains(&entry.line), "key line {} of {lines}", entry.line);
    }
    Plain::Table(table.iter().map(|(k, v)| (k.to_owned(), ours_plain(v, lines))).collect())
}

fn theirs_plain(value: &toml::Value) -> Plain {
    match value {
        toml::Value::String(s) => Plain::Str(s.clone()),
        toml::Value::Integer(n) => Plain::Int(*n),
        toml::Value::Float(x) => float(*x),
        toml::Value::Boolean(b) => Plain::Bool(*b),
        toml::Value::Array(items) => Plain::Array(items.iter().map(theirs_plain).collect()),
        toml::Value::Table(table) => their_table(table),
        toml::Value::Datetime(d) => Plain::Date(d.to_string()),
    }
}

fn their_table(table: &toml::Table) -> Plain {
    Plain::Table(table.iter().map(|(k, v)| (k.clone(), theirs_plain(v))).collect())
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    // Lines as our reader counts them: LF ends a line (CRLF included); the last may be open.
    let lines = text.matches('\n').count() + 1;
    match ours::parse(text) {
        Ok(table) => {
            let mine = our_table(&table, lines);
            let theirs = text.strip_prefix('\u{feff}').unwrap_or(text).parse::<toml::Table>();
            match theirs {
                Ok(theirs) => assert_eq!(mine, their_table(&theirs), "{text:?}"),
                Err(e) => panic!("we accept what the toml crate refuses: {e}\n{text:?}"),
            }
        }
        Err(e) => {
            assert!((1..=lines).contains(&e.line), "error line {} of {lines}: {e}", e.line);
            assert!(!e.message.is_empty());
        }
    }
});
