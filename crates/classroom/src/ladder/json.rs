//! The ladder as a versioned JSON document, lossless in both directions.
//!
//! ```json
//! {
//!   "format": "qitong-ladder",
//!   "version": 1,
//!   "students": [
//!     {"id": 1, "name": "小明", "points": 10, "games": 1, "wins": 1, "draws": 0, "losses": 0}
//!   ],
//!   "history": [
//!     {"date": "2026-12-01", "a": 1, "b": 2, "score": 1, "a_before": 0, "b_before": 0,
//!      "delta_a": 10, "delta_b": -10, "a_after": 10, "b_after": -10}
//!   ]
//! }
//! ```
//!
//! Points are JSON numbers with at most one decimal; `score` is what `a` scored (1, 0.5 or 0).
//! Every field is required and unknown fields are refused, so that a typo cannot silently lose
//! data. The `*_after` fields are redundant (before + delta) and checked on import.
//!
//! How big a backup is (measured 2026-12-05, this file's `to_json`): a class's school year, 40
//! students and 2,000 games, is 458 KB; 40 students and 20,000 games 4.5 MB; 2,000 students and
//! 21,000 games 5.1 MB, about what the browser's storage keeps (5 MiB characters in Chromium,
//! where the ladder page keeps the same JSON). A stored ladder's backup is at most ~7.5 MiB of
//! UTF-8 (names of 40 Chinese characters, 3 bytes each, in 150 characters of ASCII per student),
//! hence the 8 MiB limit ([`MAX_JSON_BYTES`](super::MAX_JSON_BYTES); it was 16 MiB): anything the
//! page wrote reads back, and a bigger file could not be kept anyway. Read in one go, 4.5 MB
//! took 175 ms natively and a class's year 11 ms; in Chromium an 8 MiB backup was one task of
//! 343-933 ms (tests/e2e/ladder_backup.test.mjs), so the page reads a backup in steps
//! ([`JsonImport`]), as it reads a CSV import (issue 29): no task over 50 ms there.

use super::build::Builder;
use super::import::{RecordRow, StudentRow};
use super::{GameRecord, ImportError, Ladder, Location, Problem, StudentId};
use crate::points::{Points, Score};
use qitong_format::json::{Number, Reader, Value};

/// The value of the `"format"` field.
pub const FORMAT: &str = "qitong-ladder";
/// The schema version written and read.
pub const VERSION: u64 = 1;

const STUDENT_FIELDS: [&str; 7] = ["id", "name", "points", "games", "wins", "draws", "losses"];
const ROOT_FIELDS: [&str; 4] = ["format", "version", "students", "history"];
const RECORD_FIELDS: [&str; 10] = ["date", "a", "b", "score", "a_before", "b_before", "delta_a", "delta_b", "a_after", "b_after"];

fn points(p: Points) -> Value {
    // Display gives `12.5`, `-3`, `0`: always a valid JSON number.
    Value::Number(Number::from_text(&p.to_string()).unwrap_or_else(|| Number::from(0u64)))
}

fn count(n: u32) -> Value {
    Value::Number(Number::from(u64::from(n)))
}

fn member(key: &str, value: Value) -> (String, Value) {
    (key.to_string(), value)
}

impl Ladder {
    /// The whole ladder as pretty-printed JSON (see the module docs of `ladder::json`).
    pub fn to_json(&self) -> String {
        let students = self.students.iter().map(|s| {
            Value::Object(vec![
                member("id", count(s.id.0)),
                member("name", Value::String(s.name.clone())),
                member("points", points(s.points)),
                member("games", count(s.games)),
                member("wins", count(s.wins)),
                member("draws", count(s.draws)),
                member("losses", count(s.losses)),
            ])
        });
        let history = self.history.iter().map(|r| {
            let score = Number::from_text(&r.score.to_string()).unwrap_or_else(|| Number::from(0u64));
            Value::Object(vec![
                member("date", Value::String(r.date.clone())),
                member("a", count(r.a.0)),
                member("b", count(r.b.0)),
                member("score", Value::Number(score)),
                member("a_before", points(r.a_before)),
                member("b_before", points(r.b_before)),
                member("delta_a", points(r.delta_a)),
                member("delta_b", points(r.delta_b)),
                member("a_after", points(r.a_after())),
                member("b_after", points(r.b_after())),
            ])
        });
        Value::Object(vec![
            member("format", Value::String(FORMAT.to_string())),
            member("version", Value::Number(Number::from(VERSION))),
            member("students", Value::Array(students.collect())),
            member("history", Value::Array(history.collect())),
        ])
        .to_pretty_string()
    }

    /// Reads a ladder written by [`Ladder::to_json`], in one go ([`JsonImport`] reads it a few
    /// tokens at a time). A leading byte-order mark is ignored.
    pub fn from_json(text: &str) -> Result<Ladder, ImportError> {
        let mut import = JsonImport::new(text.to_string())?;
        loop {
            if let Some(ladder) = import.step(usize::MAX)? {
                return Ok(ladder);
            }
        }
    }

