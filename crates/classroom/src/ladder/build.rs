//! The checks every imported ladder passes before it replaces the old one, done a few rows at a
//! time: the ladder page reads a roster of 280,000 names (its 4 MiB limit) in steps of a few
//! milliseconds, so that the page keeps answering (issue 29), while `from_csv` and `from_json`
//! run the same steps in one go.
//!
//! Sorting keeps every check near-linear, so a huge hostile file is refused or accepted quickly;
//! the order of the checks, and so which of several problems is reported, is the file's. Every
//! pass over all the students is cut into steps too (the scans for a repeated id or name, the
//! totals), and the names' comparison keys live in one buffer: 280,000 keys of their own were
//! 280,000 frees in one step at the end, which with the scan made tasks of 103-109 ms.

use super::import::{ImportError, Location, Problem, RecordRow, StudentRow};
use super::{clean_date, clean_name, look_alike, push_name_key, GameRecord, Ladder, LookAlike, Student, StudentId};
use crate::award::award;
use crate::points::{Points, Score};
use qitong_rules::sort::Heapsort;

/// What the builder does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Names cleaned and counters checked, row by row.
    Students,
    /// The ids sorted (only when the file does not list them in order), then scanned for one
    /// used twice.
    SortIds,
    ScanIds,
    /// Each name's comparison key (`name_key`), sorted, then scanned for one used twice.
    Names,
    SortNames,
    ScanNames,
    /// The students put in id order (only when the file does not list them so).
    SortStudents,
    /// Each game checked against the points table and its players' previous games.
    History,
    /// Each student's totals checked against their last game, and moved into the ladder.
    Totals,
    Done,
}

/// An import's checks, part done.
pub(super) struct Builder {
    rows: std::vec::IntoIter<StudentRow>,
    history: std::vec::IntoIter<RecordRow>,
    students: Vec<(Student, Location)>,
    stage: Stage,
    ids_ascending: bool,
    ids: Vec<(StudentId, usize)>,
    /// Each student's name key as its place in `keys`, and the student's place in the file.
    names: Vec<(u32, u32, usize)>,
    /// The name keys, one after another.
    keys: String,
    sort: Heapsort,
    /// The next pair of neighbours a scan compares, and the first repeat it found so far (as
    /// (earlier, later) places in the file).
    scan: usize,
    repeat: Option<(usize, usize)>,
    /// Per student (same order as `students`): total after their latest recorded game, and
    /// their losses, draws and wins in the history.
    last: Vec<Option<(Points, [u32; 3])>>,
    records: Vec<GameRecord>,
    /// The students checked by `Totals`, in id order, and those still to check.
    done: Vec<Student>,
    checking: std::vec::IntoIter<(Student, Location)>,
}

/// Scans at most `budget` neighbours of a sorted list of `len` items from `*at` for equal ones
/// (`same(i)` compares items `i - 1` and `i`), keeping in `repeat` the pair (earlier, later in
/// the file) whose later one comes first in the file; true when the list is scanned to its end.
fn scan(len: usize, at: &mut usize, budget: usize, repeat: &mut Option<(usize, usize)>, same: &dyn Fn(usize) -> Option<(usize, usize)>) -> bool {
    let end = len.min(at.saturating_add(budget).saturating_add(1));
    for i in *at + 1..end {
        if let Some(found) = same(i) {
            if repeat.is_none_or(|(_, later)| found.1 < later) {
                *repeat = Some(found);
            }
        }
    }
    *at = end.saturating_sub(1).max(*at);
    end >= len
}

impl Builder {
    pub(super) fn new(rows: Vec<StudentRow>, history: Vec<RecordRow>) -> Builder {
        Builder {
            students: Vec::with_capacity(rows.len()),
            records: Vec::with_capacity(history.len()),
            rows: rows.into_iter(),
            history: history.into_iter(),
            stage: Stage::Students,
            ids_ascending: true,
            ids: Vec::new(),
            names: Vec::new(),
            keys: String::new(),
            sort: Heapsort::new(0),
            scan: 0,
            repeat: None,
            last: Vec::new(),
            done: Vec::new(),
            checking: Vec::new().into_iter(),
        }
    }

