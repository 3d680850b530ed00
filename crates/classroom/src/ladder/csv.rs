//! The ladder as two CSV files for spreadsheets: a roster and a game history.
//!
//! Roster columns: `id,name,points,games,wins,draws,losses,level`. On import only `name` is
//! required and the columns may come in any order: a missing `id` column numbers the students
//! 1, 2, 3, ... in file order; missing or empty `points`, `wins`, `draws`, `losses` mean 0; a
//! missing or empty `games` means wins + draws + losses. `level` (e.g. `30级（暂定）`) is
//! written for people and ignored on import, since it follows from the points.
//!
//! History columns: `date,a_id,a_name,b_id,b_name,score_a,a_before,b_before,delta_a,delta_b,
//! a_after,b_after`, one game per line, oldest first. `score_a` is what player `a` scored
//! (1, 0.5 or 0). Names are written for people and ignored on import; `a_after`/`b_after` may be
//! left out, and are checked when present. The other columns are required.
//!
//! Text cells (names, dates) that a spreadsheet would run as a formula (`=…`, `+…`, `-…`, `@…`)
//! are written with a leading `'` and read back without it (`format::csv::spreadsheet_text`).
//!
//! Files are written with a UTF-8 byte-order mark and CRLF line ends so that Excel shows
//! Chinese names correctly; both are optional on import. Header names are matched ignoring case
//! and outer spaces; unknown columns are refused so that a misspelt header cannot lose data.

use super::build::Builder;
use super::import::{within_limit, CsvFile, ImportFile, RecordRow, StudentRow};
use super::{GameRecord, ImportError, Ladder, Location, Problem, StudentId};
use crate::points::{Points, Score};
use qitong_format::csv::{self, Record, BOM};

const ROSTER: [&str; 8] = ["id", "name", "points", "games", "wins", "draws", "losses", "level"];
const HISTORY: [&str; 12] =
    ["date", "a_id", "a_name", "b_id", "b_name", "score_a", "a_before", "b_before", "delta_a", "delta_b", "a_after", "b_after"];
const HISTORY_REQUIRED: [&str; 8] = ["date", "a_id", "b_id", "score_a", "a_before", "b_before", "delta_a", "delta_b"];

impl Ladder {
    /// The roster as CSV (see the module docs of `ladder::csv` for the columns).
    pub fn roster_csv(&self) -> String {
        let mut out = String::from(BOM);
        csv::write_record(&mut out, &ROSTER);
        for s in &self.students {
            let numbers = [s.id.0, s.games, s.wins, s.draws, s.losses].map(|n| n.to_string());
            let [id, games, wins, draws, losses] = numbers;
            let row = [id, csv::spreadsheet_text(&s.name).into_owned(), s.points.to_string(), games, wins, draws, losses, s.standing().to_zh()];
            csv::write_record(&mut out, &row);
        }
        out
    }

    /// The recorded games as CSV, oldest first.
    pub fn history_csv(&self) -> String {
        let mut out = String::from(BOM);
        csv::write_record(&mut out, &HISTORY);
        let name = |id| self.student(id).map_or(String::new(), |s| csv::spreadsheet_text(&s.name).into_owned());
        for r in &self.history {
            let row = [
                csv::spreadsheet_text(&r.date).into_owned(),
                r.a.to_string(),
                name(r.a),
                r.b.to_string(),
                name(r.b),
                r.score.to_string(),
                r.a_before.to_string(),
                r.b_before.to_string(),
                r.delta_a.to_string(),
                r.delta_b.to_string(),
                r.a_after().to_string(),
                r.b_after().to_string(),
            ];
            csv::write_record(&mut out, &row);
        }
        out
    }

    /// Reads a ladder from a roster CSV and, optionally, a history CSV (without one the
    /// history is empty), in one go ([`CsvImport`] reads them a few rows at a time).
    pub fn from_csv(roster: &str, history: Option<&str>) -> Result<Ladder, ImportError> {
        let mut import = CsvImport::new(roster.to_string(), history.map(str::to_string))?;
        loop {
            if let Some(ladder) = import.step(usize::MAX)? {
                return Ok(ladder);
            }
        }
    }

    /// Replaces this ladder with one read from CSV; on error nothing changes.
    pub fn import_csv(&mut self, roster: &str, history: Option<&str>) -> Result<(), ImportError> {
        *self = Ladder::from_csv(roster, history)?;
        Ok(())
    }
}

/// A CSV import done a few rows at a time: [`Ladder::from_csv`]'s work in steps, for a page
/// that must keep answering while it reads a big roster (280,000 names in 4 MiB took one task
/// of 0.7-1.9 s in Chromium: issue 29). Each step is a record read, a row converted or
/// checked, or one sift of a sort; the result and the error are `from_csv`'s.
pub struct CsvImport {
    roster: String,
    history: Option<String>,
    stage: Stage,
}

