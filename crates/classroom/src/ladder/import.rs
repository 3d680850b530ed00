//! Import errors, and the checks every imported ladder passes before it replaces the old one.
//!
//! Both file formats are first read into plain students and records, each with its location
//! in the file; [`build`] then checks everything the ladder relies on (unique ids and names,
//! counters, deltas that follow the points table, each student's history forming one chain that
//! ends at their current total) so that undo stays exact after an import.

use super::{
    clean_date, clean_name, look_alike, name_key, GameRecord, Ladder, LadderError, LookAlike, Student, StudentId,
};
use crate::award::award;
use crate::points::{Points, PointsError, Score};
use qitong_format::csv::CsvError;
use qitong_format::json::JsonError;
use core::fmt;

/// The largest CSV file an import reads (roster or history, each), in bytes of UTF-8: 4 MiB.
/// The ladder page keeps its ladder in the browser's storage, 5 MiB characters for a site in
/// Chromium (measured 2026-12-05), which holds ~21,000 games as the ladder's JSON, ~1.5 MB as
/// history CSV; a school of 2,000 students playing 36,000 games in a year would be ~2.6 MB.
/// Reading a 4 MiB roster (280,000 names) took one 0.7-1.9 s task in Chromium here; 50 MB took 8-16 s
/// before this limit, and 128 MB trapped the wasm (issue 29).
pub const MAX_CSV_BYTES: usize = 4 * 1024 * 1024;

