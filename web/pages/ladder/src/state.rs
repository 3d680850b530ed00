//! What the class ladder page shows and does, without the DOM: the ladder, the record form, the
//! question being asked (undo, remove, import, fresh start), the pending game from the play page
//! and the last message. `pages::ladder::view` draws it and turns clicks into these calls.

use crate::encoding::{self, Encoding};
use crate::picked::import_limit;
use crate::store::{read_stored, PendingResult, Stored, StoredProblem};
use crate::words::LadderText;
use crate::words::{self as words, ladder_text};
use core::fmt;
use qitong_classroom::ladder::{CsvImport, GameRecord, ImportError, JsonImport, Ladder, Ranked, StudentId};
use qitong_classroom::levels::Standing;
use qitong_classroom::points::{Points, Score};
use qitong_view::lang::Lang;

/// A question waiting for the teacher's yes or no.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ask {
    Undo,
    Remove(StudentId),
    /// A file that was read without errors and would replace the ladder, and the encodings its
    /// files were read in (none when given as text).
    Import(Box<Ladder>, Vec<Encoding>),
    FreshStart,
}

/// The page's last message, shown near the top (errors as alerts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

/// The record form: White, Black and what White scored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordForm {
    pub white: Option<StudentId>,
    pub black: Option<StudentId>,
    pub score: Option<Score>,
    pub date: String,
}

/// One player's side of a game about to be recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideChange {
    pub name: String,
    pub before: Points,
    pub after: Points,
    pub from: Standing,
    pub to: Standing,
}

/// An import being read a few rows or tokens at a time ([`LadderState::continue_import`]), and
/// the encodings its files were read in.
pub struct Importing {
    import: Reading,
    read_as: Vec<Encoding>,
}

/// The files of an import being read: CSV or a JSON backup.
enum Reading {
    Csv(CsvImport),
    Json(JsonImport),
}

impl Reading {
    fn step(&mut self, budget: usize) -> Result<Option<Ladder>, ImportError> {
        match self {
            Reading::Csv(import) => import.step(budget),
            Reading::Json(import) => import.step(budget),
        }
    }
}

impl fmt::Debug for Importing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Importing").field("read_as", &self.read_as).finish_non_exhaustive()
    }
}

/// The page's state.
#[derive(Debug)]
pub struct LadderState {
    pub ladder: Ladder,
    pub lang: Lang,
    pub form: RecordForm,
    pub ask: Option<Ask>,
    pub notice: Option<Notice>,
    /// The student being renamed.
    pub renaming: Option<StudentId>,
    pub pending: Option<PendingResult>,
    /// The stored text that could not be read; while it is here nothing is saved over it.
    pub unreadable: Option<(String, StoredProblem)>,
    /// This computer's storage could not be read (blocked): nothing is saved, so that a ladder
    /// this visit cannot see is never replaced; the page says so for the whole visit.
    pub storage_refused: bool,
    /// The last write to storage failed (full or blocked): said under the title until one works.
    pub save_failing: bool,
    /// What the roster shows: a school's 2,000 students are found by name and shown a page at
    /// a time, so that every action redraws a page of rows, not the whole school.
    pub roster_view: RosterView,
    /// Every recorded game listed, or only the newest [`HISTORY_PAGE`].
    pub history_all: bool,
    /// An import still being read: a roster near the 4 MiB limit is 280,000 rows, a backup near
    /// the 8 MiB limit a million JSON tokens, read between the page's frames (issue 29).
    pub importing: Option<Importing>,
}

/// Whether `needle` is in `text`, compared byte by byte (a UTF-8 needle matches only at the
/// start of a character).
/// Not `str::contains`: its searcher is generic code compiled once more for each crate that uses
/// it, 0.8 KB of the teacher module for a name filter and a header test (docs/crates.md).
fn has_text(text: &str, needle: &str) -> bool {
    needle.is_empty() || text.as_bytes().windows(needle.len()).any(|w| w == needle.as_bytes())
}

/// The roster rows shown at first, and added by "show more".
pub const ROSTER_PAGE: usize = 100;
/// The newest games listed before "show all".
pub const HISTORY_PAGE: usize = 50;

/// The roster's filter and how many of its rows are shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RosterView {
    /// Part of a name (ignoring the case of A-Z); empty: everyone.
    pub filter: String,
    pub shown: usize,
}

impl Default for RosterView {
    fn default() -> RosterView {
        RosterView { filter: String::new(), shown: ROSTER_PAGE }
    }
}