    /// Replaces this ladder with one read from JSON; on error nothing changes.
    pub fn import_json(&mut self, text: &str) -> Result<(), ImportError> {
        *self = Ladder::from_json(text)?;
        Ok(())
    }
}

/// A JSON import done a few steps at a time: [`Ladder::from_json`]'s work for a page that must
/// keep answering while it reads a big backup (a ladder that fills the browser's storage is
/// ~5 MB of JSON, ~0.2 s to read natively and more in wasm: issue 29). Each step is a JSON token,
/// a student or game made a row (and its part of the document freed), or one of `build`'s
/// steps; the result and the error are `from_json`'s.
pub struct JsonImport {
    text: String,
    stage: Stage,
}

/// Where a [`JsonImport`] is.
enum Stage {
    Parse(Reader),
    /// The document's students made rows, then its games; the root's other members wait for
    /// their checks in file order (`history`'s type after the students).
    Rows {
        root: Vec<(String, Value)>,
        values: std::vec::IntoIter<Value>,
        students: Vec<StudentRow>,
        games: Option<Vec<RecordRow>>,
    },
    /// (Boxed: the builder is most of the import's size.)
    Build(Box<Builder>),
}

impl JsonImport {
    /// An import of this text, not started; a text over [`MAX_JSON_BYTES`](super::MAX_JSON_BYTES)
    /// is refused at once.
    pub fn new(text: String) -> Result<JsonImport, ImportError> {
        super::import::within_limit(&text, super::ImportFile::Json)?;
        Ok(JsonImport { text, stage: Stage::Parse(Reader::new()) })
    }

    /// Does at most `budget` steps; `Some` ladder once everything is read and checked. After
    /// the ladder or an error there is nothing more to do (`Ok(None)`).
    pub fn step(&mut self, budget: usize) -> Result<Option<Ladder>, ImportError> {
        let mut budget = budget;
        while budget > 0 {
            match &mut self.stage {
                Stage::Parse(reader) => {
                    let text = self.text.strip_prefix('\u{feff}').unwrap_or(&self.text);
                    match reader.step(text, budget).map_err(ImportError::Json)? {
                        None => return Ok(None),
                        Some(root) => {
                            // The text is read: one free, and its memory back for the rows.
                            self.text = String::new();
                            let mut root = checked_root(root)?;
                            let values = take_array(&mut root, "students")?;
                            // Rows by the count: a vector grown by doubling copies itself whole at
                            // each step up (13 MB, ~15 ms, for the last of 280,000 rows).
                            let students = Vec::with_capacity(values.len());
                            self.stage = Stage::Rows { root, values: values.into_iter(), students, games: None };
                            // The reader may have used the whole budget.
                            return Ok(None);
                        }
                    }
                }
                Stage::Rows { root, values, students, games } => {
                    budget -= 1;
                    match (values.next(), games.as_mut()) {
                        (Some(value), None) => {
                            let at = Location::Json(format!("students[{}]", students.len()));
                            students.push(student(&value, at)?);
                        }
                        (Some(value), Some(games)) => {
                            let at = Location::Json(format!("history[{}]", games.len()));
                            games.push(record(&value, at)?);
                        }
                        (None, None) => {
                            *values = take_array(root, "history")?.into_iter();
                            *games = Some(Vec::with_capacity(values.len()));
                        }
                        (None, Some(read)) => {
                            let (students, games) = (core::mem::take(students), core::mem::take(read));
                            self.stage = Stage::Build(Box::new(Builder::new(students, games)));
                        }
                    }
                }
                Stage::Build(builder) => return builder.step(budget),
            }
        }
        Ok(None)
    }
}

/// The document's root members, once it is a ladder file of this version.
fn checked_root(root: Value) -> Result<Vec<(String, Value)>, ImportError> {
    let at = Location::Json(String::new());
    match root.get("format") {
        _ if root.as_object().is_none() => {
            let problem = Problem::WrongType { expected: "an object", found: root.kind() };
            return Err(ImportError::at(at, problem));
        }
        Some(Value::String(s)) if s == FORMAT => {}
        other => {
            let found = other.map_or_else(|| "nothing".to_string(), shortened);
            return Err(ImportError::at(at.field("format"), Problem::NotALadder { found }));
        }
    }
    match root.get("version") {
        Some(Value::Number(n)) if n.as_u64() == Some(VERSION) => {}
        Some(other) => {
            let problem = Problem::UnsupportedVersion { found: shortened(other) };
            return Err(ImportError::at(at.field("version"), problem));
        }
        None => return Err(ImportError::at(at, Problem::MissingField("version"))),
    }
    match root {
        Value::Object(members) => Ok(members),
        _ => Ok(Vec::new()),
    }
}