    /// Does at most `budget` steps (a row, a name or one sift of a sort each); the ladder once
    /// everything is checked. After the ladder or an error it has nothing more to do.
    pub(super) fn step(&mut self, budget: usize) -> Result<Option<Ladder>, ImportError> {
        let mut budget = budget;
        while budget > 0 {
            budget -= 1;
            match self.stage {
                Stage::Students => match self.rows.next() {
                    Some(row) => self.student(row)?,
                    None => self.ids_checked(),
                },
                Stage::SortIds => {
                    if self.sort.step(&mut self.ids, budget + 1, |a, b| a < b) {
                        self.start_scan(Stage::ScanIds);
                    }
                    budget = 0;
                }
                Stage::ScanIds => {
                    let ids = &self.ids;
                    let same = |i: usize| (ids[i - 1].0 == ids[i].0).then_some((ids[i - 1].1, ids[i].1));
                    if scan(ids.len(), &mut self.scan, budget + 1, &mut self.repeat, &same) {
                        self.ids_scanned()?;
                    }
                    budget = 0;
                }
                Stage::Names => match self.students.get(self.names.len()) {
                    Some((student, _)) => {
                        let start = self.keys.len();
                        push_name_key(&student.name, &mut self.keys);
                        // Keys stay far below 4 GiB: 4 MiB of names folded (an accent adds a mark).
                        let place = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
                        self.names.push((place(start), place(self.keys.len()), self.names.len()));
                    }
                    None => self.start_sort(Stage::SortNames, self.names.len()),
                },
                Stage::SortNames => {
                    let keys = &self.keys;
                    let key = |&(start, end, _): &(u32, u32, usize)| keys.get(start as usize..end as usize).unwrap_or_default();
                    if self.sort.step(&mut self.names, budget + 1, |a, b| (key(a), a.2) < (key(b), b.2)) {
                        self.start_scan(Stage::ScanNames);
                    }
                    budget = 0;
                }
                Stage::ScanNames => {
                    let keys = &self.keys;
                    let key = |&(start, end, _): &(u32, u32, usize)| keys.get(start as usize..end as usize).unwrap_or_default();
                    let names = &self.names;
                    let same = |i: usize| (key(&names[i - 1]) == key(&names[i])).then_some((names[i - 1].2, names[i].2));
                    if scan(names.len(), &mut self.scan, budget + 1, &mut self.repeat, &same) {
                        self.names_scanned()?;
                    }
                    budget = 0;
                }
                Stage::SortStudents => {
                    if self.sort.step(&mut self.students, budget + 1, |a, b| a.0.id < b.0.id) {
                        self.stage = Stage::History;
                    }
                    budget = 0;
                }
                Stage::History => match self.history.next() {
                    Some(row) => self.record(row)?,
                    None => self.start_totals(),
                },
                Stage::Totals => match self.checking.next() {
                    Some((student, at)) => self.total(student, at)?,
                    None => {
                        self.stage = Stage::Done;
                        return Ok(Some(Ladder { students: core::mem::take(&mut self.done), history: core::mem::take(&mut self.records) }));
                    }
                },
                Stage::Done => return Ok(None),
            }
        }
        Ok(None)
    }

    fn start_sort(&mut self, stage: Stage, len: usize) {
        self.sort = Heapsort::new(len);
        self.stage = stage;
    }

    /// Room for every name's key at once (a vector grown by doubling copies itself whole).
    fn start_names(&mut self) {
        self.names = Vec::with_capacity(self.students.len());
        self.keys = String::with_capacity(self.students.iter().map(|(s, _)| s.name.len()).sum());
        self.stage = Stage::Names;
    }

    fn start_scan(&mut self, stage: Stage) {
        (self.scan, self.repeat) = (0, None);
        self.stage = stage;
    }

