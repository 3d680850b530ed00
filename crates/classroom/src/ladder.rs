//! The class ladder: a roster of students with their points, and the ledger of recorded games.
//!
//! Recording a game applies the handout's points table ([`award`]); the last record can be
//! undone exactly. A student who has played a recorded game cannot be removed: the other
//! players' points came from those games, and undo needs both players. Rename them instead,
//! or import a fresh ladder. Ids are stable for as long as a student exists; a new student gets
//! the largest id in use plus one.
//!
//! The ladder is exported and imported as JSON (everything, losslessly) and as CSV (a roster
//! file and a history file); see [`Ladder::to_json`] and [`Ladder::roster_csv`]. Imports are
//! atomic: on any error the ladder is unchanged.
//!
//! ```
//! use qitong_classroom::ladder::Ladder;
//! use qitong_classroom::points::{Points, Score};
//!
//! let mut ladder = Ladder::new();
//! let ming = ladder.add_student("小明").unwrap();
//! let hong = ladder.add_student("小红").unwrap();
//! let preview = ladder.preview_game(ming, hong, Score::Win).unwrap();
//! assert_eq!(preview.a_after, Points::from_whole(10));
//! ladder.record_game(ming, hong, Score::Win, "2026-12-01").unwrap();
//! assert_eq!(ladder.student(hong).unwrap().points(), Points::from_whole(-10));
//! ladder.undo_last().unwrap();
//! assert_eq!(ladder.student(hong).unwrap().points(), Points::ZERO);
//! let copy = Ladder::from_json(&ladder.to_json()).unwrap();
//! assert_eq!(copy, ladder);
//! ```

mod build;
mod csv;
mod import;
mod json;
mod names;

pub use csv::CsvImport;
pub use import::{size_in_words, CsvFile, ImportError, ImportFile, Location, Problem, MAX_CSV_BYTES, MAX_JSON_BYTES};
pub use json::JsonImport;
use names::push_name_key;
pub use names::{look_alike, name_key, same_name, LookAlike};

use super::award::{award, Award};
use super::levels::Standing;
use super::points::{Points, Score};
use core::fmt;
use core::str::FromStr;

/// Longest accepted name, in characters.
pub const MAX_NAME_CHARS: usize = 40;
/// Longest accepted date text, in characters.
pub const MAX_DATE_CHARS: usize = 32;
/// The browser storage key under which the play page leaves a finished game for the class ladder
/// page to record (`{"version":1,"white":"小明","black":"小红","result":"1-0","pgn":"..."}`): here,
/// below both pages, so that neither depends on the other.
pub const PENDING_KEY: &str = "qitong-ladder-pending";
/// The version of that record, written by the play page and read by the ladder page.
pub const PENDING_VERSION: u64 = 1;

/// A student's id in a ladder: a positive number that never changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StudentId(u32);

impl StudentId {
    /// `Some` for a positive number.
    pub const fn new(n: u32) -> Option<StudentId> {
        if n == 0 {
            None
        } else {
            Some(StudentId(n))
        }
    }

    /// The number.
    pub const fn get(self) -> u32 {
        self.0
    }
}

impl fmt::Display for StudentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for StudentId {
    type Err = LadderError;
    /// Plain decimal digits, `1` or more.
    fn from_str(s: &str) -> Result<StudentId, LadderError> {
        let bad = || LadderError::InvalidId(s.to_string());
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        s.parse().ok().and_then(StudentId::new).ok_or_else(bad)
    }
}

/// One student on the roster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Student {
    id: StudentId,
    name: String,
    points: Points,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
}

impl Student {
    pub fn id(&self) -> StudentId {
        self.id
    }
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Current total.
    pub fn points(&self) -> Points {
        self.points
    }
    /// Games played. May exceed wins + draws + losses when a roster was imported with games
    /// played before the ladder kept results.
    pub fn games(&self) -> u32 {
        self.games
    }
    pub fn wins(&self) -> u32 {
        self.wins
    }
    pub fn draws(&self) -> u32 {
        self.draws
    }
    pub fn losses(&self) -> u32 {
        self.losses
    }
    /// Level and whether it is still provisional.
    pub fn standing(&self) -> Standing {
        Standing::new(self.points, self.games)
    }
}

