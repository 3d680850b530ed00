//! Splits PGN text into tokens, each with the line it starts on: tag brackets, strings, comments,
//! NAGs, variation parentheses and words (moves, move numbers, results, glyphs). Lines starting
//! with `%` are skipped, as the standard says.

use super::{PgnError, PgnErrorKind};
use core::iter::Peekable;
use core::str::CharIndices;

/// One piece of PGN text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Token<'a> {
    TagOpen,
    TagClose,
    /// A tag value, escapes resolved.
    Str(String),
    /// A `{...}` or `;...` comment, whitespace collapsed.
    Comment(String),
    Nag(u8),
    VariationOpen,
    VariationClose,
    /// Any other run of characters: a move, move number, result, glyph or tag name.
    Word(&'a str),
}

/// A token and the (1-based) line it starts on.
pub(super) struct Lexed<'a> {
    pub token: Token<'a>,
    pub line: usize,
}

pub(super) struct Lexer<'a> {
    text: &'a str,
    chars: Peekable<CharIndices<'a>>,
    line: usize,
    at_line_start: bool,
}

/// Characters that end a word.
fn is_delimiter(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '(' | ')' | '[' | ']' | ';' | '"' | '$')
}

/// Whitespace runs become one space; the ends are trimmed.
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer { text, chars: text.char_indices().peekable(), line: 1, at_line_start: true }
    }

    fn bump(&mut self) -> Option<(usize, char)> {
        let next = self.chars.next();
        if let Some((_, c)) = next {
            self.at_line_start = c == '\n';
            if c == '\n' {
                self.line += 1;
            }
        }
        next
    }

    fn error(&self, line: usize, kind: PgnErrorKind) -> PgnError {
        PgnError { line, kind }
    }

    /// The byte offset of the next character (the text's length at the end).
    fn offset(&mut self) -> usize {
        self.chars.peek().map_or(self.text.len(), |&(i, _)| i)
    }

    /// Consumes up to the end of the line (not the newline itself); returns the text.
    fn rest_of_line(&mut self) -> &'a str {
        let start = self.offset();
        while self.chars.peek().is_some_and(|&(_, c)| c != '\n') {
            self.bump();
        }
        let end = self.offset();
        self.text.get(start..end).unwrap_or("")
    }

    fn comment(&mut self, line: usize) -> Result<Token<'a>, PgnError> {
        let start = self.offset();
        loop {
            match self.bump() {
                Some((end, '}')) => return Ok(Token::Comment(collapse(self.text.get(start..end).unwrap_or("")))),
                Some(_) => {}
                None => return Err(self.error(line, PgnErrorKind::UnterminatedComment)),
            }
        }
    }

    fn string(&mut self, line: usize) -> Result<Token<'a>, PgnError> {
        let mut value = String::new();
        loop {
            match self.chars.peek().copied() {
                Some((_, '"')) => {
                    self.bump();
                    return Ok(Token::Str(value));
                }
                Some((_, '\\')) => {
                    self.bump();
                    match self.chars.peek().copied() {
                        Some((_, c @ ('"' | '\\'))) => {
                            self.bump();
                            value.push(c);
                        }
                        _ => value.push('\\'),
                    }
                }
                // A lone CR ends a line too (the writer turns both into spaces in tag values).
                Some((_, '\n' | '\r')) | None => return Err(self.error(line, PgnErrorKind::UnterminatedString)),
                Some((_, c)) => {
                    self.bump();
                    value.push(c);
                }
            }
        }
    }

    fn nag(&mut self, line: usize) -> Result<Token<'a>, PgnError> {
        let start = self.offset();
        while self.chars.peek().is_some_and(|&(_, c)| !is_delimiter(c)) {
            self.bump();
        }
        let end = self.offset();
        let digits = self.text.get(start..end).unwrap_or("");
        let valid = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
        match digits.parse::<u8>() {
            Ok(n) if valid => Ok(Token::Nag(n)),
            _ => Err(self.error(line, PgnErrorKind::BadNag { found: format!("${}", digits.chars().take(12).collect::<String>()) })),
        }
    }

    fn word(&mut self, start: usize) -> Token<'a> {
        while self.chars.peek().is_some_and(|&(_, c)| !is_delimiter(c)) {
            self.bump();
        }
        let end = self.offset();
        Token::Word(self.text.get(start..end).unwrap_or(""))
    }

    /// The next token, `None` at the end of the text.
    pub fn next_token(&mut self) -> Option<Result<Lexed<'a>, PgnError>> {
        loop {
            let starts_line = self.at_line_start;
            let (start, c) = self.bump()?;
            let line = self.line;
            let token = match c {
                '%' if starts_line => {
                    self.rest_of_line();
                    continue;
                }
                c if c.is_whitespace() || c == '\u{feff}' => continue,
                '[' => Ok(Token::TagOpen),
                ']' => Ok(Token::TagClose),
                '(' => Ok(Token::VariationOpen),
                ')' => Ok(Token::VariationClose),
                '{' => self.comment(line),
                '}' => Ok(Token::Word("}")),
                ';' => Ok(Token::Comment(collapse(self.rest_of_line()))),
                '"' => self.string(line),
                '$' => self.nag(line),
                _ => Ok(self.word(start)),
            };
            return Some(token.map(|token| Lexed { token, line }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<(Token<'_>, usize)> {
        let mut lexer = Lexer::new(text);
        let mut out = Vec::new();
        while let Some(Ok(Lexed { token, line })) = lexer.next_token() {
            out.push((token, line));
        }
        out
    }

    #[test]
    fn splits_pgn() {
        let text = "[Event \"A \\\"big\\\" day\"]\n%skip me\n1.e4 {a\n  comment} e5!? $14 (1... c5) ; rest\n*";
        assert_eq!(
            tokens(text),
            vec![
                (Token::TagOpen, 1),
                (Token::Word("Event"), 1),
                (Token::Str("A \"big\" day".into()), 1),
                (Token::TagClose, 1),
                (Token::Word("1.e4"), 3),
                (Token::Comment("a comment".into()), 3),
                (Token::Word("e5!?"), 4),
                (Token::Nag(14), 4),
                (Token::VariationOpen, 4),
                (Token::Word("1..."), 4),
                (Token::Word("c5"), 4),
                (Token::VariationClose, 4),
                (Token::Comment("rest".into()), 4),
                (Token::Word("*"), 5),
            ]
        );
    }

    #[test]
    fn reports_unclosed_things_with_their_line() {
        let mut lexer = Lexer::new("e4\n{ never closed\n\n");
        assert!(matches!(lexer.next_token(), Some(Ok(_))));
        assert_eq!(lexer.next_token().and_then(Result::err).map(|e| e.line), Some(2));
        let mut lexer = Lexer::new("[Event \"no end\n]");
        lexer.next_token();
        lexer.next_token();
        assert_eq!(lexer.next_token().and_then(Result::err), Some(PgnError { line: 1, kind: PgnErrorKind::UnterminatedString }));
        let mut lexer = Lexer::new("$300");
        assert!(matches!(lexer.next_token(), Some(Err(PgnError { kind: PgnErrorKind::BadNag { .. }, .. }))));
    }

    /// Found by the `pgn` fuzz target: a tag value holding a lone CR was read with the CR, and
    /// written back with a space instead (the writer keeps tag values on one line).
    #[test]
    fn a_carriage_return_ends_a_tag_value_like_a_newline() {
        let mut lexer = Lexer::new("[Site \"?\r\"]\r\n");
        lexer.next_token();
        lexer.next_token();
        assert_eq!(lexer.next_token().and_then(Result::err), Some(PgnError { line: 1, kind: PgnErrorKind::UnterminatedString }));
        let mut crlf = Lexer::new("[Site \"a b\"]\r\n");
        crlf.next_token();
        crlf.next_token();
        assert_eq!(crlf.next_token().and_then(Result::ok).map(|l| l.token), Some(Token::Str("a b".into())));
    }
}