    fn student(&mut self, row: StudentRow) -> Result<(), ImportError> {
        let name = clean_name(&row.name).map_err(|e| ImportError::at(row.at.field("name"), Problem::Name(e)))?;
        let results = u64::from(row.wins) + u64::from(row.draws) + u64::from(row.losses);
        if results > u64::from(row.games) {
            let problem = Problem::CountsExceedGames { results, games: row.games };
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
        self.students.push((student, row.at));
        Ok(())
    }

    /// Files list students by id (exports do, and a roster without ids is numbered in file
    /// order): then there is no duplicate id and nothing to sort, which for a big file is most
    /// of the work (heap sorts of ~100-byte rows; issue 29).
    fn ids_checked(&mut self) {
        self.ids_ascending = self.students.windows(2).all(|w| w[0].0.id < w[1].0.id);
        match self.ids_ascending {
            true => self.start_names(),
            false => {
                self.ids = self.students.iter().enumerate().map(|(i, (s, _))| (s.id, i)).collect();
                self.start_sort(Stage::SortIds, self.ids.len());
            }
        }
    }

    fn ids_scanned(&mut self) -> Result<(), ImportError> {
        if let Some((_, later)) = self.repeat {
            let (student, at) = &self.students[later];
            return Err(ImportError::at(at.field("id"), Problem::DuplicateId(student.id)));
        }
        self.ids = Vec::new();
        self.start_names();
        Ok(())
    }

    /// Names count as equal as a reader sees them (`same_name`).
    fn names_scanned(&mut self) -> Result<(), ImportError> {
        if let Some((earlier, later)) = self.repeat {
            let ((student, at), (first, first_at)) = (&self.students[later], &self.students[earlier]);
            let problem = match look_alike(&first.name, &student.name).filter(|how| *how != LookAlike::Case) {
                Some(how) => Problem::LookAlikeName { name: student.name.clone(), other: first.name.clone(), other_at: first_at.field("name"), how },
                None => Problem::DuplicateName(student.name.clone()),
            };
            return Err(ImportError::at(at.field("name"), problem));
        }
        // Two frees, whatever the number of names.
        (self.names, self.keys) = (Vec::new(), String::new());
        self.last = vec![None; self.students.len()];
        match self.ids_ascending {
            true => self.stage = Stage::History,
            false => self.start_sort(Stage::SortStudents, self.students.len()),
        }
        Ok(())
    }

    fn record(&mut self, row: RecordRow) -> Result<(), ImportError> {
        let RecordRow { at, mut record, a_after, b_after } = row;
        record.date = clean_date(&record.date).map_err(|e| ImportError::at(at.field("date"), Problem::Date(e)))?.to_string();
        let students = &self.students;
        let find = |id: StudentId, field| {
            students.binary_search_by_key(&id, |(s, _)| s.id).map_err(|_| ImportError::at(at.field(field), Problem::UnknownStudent(id)))
        };
        let (ia, ib) = (find(record.a, "a")?, find(record.b, "b")?);
        if ia == ib {
            return Err(ImportError::at(at.field("b"), Problem::SameStudent(record.b)));
        }
        let expected = award(record.a_before, record.b_before, record.score);
        for (found, wanted, field) in [(record.delta_a, expected.delta_a, "delta_a"), (record.delta_b, expected.delta_b, "delta_b")] {
            if found != wanted {
                return Err(ImportError::at(at.field(field), Problem::WrongDelta { expected: wanted, found }));
            }
        }
        for (found, wanted, field) in [(a_after, record.a_after(), "a_after"), (b_after, record.b_after(), "b_after")] {
            if let Some(found) = found.filter(|f| *f != wanted) {
                return Err(ImportError::at(at.field(field), Problem::WrongAfter { expected: wanted, found }));
            }
        }
        let sides = [
            (ia, record.a_before, record.a_after(), record.score, "a_before"),
            (ib, record.b_before, record.b_after(), record.score.opponent(), "b_before"),
        ];
        for (i, before, after, score, field) in sides {
            let (previous_after, counts) = self.last[i].get_or_insert((before, [0; 3]));
            if *previous_after != before {
                let id = students[i].0.id;
                let problem = Problem::BrokenChain { id, previous_after: *previous_after, before };
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
        self.records.push(record);
        Ok(())
    }

    fn start_totals(&mut self) {
        self.done = Vec::with_capacity(self.students.len());
        self.checking = core::mem::take(&mut self.students).into_iter();
        self.stage = Stage::Totals;
    }

    /// A student's totals against where their last recorded game left them.
    fn total(&mut self, student: Student, at: Location) -> Result<(), ImportError> {
        if let Some((after, [losses, draws, wins])) = self.last.get(self.done.len()).copied().flatten() {
            if after != student.points {
                let problem = Problem::PointsDisagreeWithHistory { history: after, roster: student.points };
                return Err(ImportError::at(at.field("points"), problem));
            }
            if wins > student.wins || draws > student.draws || losses > student.losses {
                return Err(ImportError::at(at, Problem::HistoryExceedsCounters { id: student.id }));
            }
        }
        self.done.push(student);
        Ok(())
    }
}
