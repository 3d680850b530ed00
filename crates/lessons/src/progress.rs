//! Progress: the stars of each (lesson, step), the best kept; saved as versioned JSON
//! (`{"format":"qitong-progress","version":1,"lessons":{…}}`) from which a damaged, cut-short or
//! old record recovers what it can and says what was reset (the page keeps the raw record aside
//! under [`backup_key`] before it writes); a newer version's record is read not at all, so that
//! it is never downgraded; and the course questions a stage map asks (stage totals, the next
//! lesson, which stages are open).

use super::course::{Course, LessonEntry};
use super::kinds::KindSet;
use crate::words::Code;
use qitong_format::json::{Number, Value};

/// The `format` of the progress JSON.
pub const PROGRESS_FORMAT: &str = "qitong-progress";
/// The `version` written by [`Progress::to_json`].
pub const PROGRESS_VERSION: u64 = 1;
/// The localStorage key for the progress JSON (it changes with the version).
pub const STORAGE_KEY: &str = "qitong-progress-v1";
/// How many damaged records are kept aside (`qitong-progress-v1-backup-1` … `-9`).
pub const MAX_BACKUPS: usize = 9;

/// What a child has done: for each lesson (`stage/lesson`), for each step (from 0), `None` if not
/// done yet, or the best stars earned (0 for a step that is not scored).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Progress {
    /// Sorted by key (a sorted list is much smaller in wasm than a `BTreeMap`).
    lessons: Vec<(String, Vec<Option<u8>>)>,
}

/// What could not be kept when a progress record was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResetNote {
    /// Not JSON, or not an object: everything was reset.
    Unreadable,
    /// Some other program's data: everything was reset.
    UnknownFormat,
    /// Written by a newer version: nothing was read, and nothing may be written over it.
    #[allow(missing_docs)]
    NewerVersion { version: String },
    /// Cut short (a full disk, a closed tab): the lessons before the cut were kept.
    Truncated,
    /// An older layout (no `format`): its lessons were read.
    OldFormat,
    /// This lesson's entry was damaged and was reset.
    #[allow(missing_docs)]
    LessonDropped { key: String },
}

impl ResetNote {
    /// A stable code for the UI's message.
    pub fn code(&self) -> Code {
        match self {
            ResetNote::Unreadable => Code::ProgressUnreadable,
            ResetNote::UnknownFormat => Code::ProgressUnknownFormat,
            ResetNote::NewerVersion { .. } => Code::ProgressNewerVersion,
            ResetNote::Truncated => Code::ProgressTruncated,
            ResetNote::OldFormat => Code::ProgressOldFormat,
            ResetNote::LessonDropped { .. } => Code::ProgressLessonReset,
        }
    }
}

/// A progress record read back, and what was reset on the way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovered {
    /// What could be read.
    pub progress: Progress,
    /// Empty when everything was read.
    pub reset: Vec<ResetNote>,
}

impl Recovered {
    /// A newer version's record: this version must neither use nor overwrite it.
    pub fn is_newer(&self) -> bool {
        self.reset.iter().any(|n| matches!(n, ResetNote::NewerVersion { .. }))
    }

    /// Something was not read as it stands: the raw record is kept aside before it is rewritten.
    pub fn needs_backup(&self) -> bool {
        !self.reset.is_empty() && !self.is_newer()
    }
}

/// Where to keep a damaged record `raw` aside: the first backup key that is free or already
/// holds the same text (`stored` reads a key); `None` when all [`MAX_BACKUPS`] are taken.
pub fn backup_key(raw: &str, stored: impl Fn(&str) -> Option<String>) -> Option<String> {
    (1..=MAX_BACKUPS).map(|n| format!("{STORAGE_KEY}-backup-{n}")).find(|key| stored(key).is_none_or(|text| text == raw))
}

impl Progress {
    /// No progress yet.
    pub fn new() -> Progress {
        Progress::default()
    }

    /// Records that step `step` (from 0) of lesson `key` was completed with `stars` (`None` for
    /// a step that is not scored). Keeps the best; returns whether the record improved.
    pub fn record(&mut self, key: &str, step: usize, stars: Option<u8>) -> bool {
        let stars = stars.unwrap_or(0).min(3);
        let index = match self.lessons.binary_search_by(|(k, _)| k.as_str().cmp(key)) {
            Ok(index) => index,
            Err(index) => {
                self.lessons.insert(index, (key.to_owned(), Vec::new()));
                index
            }
        };
        let steps = &mut self.lessons[index].1;
        if steps.len() <= step {
            steps.resize(step + 1, None);
        }
        let improved = steps[step].is_none_or(|best| stars > best);
        if improved {
            steps[step] = Some(stars);
        }
        improved
    }

