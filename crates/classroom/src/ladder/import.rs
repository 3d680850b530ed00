//! Import errors and the rows an import reads (the checks they pass are `build`'s).
//!
//! Both file formats are first read into plain students and records, each with its location
//! in the file; `build` then checks everything the ladder relies on (unique ids and names,
//! counters, deltas that follow the points table, each student's history forming one chain that
//! ends at their current total) so that undo stays exact after an import.

use super::{GameRecord, LadderError, LookAlike, StudentId};
use crate::points::{Points, PointsError};
use core::fmt;
use qitong_format::csv::CsvError;
use qitong_format::json::JsonError;

/// The largest CSV file an import reads (roster or history, each), in bytes of UTF-8: 4 MiB.
/// The ladder page keeps its ladder in the browser's storage, 5 MiB characters for a site in
/// Chromium (measured 2026-12-05), which holds ~21,000 games as the ladder's JSON, ~1.5 MB as
/// history CSV; a school of 2,000 students playing 36,000 games in a year would be ~2.6 MB.
/// Reading a 4 MiB roster (280,000 names) took one 0.7-1.9 s task in Chromium here; 50 MB took 8-16 s
/// before this limit, and 128 MB trapped the wasm (issue 29).
pub const MAX_CSV_BYTES: usize = 4 * 1024 * 1024;

/// The largest JSON file an import reads: 8 MiB, above any ladder the browser's storage can
/// keep, so that a backup the page wrote always reads back (see `ladder::json`'s module docs for
/// the measurements: a class's year is ~0.45 MB, a full storage ~5 MB, at most 7.5 MiB).
pub const MAX_JSON_BYTES: usize = 8 * 1024 * 1024;

/// Which of the two CSV files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CsvFile {
    Roster,
    History,
}

impl fmt::Display for CsvFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CsvFile::Roster => "roster CSV",
            CsvFile::History => "history CSV",
        })
    }
}

/// Where in an imported file a problem is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// A path into the JSON document, such as `students[2].points` (empty for the root).
    Json(String),
    /// A line of a CSV file and, when it is about one field, the column's name.
    Csv { file: CsvFile, line: usize, column: Option<&'static str> },
}

impl Location {
    /// The same place, narrowed to one field.
    pub(super) fn field(&self, name: &'static str) -> Location {
        match self {
            Location::Json(path) if path.is_empty() => Location::Json(name.to_string()),
            Location::Json(path) => Location::Json(format!("{path}.{name}")),
            Location::Csv { file, line, .. } => {
                // The history CSV names the players' columns `a_id`/`b_id` (JSON: `a`/`b`).
                let column = match (file, name) {
                    (CsvFile::History, "a") => "a_id",
                    (CsvFile::History, "b") => "b_id",
                    _ => name,
                };
                Location::Csv { file: *file, line: *line, column: Some(column) }
            }
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Json(path) if path.is_empty() => f.write_str("JSON document"),
            Location::Json(path) => write!(f, "JSON {path}"),
            Location::Csv { file, line, column: None } => write!(f, "{file} line {line}"),
            Location::Csv { file, line, column: Some(c) } => {
                write!(f, "{file} line {line}, column {c}")
            }
        }
    }
}

/// What is wrong with an imported ladder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// The JSON document is not a ladder file (`"format"` missing or different).
    NotALadder {
        found: String,
    },
    /// A ladder file of a version this program does not read.
    UnsupportedVersion {
        found: String,
    },
    MissingField(&'static str),
    UnknownField(String),
    WrongType {
        expected: &'static str,
        found: &'static str,
    },
    Points(PointsError),
    /// Not a whole number from 0 to 4294967295.
    Count(String),
    Id(String),
    /// Not 1, 0.5 or 0.
    Score(String),
    Name(LadderError),
    Date(LadderError),
    DuplicateId(StudentId),
    DuplicateName(String),
    /// A name that looks the same as an earlier one (at `other_at`) but is written differently.
    LookAlikeName {
        name: String,
        other: String,
        other_at: Location,
        how: LookAlike,
    },
    /// wins + draws + losses is more than games.
    CountsExceedGames {
        results: u64,
        games: u32,
    },
    UnknownStudent(StudentId),
    SameStudent(StudentId),
    /// A delta that is not what the points table gives for that game.
    WrongDelta {
        expected: Points,
        found: Points,
    },
    /// A total after the game that is not `before + delta`.
    WrongAfter {
        expected: Points,
        found: Points,
    },
    /// A game's total before does not continue from the student's previous game.
    BrokenChain {
        id: StudentId,
        previous_after: Points,
        before: Points,
    },
    /// A student's total differs from where their last recorded game left them.
    PointsDisagreeWithHistory {
        history: Points,
        roster: Points,
    },
    /// The history holds more wins, draws or losses for a student than their counters.
    HistoryExceedsCounters {
        id: StudentId,
    },
    /// The CSV file has no header line.
    Empty,
    MissingColumn(&'static str),
    UnknownColumn(String),
    DuplicateColumn(String),
    FieldCount {
        expected: usize,
        found: usize,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NotALadder { found } => write!(f, "not a ladder file: \"format\" should be \"qitong-ladder\", found {found}"),
            Problem::UnsupportedVersion { found } => {
                write!(f, "ladder file version {found} is not supported (this program reads 1)")
            }
            Problem::MissingField(name) => write!(f, "the field \"{name}\" is missing"),
            Problem::UnknownField(name) => write!(f, "unknown field {name:?}"),
            Problem::WrongType { expected, found } => write!(f, "expected {expected}, found {found}"),
            Problem::Points(e) => write!(f, "{e}"),
            Problem::Count(s) => write!(f, "{s:?} is not a whole number of games"),
            Problem::Id(s) => write!(f, "{s:?} is not a student id (1, 2, 3, ...)"),
            Problem::Score(s) => write!(f, "{s:?} is not a score (1, 0.5 or 0)"),
            Problem::Name(e) | Problem::Date(e) => write!(f, "{e}"),
            Problem::DuplicateId(id) => write!(f, "the id {id} is used twice"),
            Problem::DuplicateName(n) => write!(f, "the name {n:?} is used twice"),
            Problem::LookAlikeName { name, other, other_at, how } => {
                write!(f, "the name {name:?} looks the same as {other:?} ({other_at}): they differ only in {how}, so they would be one student twice")
            }
            Problem::CountsExceedGames { results, games } => {
                write!(f, "wins + draws + losses = {results} is more than games = {games}")
            }
            Problem::UnknownStudent(id) => write!(f, "there is no student with id {id}"),
            Problem::SameStudent(id) => write!(f, "student {id} cannot play against themselves"),
            Problem::WrongDelta { expected, found } => {
                write!(f, "the points table gives {expected} for this game, the file says {found}")
            }
            Problem::WrongAfter { expected, found } => {
                write!(f, "before + delta is {expected}, the file says {found}")
            }
            Problem::BrokenChain { id, previous_after, before } => {
                write!(f, "student {id} had {previous_after} after their previous game, but {before} before this one")
            }
            Problem::PointsDisagreeWithHistory { history, roster } => {
                write!(f, "the points are {roster}, but the student's last recorded game left them at {history}")
            }
            Problem::HistoryExceedsCounters { id } => write!(f, "the history has more wins, draws or losses for student {id} than their counters"),
            Problem::Empty => f.write_str("the file is empty (a header line is needed)"),
            Problem::MissingColumn(c) => write!(f, "the column \"{c}\" is missing"),
            Problem::UnknownColumn(c) => write!(f, "unknown column {c:?}"),
            Problem::DuplicateColumn(c) => write!(f, "the column {c:?} appears twice"),
            Problem::FieldCount { expected, found } => {
                write!(f, "{found} fields, but the header has {expected}")
            }
        }
    }
}