/// Where a [`CsvImport`] is.
enum Stage {
    /// Reading one file's records (the students read from the roster before the history's).
    Read { file: CsvFile, reader: csv::Reader, records: Vec<Record>, students: Vec<StudentRow> },
    /// Making the roster's records students.
    Roster { table: Table, records: std::vec::IntoIter<Record>, students: Vec<StudentRow> },
    /// Making the history's records games.
    History { table: Table, records: std::vec::IntoIter<Record>, students: Vec<StudentRow>, games: Vec<RecordRow> },
    /// Checking everything (`build`).
    /// (Boxed: the builder is most of the import's size.)
    Build(Box<Builder>),
}

impl CsvImport {
    /// An import of these texts, not started; a text over [`MAX_CSV_BYTES`](super::MAX_CSV_BYTES)
    /// is refused at once.
    pub fn new(roster: String, history: Option<String>) -> Result<CsvImport, ImportError> {
        within_limit(&roster, ImportFile::Csv(CsvFile::Roster))?;
        if let Some(history) = &history {
            within_limit(history, ImportFile::Csv(CsvFile::History))?;
        }
        let stage = Stage::Read { file: CsvFile::Roster, reader: csv::Reader::new(), records: Vec::new(), students: Vec::new() };
        Ok(CsvImport { roster, history, stage })
    }

    /// Does at most `budget` steps; `Some` ladder once everything is read and checked. After
    /// the ladder or an error there is nothing more to do (`Ok(None)`).
    pub fn step(&mut self, budget: usize) -> Result<Option<Ladder>, ImportError> {
        let mut budget = budget;
        while budget > 0 {
            let next = match &mut self.stage {
                Stage::Read { file, reader, records, students } => {
                    let text = match file {
                        CsvFile::Roster => self.roster.as_str(),
                        CsvFile::History => self.history.as_deref().unwrap_or_default(),
                    };
                    let file = *file;
                    if records.capacity() == 0 {
                        // In the first step, not in `new`: the page decodes the file in the task
                        // before, and counting 4 MiB of lines is a few milliseconds more.
                        *records = by_lines(text);
                    }
                    match reader.next_record(text) {
                        Some(record) => {
                            records.push(record.map_err(|error| ImportError::Csv { file, error })?);
                            budget -= 1;
                            None
                        }
                        None => {
                            let (records, students) = (core::mem::take(records), core::mem::take(students));
                            Some(table_read(file, records, students)?)
                        }
                    }
                }
                Stage::Roster { table, records, students } => match records.next() {
                    Some(record) => {
                        students.push(table.row(&record).student(students.len())?);
                        budget -= 1;
                        None
                    }
                    None => {
                        let students = core::mem::take(students);
                        Some(match self.history.is_some() {
                            true => Stage::Read { file: CsvFile::History, reader: csv::Reader::new(), records: Vec::new(), students },
                            false => Stage::Build(Box::new(Builder::new(students, Vec::new()))),
                        })
                    }
                },
                Stage::History { table, records, students, games } => match records.next() {
                    Some(record) => {
                        games.push(table.row(&record).game()?);
                        budget -= 1;
                        None
                    }
                    None => Some(Stage::Build(Box::new(Builder::new(core::mem::take(students), core::mem::take(games))))),
                },
                Stage::Build(builder) => return builder.step(budget),
            };
            if let Some(next) = next {
                self.stage = next;
            }
        }
        Ok(None)
    }
}

/// Room for a file's records, one a line: a vector grown by doubling copies itself whole at
/// each step up, 8-13 MB in one step for a 4 MiB roster's records or rows (~15 ms: issue 29).
fn by_lines(text: &str) -> Vec<Record> {
    Vec::with_capacity(text.bytes().filter(|b| *b == b'\n').count() + 1)
}

/// The stage after a file's records are read: its table checked, then its rows.
fn table_read(file: CsvFile, records: Vec<Record>, students: Vec<StudentRow>) -> Result<Stage, ImportError> {
    let (known, required): (&[&'static str], &[&'static str]) = match file {
        CsvFile::Roster => (&ROSTER, &["name"]),
        CsvFile::History => (&HISTORY, &HISTORY_REQUIRED),
    };
    let (table, records) = Table::read(records, file, known, required)?;
    Ok(match file {
        CsvFile::Roster => Stage::Roster { table, students: Vec::with_capacity(records.len()), records },
        CsvFile::History => Stage::History { table, games: Vec::with_capacity(records.len()), records, students },
    })
}

