//! Single values that are not containers: the four kinds of strings with their escapes, and the
//! bare words — booleans, integers and floats — with dates refused kindly.

use super::cursor::{describe_char, is_control, is_lookalike, Cursor, Mark};
use super::value::Float;
use super::value::ValueKind;
use super::TomlError;

const POINT: &str = "a decimal point needs digits on both sides, like 0.5";
/// The start of the message for a missing value.
pub(super) const EXPECTED_VALUE: &str = "expected a value (text in \"quotes\", a number, true or false, [ ] or { })";
const DATES: &str = "dates are not supported in lesson files; write them as a string like \"2026-11-29\"";

impl Cursor<'_> {
    /// A string of any of the four kinds, the cursor on its opening quote; keys may not be
    /// multi-line strings.
    pub(super) fn string(&mut self, multiline_allowed: bool) -> Result<String, TomlError> {
        let start = self.mark();
        let quote = self.peek().unwrap_or(b'"');
        if self.peek_at(1) == Some(quote) && self.peek_at(2) == Some(quote) {
            if !multiline_allowed {
                return Err(self.error("a key cannot be written with three quotes; use one pair of quotes"));
            }
            self.skip(3);
            self.line_end()?;
            return self.multiline_string(quote, start);
        }
        self.bump();
        let mut text = Vec::new();
        loop {
            match self.peek() {
                Some(byte) if byte == quote => break,
                None | Some(b'\n' | b'\r') => {
                    let q = char::from(quote);
                    let message = format!("a string must be closed with {q} on the same line (use {q}{q}{q} for text over several lines)");
                    return Err(self.error_at(start, message));
                }
                Some(b'\\') if quote == b'"' => self.escape(&mut text)?,
                Some(byte) => self.plain_byte(byte, &mut text)?,
            }
        }
        self.bump();
        into_string(text, self, start)
    }

    fn multiline_string(&mut self, quote: u8, start: Mark) -> Result<String, TomlError> {
        let mut text = Vec::new();
        loop {
            match self.peek() {
                None => {
                    let q = char::from(quote);
                    let message = format!("the text started here with {q}{q}{q} is never closed with {q}{q}{q}");
                    return Err(self.error_at(start, message));
                }
                Some(byte) if byte == quote => {
                    let run = self.rest().bytes().take_while(|&b| b == quote).count();
                    if run > 5 {
                        let message = "three quotes in a row end the text; write \\\" for a quote inside it";
                        return Err(self.error(message));
                    }
                    // Up to two quotes right before the closing three belong to the text.
                    let closing = if run >= 3 { 3 } else { 0 };
                    text.extend(core::iter::repeat_n(quote, run - closing));
                    self.skip(run);
                    if closing > 0 {
                        break;
                    }
                }
                Some(b'\\') if quote == b'"' && self.trims_line_end() => {
                    self.bump();
                    loop {
                        self.skip_whitespace();
                        if !self.line_end()? {
                            break;
                        }
                    }
                }
                Some(b'\\') if quote == b'"' => self.escape(&mut text)?,
                Some(b'\n') => {
                    text.push(b'\n');
                    self.bump();
                }
                Some(b'\r') if self.line_end()? => text.extend_from_slice(b"\r\n"),
                Some(byte) => self.plain_byte(byte, &mut text)?,
            }
        }
        into_string(text, self, start)
    }

    /// Whether the backslash at the cursor ends its line (only spaces after it), which in a
    /// `"""` string removes the line end and the indentation that follows.
    fn trims_line_end(&self) -> bool {
        let after = self.rest().get(1..).unwrap_or("").trim_start_matches([' ', '\t']);
        after.starts_with('\n') || after.starts_with("\r\n")
    }

    fn plain_byte(&mut self, byte: u8, text: &mut Vec<u8>) -> Result<(), TomlError> {
        if is_control(byte) {
            let found = self.found();
            let message = format!("{found} is not allowed in a string (write it as an escape like \\u{byte:04X})");
            return Err(self.error(message));
        }
        text.push(byte);
        self.bump();
        Ok(())
    }

    fn escape(&mut self, text: &mut Vec<u8>) -> Result<(), TomlError> {
        let start = self.mark();
        self.bump();
        let c = match self.peek() {
            Some(b'b') => '\u{8}',
            Some(b't') => '\t',
            Some(b'n') => '\n',
            Some(b'f') => '\u{c}',
            Some(b'r') => '\r',
            Some(b'"') => '"',
            Some(b'\\') => '\\',
            Some(b'u') => self.unicode_escape(4, start)?,
            Some(b'U') => self.unicode_escape(8, start)?,
            _ => {
                let what = match self.rest().chars().next() {
                    None | Some('\n' | '\r') => {
                        return Err(self.error_at(start, "a \\ at the end of a line works only in text written with \"\"\""));
                    }
                    Some(' ' | '\t') => "\\ followed by a space".to_owned(),
                    Some(c) => format!("\\{c}"),
                };
                let message = format!("{what} is not a valid escape; write \\\\ for a backslash, or use 'single quotes' for text with backslashes");
                return Err(self.error_at(start, message));
            }
        };
        self.bump();
        let mut buffer = [0; 4];
        text.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes());
        Ok(())
    }

    /// A `\u` escape with 4 hex digits or `\U` with 8, the cursor on the `u`; leaves the cursor on the last digit.
    fn unicode_escape(&mut self, digits: usize, start: Mark) -> Result<char, TomlError> {
        let letter = if digits == 4 { 'u' } else { 'U' };
        let hex = self.rest().get(1..=digits).filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
        let Some(hex) = hex else {
            let message = format!("\\{letter} must be followed by exactly {digits} hexadecimal digits (0-9, A-F)");
            return Err(self.error_at(start, message));
        };
        let code = hex.chars().try_fold(0u32, |code, digit| Some(code * 16 + digit.to_digit(16)?));
        let c = code.and_then(char::from_u32);
        let c = c.ok_or_else(|| self.error_at(start, format!("\\{letter}{hex} is not a valid Unicode character")))?;
        self.skip(digits);
        Ok(c)
    }

    /// A boolean, integer or float written as a bare word, the cursor on its first byte.
    pub(super) fn word_value(&mut self) -> Result<ValueKind, TomlError> {
        let start = self.mark();
        let rest = self.rest();
        let end = rest.find(|c| matches!(c, ' ' | '\t' | '\n' | '\r' | ',' | ']' | '}' | '#' | '[' | '{' | '"' | '\'' | '=') || is_lookalike(c));
        let word = rest.get(..end.unwrap_or(rest.len())).unwrap_or("");
        if word.is_empty() {
            return Err(self.error(format!("{EXPECTED_VALUE}, found {}", self.found())));
        }
        let kind = match word {
            "true" => ValueKind::Boolean(true),
            "false" => ValueKind::Boolean(false),
            "inf" | "+inf" | "-inf" | "nan" | "+nan" | "-nan" => ValueKind::Float(Float::checked(word)),
            _ => number(word).map_err(|message| self.error_at(start, message))?,
        };
        self.skip(word.len());
        Ok(kind)
    }
}

