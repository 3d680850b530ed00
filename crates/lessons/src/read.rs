//! Reading lesson tables: typed getters over the TOML reader's tables that report every problem
//! (with its line and step) instead of stopping at the first, and flag unknown keys with the
//! closest known one.

use super::error::{ErrorKind, Expect, ValidationError};
use super::text::{Line, Text};
use crate::lang::Lang;
use qitong_format::toml::{closest, Table, Value, ValueKind};
use qitong_rules::{Square, Uci};

/// The most problems kept of one file: a teacher fixes the first ones and checks again, and a
/// file of 200,000 unknown keys (issue 29) no longer lists (or describes) 200,000 problems.
/// Those past it are counted, and said in one more problem ([`ErrorKind::More`]).
pub const MAX_PROBLEMS: usize = 100;

/// How a file's problems are kept, which the reader's caller chooses: described (the validator,
/// the check page, the teachers' lesson player), or by their place only (file, line, step:
/// `ErrorKind::Unexplained`) for the modules whose pages show only where a problem is (the lesson
/// player's `LessonForm`, `web/lesson/src/lesson_form.rs`). A value, not a cargo feature (issue
/// 30): the descriptions are then built and dropped, which costs those modules the code building
/// them (a type parameter would have to reach every kind's loader). The closest-word search
/// (an edit distance) is the one part reached through the choice itself, a function each choice
/// names, so a module keeping problems by place does not link it.
#[derive(Debug, Clone, Copy)]
pub struct Problems {
    /// Whether each problem keeps its description ([`ErrorKind`]).
    described: bool,
    /// The allowed word closest to a mistyped one, for the description.
    suggest: fn(&str, &[&'static str]) -> Option<&'static str>,
}

impl Problems {
    /// Each problem with its description ([`ErrorKind`]), and a closest key or kind suggested.
    pub const DESCRIBED: Problems = Problems { described: true, suggest: closest };
    /// Each problem by its place only, and no count of those past [`MAX_PROBLEMS`] (the site's
    /// files have none).
    pub const BY_PLACE: Problems = Problems { described: false, suggest: |_, _| None };
}

/// Where the errors of one file go.
#[derive(Debug)]
pub(crate) struct Sink {
    pub file: String,
    pub errors: Vec<ValidationError>,
    /// Problems found past [`MAX_PROBLEMS`], counted only.
    more: usize,
    problems: Problems,
}

impl Sink {
    pub fn new(file: &str, problems: Problems) -> Sink {
        Sink { file: file.to_owned(), errors: Vec::new(), more: 0, problems }
    }

    /// The allowed word closest to a mistyped `word`, for the description: only found when
    /// problems are described, and not past the most kept.
    pub fn suggest(&self, word: &str, allowed: &[&'static str]) -> Option<&'static str> {
        if self.full() {
            None
        } else {
            (self.problems.suggest)(word, allowed)
        }
    }

    /// Whether the next problem will only be counted (its description is then not worth making).
    pub fn full(&self) -> bool {
        self.errors.len() >= MAX_PROBLEMS
    }

    /// How many problems were reported, counted ones included.
    pub fn count(&self) -> usize {
        self.errors.len() + self.more
    }

    /// The problems kept, then (when there were more) the one that says how many more: only
    /// when they are described (see [`Problems::BY_PLACE`]).
    pub fn into_errors(self) -> Vec<ValidationError> {
        let mut errors = self.errors;
        if self.more > 0 && self.problems.described {
            errors.push(ValidationError::new(&self.file, 0, None, ErrorKind::More { count: self.more }));
        }
        errors
    }

    /// A step of a kind this module leaves out (`ErrorKind::KindElsewhere`): kept whole, also by
    /// place ([`Problems::BY_PLACE`]), as it is not the file's problem but the module's.
    pub fn left_out(&mut self, line: usize, step: Option<usize>, kind: &'static str) {
        self.errors.push(ValidationError::new(&self.file, line, step, ErrorKind::KindElsewhere { kind }));
    }

    /// Keeps a problem: described, or by its place only ([`Problems`]).
    pub fn report(&mut self, line: usize, step: Option<usize>, kind: ErrorKind) {
        if self.full() {
            self.more += 1;
            return;
        }
        let kind = if self.problems.described { kind } else { ErrorKind::Unexplained };
        self.errors.push(ValidationError::new(&self.file, line, step, kind));
    }
}

/// A table being read: the keys it may have, the step it belongs to and the error sink.
pub(crate) struct Reader<'t, 's> {
    pub table: &'t Table,
    pub step: Option<usize>,
    known: Vec<&'static str>,
    pub sink: &'s mut Sink,
}

/// The `Expect` naming a TOML value's type.
pub(crate) fn found(value: &Value) -> Expect {
    match value.kind {
        ValueKind::String(_) => Expect::String,
        ValueKind::Integer(_) => Expect::Integer,
        ValueKind::Float(_) => Expect::Number,
        ValueKind::Boolean(_) => Expect::Bool,
        ValueKind::Array(_) => Expect::Array,
        ValueKind::Table(_) => Expect::Table,
    }
}

impl<'t, 's> Reader<'t, 's> {
    /// A reader of `table` that allows the keys `known`.
    pub fn new(table: &'t Table, step: Option<usize>, known: &[&'static str], sink: &'s mut Sink) -> Reader<'t, 's> {
        Reader { table, step, known: known.to_vec(), sink }
    }

    /// Allows more keys (a step kind's own keys).
    pub fn allow(&mut self, keys: &[&'static str]) {
        self.known.extend_from_slice(keys);
    }

    /// A reader of a table inside this one, with its own keys, reporting to the same sink.
    pub fn nested<'u>(&'u mut self, table: &'u Table, known: &[&'static str]) -> Reader<'u, 'u> {
        Reader { table, step: self.step, known: known.to_vec(), sink: &mut *self.sink }
    }

    pub fn report(&mut self, line: usize, kind: ErrorKind) {
        self.sink.report(line, self.step, kind);
    }

    /// The line of `key` if present, else the table's.
    pub fn line_of(&self, key: &str) -> usize {
        self.table.entry(key).map_or(self.table.line(), |e| e.line)
    }

    pub fn get(&self, key: &str) -> Option<&'t Value> {
        self.table.get(key)
    }

    pub fn missing(&mut self, key: &'static str) {
        self.report(self.table.line(), ErrorKind::MissingKey { key });
    }

    pub fn wrong_type(&mut self, key: &'static str, value: &Value, expected: Expect) {
        self.report(value.line, ErrorKind::WrongType { key, expected, found: found(value) });
    }

    pub fn bad_value(&mut self, key: &'static str, line: usize, value: &str, expected: Expect) {
        self.report(line, ErrorKind::BadValue { key, value: value.to_owned(), expected });
    }

    /// Reports the keys not allowed here.
    pub fn finish(self) {
        let unknown: Vec<(String, usize)> =
            self.table.entries().iter().filter(|e| !self.known.contains(&e.key.as_str())).map(|e| (e.key.clone(), e.line)).collect();
        for (key, line) in unknown {
            // The closest known key is for the description: not found for a problem kept by
            // place, or past the most kept.
            let suggestion = self.sink.suggest(&key, &self.known);
            self.sink.report(line, self.step, ErrorKind::UnknownKey { key, suggestion });
        }
    }

    /// A string, if present and of the right type.
    pub fn opt_str(&mut self, key: &'static str) -> Option<&'t str> {
        let value = self.get(key)?;
        match &value.kind {
            ValueKind::String(s) => Some(s),
            _ => {
                self.wrong_type(key, value, Expect::String);
                None
            }
        }
    }

    /// A required string.
    pub fn str(&mut self, key: &'static str) -> Option<&'t str> {
        if self.get(key).is_none() {
            self.missing(key);
        }
        self.opt_str(key)
    }

    /// A boolean, `default` when absent.
    pub fn bool(&mut self, key: &'static str, default: bool) -> bool {
        match self.get(key) {
            None => default,
            Some(Value { kind: ValueKind::Boolean(b), .. }) => *b,
            Some(value) => {
                self.wrong_type(key, value, Expect::Bool);
                default
            }
        }
    }

    /// A whole number within `min..=max`, if present and valid.
    pub fn opt_int(&mut self, key: &'static str, min: i64, max: i64) -> Option<i64> {
        let value = self.get(key)?;
        match value.kind {
            ValueKind::Integer(n) if (min..=max).contains(&n) => Some(n),
            ValueKind::Integer(n) => {
                self.report(value.line, ErrorKind::OutOfRange { key, value: n, min, max });
                None
            }
            _ => {
                self.wrong_type(key, value, Expect::Integer);
                None
            }
        }
    }

    /// A list, if present and of the right type.
    pub fn opt_list(&mut self, key: &'static str) -> Option<&'t [Value]> {
        let value = self.get(key)?;
        match &value.kind {
            ValueKind::Array(items) => Some(items),
            _ => {
                self.wrong_type(key, value, Expect::Array);
                None
            }
        }
    }

    /// A text `{ zh = "…", en = "…" }`; `required` reports it when absent.
    pub fn text(&mut self, key: &'static str, required: bool) -> Option<Text> {
        match self.get(key) {
            None if required => {
                self.missing(key);
                None
            }
            None => None,
            Some(value) => self.text_value(key, value, &["zh", "en"]).map(|(text, _)| text),
        }
    }

    /// A text `{ zh, en }` given as `value` (an item of a list under `key`).
    pub fn text_of(&mut self, key: &'static str, value: &'t Value) -> Option<Text> {
        self.text_value(key, value, &["zh", "en"]).map(|(text, _)| text)
    }

    /// The `zh` and `en` of this very table, which has other keys too (a demo move's caption);
    /// `key` names it in messages.
    pub fn own_text(&mut self, key: &'static str) -> Option<Text> {
        let line = self.table.line();
        let zh = text_part(self, key, line, Lang::Zh);
        let en = text_part(self, key, line, Lang::En);
        Some(Text { zh: zh?, en: en? })
    }

    /// A verse or narration line `{ zh, en, pinyin }`.
    pub fn line_value(&mut self, key: &'static str, value: &'t Value) -> Option<Line> {
        self.text_value(key, value, &["zh", "en", "pinyin"]).map(|(text, pinyin)| Line { text, pinyin })
    }

    /// Reads `{ zh, en }` (and `pinyin` when allowed) from `value`.
    fn text_value(&mut self, key: &'static str, value: &'t Value, keys: &[&'static str]) -> Option<(Text, Option<String>)> {
        let ValueKind::Table(table) = &value.kind else {
            self.wrong_type(key, value, Expect::Text);
            return None;
        };
        let mut inner = self.nested(table, keys);
        let zh = text_part(&mut inner, key, value.line, Lang::Zh);
        let en = text_part(&mut inner, key, value.line, Lang::En);
        let pinyin = if keys.contains(&"pinyin") { inner.opt_str("pinyin").map(|p| p.trim().to_owned()) } else { None };
        inner.finish();
        Some((Text { zh: zh?, en: en? }, pinyin))
    }

    /// A square such as `e4`; `required` reports it when absent.
    pub fn square(&mut self, key: &'static str, required: bool) -> Option<Square> {
        if required && self.get(key).is_none() {
            self.missing(key);
        }
        let text = self.opt_str(key)?;
        let square = Square::from_ascii(text.trim().as_bytes());
        if square.is_none() {
            self.bad_value(key, self.line_of(key), text, Expect::Square);
        }
        square
    }

    /// Words of a list of strings, or of one string separated by spaces (`"a1 b2"`), with the
    /// line of each.
    pub fn words(&mut self, key: &'static str) -> Option<Vec<(&'t str, usize)>> {
        let value = self.get(key)?;
        match &value.kind {
            ValueKind::String(s) => Some(s.split_whitespace().map(|w| (w, value.line)).collect()),
            ValueKind::Array(items) => {
                let mut out = Vec::new();
                for item in items {
                    match &item.kind {
                        ValueKind::String(s) => out.push((s.trim(), item.line)),
                        _ => self.wrong_type(key, item, Expect::String),
                    }
                }
                Some(out)
            }
            _ => {
                self.wrong_type(key, value, Expect::Array);
                None
            }
        }
    }

    /// Squares from [`Reader::words`]; unreadable ones and repeats are reported.
    pub fn squares(&mut self, key: &'static str) -> Vec<Square> {
        let mut out: Vec<Square> = Vec::new();
        for (word, line) in self.words(key).unwrap_or_default() {
            match Square::from_ascii(word.as_bytes()) {
                Some(sq) if out.contains(&sq) => self.report(line, ErrorKind::Duplicate { key, value: word.to_owned() }),
                Some(sq) => out.push(sq),
                None => self.bad_value(key, line, word, Expect::Square),
            }
        }
        out
    }

    /// Moves in UCI from [`Reader::words`], each with its line; unreadable ones are reported.
    pub fn moves(&mut self, key: &'static str) -> Vec<(Uci, usize)> {
        let mut out = Vec::new();
        for (word, line) in self.words(key).unwrap_or_default() {
            match word.parse::<Uci>() {
                Ok(uci) => out.push((uci, line)),
                Err(_) => self.bad_value(key, line, word, Expect::Move),
            }
        }
        out
    }

    /// One move in UCI; `required` reports it when absent.
    pub fn one_move(&mut self, key: &'static str, required: bool) -> Option<Uci> {
        if required && self.get(key).is_none() {
            self.missing(key);
        }
        let text = self.opt_str(key)?;
        let uci = text.trim().parse::<Uci>().ok();
        if uci.is_none() {
            self.bad_value(key, self.line_of(key), text, Expect::Move);
        }
        uci
    }
}

/// The `zh` or `en` part of a text: reported as missing when absent or empty (a value of another
/// type is reported as such).
fn text_part(inner: &mut Reader, key: &'static str, line: usize, lang: Lang) -> Option<String> {
    let name = lang.pick("zh", "en");
    let wrong_type = inner.get(name).is_some_and(|v| !matches!(v.kind, ValueKind::String(_)));
    match inner.opt_str(name) {
        Some(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        _ if wrong_type => None,
        _ => {
            inner.report(line, ErrorKind::MissingText { key, lang });
            None
        }
    }
}