/// A CSV file's header: which known column sits at which position.
struct Table {
    file: CsvFile,
    columns: Vec<(&'static str, usize)>,
}

impl Table {
    /// The header of a file's records, checked, and the data records, each as long as it.
    fn read(
        rows: Vec<Record>,
        file: CsvFile,
        known: &[&'static str],
        required: &[&'static str],
    ) -> Result<(Table, std::vec::IntoIter<Record>), ImportError> {
        // An iterator, not `remove(0)`: no moving of 280,000 records in one step.
        let mut rows = rows.into_iter();
        let Some(header) = rows.next() else {
            return Err(ImportError::at(Location::Csv { file, line: 1, column: None }, Problem::Empty));
        };
        let at = Location::Csv { file, line: header.line, column: None };
        let mut columns: Vec<(&'static str, usize)> = Vec::new();
        for (i, title) in header.fields.iter().enumerate() {
            let title = title.trim();
            let Some(&name) = known.iter().find(|k| k.eq_ignore_ascii_case(title)) else {
                return Err(ImportError::at(at, Problem::UnknownColumn(title.to_string())));
            };
            if columns.iter().any(|(c, _)| *c == name) {
                return Err(ImportError::at(at, Problem::DuplicateColumn(title.to_string())));
            }
            columns.push((name, i));
        }
        if let Some(missing) = required.iter().find(|r| !columns.iter().any(|(c, _)| c == *r)) {
            return Err(ImportError::at(at, Problem::MissingColumn(missing)));
        }
        for row in rows.as_slice() {
            if row.fields.len() != header.fields.len() {
                let at = Location::Csv { file, line: row.line, column: None };
                let problem = Problem::FieldCount { expected: header.fields.len(), found: row.fields.len() };
                return Err(ImportError::at(at, problem));
            }
        }
        Ok((Table { file, columns }, rows))
    }

    fn row<'a>(&'a self, record: &'a Record) -> Row<'a> {
        Row { table: self, record }
    }
}

/// One data line of a [`Table`], with located, typed access by column name.
struct Row<'a> {
    table: &'a Table,
    record: &'a Record,
}

impl Row<'_> {
    /// The roster line's student; `index` is its place among the data lines (the id when the
    /// file has no id column: 1, 2, 3, ... in file order).
    fn student(&self, index: usize) -> Result<StudentRow, ImportError> {
        let id = match self.field("id") {
            Some(_) => self.required("id", id)?,
            None => StudentId(u32::try_from(index + 1).unwrap_or(u32::MAX)),
        };
        let wins = self.optional("wins", count)?.unwrap_or(0);
        let draws = self.optional("draws", count)?.unwrap_or(0);
        let losses = self.optional("losses", count)?.unwrap_or(0);
        let games = match self.optional("games", count)? {
            Some(games) => games,
            None => {
                let sum = u64::from(wins) + u64::from(draws) + u64::from(losses);
                let too_many = || ImportError::at(self.at("games"), Problem::Count(sum.to_string()));
                u32::try_from(sum).map_err(|_| too_many())?
            }
        };
        Ok(StudentRow {
            at: self.at_line(),
            id,
            name: csv::from_spreadsheet_text(self.field("name").unwrap_or_default()).to_string(),
            points: self.optional("points", points)?.unwrap_or(Points::ZERO),
            games,
            wins,
            draws,
            losses,
        })
    }

    /// The history line's game.
    fn game(&self) -> Result<RecordRow, ImportError> {
        let game = GameRecord {
            date: csv::from_spreadsheet_text(self.field("date").unwrap_or_default()).to_string(),
            a: self.required("a_id", id)?,
            b: self.required("b_id", id)?,
            score: self.required("score_a", score)?,
            a_before: self.required("a_before", points)?,
            b_before: self.required("b_before", points)?,
            delta_a: self.required("delta_a", points)?,
            delta_b: self.required("delta_b", points)?,
        };
        Ok(RecordRow { at: self.at_line(), record: game, a_after: self.optional("a_after", points)?, b_after: self.optional("b_after", points)? })
    }

    fn at_line(&self) -> Location {
        Location::Csv { file: self.table.file, line: self.record.line, column: None }
    }

    fn at(&self, column: &'static str) -> Location {
        Location::Csv { file: self.table.file, line: self.record.line, column: Some(column) }
    }

    /// The field under `column`, trimmed; `None` when the file has no such column.
    fn field(&self, column: &str) -> Option<&str> {
        let &(_, i) = self.table.columns.iter().find(|(c, _)| *c == column)?;
        self.record.fields.get(i).map(|f| f.trim())
    }

    /// Reads the field under `column` with `read`, locating its error; `None` when the file
    /// has no such column or the field is empty.
    fn optional<T>(&self, column: &'static str, read: impl FnOnce(&str) -> Result<T, Problem>) -> Result<Option<T>, ImportError> {
        match self.field(column) {
            None | Some("") => Ok(None),
            Some(text) => read(text).map(Some).map_err(|p| ImportError::at(self.at(column), p)),
        }
    }

    /// Like [`Row::optional`], but an empty field is read too (and usually refused).
    fn required<T>(&self, column: &'static str, read: impl FnOnce(&str) -> Result<T, Problem>) -> Result<T, ImportError> {
        read(self.field(column).unwrap_or_default()).map_err(|p| ImportError::at(self.at(column), p))
    }
}

fn points(text: &str) -> Result<Points, Problem> {
    text.parse().map_err(Problem::Points)
}

fn id(text: &str) -> Result<StudentId, Problem> {
    text.parse().map_err(|_| Problem::Id(text.to_string()))
}

fn count(text: &str) -> Result<u32, Problem> {
    match text.bytes().all(|b| b.is_ascii_digit()) {
        true => text.parse().map_err(|_| Problem::Count(text.to_string())),
        false => Err(Problem::Count(text.to_string())),
    }
}

fn score(text: &str) -> Result<Score, Problem> {
    text.parse().map_err(|_| Problem::Score(text.to_string()))
}