impl LadderState {
    /// The page's state from the stored ladder and the pending result's stored text.
    pub fn open(stored: Option<&str>, pending: Option<&str>, lang: Lang, today: &str) -> LadderState {
        let (ladder, unreadable) = match read_stored(stored) {
            Stored::Nothing => (Ladder::new(), None),
            Stored::Ladder(l) => (l, None),
            Stored::Unreadable { raw, problem } => (Ladder::new(), Some((raw, problem))),
        };
        let mut state = LadderState {
            ladder,
            lang,
            form: RecordForm { date: today.to_string(), ..RecordForm::default() },
            ask: None,
            notice: None,
            renaming: None,
            pending: None,
            unreadable,
            storage_refused: false,
            save_failing: false,
            roster_view: RosterView::default(),
            history_all: false,
            importing: None,
        };
        if let Some(text) = pending {
            match PendingResult::from_json(text) {
                Ok(p) => state.take_pending(p),
                Err(_) => state.notice = Some(Notice { text: ladder_text(LadderText::PendingBad, lang).to_string(), error: true }),
            }
        }
        state
    }

    /// Whether the ladder may be written to storage (not over an unreadable stored text).
    pub fn may_save(&self) -> bool {
        self.unreadable.is_none() && !self.storage_refused
    }

    fn say(&mut self, text: String, error: bool) {
        self.notice = Some(Notice { text, error });
    }

    fn name_of(&self, id: StudentId) -> String {
        self.ladder.student(id).map_or_else(|| "?".to_string(), |s| s.name().to_string())
    }

    /// Pre-fills the form from a game played on the play page.
    pub fn take_pending(&mut self, pending: PendingResult) {
        self.form.white = self.ladder.find_by_name(&pending.white).map(|s| s.id());
        self.form.black = self.ladder.find_by_name(&pending.black).map(|s| s.id());
        self.form.score = Some(pending.score);
        self.pending = Some(pending);
    }

    /// The pending game's names that are not on the roster (non-empty ones).
    pub fn missing_names(&self) -> Vec<String> {
        let Some(p) = &self.pending else { return Vec::new() };
        [&p.white, &p.black].into_iter().filter(|n| !n.is_empty() && self.ladder.find_by_name(n).is_none()).cloned().collect()
    }

    /// Adds a student; `points` as typed (empty means 0). True when added.
    pub fn add_student(&mut self, name: &str, points: &str) -> bool {
        let points = match points.trim() {
            "" => Points::ZERO,
            text => match text.parse::<Points>() {
                Ok(p) => p,
                Err(_) => {
                    let bad = self.lang.pick("开始积分要写成数字，例如 0 或 100。", "Starting points must be a number, such as 0 or 100.");
                    self.say(bad.to_string(), true);
                    return false;
                }
            },
        };
        match self.ladder.add_student_with_points(name, points) {
            Ok(id) => {
                let name = self.name_of(id);
                self.say(words::added(&name, self.lang), false);
                // A student added for the pending game takes their place in the form.
                if let Some(p) = self.pending.clone() {
                    self.take_pending(p);
                }
                true
            }
            Err(e) => {
                self.say(words::ladder_error_text(&e, self.lang), true);
                false
            }
        }
    }

    pub fn rename(&mut self, id: StudentId, name: &str) -> bool {
        match self.ladder.rename_student(id, name) {
            Ok(()) => {
                self.renaming = None;
                self.notice = None;
                true
            }
            Err(e) => {
                self.say(words::ladder_error_text(&e, self.lang), true);
                false
            }
        }
    }

    /// Asks before removing, or says no at once when the student has games.
    pub fn ask_remove(&mut self, id: StudentId) {
        let games = self.ladder.history_of(id).count();
        if games > 0 {
            let e = qitong_classroom::ladder::LadderError::HasHistory { id, games };
            let text = format!("{}: {}", self.name_of(id), words::ladder_error_text(&e, self.lang));
            self.say(text, true);
        } else {
            self.ask = Some(Ask::Remove(id));
        }
    }

    /// What recording the form's game would change, or `None` while the form is incomplete.
    pub fn preview(&self) -> Option<[SideChange; 2]> {
        let (white, black, score) = (self.form.white?, self.form.black?, self.form.score?);
        let p = self.ladder.preview_game(white, black, score).ok()?;
        let side = |id: StudentId, before: Points, after: Points| {
            let s = self.ladder.student(id)?;
            Some(SideChange { name: s.name().to_string(), before, after, from: s.standing(), to: Standing::new(after, s.games().saturating_add(1)) })
        };
        Some([side(white, p.a_before, p.a_after)?, side(black, p.b_before, p.b_after)?])
    }

    /// Whether the form names the same student twice.
    pub fn same_student_chosen(&self) -> bool {
        self.form.white.is_some() && self.form.white == self.form.black
    }

