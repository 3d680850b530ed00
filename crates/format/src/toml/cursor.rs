//! Walking the source text while counting lines: whitespace, comments, line ends, and errors
//! that point at a line and a column counted in characters (Chinese text is the main content).

use super::TomlError;

/// A position in the source text; its column is only counted when an error needs it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Mark {
    pos: usize,
    line: usize,
    line_start: usize,
}

/// The reading position in the source. It only ever stops at ASCII bytes or at the end, so
/// every stop is on a character boundary.
pub(super) struct Cursor<'a> {
    src: &'a str,
    pos: usize,
    line: usize,
    line_start: usize,
}

/// Characters that a Chinese keyboard types in place of TOML's ASCII ones.
const LOOKALIKES: [(char, char); 15] = [
    ('\u{3000}', ' '),
    ('＝', '='),
    ('“', '"'),
    ('”', '"'),
    ('‘', '\''),
    ('’', '\''),
    ('，', ','),
    ('［', '['),
    ('］', ']'),
    ('｛', '{'),
    ('｝', '}'),
    ('＃', '#'),
    ('。', '.'),
    ('．', '.'),
    ('：', ':'),
];

/// Control characters other than tab, which TOML allows neither in strings nor in comments.
pub(super) fn is_control(byte: u8) -> bool {
    (byte < 0x20 && byte != b'\t') || byte == 0x7f
}

/// Whether `c` is a full-width or curly character that stands for an ASCII one.
pub(super) fn is_lookalike(c: char) -> bool {
    LOOKALIKES.iter().any(|&(wide, _)| wide == c)
}

impl Mark {
    /// The line of the mark, from 1.
    pub(super) fn line(&self) -> usize {
        self.line
    }
}

impl<'a> Cursor<'a> {
    pub(super) fn new(src: &'a str) -> Cursor<'a> {
        Cursor { src, pos: 0, line: 1, line_start: 0 }
    }

    pub(super) fn peek(&self) -> Option<u8> {
        self.peek_at(0)
    }

    pub(super) fn peek_at(&self, offset: usize) -> Option<u8> {
        self.src.as_bytes().get(self.pos + offset).copied()
    }

    /// The text from the cursor to the end.
    pub(super) fn rest(&self) -> &'a str {
        self.src.get(self.pos..).unwrap_or("")
    }

    pub(super) fn line(&self) -> usize {
        self.line
    }

    /// Moves past one byte, counting the line if it is a newline.
    pub(super) fn bump(&mut self) {
        if let Some(byte) = self.peek() {
            self.pos += 1;
            if byte == b'\n' {
                self.line += 1;
                self.line_start = self.pos;
            }
        }
    }

    /// Moves past `len` bytes that contain no newline and end on a character boundary.
    pub(super) fn skip(&mut self, len: usize) {
        self.pos = (self.pos + len).min(self.src.len());
    }

    /// Moves past `byte` if it is next.
    pub(super) fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.bump();
        }
        found
    }

    pub(super) fn mark(&self) -> Mark {
        Mark { pos: self.pos, line: self.line, line_start: self.line_start }
    }

    pub(super) fn error_at(&self, mark: Mark, message: impl Into<String>) -> TomlError {
        let before = self.src.get(mark.line_start..mark.pos).unwrap_or("");
        TomlError::new(mark.line, before.chars().count() + 1, message)
    }

    pub(super) fn error(&self, message: impl Into<String>) -> TomlError {
        self.error_at(self.mark(), message)
    }

    /// What is at the cursor, for "found ..." in messages.
    pub(super) fn found(&self) -> String {
        match self.rest().chars().next() {
            None => "the end of the file".to_owned(),
            Some('\n' | '\r') => "the end of the line".to_owned(),
            Some(c) => describe_char(c),
        }
    }

    pub(super) fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.bump();
        }
    }

    /// Moves past a `# comment` (up to the line end) if one is next.
    pub(super) fn comment(&mut self) -> Result<(), TomlError> {
        if self.peek() != Some(b'#') {
            return Ok(());
        }
        while let Some(byte) = self.peek() {
            if byte == b'\n' || (byte == b'\r' && self.peek_at(1) == Some(b'\n')) {
                break;
            }
            if is_control(byte) {
                return Err(self.error(format!("{} is not allowed in a comment", self.found())));
            }
            self.bump();
        }
        Ok(())
    }

    /// Moves past a line end (`\n` or `\r\n`) if one is next.
    pub(super) fn line_end(&mut self) -> Result<bool, TomlError> {
        match self.peek() {
            Some(b'\n') => {}
            Some(b'\r') if self.peek_at(1) == Some(b'\n') => self.bump(),
            Some(b'\r') => return Err(self.error("a carriage return (\\r) must be followed by a new line")),
            _ => return Ok(false),
        }
        self.bump();
        Ok(true)
    }

    /// Spaces, an optional comment, then the end of the line or of the file; `after` says
    /// what came before, for the message.
    pub(super) fn end_of_line(&mut self, after: &str) -> Result<(), TomlError> {
        self.skip_whitespace();
        self.comment()?;
        if self.line_end()? || self.peek().is_none() {
            return Ok(());
        }
        let found = self.found();
        Err(self.error(format!("expected the end of the line after {after}, found {found} (write one thing per line)")))
    }

    /// Spaces, comments and line ends, as allowed between the items of an array.
    pub(super) fn skip_blank(&mut self) -> Result<(), TomlError> {
        loop {
            self.skip_whitespace();
            self.comment()?;
            if !self.line_end()? {
                return Ok(());
            }
        }
    }
}

/// `'x'`, or a hint when `c` is a Chinese-keyboard look-alike or invisible.
pub(super) fn describe_char(c: char) -> String {
    if let Some(&(_, ascii)) = LOOKALIKES.iter().find(|&&(wide, _)| wide == c) {
        format!("'{c}', a Chinese-keyboard character (switch to English input and type '{ascii}')")
    } else if c.is_control() || c == '\u{feff}' {
        format!("the invisible character U+{:04X}", u32::from(c))
    } else {
        format!("'{c}'")
    }
}