/// One recorded game. `a_before + delta_a` is `a`'s total afterwards, and `delta_b = -delta_a`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// Free text given when recording, usually `YYYY-MM-DD`; not interpreted.
    pub date: String,
    pub a: StudentId,
    pub b: StudentId,
    /// What `a` scored.
    pub score: Score,
    pub a_before: Points,
    pub b_before: Points,
    pub delta_a: Points,
    pub delta_b: Points,
}

impl GameRecord {
    pub fn a_after(&self) -> Points {
        self.a_before + self.delta_a
    }
    pub fn b_after(&self) -> Points {
        self.b_before + self.delta_b
    }
    /// Whether `id` played in this game.
    pub fn involves(&self, id: StudentId) -> bool {
        self.a == id || self.b == id
    }
}

/// What recording a game would do, computed without changing anything.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GamePreview {
    pub a: StudentId,
    pub b: StudentId,
    pub score: Score,
    /// The table cell, the exact and the rounded award, the deltas.
    pub award: Award,
    pub a_before: Points,
    pub b_before: Points,
    pub a_after: Points,
    pub b_after: Points,
}

/// A student's place in the standings; equal totals share a rank (1, 2, 2, 4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ranked<'a> {
    pub rank: usize,
    pub student: &'a Student,
}

/// Why a ladder operation was refused. Nothing changes when an operation fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LadderError {
    UnknownStudent(StudentId),
    /// A game needs two different students.
    SameStudent(StudentId),
    /// Another student already has this name (compared ignoring case and outer spaces).
    DuplicateName(String),
    /// Another student's name looks the same although it is written differently (an invisible
    /// character, full-width letters, an accent written apart: [`same_name`]).
    LookAlikeName {
        existing: String,
        how: LookAlike,
    },
    /// The name holds U+FFFD, what a program shows for text it could not read: the file was
    /// saved in an encoding that was not the one read.
    UnreadableCharacter,
    EmptyName,
    NameTooLong,
    /// Names and dates may not contain line breaks, tabs or other control characters, nor the
    /// text-direction controls that make a name show other than it is (U+202E …).
    ControlCharacter,
    DateTooLong,
    /// Students with recorded games cannot be removed.
    HasHistory {
        id: StudentId,
        games: usize,
    },
    NoGameToUndo,
    /// All ids up to `u32::MAX` are taken.
    NoFreeId,
    InvalidId(String),
}

impl LadderError {
    /// A stable machine-readable code, e.g. for a JavaScript `Error.code`.
    pub fn code(&self) -> &'static str {
        match self {
            LadderError::UnknownStudent(_) => "ladder-unknown-student",
            LadderError::SameStudent(_) => "ladder-same-student",
            LadderError::DuplicateName(_) => "ladder-duplicate-name",
            LadderError::LookAlikeName { .. } => "ladder-look-alike-name",
            LadderError::UnreadableCharacter => "ladder-unreadable-character",
            LadderError::EmptyName => "ladder-empty-name",
            LadderError::NameTooLong => "ladder-name-too-long",
            LadderError::ControlCharacter => "ladder-control-character",
            LadderError::DateTooLong => "ladder-date-too-long",
            LadderError::HasHistory { .. } => "ladder-has-history",
            LadderError::NoGameToUndo => "ladder-nothing-to-undo",
            LadderError::NoFreeId => "ladder-no-free-id",
            LadderError::InvalidId(_) => "ladder-invalid-id",
        }
    }
}

impl fmt::Display for LadderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LadderError::UnknownStudent(id) => write!(f, "there is no student with id {id}"),
            LadderError::SameStudent(id) => {
                write!(f, "a game needs two different students (both are {id})")
            }
            LadderError::DuplicateName(n) => write!(f, "there is already a student named {n:?}"),
            LadderError::LookAlikeName { existing, how } => {
                write!(f, "the name looks the same as {existing:?}, already on the roster ({how})")
            }
            LadderError::UnreadableCharacter => {
                f.write_str("the name contains \u{FFFD}, a character that could not be read (was the file saved in another encoding?)")
            }
            LadderError::EmptyName => f.write_str("the name is empty"),
            LadderError::NameTooLong => {
                write!(f, "the name is longer than {MAX_NAME_CHARS} characters")
            }
            LadderError::ControlCharacter => f.write_str("line breaks, tabs, control characters and text-direction characters are not allowed"),
            LadderError::DateTooLong => {
                write!(f, "the date is longer than {MAX_DATE_CHARS} characters")
            }
            LadderError::HasHistory { id, games } => write!(f, "student {id} has {games} recorded games and cannot be removed (rename instead)"),
            LadderError::NoGameToUndo => f.write_str("there is no recorded game to undo"),
            LadderError::NoFreeId => f.write_str("no student id is left"),
            LadderError::InvalidId(s) => write!(f, "{s:?} is not a student id (1, 2, 3, ...)"),
        }
    }
}