    /// Records the form's game (White is `a`). True when recorded; the pending game is done.
    pub fn confirm_record(&mut self) -> bool {
        let (Some(white), Some(black), Some(score)) = (self.form.white, self.form.black, self.form.score) else {
            self.say(ladder_text(LadderText::RecordHint, self.lang).to_string(), true);
            return false;
        };
        let date = self.form.date.clone();
        match self.ladder.record_game(white, black, score, &date) {
            Ok(record) => {
                let record = record.clone();
                let line = self.record_line(&record);
                self.say(words::recorded(&line, self.lang), false);
                self.form = RecordForm { date, ..RecordForm::default() };
                self.pending = None;
                true
            }
            Err(e) => {
                self.say(words::ladder_error_text(&e, self.lang), true);
                false
            }
        }
    }

    /// `2026-11-30 · 小明 1-0 小红 · +10 / -10`.
    pub fn record_line(&self, r: &GameRecord) -> String {
        words::game_line(&r.date, &self.name_of(r.a), &self.name_of(r.b), r.score, r.delta_a)
    }

    /// The question for the undo button, naming the game it takes back.
    pub fn undo_question(&self) -> Option<String> {
        self.ladder.history().last().map(|r| words::undo_question(&self.record_line(r), self.lang))
    }

    pub fn undo(&mut self) -> bool {
        let line = self.ladder.history().last().map(|r| self.record_line(r));
        self.ask = None;
        match (self.ladder.undo_last(), line) {
            (Ok(_), Some(line)) => {
                self.say(words::undone(&line, self.lang), false);
                true
            }
            (Err(e), _) => {
                self.say(words::ladder_error_text(&e, self.lang), true);
                false
            }
            (Ok(_), None) => false,
        }
    }

    /// The history as lines, newest first.
    pub fn history_lines(&self) -> Vec<String> {
        let shown = if self.history_all { usize::MAX } else { HISTORY_PAGE };
        self.ladder.history().iter().rev().take(shown).map(|r| self.record_line(r)).collect()
    }

    /// The standings rows the roster shows (by rank, filtered), and how many match in all.
    pub fn roster_rows(&self) -> (Vec<Ranked<'_>>, usize) {
        let needle = self.roster_view.filter.trim().to_ascii_lowercase();
        let matching: Vec<Ranked<'_>> =
            self.ladder.standings().into_iter().filter(|r| needle.is_empty() || has_text(&r.student.name().to_ascii_lowercase(), &needle)).collect();
        let all = matching.len();
        (matching.into_iter().take(self.roster_view.shown).collect(), all)
    }

    /// Reads imported files: one JSON, or a roster CSV and an optional games CSV (told apart by
    /// their header). On success the teacher is asked before anything is replaced; on failure
    /// the message says why and the ladder is untouched. All in one go (the page reads in
    /// steps: [`LadderState::start_import`]).
    pub fn read_import(&mut self, files: &[(String, String)]) {
        self.start_import(files.to_vec(), Vec::new());
        while self.continue_import(usize::MAX) {}
    }

    /// Starts reading imported files (see [`LadderState::read_import`]), which
    /// [`LadderState::continue_import`] reads on.
    pub fn start_import(&mut self, files: Vec<(String, String)>, read_as: Vec<Encoding>) {
        self.ask = None;
        self.importing = None;
        let lang = self.lang;
        let is = |name: &str, ext: &str| name.to_ascii_lowercase().ends_with(ext);
        let said = |e: ImportError| words::import_error_text(&e, lang);
        let csv = |roster: String, history: Option<String>| CsvImport::new(roster, history).map(Reading::Csv).map_err(said);
        let started = if files.len() == 1 && is(&files[0].0, ".json") {
            files.into_iter().next().map_or_else(|| Err(String::new()), |(_, text)| JsonImport::new(text).map(Reading::Json).map_err(said))
        } else if files.len() == 1 && is(&files[0].0, ".csv") {
            files.into_iter().next().map_or_else(|| Err(String::new()), |(_, text)| csv(text, None))
        } else if files.len() == 2 && files.iter().all(|(n, _)| is(n, ".csv")) {
            let is_history = |text: &str| has_text(&text[..text.bytes().position(|b| b == b'\n').unwrap_or(text.len())].to_ascii_lowercase(), "a_id");
            let (mut roster, mut history): (Vec<_>, Vec<_>) = files.into_iter().partition(|(_, t)| !is_history(t));
            match (roster.pop(), history.pop()) {
                (Some((_, roster)), Some((_, history))) => csv(roster, Some(history)),
                _ => Err(ladder_text(LadderText::ImportTwoRosters, lang).to_string()),
            }
        } else {
            Err(ladder_text(LadderText::ImportKind, lang).to_string())
        };
        match started {
            Ok(import) => self.importing = Some(Importing { import, read_as }),
            Err(why) => self.finish_import(Err(why), read_as),
        }
    }

