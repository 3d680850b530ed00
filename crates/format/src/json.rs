//! A small, strict JSON (RFC 8259) reader and writer, so the wasm app needs no serde_json.
//!
//! Numbers keep their source text ([`Number`]), so decimals such as `12.5` reach their
//! consumer exactly, without a float in between. Objects keep their key order and refuse
//! duplicate keys. Errors say what was expected, with a 1-based line and column (in
//! characters). Nesting deeper than [`MAX_DEPTH`] is refused, so hostile input cannot
//! exhaust the stack; no input makes the parser panic.
//!
//! Why not `serde_json`: measured 2026-12-05 with `cargo xtask build` (KB gzipped): this file's
//! reader and writer replaced by serde_json 1.0.154's (`from_str`, `to_string`,
//! `to_string_pretty`, with serde's `Deserialize`/`Serialize` for [`Value`], every consumer —
//! the ladder's file and store, the lessons' progress — unchanged) made `qitong_teacher`
//! 375.5 → 386.7 KB (+11.2), `qitong_ladder` 77.7 → 88.3 (+10.6) and `qitong_course`
//! 202.8 → 212.8 (+10.0, over its ceiling), and gave up [`JsonErrorKind`], which the ladder
//! page puts in a teacher's words.
//!
//! ```
//! use qitong_format::json::Value;
//!
//! let v: Value = r#"{"name": "小明", "points": 12.5, "tags": [true, null]}"#.parse().unwrap();
//! assert_eq!(v.get("name").and_then(Value::as_str), Some("小明"));
//! assert_eq!(v.get("points").and_then(Value::as_number).map(|n| n.as_str()), Some("12.5"));
//! assert_eq!(v.to_string(), r#"{"name":"小明","points":12.5,"tags":[true,null]}"#);
//! let err = "[1,\n 2,]".parse::<Value>().unwrap_err();
//! assert_eq!((err.line, err.column), (2, 4));
//! ```

use core::fmt::{self, Write as _};
use core::str::FromStr;

mod reader;
pub use reader::Reader;

/// How deeply arrays and objects may nest.
pub const MAX_DEPTH: usize = 128;

/// A JSON value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Value>),
    /// Members in document order; keys are unique.
    Object(Vec<(String, Value)>),
}

/// A JSON number, kept as its (valid) source text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Number(String);

impl Number {
    /// The number's text as written, e.g. `12.5` or `-1e3`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `Some` for a valid JSON number text.
    pub fn from_text(text: &str) -> Option<Number> {
        let mut p = Parser { src: text, pos: 0 };
        match p.number() {
            Ok(n) if p.pos == text.len() => Some(n),
            _ => None,
        }
    }

    /// The value if it is written as a plain non-negative integer (no fraction, no exponent).
    pub fn as_u64(&self) -> Option<u64> {
        self.0.parse().ok()
    }
}

impl From<u64> for Number {
    fn from(n: u64) -> Number {
        Number(n.to_string())
    }
}

impl From<i64> for Number {
    fn from(n: i64) -> Number {
        Number(n.to_string())
    }
}

impl Value {
    /// The member `key` of an object; `None` for a missing key or a non-object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_object()?.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
    pub fn as_object(&self) -> Option<&[(String, Value)]> {
        match self {
            Value::Object(m) => Some(m),
            _ => None,
        }
    }
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Value::Number(n) => Some(n),
            _ => None,
        }
    }
    /// The JSON type's name, for error messages: `object`, `array`, `string`, ...
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "boolean",
            Value::Number(_) => "number",
            Value::String(_) => "string",
            Value::Array(_) => "array",
            Value::Object(_) => "object",
        }
    }

    /// Indented with two spaces, one member or element per line, ending in a newline.
    pub fn to_pretty_string(&self) -> String {
        let mut out = String::new();
        write_value(self, &mut out, Some(0));
        out.push('\n');
        out
    }
}

