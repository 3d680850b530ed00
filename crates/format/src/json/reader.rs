//! The JSON reader, resumable: one token (a scalar, a key, a bracket or a comma) per step, with
//! the open arrays and objects on a stack of its own instead of the call stack. `Value::from_str`
//! runs it in one go; the ladder page reads a teacher's backup (megabytes of JSON) a few
//! thousand tokens at a time between the browser's tasks, so that the page keeps answering
//! (issue 29). Both give the same value or the same error, at the same place.

use super::{JsonError, JsonErrorKind, Parser, Value, MAX_DEPTH};

/// A JSON text being read a few tokens at a time: every call to [`Reader::step`] must be given
/// the same text.
#[derive(Debug, Default)]
pub struct Reader {
    /// Byte offset of the next token (on a character boundary).
    pos: usize,
    /// The arrays and objects opened and not yet closed, outermost first.
    open: Vec<Open>,
    next: Next,
    /// The whole value, once read, until the end of the text is checked.
    read: Option<Value>,
}

/// An array or object being read.
#[derive(Debug)]
enum Open {
    Array(Vec<Value>),
    /// Its members so far, where each key starts (to point at a repeated one) and the key of
    /// the value being read.
    Object {
        members: Vec<(String, Value)>,
        key_positions: Vec<usize>,
        key: String,
    },
}

/// What the reader expects next.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Next {
    #[default]
    Value,
    /// A member's key and its colon.
    Key,
    /// A comma or the closing bracket of the innermost open array or object.
    AfterValue,
    /// Nothing but whitespace.
    End,
    /// The value was given back (or an error): nothing more to read.
    Done,
}

impl Reader {
    /// A reader at the start of a text.
    pub fn new() -> Reader {
        Reader::default()
    }

    /// Reads at most `budget` tokens of `src`; the value once the whole text is read. After the
    /// value or an error there is nothing more to read (`Ok(None)`).
    pub fn step(&mut self, src: &str, budget: usize) -> Result<Option<Value>, JsonError> {
        let mut p = Parser { src, pos: self.pos };
        let read = self.read_tokens(&mut p, budget);
        self.pos = p.pos;
        if !matches!(read, Ok(None)) {
            // An error or the value: a finished reader frees what it holds at once.
            self.next = Next::Done;
            self.open = Vec::new();
        }
        read
    }

    fn read_tokens(&mut self, p: &mut Parser<'_>, budget: usize) -> Result<Option<Value>, JsonError> {
        for _ in 0..budget {
            p.skip_ws();
            match self.next {
                Next::Value => self.value(p)?,
                Next::Key => self.key(p)?,
                Next::AfterValue => self.after_value(p)?,
                Next::End => {
                    return match p.peek() {
                        None => Ok(self.read.take()),
                        Some(c) => Err(p.err(JsonErrorKind::Unexpected { found: c, expected: "the end of the text" })),
                    };
                }
                Next::Done => return Ok(None),
            }
        }
        Ok(None)
    }

    fn value(&mut self, p: &mut Parser<'_>) -> Result<(), JsonError> {
        let scalar = match p.peek() {
            Some(c @ ('{' | '[')) => {
                if self.open.len() >= MAX_DEPTH {
                    return Err(p.err(JsonErrorKind::TooDeep));
                }
                p.pos += 1;
                p.skip_ws();
                let close = if c == '{' { '}' } else { ']' };
                if p.peek() == Some(close) {
                    p.pos += 1;
                    self.close(if c == '{' { Value::Object(Vec::new()) } else { Value::Array(Vec::new()) });
                    return Ok(());
                }
                match c {
                    '{' => {
                        self.open.push(Open::Object { members: Vec::new(), key_positions: Vec::new(), key: String::new() });
                        self.next = Next::Key;
                    }
                    _ => self.open.push(Open::Array(Vec::new())),
                }
                return Ok(());
            }
            Some('"') => p.string().map(Value::String)?,
            Some('-' | '0'..='9') => p.number().map(Value::Number)?,
            Some('t') => literal(p, "true", Value::Bool(true))?,
            Some('f') => literal(p, "false", Value::Bool(false))?,
            Some('n') => literal(p, "null", Value::Null)?,
            _ => return Err(p.unexpected("a value")),
        };
        self.close(scalar);
        Ok(())
    }

    fn key(&mut self, p: &mut Parser<'_>) -> Result<(), JsonError> {
        if p.peek() != Some('"') {
            return Err(p.unexpected("a key in double quotes"));
        }
        let at = p.pos;
        let read = p.string()?;
        p.skip_ws();
        p.expect(':', "':'")?;
        if let Some(Open::Object { key_positions, key, .. }) = self.open.last_mut() {
            key_positions.push(at);
            *key = read;
        }
        self.next = Next::Value;
        Ok(())
    }