    /// Reads on in the import being read, at most `budget` rows, tokens or sifts of a sort;
    /// whether there is more to read. At its end the teacher is asked, or told why not.
    pub fn continue_import(&mut self, budget: usize) -> bool {
        let Some(importing) = &mut self.importing else { return false };
        let read = match importing.import.step(budget) {
            Ok(None) => return true,
            Ok(Some(ladder)) => Ok(ladder),
            Err(e) => Err(words::import_error_text(&e, self.lang)),
        };
        let read_as = self.importing.take().map(|i| i.read_as).unwrap_or_default();
        self.finish_import(read, read_as);
        false
    }

    fn finish_import(&mut self, read: Result<Ladder, String>, read_as: Vec<Encoding>) {
        match read {
            Ok(ladder) => {
                // The "reading the file" message said while it was read.
                self.notice = None;
                self.ask = Some(Ask::Import(Box::new(ladder), read_as));
            }
            Err(why) => self.say(format!("{} {why}", ladder_text(LadderText::ImportFailed, self.lang)), true),
        }
    }

    /// Reads imported files from their bytes, in one go: [`LadderState::start_import_bytes`],
    /// then every step.
    pub fn read_import_bytes(&mut self, files: &[(String, Vec<u8>)], gb18030: impl Fn(&[u8]) -> Option<String>) {
        self.start_import_bytes(files, gb18030);
        while self.continue_import(usize::MAX) {}
    }

    /// Starts reading imported files from their bytes: each in the encoding that reads it
    /// cleanly (`encoding::decode`; `gb18030` is the browser's strict decoder), then as
    /// [`LadderState::start_import`]. A file over the limit or whose text cannot be read is
    /// refused by name, and nothing changes.
    pub fn start_import_bytes(&mut self, files: &[(String, Vec<u8>)], gb18030: impl Fn(&[u8]) -> Option<String>) {
        self.ask = None;
        self.importing = None;
        let lang = self.lang;
        let mut texts = Vec::with_capacity(files.len());
        let mut encodings = Vec::new();
        for (name, bytes) in files {
            let refused = if bytes.len() > import_limit(name) {
                Some(words::too_large(name, bytes.len() as f64, lang))
            } else {
                match encoding::decode(bytes, &gb18030) {
                    Some((text, read_as)) => {
                        texts.push((name.clone(), text));
                        encodings.push(read_as);
                        None
                    }
                    None => Some(words::unreadable_text(name, lang)),
                }
            };
            if let Some(why) = refused {
                self.say(format!("{} {why}", ladder_text(LadderText::ImportFailed, lang)), true);
                return;
            }
        }
        encodings.dedup();
        self.start_import(texts, encodings);
    }

    /// The question of a read import: what the file holds, which encoding it was read in and
    /// what it replaces.
    pub fn import_question(&self) -> Option<String> {
        match &self.ask {
            Some(Ask::Import(new, read_as)) => {
                let question = words::import_question(
                    new.students().len(),
                    new.history().len(),
                    self.ladder.students().len(),
                    self.ladder.history().len(),
                    self.lang,
                );
                match read_as.is_empty() {
                    true => Some(question),
                    false => Some(format!("{}{}{question}", words::read_as(read_as, self.lang), self.lang.pick("", " "))),
                }
            }
            _ => None,
        }
    }

    /// The names of a read import, for the teacher to see before saying yes: the first
    /// `shown` in file order and the count of the rest.
    pub fn import_names(&self, shown: usize) -> Option<String> {
        let Some(Ask::Import(new, _)) = &self.ask else { return None };
        let names: Vec<&str> = new.students().iter().take(shown).map(|s| s.name()).collect();
        Some(words::import_names(&names, new.students().len(), self.lang))
    }

    /// Answers the question being asked.
    pub fn answer(&mut self, yes: bool) {
        let Some(ask) = self.ask.take() else { return };
        if !yes {
            return;
        }
        match ask {
            Ask::Undo => {
                self.undo();
            }
            Ask::Remove(id) => match self.ladder.remove_student(id) {
                Ok(s) => {
                    self.form.white = self.form.white.filter(|w| *w != id);
                    self.form.black = self.form.black.filter(|b| *b != id);
                    self.say(words::removed(s.name(), self.lang), false);
                }
                Err(e) => self.say(words::ladder_error_text(&e, self.lang), true),
            },
            Ask::Import(new, _) => {
                let (students, games) = (new.students().len(), new.history().len());
                self.ladder = *new;
                self.form = RecordForm { date: self.form.date.clone(), ..RecordForm::default() };
                if let Some(p) = self.pending.clone() {
                    self.take_pending(p);
                }
                self.say(words::imported(students, games, self.lang), false);
            }
            Ask::FreshStart => {
                self.ladder = Ladder::new();
                self.unreadable = None;
                self.notice = None;
            }
        }
    }

    /// Drops the pending game without recording it.
    pub fn dismiss_pending(&mut self) {
        self.pending = None;
        self.form = RecordForm { date: self.form.date.clone(), ..RecordForm::default() };
    }
}

#[cfg(test)]
mod tests;