fn write_value(v: &Value, out: &mut String, indent: Option<usize>) {
    let newline = |out: &mut String, level: usize| {
        if indent.is_some() {
            out.push('\n');
            out.extend(core::iter::repeat_n("  ", level));
        }
    };
    let level = indent.unwrap_or(0);
    let inner = indent.map(|i| i + 1);
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.0),
        Value::String(s) => write_string(s, out),
        Value::Array(items) if items.is_empty() => out.push_str("[]"),
        Value::Object(members) if members.is_empty() => out.push_str("{}"),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                out.push_str(if i > 0 { "," } else { "" });
                newline(out, level + 1);
                write_value(item, out, inner);
            }
            newline(out, level);
            out.push(']');
        }
        Value::Object(members) => {
            out.push('{');
            for (i, (key, item)) in members.iter().enumerate() {
                out.push_str(if i > 0 { "," } else { "" });
                newline(out, level + 1);
                write_string(key, out);
                out.push_str(if indent.is_some() { ": " } else { ":" });
                write_value(item, out, inner);
            }
            newline(out, level);
            out.push('}');
        }
    }
}

/// Writes `s` as a JSON string literal (non-ASCII characters are written as they are, but for
/// U+FFFD, written `\ufffd`: so a raw U+FFFD in a written text is the mark of bytes mangled on
/// their way, which the compiled lessons' reader refuses — issue 29).
pub fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{fffd}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

impl fmt::Display for Value {
    /// Compact JSON, no spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        write_value(self, &mut out, None);
        f.write_str(&out)
    }
}

impl FromStr for Value {
    type Err = JsonError;
    /// Parses one JSON text; only whitespace may surround the value.
    fn from_str(src: &str) -> Result<Value, JsonError> {
        let mut reader = Reader::new();
        loop {
            if let Some(value) = reader.step(src, usize::MAX)? {
                return Ok(value);
            }
        }
    }
}

/// A JSON syntax error and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    pub kind: JsonErrorKind,
}

/// What is wrong in a JSON text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsonErrorKind {
    UnexpectedEnd {
        expected: &'static str,
    },
    Unexpected {
        found: char,
        expected: &'static str,
    },
    InvalidEscape(char),
    /// `\u` not followed by four hex digits.
    InvalidUnicodeEscape,
    /// A `\uD800`-`\uDFFF` escape that is not part of a surrogate pair.
    LoneSurrogate,
    /// A raw control character (below U+0020) inside a string.
    ControlCharacter(char),
    InvalidNumber,
    DuplicateKey(String),
    TooDeep,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "JSON line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            JsonErrorKind::UnexpectedEnd { expected } => {
                write!(f, "the text ends where {expected} was expected")
            }
            JsonErrorKind::Unexpected { found, expected } => {
                write!(f, "found {found:?} where {expected} was expected")
            }
            JsonErrorKind::InvalidEscape(c) => write!(f, "\\{c} is not a valid escape"),
            JsonErrorKind::InvalidUnicodeEscape => f.write_str("\\u must be followed by four hex digits"),
            JsonErrorKind::LoneSurrogate => f.write_str("unpaired UTF-16 surrogate in a \\u escape"),
            JsonErrorKind::ControlCharacter(c) => {
                write!(f, "control character U+{:04X} must be escaped", *c as u32)
            }
            JsonErrorKind::InvalidNumber => f.write_str("invalid number"),
            JsonErrorKind::DuplicateKey(k) => write!(f, "duplicate key {k:?}"),
            JsonErrorKind::TooDeep => write!(f, "nested deeper than {MAX_DEPTH} levels"),
        }
    }
}

impl std::error::Error for JsonError {}