impl std::error::Error for LadderError {}

/// Trims and checks a name.
pub(crate) fn clean_name(name: &str) -> Result<&str, LadderError> {
    let name = name.trim();
    if name.is_empty() {
        Err(LadderError::EmptyName)
    } else if name.chars().count() > MAX_NAME_CHARS {
        Err(LadderError::NameTooLong)
    } else if name.chars().any(not_allowed_in_text) {
        Err(LadderError::ControlCharacter)
    } else if name.contains('\u{FFFD}') {
        Err(LadderError::UnreadableCharacter)
    } else {
        Ok(name)
    }
}

/// Trims and checks a date text (which may be empty).
pub(crate) fn clean_date(date: &str) -> Result<&str, LadderError> {
    let date = date.trim();
    if date.chars().count() > MAX_DATE_CHARS {
        Err(LadderError::DateTooLong)
    } else if date.chars().any(not_allowed_in_text) {
        Err(LadderError::ControlCharacter)
    } else {
        Ok(date)
    }
}

/// Control characters, and the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
/// U+2066-U+2069), with which `abc\u{202E}gpj` shows as `abcjpg`: a roster must show names as
/// they are.
fn not_allowed_in_text(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The class's roster and ledger.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ladder {
    /// Sorted by id.
    students: Vec<Student>,
    /// Oldest first.
    history: Vec<GameRecord>,
}

impl Ladder {
    /// An empty ladder.
    pub fn new() -> Ladder {
        Ladder::default()
    }

    /// All students, by id.
    pub fn students(&self) -> &[Student] {
        &self.students
    }

    pub fn student(&self, id: StudentId) -> Option<&Student> {
        self.index_of(id).ok().map(|i| &self.students[i])
    }

    /// The student with this name (ignoring case, outer spaces and what [`same_name`] ignores).
    pub fn find_by_name(&self, name: &str) -> Option<&Student> {
        let key = name_key(name.trim());
        self.students.iter().find(|s| name_key(&s.name) == key)
    }

    /// Recorded games, oldest first.
    pub fn history(&self) -> &[GameRecord] {
        &self.history
    }