/// A value as a message repeats it: a string or number by its first 40 characters, an array or
/// object by its kind (a hostile file's 8 MB `"format"` is neither written out nor said back).
fn shortened(value: &Value) -> String {
    let cut = |text: &str| text.char_indices().nth(40).map_or_else(|| text.to_string(), |(at, _)| format!("{}…", &text[..at]));
    match value {
        Value::String(s) => Value::String(cut(s)).to_string(),
        Value::Number(n) => cut(n.as_str()),
        Value::Array(_) | Value::Object(_) => value.kind().to_string(),
        other => other.to_string(),
    }
}

/// Takes the root's array `name` out of it (checked as `Fields` checks it), so that each of its
/// items is freed once it is a row.
fn take_array(root: &mut [(String, Value)], name: &'static str) -> Result<Vec<Value>, ImportError> {
    Fields::new(root, Location::Json(String::new()), &ROOT_FIELDS)?.array(name)?;
    Ok(match root.iter_mut().find(|(k, _)| k == name) {
        Some((_, Value::Array(items))) => core::mem::take(items),
        _ => Vec::new(),
    })
}

fn student(value: &Value, at: Location) -> Result<StudentRow, ImportError> {
    let f = Fields::of(value, at, &STUDENT_FIELDS)?;
    Ok(StudentRow {
        id: f.id("id")?,
        name: f.string("name")?.to_string(),
        points: f.points("points")?,
        games: f.count("games")?,
        wins: f.count("wins")?,
        draws: f.count("draws")?,
        losses: f.count("losses")?,
        at: f.at,
    })
}

fn record(value: &Value, at: Location) -> Result<RecordRow, ImportError> {
    let f = Fields::of(value, at, &RECORD_FIELDS)?;
    let record = GameRecord {
        date: f.string("date")?.to_string(),
        a: f.id("a")?,
        b: f.id("b")?,
        score: f.score("score")?,
        a_before: f.points("a_before")?,
        b_before: f.points("b_before")?,
        delta_a: f.points("delta_a")?,
        delta_b: f.points("delta_b")?,
    };
    let (a_after, b_after) = (Some(f.points("a_after")?), Some(f.points("b_after")?));
    Ok(RecordRow { at: f.at, record, a_after, b_after })
}

/// An object's members with typed, located accessors.
struct Fields<'a> {
    members: &'a [(String, Value)],
    at: Location,
}

impl<'a> Fields<'a> {
    fn of(value: &'a Value, at: Location, allowed: &[&str]) -> Result<Fields<'a>, ImportError> {
        match value.as_object() {
            Some(members) => Fields::new(members, at, allowed),
            None => {
                let problem = Problem::WrongType { expected: "an object", found: value.kind() };
                Err(ImportError::at(at, problem))
            }
        }
    }

    fn new(members: &'a [(String, Value)], at: Location, allowed: &[&str]) -> Result<Fields<'a>, ImportError> {
        if let Some((key, _)) = members.iter().find(|(k, _)| !allowed.contains(&k.as_str())) {
            return Err(ImportError::at(at, Problem::UnknownField(key.clone())));
        }
        Ok(Fields { members, at })
    }

    fn get(&self, name: &'static str) -> Result<&'a Value, ImportError> {
        match self.members.iter().find(|(k, _)| k == name) {
            Some((_, v)) => Ok(v),
            None => Err(ImportError::at(self.at.clone(), Problem::MissingField(name))),
        }
    }

    fn typed<T>(&self, name: &'static str, expected: &'static str, pick: impl FnOnce(&'a Value) -> Option<T>) -> Result<T, ImportError> {
        let value = self.get(name)?;
        pick(value).ok_or_else(|| {
            let problem = Problem::WrongType { expected, found: value.kind() };
            ImportError::at(self.at.field(name), problem)
        })
    }

    fn string(&self, name: &'static str) -> Result<&'a str, ImportError> {
        self.typed(name, "a string", Value::as_str)
    }

    fn array(&self, name: &'static str) -> Result<&'a [Value], ImportError> {
        self.typed(name, "an array", Value::as_array)
    }

    fn number(&self, name: &'static str) -> Result<&'a str, ImportError> {
        self.typed(name, "a number", |v| v.as_number().map(Number::as_str))
    }

    fn points(&self, name: &'static str) -> Result<Points, ImportError> {
        let text = self.number(name)?;
        text.parse().map_err(|e| ImportError::at(self.at.field(name), Problem::Points(e)))
    }

    fn count(&self, name: &'static str) -> Result<u32, ImportError> {
        let text = self.number(name)?;
        let problem = || Problem::Count(text.to_string());
        text.parse().map_err(|_| ImportError::at(self.at.field(name), problem()))
    }

    fn id(&self, name: &'static str) -> Result<StudentId, ImportError> {
        let text = self.number(name)?;
        let problem = || Problem::Id(text.to_string());
        text.parse().map_err(|_| ImportError::at(self.at.field(name), problem()))
    }

    fn score(&self, name: &'static str) -> Result<Score, ImportError> {
        let text = self.number(name)?;
        let problem = || Problem::Score(text.to_string());
        text.parse().map_err(|_| ImportError::at(self.at.field(name), problem()))
    }
}
