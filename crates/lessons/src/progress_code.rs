//! Progress as a short code, for moving between the classroom and home without accounts: the
//! stars of every step in course order, packed five steps to two characters of the base64url
//! alphabet, with a fingerprint of the course's shape and a checksum that catches typing errors.
//!
//! Layout: `Q1` (format and version), 2 characters of course fingerprint, the packed steps
//! (trailing steps not done are left out), 2 characters of checksum over all that.

use super::course::Course;
use super::kinds::KindSet;
use super::progress::Progress;
use crate::words::Code;
use core::fmt;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const PREFIX: &str = "Q1";
/// The longest text [`Progress::from_code`] reads, spaces included: a code of 40,000 steps, far
/// more than any course has. A longer one is refused before it is read (issue 29: 10 MB took
/// 2.4 s to refuse).
pub const MAX_CODE_BYTES: usize = 16 * 1024;
/// Steps per packed group: 5 steps of 5 values each (not done, 0-3 stars) make 3125 < 64².
const GROUP: usize = 5;

/// Why a code could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeError {
    /// It is not a progress code (wrong start, wrong characters, too short).
    NotACode,
    /// A character is wrong (the checksum does not match): probably a typing mistake.
    Checksum,
    /// It was made for a course with other lessons or steps.
    OtherCourse,
    /// It holds more steps than the course has.
    TooLong,
}

impl CodeError {
    /// A stable code for the UI's message.
    pub const fn code(self) -> Code {
        match self {
            CodeError::NotACode => Code::ProgressCodeInvalid,
            CodeError::Checksum => Code::ProgressCodeTypo,
            CodeError::OtherCourse => Code::ProgressCodeOtherCourse,
            CodeError::TooLong => Code::ProgressCodeTooLong,
        }
    }
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CodeError::NotACode => "this is not a progress code",
            CodeError::Checksum => "the code has a typing mistake (its checksum does not match)",
            CodeError::OtherCourse => "the code was made for a different version of the course",
            CodeError::TooLong => "the code holds more steps than the course has",
        })
    }
}

impl std::error::Error for CodeError {}

/// FNV-1a, 32 bits.
fn fnv(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// The two characters of checksum that end a code whose start is `body` (the tests make codes).
#[cfg(test)]
pub(crate) fn checksum(body: &str) -> String {
    let mut check = String::new();
    push12(&mut check, fnv(body.as_bytes()) & 0xfff);
    check
}

/// Twelve bits as two characters, low first.
fn push12(out: &mut String, value: u32) {
    out.push(char::from(ALPHABET[(value & 63) as usize]));
    out.push(char::from(ALPHABET[((value >> 6) & 63) as usize]));
}

fn read12(pair: &[u8]) -> Option<u32> {
    let digit = |c: u8| ALPHABET.iter().position(|&a| a == c).map(|i| i as u32);
    Some(digit(pair[0])? | digit(pair[1])? << 6)
}

/// Every lesson key with its number of steps, in course order (0 steps for a lesson that did
/// not load; an outlined one counts as loaded).
fn layout<K: KindSet>(course: &Course<K>) -> Vec<(&str, usize)> {
    course.entries().map(|(_, e)| (e.key(), e.outline.as_ref().map_or(0, |o| o.steps()))).collect()
}

fn fingerprint<K: KindSet>(course: &Course<K>) -> u32 {
    let shape: String = layout(course).iter().map(|(key, steps)| format!("{key}:{steps};")).collect();
    fnv(shape.as_bytes()) & 0xfff
}

impl Progress {
    /// The progress of `course`'s lessons as a short code (other lessons are not included).
    pub fn to_code<K: KindSet>(&self, course: &Course<K>) -> String {
        let mut digits: Vec<u32> = Vec::new();
        for (key, steps) in layout(course) {
            digits.extend((0..steps).map(|i| self.step(key, i).map_or(0, |s| 1 + u32::from(s))));
        }
        while digits.last() == Some(&0) {
            digits.pop();
        }
        let mut code = String::from(PREFIX);
        push12(&mut code, fingerprint(course));
        for group in digits.chunks(GROUP) {
            push12(&mut code, group.iter().rev().fold(0, |v, &d| v * 5 + d));
        }
        let check = fnv(code.as_bytes()) & 0xfff;
        push12(&mut code, check);
        code
    }

    /// Reads a code made by [`Progress::to_code`] for the same course (spaces are ignored).
    ///
    /// # Errors
    ///
    /// Not a code, a typing mistake, a code of another course, or too many steps (or over
    /// [`MAX_CODE_BYTES`]).
    pub fn from_code<K: KindSet>(course: &Course<K>, code: &str) -> Result<Progress, CodeError> {
        if code.len() > MAX_CODE_BYTES {
            return Err(CodeError::TooLong);
        }
        let code: Vec<u8> = code.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
        if code.len() < PREFIX.len() + 4 || !code.starts_with(PREFIX.as_bytes()) || !code.len().is_multiple_of(2) {
            return Err(CodeError::NotACode);
        }
        let (body, check) = code.split_at(code.len() - 2);
        if read12(check).ok_or(CodeError::NotACode)? != fnv(body) & 0xfff {
            return Err(CodeError::Checksum);
        }
        if read12(&body[2..4]).ok_or(CodeError::NotACode)? != fingerprint(course) {
            return Err(CodeError::OtherCourse);
        }
        let mut digits = Vec::new();
        for pair in body[4..].chunks(2) {
            let mut value = read12(pair).ok_or(CodeError::NotACode)?;
            for _ in 0..GROUP {
                digits.push(value % 5);
                value /= 5;
            }
            if value != 0 {
                return Err(CodeError::NotACode);
            }
        }
        let mut progress = Progress::new();
        let mut digits = digits.into_iter();
        for (key, steps) in layout(course) {
            for step in 0..steps {
                match digits.next() {
                    Some(0) | None => {}
                    Some(d) => {
                        progress.record(key, step, Some(d as u8 - 1));
                    }
                }
            }
        }
        if digits.any(|d| d != 0) {
            return Err(CodeError::TooLong);
        }
        Ok(progress)
    }
}