    /// The best stars of a step: `None` when not done.
    pub fn step(&self, key: &str, step: usize) -> Option<u8> {
        self.steps(key).get(step).copied().flatten()
    }

    /// The record of one lesson, step by step (empty when there is none).
    pub fn steps(&self, key: &str) -> &[Option<u8>] {
        match self.lessons.binary_search_by(|(k, _)| k.as_str().cmp(key)) {
            Ok(index) => &self.lessons[index].1,
            Err(_) => &[],
        }
    }

    /// Every lesson with a record, by key.
    pub fn lessons(&self) -> impl Iterator<Item = (&str, &[Option<u8>])> {
        self.lessons.iter().map(|(k, v)| (k.as_str(), v.as_slice()))
    }

    /// The stars earned in a lesson.
    pub fn lesson_stars(&self, key: &str) -> u32 {
        self.steps(key).iter().flatten().map(|&s| u32::from(s)).sum()
    }

    /// Has every step of this (usable: loaded or outlined) lesson been done?
    pub fn is_done<K: KindSet>(&self, entry: &LessonEntry<K>) -> bool {
        match &entry.outline {
            Some(outline) => (0..outline.steps()).all(|i| self.step(entry.key(), i).is_some()),
            None => false,
        }
    }

    /// Forgets everything ("reset my progress").
    pub fn clear(&mut self) {
        self.lessons.clear();
    }

    /// Takes in another record (an import), keeping the better of each step.
    pub fn merge(&mut self, other: &Progress) {
        for (key, steps) in &other.lessons {
            for (i, stars) in steps.iter().enumerate() {
                if let Some(stars) = stars {
                    self.record(key, i, Some(*stars));
                }
            }
        }
    }

    /// The record as JSON, for localStorage.
    pub fn to_json(&self) -> String {
        let lessons = self
            .lessons
            .iter()
            .map(|(key, steps)| {
                let items = steps.iter().map(|s| s.map_or(Value::Null, |n| Value::Number(Number::from(u64::from(n))))).collect();
                (key.clone(), Value::Array(items))
            })
            .collect();
        Value::Object(vec![
            ("format".into(), Value::String(PROGRESS_FORMAT.into())),
            ("version".into(), Value::Number(Number::from(PROGRESS_VERSION))),
            ("lessons".into(), Value::Object(lessons)),
        ])
        .to_string()
    }

    /// Reads a record written by [`Progress::to_json`] (or an older one), keeping every lesson
    /// entry that reads and reporting what was reset.
    pub fn from_json(text: &str) -> Recovered {
        let mut reset = Vec::new();
        let mut progress = Progress::new();
        let top = match text.parse::<Value>() {
            Ok(top @ Value::Object(_)) => top,
            Ok(_) => return Recovered { progress, reset: vec![ResetNote::Unreadable] },
            Err(_) => match salvage_truncated(text) {
                Some(top) => {
                    reset.push(ResetNote::Truncated);
                    top
                }
                None => return Recovered { progress, reset: vec![ResetNote::Unreadable] },
            },
        };
        let lessons = match top.get("format").map(Value::as_str) {
            Some(Some(PROGRESS_FORMAT)) => {
                match top.get("version") {
                    // A record without a version is this version's, damaged: read what reads.
                    None => {}
                    Some(Value::Number(n)) if n.as_u64().is_some_and(|v| v <= PROGRESS_VERSION) => {}
                    // A version below 0 (`-1`) is no Qitong's, older or newer: the record is
                    // damaged, kept aside and said so (issue 29 called it a newer version's).
                    Some(Value::Number(n)) if n.as_str().starts_with('-') => return Recovered { progress, reset: vec![ResetNote::Unreadable] },
                    // A version this one does not know (99, "2", 1.5): left exactly as it is.
                    Some(other) => {
                        let version = other.as_number().map_or("?".into(), |n| n.as_str().to_owned());
                        return Recovered { progress, reset: vec![ResetNote::NewerVersion { version }] };
                    }
                }
                top.get("lessons").cloned()
            }
            Some(_) => return Recovered { progress, reset: vec![ResetNote::UnknownFormat] },
            None => {
                reset.push(ResetNote::OldFormat);
                Some(top.get("lessons").cloned().unwrap_or(top.clone()))
            }
        };
        let entries = lessons.as_ref().and_then(Value::as_object).unwrap_or_default();
        for (key, value) in entries {
            match read_steps(value) {
                Some(steps) => {
                    for (step, stars) in steps.into_iter().enumerate() {
                        if let Some(stars) = stars {
                            progress.record(key, step, Some(stars));
                        }
                    }
                }
                None => reset.push(ResetNote::LessonDropped { key: key.clone() }),
            }
        }
        Recovered { progress, reset }
    }
}