fn into_string(text: Vec<u8>, cursor: &Cursor, start: Mark) -> Result<String, TomlError> {
    String::from_utf8(text).map_err(|_| cursor.error_at(start, "this string is not valid UTF-8 text"))
}

/// An integer or a float, or why `word` is neither.
fn number(word: &str) -> Result<ValueKind, String> {
    let bytes = word.as_bytes();
    let digit_at = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    if (0..4).all(digit_at) && bytes.get(4) == Some(&b'-') || (0..2).all(digit_at) && bytes.get(2) == Some(&b':') {
        return Err(DATES.to_owned());
    }
    let (negative, body) = match word.strip_prefix('-') {
        Some(body) => (true, body),
        None => (false, word.strip_prefix('+').unwrap_or(word)),
    };
    let signed = body.len() != word.len();
    match body.chars().next() {
        Some('0'..='9') => {}
        Some('.') => return Err(POINT.to_owned()),
        Some(c) if !signed && (c.is_ascii_alphabetic() || !(c.is_ascii() || is_lookalike(c))) => {
            return Err(format!("text must be written in quotes: \"{word}\" (or true/false for yes/no)"));
        }
        Some(c) => return Err(format!("{EXPECTED_VALUE}, found {}", describe_char(c))),
        None => return Err(format!("\"{word}\" is not a number: expected digits after the sign")),
    }
    let radix = match body.get(..2) {
        Some("0x") => 16,
        Some("0o") => 8,
        Some("0b") => 2,
        _ => 10,
    };
    if radix != 10 {
        if signed {
            return Err(format!("\"{word}\": a hexadecimal, octal or binary number cannot have a sign"));
        }
        let magnitude = digits_value(body.get(2..).unwrap_or(""), radix, word)?;
        return integer(magnitude, false, word);
    }
    let (mantissa, exponent) = match body.find(['e', 'E']) {
        Some(at) => (body.get(..at).unwrap_or(""), body.get(at + 1..)),
        None => (body, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (mantissa, None),
    };
    let magnitude = digits_value(whole, 10, word)?;
    if whole.len() > 1 && whole.starts_with('0') {
        let trimmed = whole.trim_start_matches(['0', '_']);
        let trimmed = if trimmed.is_empty() { "0" } else { trimmed };
        return Err(format!("\"{word}\": a number cannot start with 0 (write {trimmed}, not {whole})"));
    }
    if let Some(fraction) = fraction {
        if !fraction.starts_with(|c: char| c.is_ascii_digit()) {
            return Err(POINT.to_owned());
        }
        digits_value(fraction, 10, word)?;
    }
    let mut power = 0i64;
    if let Some(exponent) = exponent {
        let digits = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
        // Far beyond any f64 either way; keeps the arithmetic small.
        power = digits_value(digits, 10, word)?.unwrap_or(u64::MAX).min(100_000) as i64;
        if exponent.starts_with('-') {
            power = -power;
        }
    }
    if fraction.is_none() && exponent.is_none() {
        return integer(magnitude, negative, word);
    }
    let fraction = fraction.unwrap_or("");
    let digits: Vec<u8> = whole.bytes().chain(fraction.bytes()).filter(u8::is_ascii_digit).collect();
    let fraction_digits = fraction.bytes().filter(u8::is_ascii_digit).count() as i64;
    if beyond_f64(&digits, power - fraction_digits) {
        return Err(format!("the number {word} is too large"));
    }
    Ok(ValueKind::Float(Float::checked(word)))
}

/// 2^1024 − 2^970, the least number that rounds to infinity (f64::MAX and half its last place).
const F64_OVERFLOW: &str = "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792";

/// Does `digits` × 10^`exponent` round beyond the largest `f64` (a number too large to be a float
/// elsewhere, as `toml` and JavaScript read it)? Decided on the digits, without a float parser.
fn beyond_f64(digits: &[u8], exponent: i64) -> bool {
    let first = digits.iter().position(|&d| d != b'0');
    let Some(first) = first else { return false };
    let significant = &digits[first..];
    let magnitude = exponent + significant.len() as i64 - 1;
    if magnitude != 308 {
        return magnitude > 308;
    }
    let limit = F64_OVERFLOW.as_bytes();
    let mut padded = significant.to_vec();
    padded.resize(padded.len().max(limit.len()), b'0');
    let mut limit = limit.to_vec();
    limit.resize(padded.len(), b'0');
    padded >= limit
}

/// The value of digits in `radix` (`None` when it does not fit), with `_` allowed only
/// between two digits.
fn digits_value(digits: &str, radix: u32, word: &str) -> Result<Option<u64>, String> {
    let underscore = || format!("\"{word}\": '_' in a number must stand between two digits");
    let mut value = Some(0u64);
    let mut after_digit = false;
    for c in digits.chars() {
        if c == '_' {
            if !after_digit {
                return Err(underscore());
            }
            after_digit = false;
            continue;
        }
        let digit = c.to_digit(radix).ok_or_else(|| format!("\"{word}\" is not a valid number"))?;
        value = value.and_then(|v| v.checked_mul(u64::from(radix))?.checked_add(u64::from(digit)));
        after_digit = true;
    }
    match (after_digit, digits.is_empty()) {
        (true, _) => Ok(value),
        (false, false) => Err(underscore()),
        (false, true) => Err(format!("\"{word}\" is not a valid number")),
    }
}

fn integer(magnitude: Option<u64>, negative: bool, word: &str) -> Result<ValueKind, String> {
    let n = magnitude.and_then(|m| if negative { 0i64.checked_sub_unsigned(m) } else { i64::try_from(m).ok() });
    n.map(ValueKind::Integer).ok_or_else(|| too_large(word))
}

fn too_large(word: &str) -> String {
    format!("the number {word} is too large (integers go from -9223372036854775808 to 9223372036854775807)")
}