struct Parser<'a> {
    src: &'a str,
    /// Byte offset, always on a character boundary.
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn err(&self, kind: JsonErrorKind) -> JsonError {
        let before = &self.src[..self.pos];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        JsonError { line, column: before[line_start..].chars().count() + 1, kind }
    }

    fn unexpected(&self, expected: &'static str) -> JsonError {
        match self.peek() {
            Some(found) => self.err(JsonErrorKind::Unexpected { found, expected }),
            None => self.err(JsonErrorKind::UnexpectedEnd { expected }),
        }
    }

    fn expect(&mut self, c: char, expected: &'static str) -> Result<(), JsonError> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    fn skip_ws(&mut self) {
        while matches!(self.src.as_bytes().get(self.pos), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// Refuses the first repeated key in document order. Sorting keeps this fast for objects
    /// with very many members.
    fn unique(&mut self, members: Vec<(String, Value)>, key_positions: &[usize]) -> Result<Value, JsonError> {
        let mut order: Vec<usize> = (0..members.len()).collect();
        qitong_rules::sort::sort_by(&mut order, |&i, &j| (&members[i].0, i) < (&members[j].0, j));
        let repeat = order.windows(2).filter(|w| members[w[0]].0 == members[w[1]].0).map(|w| w[1]).min();
        match repeat {
            None => Ok(Value::Object(members)),
            Some(i) => {
                self.pos = key_positions[i];
                let key = members[i].0.clone();
                Err(self.err(JsonErrorKind::DuplicateKey(key)))
            }
        }
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            // A run of plain characters is copied at once: a megabyte-long string is read at
            // the speed of a copy, not a character at a time (~30 ns each: issue 29).
            let rest = &self.src.as_bytes()[self.pos..];
            let plain = rest.iter().position(|&b| b == b'"' || b == b'\\' || b < 0x20).unwrap_or(rest.len());
            out.push_str(&self.src[self.pos..self.pos + plain]);
            self.pos += plain;
            let start = self.pos;
            match self.bump() {
                None => return Err(self.err(JsonErrorKind::UnexpectedEnd { expected: "'\"' to close the string" })),
                Some('"') => return Ok(out),
                Some('\\') => {
                    let c = self.escape(start)?;
                    out.push(c);
                }
                Some(c) if (c as u32) < 0x20 => {
                    self.pos = start;
                    return Err(self.err(JsonErrorKind::ControlCharacter(c)));
                }
                Some(c) => out.push(c),
            }
        }
    }

    /// After a backslash: one escape, or a surrogate pair of `\u` escapes.
    fn escape(&mut self, start: usize) -> Result<char, JsonError> {
        let c = match self.bump() {
            Some('"') => '"',
            Some('\\') => '\\',
            Some('/') => '/',
            Some('b') => '\u{8}',
            Some('f') => '\u{c}',
            Some('n') => '\n',
            Some('r') => '\r',
            Some('t') => '\t',
            Some('u') => {
                let high = self.hex4()?;
                let code = if (0xD800..0xDC00).contains(&high) {
                    let low = if self.src[self.pos..].starts_with("\\u") {
                        self.pos += 2;
                        self.hex4()?
                    } else {
                        0
                    };
                    if !(0xDC00..0xE000).contains(&low) {
                        self.pos = start;
                        return Err(self.err(JsonErrorKind::LoneSurrogate));
                    }
                    0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    high
                };
                match char::from_u32(code) {
                    Some(c) => c,
                    None => {
                        self.pos = start;
                        return Err(self.err(JsonErrorKind::LoneSurrogate));
                    }
                }
            }
            Some(other) => {
                self.pos = start;
                return Err(self.err(JsonErrorKind::InvalidEscape(other)));
            }
            None => return Err(self.err(JsonErrorKind::UnexpectedEnd { expected: "an escape" })),
        };
        Ok(c)
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let digits = self.src.get(self.pos..self.pos + 4).filter(|d| d.bytes().all(|b| b.is_ascii_hexdigit()));
        match digits.and_then(|d| u32::from_str_radix(d, 16).ok()) {
            Some(v) => {
                self.pos += 4;
                Ok(v)
            }
            None => Err(self.err(JsonErrorKind::InvalidUnicodeEscape)),
        }
    }

    fn number(&mut self) -> Result<Number, JsonError> {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        let digits = |p: &mut Self| {
            let from = p.pos;
            while bytes.get(p.pos).is_some_and(u8::is_ascii_digit) {
                p.pos += 1;
            }
            p.pos > from
        };
        let fail = |p: &mut Self| {
            p.pos = start;
            Err(p.err(JsonErrorKind::InvalidNumber))
        };
        if bytes.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        if bytes.get(self.pos) == Some(&b'0') {
            self.pos += 1;
        } else if !digits(self) {
            return fail(self);
        }
        if bytes.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if !digits(self) {
                return fail(self);
            }
        }
        if matches!(bytes.get(self.pos), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(bytes.get(self.pos), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if !digits(self) {
                return fail(self);
            }
        }
        if bytes.get(self.pos).is_some_and(u8::is_ascii_digit) {
            return fail(self); // a leading zero followed by digits, e.g. 012
        }
        Ok(Number(self.src[start..self.pos].to_string()))
    }
}

#[cfg(test)]
mod tests;
