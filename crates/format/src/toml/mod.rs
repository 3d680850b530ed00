//! A small TOML 1.0 reader for lesson files: every value keeps its line, and every error says
//! where (line and column, counted in characters) and what was expected, in words a teacher
//! who is not a programmer can act on.
//!
//! Supported: comments; bare, quoted and dotted keys; `[table]`, `[a.b]`, `[[array.of.tables]]`;
//! inline tables; arrays (over several lines, trailing comma, comments inside, mixed types);
//! basic, literal and multi-line strings with every escape; integers (sign, `_`, `0x`, `0o`,
//! `0b`); floats (exponent, `_`, `inf`, `nan`; kept as text, [`Float`]); booleans; a UTF-8 byte order mark and CRLF line
//! ends (kept as they are inside multi-line strings); old Mac line ends, a lone `\r`, read as
//! `\n` (a file with any is read as a browser's textarea reads it: every line end `\n`). Dates and times are refused with a hint to
//! write them as strings. Values and keys may nest at most [`MAX_DEPTH`] levels deep. TOML 1.1's
//! additions (new lines and a trailing comma in inline tables, `\e`, `\xHH`) are refused.
//!
//! Why not the `toml` crate: measured 2026-12-05 with `cargo xtask build` (KB gzipped): [`parse`]
//! done by toml 1.2.2's parser (`DeTable::parse`, features `std`, `parse`, `preserve_order`; its
//! spans turned into our lines, the lesson loader unchanged) made `qitong_lessons` 219.6 → 235.4
//! KB (+15.8) and `qitong_teacher` 375.5 → 390.7 (+15.2); 23 of the 48 tests here failed with
//! it in place (most check the messages, which are written for a teacher).
//!
//! ```
//! use qitong_format::toml;
//!
//! let lesson = toml::parse("title = \"车的走法\"\n[[step]]\nkind = \"move\"\n").unwrap();
//! assert_eq!(lesson.require_str("title").unwrap(), "车的走法");
//! let steps = lesson.require_array("step").unwrap();
//! assert_eq!(steps[0].line, 2);
//! let step = steps[0].require_table("each [[step]]").unwrap();
//! assert_eq!(step.require_str("text").unwrap_err().to_string(), "line 2: the table [step] is missing \"text\"");
//! ```

mod cursor;
mod parser;
mod scalar;
mod tree;
mod value;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_errors;

pub use tree::{compile, from_tree, to_tree};
pub use value::{closest, Entry, Float, Table, Value, ValueKind};

use core::fmt;

/// How deep tables, arrays and dotted keys may nest, counted from the top of the file.
pub const MAX_DEPTH: usize = 64;

/// Reads a whole TOML document into its top-level table.
///
/// # Errors
///
/// The first problem in the text, with its line and column and what was expected there.
pub fn parse(src: &str) -> Result<Table, TomlError> {
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    match old_mac_line_ends(src) {
        Some(text) => parser::parse_document(&text),
        None => parser::parse_document(src),
    }
}

/// The text with every line end `\n` when it has a lone `\r` (an old Mac's line end), else
/// `None`. TOML 1.0 refuses a lone `\r`, but check.html's textarea turns it into `\n`: read so
/// here too, a file is read the same by the check page, the lesson player and `cargo xtask
/// lessons`, with the same line numbers (issue 29 §11).
fn old_mac_line_ends(src: &str) -> Option<String> {
    let bytes = src.as_bytes();
    let lone = bytes.iter().enumerate().any(|(i, &b)| b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
    if !lone {
        return None;
    }
    // By hand, not `str::replace`: its searcher for "\r\n" would cost the lessons module 1 KB.
    let mut text = String::with_capacity(src.len());
    let mut rest = src;
    while let Some(at) = rest.find('\r') {
        text.push_str(rest.get(..at).unwrap_or(""));
        text.push('\n');
        rest = rest.get(at + 1..).unwrap_or("");
        rest = rest.strip_prefix('\n').unwrap_or(rest);
    }
    text.push_str(rest);
    Some(text)
}

/// A problem in a TOML file, with the place it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TomlError {
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1; 0 when only the line is known.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl TomlError {
    /// An error at a line and column (column 0: the whole line).
    pub fn new(line: usize, column: usize, message: impl Into<String>) -> TomlError {
        TomlError { line, column, message: message.into() }
    }

    /// An error about a whole line, e.g. for a value of the right type that a loader rejects.
    pub fn at_line(line: usize, message: impl Into<String>) -> TomlError {
        TomlError::new(line, 0, message)
    }
}

impl fmt::Display for TomlError {
    /// `line 12, column 5: expected '=' after the key "title"`, or `line 8: ...` without a column.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if self.column > 0 {
            write!(f, ", column {}", self.column)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for TomlError {}