/// The largest JSON file an import reads: 16 MiB, above any ladder the browser's storage can
/// keep (5 MiB characters, each at most 3 bytes of UTF-8), so that a backup always reads back.
pub const MAX_JSON_BYTES: usize = 16 * 1024 * 1024;

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
    Csv {
        file: CsvFile,
        line: usize,
        column: Option<&'static str>,
    },
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
                Location::Csv {
                    file: *file,
                    line: *line,
                    column: Some(column),
                }
            }
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Json(path) if path.is_empty() => f.write_str("JSON document"),
            Location::Json(path) => write!(f, "JSON {path}"),
            Location::Csv {
                file,
                line,
                column: None,
            } => write!(f, "{file} line {line}"),
            Location::Csv {
                file,
                line,
                column: Some(c),
            } => {
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
            Problem::NotALadder { found } => write!(
                f,
                "not a ladder file: \"format\" should be \"qitong-ladder\", found {found}"
            ),
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
            Problem::LookAlikeName { name, other, other_at, how } => write!(
                f,
                "the name {name:?} looks the same as {other:?} ({other_at}): they differ only in {how}, so they would be one student twice"
            ),
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
            Problem::BrokenChain { id, previous_after, before } => write!(
                f,
                "student {id} had {previous_after} after their previous game, but {before} before this one"
            ),
            Problem::PointsDisagreeWithHistory { history, roster } => write!(
                f,
                "the points are {roster}, but the student's last recorded game left them at {history}"
            ),
            Problem::HistoryExceedsCounters { id } => write!(
                f,
                "the history has more wins, draws or losses for student {id} than their counters"
            ),
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

/// The first pair of equal keys, as (earlier, later) positions in file order.
fn first_duplicate<K: Ord>(mut keyed: Vec<(K, usize)>) -> Option<(usize, usize)> {
    qitong_rules::sort::sort_by(&mut keyed, |a, b| a < b);
    keyed
        .windows(2)
        .filter(|w| w[0].0 == w[1].0)
        .map(|w| (w[0].1, w[1].1))
        .min_by_key(|&(_, later)| later)
}

/// Checks the rows and makes them a ladder. Sorting keeps every check near-linear, so a
/// huge hostile file is refused or accepted quickly.
pub(super) fn build(rows: Vec<StudentRow>, history: Vec<RecordRow>) -> Result<Ladder, ImportError> {
    let mut students: Vec<(Student, Location)> = Vec::with_capacity(rows.len());
    for row in rows {
        let name = clean_name(&row.name)
            .map_err(|e| ImportError::at(row.at.field("name"), Problem::Name(e)))?;
        let results = u64::from(row.wins) + u64::from(row.draws) + u64::from(row.losses);
        if results > u64::from(row.games) {
            let problem = Problem::CountsExceedGames {
                results,
                games: row.games,
            };
            return Err(ImportError::at(row.at.field("games"), problem));
        }
        let student = Student {
            id: row.id,
            name: name.to_string(),
            points: row.points,
            games: row.games,
            wins: row.wins,
            draws: row.draws,
            losses: row.losses,
        };
        students.push((student, row.at));
    }
    // Files list students by id (exports do, and a roster without ids is numbered in file
    // order): then there is no duplicate id and nothing to sort, which for a big file is most
    // of the work (heap sorts of ~100-byte rows; issue 29).
    let ids_ascending = students.windows(2).all(|w| w[0].0.id < w[1].0.id);
    let ids = match ids_ascending {
        true => Vec::new(),
        false => students.iter().enumerate().map(|(i, (s, _))| (s.id, i)).collect(),
    };
    if let Some((_, later)) = first_duplicate(ids) {
        let (student, at) = &students[later];
        return Err(ImportError::at(
            at.field("id"),
            Problem::DuplicateId(student.id),
        ));
    }
    // Names count as equal as a reader sees them (`same_name`).
    let names = students
        .iter()
        .enumerate()
        .map(|(i, (s, _))| (name_key(&s.name), i));
    if let Some((earlier, later)) = first_duplicate(names.collect()) {
        let ((student, at), (first, first_at)) = (&students[later], &students[earlier]);
        let problem = match look_alike(&first.name, &student.name).filter(|how| *how != LookAlike::Case) {
            Some(how) => Problem::LookAlikeName {
                name: student.name.clone(),
                other: first.name.clone(),
                other_at: first_at.field("name"),
                how,
            },
            None => Problem::DuplicateName(student.name.clone()),
        };
        return Err(ImportError::at(at.field("name"), problem));
    }
    if !ids_ascending {
        qitong_rules::sort::sort_by_key(&mut students, |(s, _)| s.id);
    }

    // Per student (same order as `students`): total after their latest recorded game, and
    // their losses, draws and wins in the history.
    let mut last: Vec<Option<(Points, [u32; 3])>> = vec![None; students.len()];
    let mut records = Vec::with_capacity(history.len());
    for row in history {
        let RecordRow {
            at,
            mut record,
            a_after,
            b_after,
        } = row;
        record.date = clean_date(&record.date)
            .map_err(|e| ImportError::at(at.field("date"), Problem::Date(e)))?
            .to_string();
        let find = |id: StudentId, field| {
            students
                .binary_search_by_key(&id, |(s, _)| s.id)
                .map_err(|_| ImportError::at(at.field(field), Problem::UnknownStudent(id)))
        };
        let (ia, ib) = (find(record.a, "a")?, find(record.b, "b")?);
        if ia == ib {
            return Err(ImportError::at(
                at.field("b"),
                Problem::SameStudent(record.b),
            ));
        }
        let expected = award(record.a_before, record.b_before, record.score);
        for (found, wanted, field) in [
            (record.delta_a, expected.delta_a, "delta_a"),
            (record.delta_b, expected.delta_b, "delta_b"),
        ] {
            if found != wanted {
                let problem = Problem::WrongDelta {
                    expected: wanted,
                    found,
                };
                return Err(ImportError::at(at.field(field), problem));
            }
        }
        for (found, wanted, field) in [
            (a_after, record.a_after(), "a_after"),
            (b_after, record.b_after(), "b_after"),
        ] {
            if let Some(found) = found.filter(|f| *f != wanted) {
                let problem = Problem::WrongAfter {
                    expected: wanted,
                    found,
                };
                return Err(ImportError::at(at.field(field), problem));
            }
        }
        let sides = [
            (
                ia,
                record.a_before,
                record.a_after(),
                record.score,
                "a_before",
            ),
            (
                ib,
                record.b_before,
                record.b_after(),
                record.score.opponent(),
                "b_before",
            ),
        ];
        for (i, before, after, score, field) in sides {
            let (previous_after, counts) = last[i].get_or_insert((before, [0; 3]));
            if *previous_after != before {
                let id = students[i].0.id;
                let problem = Problem::BrokenChain {
                    id,
                    previous_after: *previous_after,
                    before,
                };
                return Err(ImportError::at(at.field(field), problem));
            }
            *previous_after = after;
            let slot = match score {
                Score::Loss => 0,
                Score::Draw => 1,
                Score::Win => 2,
            };
            counts[slot] = counts[slot].saturating_add(1);
        }
        records.push(record);
    }
    for ((student, at), last) in students.iter().zip(&last) {
        let Some((after, [losses, draws, wins])) = *last else {
            continue;
        };
        if after != student.points {
            let problem = Problem::PointsDisagreeWithHistory {
                history: after,
                roster: student.points,
            };
            return Err(ImportError::at(at.field("points"), problem));
        }
        if wins > student.wins || draws > student.draws || losses > student.losses {
            let problem = Problem::HistoryExceedsCounters { id: student.id };
            return Err(ImportError::at(at.clone(), problem));
        }
    }
    let students = students.into_iter().map(|(s, _)| s).collect();
    Ok(Ladder {
        students,
        history: records,
    })
}