/// Why an import was refused. The ladder is unchanged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImportError {
    /// The text is not JSON.
    Json(JsonError),
    /// The text is not CSV.
    Csv { file: CsvFile, error: CsvError },
    /// Well-formed, but not a valid ladder.
    Invalid { at: Location, problem: Problem },
    /// A file larger than its limit ([`MAX_CSV_BYTES`], [`MAX_JSON_BYTES`]), refused before
    /// it is read.
    TooLarge { file: ImportFile, bytes: usize },
}

/// Which file of an import.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportFile {
    Json,
    Csv(CsvFile),
}

impl ImportFile {
    /// The most bytes this file may have.
    pub fn limit(self) -> usize {
        match self {
            ImportFile::Json => MAX_JSON_BYTES,
            ImportFile::Csv(_) => MAX_CSV_BYTES,
        }
    }
}

impl fmt::Display for ImportFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportFile::Json => f.write_str("JSON file"),
            ImportFile::Csv(file) => write!(f, "{file}"),
        }
    }
}

/// Refuses a text larger than the file's limit before anything reads it.
pub(super) fn within_limit(text: &str, file: ImportFile) -> Result<(), ImportError> {
    match text.len() > file.limit() {
        true => Err(ImportError::TooLarge { file, bytes: text.len() }),
        false => Ok(()),
    }
}

/// A size in words: `4 MB`, `50.3 MB`, `900 KB` (1 MB = 1,048,576 bytes).
pub fn size_in_words(bytes: usize) -> String {
    let (unit, name) = if bytes >= 1 << 20 { (1 << 20, "MB") } else { (1 << 10, "KB") };
    let tenths = (bytes as u64 * 10 + unit / 2) / unit;
    match tenths % 10 {
        0 => format!("{} {name}", tenths / 10),
        t => format!("{}.{t} {name}", tenths / 10),
    }
}

impl ImportError {
    pub(super) fn at(at: Location, problem: Problem) -> ImportError {
        ImportError::Invalid { at, problem }
    }

    /// A stable machine-readable code, e.g. for a JavaScript `Error.code`.
    pub fn code(&self) -> &'static str {
        match self {
            ImportError::Json(_) => "import-json-syntax",
            ImportError::Csv { .. } => "import-csv-syntax",
            ImportError::Invalid { .. } => "import-invalid",
            ImportError::TooLarge { .. } => "import-too-large",
        }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Json(e) => write!(f, "{e}"),
            ImportError::Csv { file, error } => write!(f, "{file}: {error}"),
            ImportError::Invalid { at, problem } => write!(f, "{at}: {problem}"),
            ImportError::TooLarge { file, bytes } => write!(
                f,
                "{file}: {} is more than a ladder file can be ({} at most); no class has that much",
                size_in_words(*bytes),
                size_in_words(file.limit())
            ),
        }
    }
}

impl std::error::Error for ImportError {}

/// A student as read from a file, not yet checked.
pub(super) struct StudentRow {
    pub at: Location,
    pub id: StudentId,
    pub name: String,
    pub points: Points,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// A game as read from a file, with the totals after it when the file gives them.
pub(super) struct RecordRow {
    pub at: Location,
    pub record: GameRecord,
    pub a_after: Option<Points>,
    pub b_after: Option<Points>,
}
