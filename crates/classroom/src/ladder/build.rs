//! The checks every imported ladder passes before it replaces the old one, done a few rows at a
//! time: the ladder page reads a roster of 280,000 names (its 4 MiB limit) in steps of a few
//! milliseconds, so that the page keeps answering (issue 29), while `from_csv` and `from_json`
//! run the same steps in one go.
//!
//! Sorting keeps every check near-linear, so a huge hostile file is refused or accepted quickly;
//! the order of the checks, and so which of several problems is reported, is the file's.

use super::import::{ImportError, Location, Problem, RecordRow, StudentRow};
use super::{clean_date, clean_name, look_alike, name_key, GameRecord, Ladder, LookAlike, Student, StudentId};
use crate::award::award;
use crate::points::{Points, Score};
use qitong_rules::sort::Heapsort;

/// Checks the rows and makes them a ladder, in one go.
pub(super) fn build(rows: Vec<StudentRow>, history: Vec<RecordRow>) -> Result<Ladder, ImportError> {
    let mut builder = Builder::new(rows, history);
    loop {
        if let Some(ladder) = builder.step(usize::MAX)? {
            return Ok(ladder);
        }
    }
}

/// What the builder does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Names cleaned and counters checked, row by row.
    Students,
    /// The ids sorted (only when the file does not list them in order).
    SortIds,
    /// Each name's comparison key (`name_key`).
    Names,
    SortNames,
    /// The students put in id order (only when the file does not list them so).
    SortStudents,
    /// Each game checked against the points table and its players' previous games.
    History,
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
    names: Vec<(String, usize)>,
    sort: Heapsort,
    /// Per student (same order as `students`): total after their latest recorded game, and
    /// their losses, draws and wins in the history.
    last: Vec<Option<(Points, [u32; 3])>>,
    records: Vec<GameRecord>,
}

/// The first pair of equal keys in a sorted list, as (earlier, later) positions in file order.
fn first_duplicate<K: Eq>(sorted: &[(K, usize)]) -> Option<(usize, usize)> {
    sorted.windows(2).filter(|w| w[0].0 == w[1].0).map(|w| (w[0].1, w[1].1)).min_by_key(|&(_, later)| later)
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
            sort: Heapsort::new(0),
            last: Vec::new(),
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
                        self.ids_sorted()?;
                    }
                    budget = 0;
                }
                Stage::Names => match self.students.get(self.names.len()) {
                    Some((student, _)) => self.names.push((name_key(&student.name), self.names.len())),
                    None => self.start_sort(Stage::SortNames, self.names.len()),
                },
                Stage::SortNames => {
                    if self.sort.step(&mut self.names, budget + 1, |a, b| a < b) {
                        self.names_sorted()?;
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
                    None => return self.totals().map(Some),
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
            true => self.stage = Stage::Names,
            false => {
                self.ids = self.students.iter().enumerate().map(|(i, (s, _))| (s.id, i)).collect();
                self.start_sort(Stage::SortIds, self.ids.len());
            }
        }
    }

    fn ids_sorted(&mut self) -> Result<(), ImportError> {
        if let Some((_, later)) = first_duplicate(&self.ids) {
            let (student, at) = &self.students[later];
            return Err(ImportError::at(at.field("id"), Problem::DuplicateId(student.id)));
        }
        self.ids = Vec::new();
        self.stage = Stage::Names;
        Ok(())
    }

    /// Names count as equal as a reader sees them (`same_name`).
    fn names_sorted(&mut self) -> Result<(), ImportError> {
        if let Some((earlier, later)) = first_duplicate(&self.names) {
            let ((student, at), (first, first_at)) = (&self.students[later], &self.students[earlier]);
            let problem = match look_alike(&first.name, &student.name).filter(|how| *how != LookAlike::Case) {
                Some(how) => Problem::LookAlikeName { name: student.name.clone(), other: first.name.clone(), other_at: first_at.field("name"), how },
                None => Problem::DuplicateName(student.name.clone()),
            };
            return Err(ImportError::at(at.field("name"), problem));
        }
        self.names = Vec::new();
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

    /// Each student's totals against where their last recorded game left them; then the ladder.
    fn totals(&mut self) -> Result<Ladder, ImportError> {
        for ((student, at), last) in self.students.iter().zip(&self.last) {
            let Some((after, [losses, draws, wins])) = *last else {
                continue;
            };
            if after != student.points {
                let problem = Problem::PointsDisagreeWithHistory { history: after, roster: student.points };
                return Err(ImportError::at(at.field("points"), problem));
            }
            if wins > student.wins || draws > student.draws || losses > student.losses {
                return Err(ImportError::at(at.clone(), Problem::HistoryExceedsCounters { id: student.id }));
            }
        }
        self.stage = Stage::Done;
        let students = core::mem::take(&mut self.students).into_iter().map(|(s, _)| s).collect();
        Ok(Ladder { students, history: core::mem::take(&mut self.records) })
    }
}