/// A record cut short: the longest prefix that ends after a complete value, with the brackets
/// still open closed, if that reads as an object. `None` for text that is not cut short (its
/// brackets all close) or nests deeper than a progress record ever does.
fn salvage_truncated(text: &str) -> Option<Value> {
    const DEEPEST: usize = 8;
    const TRIES: usize = 64;
    let (mut open, mut in_string, mut escaped) = (Vec::new(), false, false);
    let mut cuts = std::collections::VecDeque::new();
    for (i, byte) in text.bytes().enumerate() {
        if in_string {
            match (escaped, byte) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'{' | b'[' if open.len() < DEEPEST => open.push(byte),
            b'{' | b'[' => return None,
            b'}' | b']' => {
                open.pop()?;
                if cuts.len() == TRIES {
                    cuts.pop_front();
                }
                cuts.push_back((i + 1, open.clone()));
            }
            _ => {}
        }
    }
    if open.is_empty() && !in_string {
        return None;
    }
    cuts.iter().rev().find_map(|(cut, still_open)| {
        let mut closed = text[..*cut].to_owned();
        closed.extend(still_open.iter().rev().map(|&b| if b == b'{' { '}' } else { ']' }));
        match closed.parse::<Value>() {
            Ok(top @ Value::Object(_)) => Some(top),
            _ => None,
        }
    })
}

/// One lesson's steps: an array of `null` or 0-3; anything else and the entry is dropped.
fn read_steps(value: &Value) -> Option<Vec<Option<u8>>> {
    value
        .as_array()?
        .iter()
        .map(|item| match item {
            Value::Null => Some(None),
            Value::Number(n) => n.as_u64().filter(|&s| s <= 3).map(|s| Some(s as u8)),
            _ => None,
        })
        .collect()
}

impl<K: KindSet> Course<K> {
    /// Stars earned and the most possible in stage `index` (scored steps of usable lessons).
    pub fn stage_stars(&self, progress: &Progress, index: usize) -> (u32, u32) {
        let Some(stage) = self.stages.get(index) else { return (0, 0) };
        stage.lessons.iter().fold((0, 0), |(earned, max), entry| {
            let Some(outline) = &entry.outline else { return (earned, max) };
            let scored = outline.kinds.iter().enumerate().filter(|(_, k)| k.scored);
            let got: u32 = scored.filter_map(|(i, _)| progress.step(entry.key(), i)).map(u32::from).sum();
            (earned + got, max + outline.max_stars())
        })
    }

    /// Is stage `index` open? Always, unless the course gates stages and the stars earned in the
    /// earlier stages are fewer than the stage's `unlock_stars`.
    pub fn is_unlocked(&self, progress: &Progress, index: usize) -> bool {
        let Some(stage) = self.stages.get(index) else { return false };
        match stage.unlock_stars {
            Some(needed) if self.gate_stages => (0..index).map(|i| self.stage_stars(progress, i).0).sum::<u32>() >= needed,
            _ => true,
        }
    }

    /// The first lesson, in course order, in an open stage, that is usable and has steps not done:
    /// `(stage index, lesson index)`.
    pub fn next_lesson(&self, progress: &Progress) -> Option<(usize, usize)> {
        self.stages
            .iter()
            .enumerate()
            .filter(|(i, _)| self.is_unlocked(progress, *i))
            .find_map(|(i, stage)| stage.lessons.iter().position(|entry| entry.outline.is_some() && !progress.is_done(entry)).map(|j| (i, j)))
    }
}

#[cfg(test)]
mod tests;