    /// The recorded games of one student, oldest first.
    pub fn history_of(&self, id: StudentId) -> impl Iterator<Item = &GameRecord> + '_ {
        self.history.iter().filter(move |r| r.involves(id))
    }

    fn index_of(&self, id: StudentId) -> Result<usize, LadderError> {
        self.students.binary_search_by_key(&id, |s| s.id).map_err(|_| LadderError::UnknownStudent(id))
    }

    fn check_unique(&self, name: &str, except: Option<StudentId>) -> Result<(), LadderError> {
        match self.students.iter().find(|s| Some(s.id) != except && same_name(&s.name, name)) {
            Some(s) => Err(match look_alike(&s.name, name).filter(|how| *how != LookAlike::Case) {
                Some(how) => LadderError::LookAlikeName { existing: s.name.clone(), how },
                None => LadderError::DuplicateName(s.name.clone()),
            }),
            None => Ok(()),
        }
    }

    /// Adds a student with 0 points and no games; the name is trimmed.
    pub fn add_student(&mut self, name: &str) -> Result<StudentId, LadderError> {
        self.add_student_with_points(name, Points::ZERO)
    }

    /// Adds a student who joins with points from before the ladder (the handout starts everyone
    /// at 0; a student who already has a level starts at that level's points) and no games.
    pub fn add_student_with_points(&mut self, name: &str, points: Points) -> Result<StudentId, LadderError> {
        let name = clean_name(name)?;
        self.check_unique(name, None)?;
        let next = self.students.last().map_or(Some(1), |s| s.id.0.checked_add(1));
        let id = StudentId(next.ok_or(LadderError::NoFreeId)?);
        self.students.push(Student { id, name: name.to_string(), points, games: 0, wins: 0, draws: 0, losses: 0 });
        Ok(id)
    }

    /// Changes a student's name (the id, points and history stay).
    pub fn rename_student(&mut self, id: StudentId, name: &str) -> Result<(), LadderError> {
        let i = self.index_of(id)?;
        let name = clean_name(name)?;
        self.check_unique(name, Some(id))?;
        self.students[i].name = name.to_string();
        Ok(())
    }

    /// Removes a student who has no recorded games, and returns them.
    pub fn remove_student(&mut self, id: StudentId) -> Result<Student, LadderError> {
        let i = self.index_of(id)?;
        let games = self.history_of(id).count();
        if games > 0 {
            return Err(LadderError::HasHistory { id, games });
        }
        Ok(self.students.remove(i))
    }

    /// What a game between `a` and `b` in which `a` scored `score_a` would change.
    pub fn preview_game(&self, a: StudentId, b: StudentId, score_a: Score) -> Result<GamePreview, LadderError> {
        let (ia, ib) = (self.index_of(a)?, self.index_of(b)?);
        if a == b {
            return Err(LadderError::SameStudent(a));
        }
        let (a_before, b_before) = (self.students[ia].points, self.students[ib].points);
        let award = award(a_before, b_before, score_a);
        Ok(GamePreview { a, b, score: score_a, award, a_before, b_before, a_after: a_before + award.delta_a, b_after: b_before + award.delta_b })
    }

    /// Records a game: updates both totals and counters and appends it to the history.
    pub fn record_game(&mut self, a: StudentId, b: StudentId, score_a: Score, date: &str) -> Result<&GameRecord, LadderError> {
        let date = clean_date(date)?;
        let preview = self.preview_game(a, b, score_a)?;
        let record = GameRecord {
            date: date.to_string(),
            a,
            b,
            score: score_a,
            a_before: preview.a_before,
            b_before: preview.b_before,
            delta_a: preview.award.delta_a,
            delta_b: preview.award.delta_b,
        };
        self.apply(&record, 1);
        self.history.push(record);
        Ok(&self.history[self.history.len() - 1])
    }

    /// Removes the last recorded game and restores both players exactly as they were before it.
    pub fn undo_last(&mut self) -> Result<GameRecord, LadderError> {
        let record = self.history.pop().ok_or(LadderError::NoGameToUndo)?;
        self.apply(&record, -1);
        Ok(record)
    }

    /// Applies (`direction` 1) or reverts (−1) a record's effect on its two players. Both
    /// exist: records are only created for existing students, and students with records
    /// cannot be removed (imports check the same).
    fn apply(&mut self, record: &GameRecord, direction: i8) {
        let sides =
            [(record.a, record.score, record.a_before, record.a_after()), (record.b, record.score.opponent(), record.b_before, record.b_after())];
        for (id, score, before, after) in sides {
            let Ok(i) = self.index_of(id) else { continue };
            let s = &mut self.students[i];
            let counter = match score {
                Score::Win => &mut s.wins,
                Score::Draw => &mut s.draws,
                Score::Loss => &mut s.losses,
            };
            if direction > 0 {
                *counter = counter.saturating_add(1);
                s.games = s.games.saturating_add(1);
                s.points = after;
            } else {
                *counter = counter.saturating_sub(1);
                s.games = s.games.saturating_sub(1);
                s.points = before;
            }
        }
    }

    /// Students by points (highest first), then by name, then id; equal totals share a rank.
    pub fn standings(&self) -> Vec<Ranked<'_>> {
        let mut order: Vec<&Student> = self.students.iter().collect();
        // Highest points first, then name, then id: a total order, so the sort needs no stability.
        qitong_rules::sort::sort_by(&mut order, |x, y| (y.points, &x.name, x.id) < (x.points, &y.name, y.id));
        let mut ranked: Vec<Ranked<'_>> = Vec::with_capacity(order.len());
        for (i, student) in order.into_iter().enumerate() {
            let rank = match ranked.last() {
                Some(prev) if prev.student.points == student.points => prev.rank,
                _ => i + 1,
            };
            ranked.push(Ranked { rank, student });
        }
        ranked
    }
}

#[cfg(test)]
mod tests;