    fn after_value(&mut self, p: &mut Parser<'_>) -> Result<(), JsonError> {
        let is_object = matches!(self.open.last(), Some(Open::Object { .. }));
        let (close, expected) = if is_object { ('}', "',' or '}'") } else { (']', "',' or ']'") };
        match p.peek() {
            Some(',') => {
                p.pos += 1;
                self.next = if is_object { Next::Key } else { Next::Value };
            }
            Some(c) if c == close => {
                p.pos += 1;
                let value = match self.open.pop() {
                    Some(Open::Object { members, key_positions, .. }) => p.unique(members, &key_positions)?,
                    Some(Open::Array(items)) => Value::Array(items),
                    None => Value::Null,
                };
                self.close(value);
            }
            _ => return Err(p.unexpected(expected)),
        }
        Ok(())
    }

    /// A value read whole: into the innermost open array or object, or the text's value.
    fn close(&mut self, value: Value) {
        match self.open.last_mut() {
            Some(Open::Array(items)) => items.push(value),
            Some(Open::Object { members, key, .. }) => members.push((core::mem::take(key), value)),
            None => {
                self.read = Some(value);
                self.next = Next::End;
                return;
            }
        }
        self.next = Next::AfterValue;
    }
}

fn literal(p: &mut Parser<'_>, word: &'static str, v: Value) -> Result<Value, JsonError> {
    for expected in word.chars() {
        if p.peek() != Some(expected) {
            return Err(p.unexpected(word));
        }
        p.pos += 1;
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `src` `budget` tokens at a time; the result and the number of calls.
    fn in_steps(src: &str, budget: usize) -> (Result<Value, JsonError>, usize) {
        let mut reader = Reader::new();
        for calls in 1.. {
            match reader.step(src, budget) {
                Ok(None) => {}
                Ok(Some(v)) => return (Ok(v), calls),
                Err(e) => return (Err(e), calls),
            }
        }
        unreachable!("the loop ends by returning")
    }

    #[test]
    fn any_step_size_gives_the_value_or_error_of_one_go() {
        let deep = "[".repeat(MAX_DEPTH + 1);
        let texts = [
            "null",
            " true ",
            "\"x\"",
            "[]",
            "{}",
            " [ ] ",
            r#"{"a": [1, -2.5, 3e2, 0.0E-1], "b": {"c": null}, "d": [[], {}, [{}]]}"#,
            "{\"name\": \"小明\", \"points\": 12.5, \"tags\": [true, null]}",
            "[1,\n 2,]",
            "{\"a\":1,}",
            "{\"a\" 1}",
            "{\"a\":1 \"b\":2}",
            "{\"a\":1,\"b\":2,\"a\":3}",
            "[1 2]",
            "[tru]",
            "[\"\\q\"]",
            "{\"a\":[1,2",
            "{",
            "",
            "  ",
            "1 2",
            "[01]",
            "{1:2}",
            &deep,
        ];
        for text in texts {
            let whole: Result<Value, JsonError> = text.parse();
            for budget in [1, 2, 3, 7, 100] {
                assert_eq!(in_steps(text, budget).0, whole, "{text:?} in steps of {budget}");
            }
        }
        let (v, _) = in_steps("[[[[1]]]]", 1);
        assert_eq!(v.map(|v| v.to_string()), Ok("[[[[1]]]]".to_string()));
    }

    #[test]
    fn a_long_text_takes_many_steps_of_a_few_tokens() {
        let items: Vec<String> = (0..5_000).map(|i| format!("{{\"id\": {i}, \"name\": \"学生{i}\"}}")).collect();
        let text = format!("{{\"students\": [{}]}}", items.join(", "));
        let (v, calls) = in_steps(&text, 10);
        let v = v.expect("valid");
        assert_eq!(v.get("students").and_then(Value::as_array).map(<[Value]>::len), Some(5_000));
        // Each student is eleven tokens: `{`, two keys, two values, a comma, `}` and the
        // array's comma, counted in whole steps.
        assert!(calls > 5_000 * 5 / 10, "{calls} calls");
        assert_eq!(in_steps(&text, usize::MAX).1, 1);
    }

    #[test]
    fn a_finished_reader_reads_nothing_more() {
        let mut reader = Reader::new();
        assert_eq!(reader.step("[1]", usize::MAX), Ok(Some(Value::Array(vec![Value::Number(1u64.into())]))));
        assert_eq!(reader.step("[1]", usize::MAX), Ok(None));
        let mut reader = Reader::new();
        assert!(reader.step("[1,]", usize::MAX).is_err());
        assert_eq!(reader.step("[1,]", usize::MAX), Ok(None));
    }
}
