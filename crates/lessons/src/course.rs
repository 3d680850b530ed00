//! The course: `course.toml` (stages in order, each with its lessons; optional star gates) and
//! every lesson loaded on its own, so that one broken lesson file never breaks the course.

use super::error::{ErrorKind, Expect, LessonError, ValidationError};
use super::index::Outline;
use super::kinds::{Every, KindSet};
use super::model::{read_document, Lesson, ReadDocument};
use super::read::{Problems, Reader, Sink};
use super::text::Text;
use qitong_format::toml::{self, ValueKind};

/// The name of the course file in the lessons folder.
pub const COURSE_FILE: &str = "course.toml";

/// The whole course (its lessons of the kinds `K` plays).
#[derive(Debug, Clone, PartialEq)]
pub struct Course<K: KindSet = Every> {
    /// The course's name.
    pub title: Text,
    /// Whether a stage opens only after enough stars (each stage's `unlock_stars`); off by
    /// default.
    pub gate_stages: bool,
    /// The stages, in order.
    pub stages: Vec<Stage<K>>,
    /// Problems of `course.toml` that did not stop the course (a stage without lessons, a stage
    /// given twice — the second is left out, …); the player may show them to the teacher.
    pub problems: Vec<ValidationError>,
}

/// A stage: lessons in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Stage<K: KindSet = Every> {
    /// The stage's id: its folder's name.
    pub id: String,
    /// The stage's name.
    pub title: Text,
    /// Stars needed from all earlier stages together to open this stage (when gating is on).
    pub unlock_stars: Option<u32>,
    /// The lessons, in order.
    pub lessons: Vec<LessonEntry<K>>,
}

/// A lesson of a stage: loaded, known by its outline only (from the course index), or the
/// errors that stop it.
#[derive(Debug, Clone, PartialEq)]
pub struct LessonEntry<K: KindSet = Every> {
    /// The lesson's id (its file name without `.toml`).
    pub id: String,
    /// Its file, relative to the lessons folder: `<stage id>/<lesson id>.toml`.
    pub file: String,
    /// The lesson, or the errors that stop it; an error without any errors while the lesson is
    /// known only by its outline (its file not read yet: [`LessonEntry::is_pending`]).
    pub lesson: Result<Lesson<K>, LessonError>,
    /// What the maps show of a lesson that is usable (loaded, or listed by the course index):
    /// None for a lesson that did not load.
    pub outline: Option<Outline>,
}

impl<K: KindSet> LessonEntry<K> {
    /// The entry of a lesson file read (or not) as `lesson`.
    pub fn new(id: String, file: String, lesson: Result<Lesson<K>, LessonError>) -> LessonEntry<K> {
        let outline = lesson.as_ref().ok().map(Outline::of);
        LessonEntry { id, file, lesson, outline }
    }

    /// Known by its outline only: its file is still to be read ([`LessonEntry::set_text`]).
    pub fn is_pending(&self) -> bool {
        self.lesson.is_err() && self.outline.is_some()
    }

    /// Reads the entry's file, `text` (None: it could not be fetched), in the form `read` reads,
    /// its problems kept as `problems` says.
    pub fn set_text(&mut self, text: Option<&str>, read: ReadDocument, problems: Problems) {
        self.lesson = match text {
            Some(text) => Lesson::read(&self.file, text, read, problems),
            None => Err(LessonError { errors: vec![ValidationError::new(&self.file, 0, None, ErrorKind::FileMissing { path: self.file.clone() })] }),
        };
        // A lesson this module cannot play (`LessonError::needs_every_kind`) keeps the outline it
        // had: the page goes on to the module that plays it.
        match &self.lesson {
            Ok(lesson) => self.outline = Some(Outline::of(lesson)),
            Err(e) if !e.needs_every_kind() => self.outline = None,
            Err(_) => {}
        }
    }

    /// The key of the lesson in the progress record: `stage/lesson`.
    pub fn key(&self) -> &str {
        self.file.strip_suffix(".toml").unwrap_or(&self.file)
    }
}

/// Is `id` usable as a file and folder name on every system (lower-case letters, digits, `-`)?
fn is_simple_id(id: &str) -> bool {
    !id.is_empty() && id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
}

impl Course {
    /// Loads the course from `files`, which gives the text of a file by its path relative to
    /// the lessons folder (`course.toml`, `rook/moves.toml`), or `None` when it cannot be read.
    /// The browser passes the fetched texts; native tools read the disk.
    ///
    /// # Errors
    ///
    /// Only when there is no course at all: `course.toml` missing, not TOML, or without its
    /// title. Its other problems are kept in `problems`; a lesson's problems stay with that
    /// lesson's entry, so one broken file never breaks the course.
    pub fn load(files: impl Fn(&str) -> Option<String>) -> Result<Course, LessonError> {
        Course::load_with(files, toml::parse, Problems::DESCRIBED)
    }
}

impl<K: KindSet> Course<K> {
    /// [`Course::load`] of files in the form `read` reads (see [`ReadDocument`]), their problems
    /// kept as `problems` says; `files` still names them by their source names (`course.toml`,
    /// `rook/moves.toml`).
    ///
    /// # Errors
    ///
    /// As [`Course::load`].
    pub fn load_with(files: impl Fn(&str) -> Option<String>, read: ReadDocument, problems: Problems) -> Result<Course<K>, LessonError> {
        Course::load_from(&files, read, problems)
    }

    /// [`Course::load_with`] compiled once, whatever function gives the files (each caller's
    /// copy cost the course's module 0.4 KB raw).
    fn load_from(files: &dyn Fn(&str) -> Option<String>, read: ReadDocument, problems: Problems) -> Result<Course<K>, LessonError> {
        let mut sink = Sink::new(COURSE_FILE, problems);
        let course = match files(COURSE_FILE) {
            Some(src) => read_document(&src, read, &mut sink)
                .and_then(|top| read_course(&top, &[], &mut sink, &|file, line| file_entry(files, file, line, read, problems))),
            None => {
                sink.report(0, None, ErrorKind::FileMissing { path: COURSE_FILE.into() });
                None
            }
        };
        match course {
            Some(course) => Ok(Course { problems: sink.into_errors(), ..course }),
            None => Err(LessonError { errors: sink.into_errors() }),
        }
    }

    /// Every lesson entry with its stage, in course order.
    pub fn entries(&self) -> impl Iterator<Item = (&Stage<K>, &LessonEntry<K>)> {
        self.stages.iter().flat_map(|stage| stage.lessons.iter().map(move |entry| (stage, entry)))
    }

    /// The entry of `stage_id/lesson_id`.
    pub fn lesson(&self, stage_id: &str, lesson_id: &str) -> Option<&LessonEntry<K>> {
        let stage = self.stages.iter().find(|s| s.id == stage_id)?;
        stage.lessons.iter().find(|l| l.id == lesson_id)
    }

    /// The course file's problems, then the errors of every lesson that did not load, in
    /// course order.
    pub fn errors(&self) -> Vec<&ValidationError> {
        let lessons = self.entries().filter_map(|(_, entry)| entry.lesson.as_ref().err()).flat_map(|e| &e.errors);
        self.problems.iter().chain(lessons).collect()
    }
}

/// The lesson of `file` read from `files` (`line`: where `course.toml` lists it), and its outline.
pub(crate) fn file_entry<K: KindSet>(
    files: &dyn Fn(&str) -> Option<String>,
    file: &str,
    line: usize,
    read: ReadDocument,
    problems: Problems,
) -> (Result<Lesson<K>, LessonError>, Option<Outline>) {
    let lesson = match files(file) {
        Some(text) => Lesson::read(file, &text, read, problems),
        None => {
            let missing = ValidationError::new(COURSE_FILE, line, None, ErrorKind::FileMissing { path: file.to_owned() });
            Err(LessonError { errors: vec![missing] })
        }
    };
    let outline = lesson.as_ref().ok().map(Outline::of);
    (lesson, outline)
}

/// What a course's reader makes of one lesson it lists (by its file and the line that lists
/// it): the lesson or why not, and its outline when the index gave one.
pub(crate) type ListedLesson<'a, K> = dyn Fn(&str, usize) -> (Result<Lesson<K>, LessonError>, Option<Outline>) + 'a;

/// The course of the table `top` (`course.toml`'s, or the index's: `more` names its other keys);
/// `entry` gives each lesson listed.
pub(crate) fn read_course<K: KindSet>(top: &toml::Table, more: &[&'static str], sink: &mut Sink, entry: &ListedLesson<'_, K>) -> Option<Course<K>> {
    let known: Vec<&'static str> = ["title", "gate_stages", "stage"].iter().chain(more).copied().collect();
    let mut r = Reader::new(top, None, &known, sink);
    let title = r.text("title", true);
    let gate_stages = r.bool("gate_stages", false);
    if r.get("stage").is_none() {
        r.missing("stage");
    }
    let stage_values = r.opt_list("stage").unwrap_or_default();
    r.finish();
    let mut stages: Vec<Stage<K>> = Vec::new();
    for value in stage_values {
        let ValueKind::Table(table) = &value.kind else { continue };
        let mut r = Reader::new(table, None, &["id", "title", "lessons", "unlock_stars", "teaches"], sink);
        let id = r.str("id").map(str::trim).map(str::to_owned);
        let stage_title = r.text("title", true);
        let unlock_stars = r.opt_int("unlock_stars", 0, 100_000).map(|n| n as u32);
        if r.get("lessons").is_none() {
            r.missing("lessons");
        }
        let listed = r.words("lessons").unwrap_or_default();
        let Some(id) = id else {
            r.finish();
            continue;
        };
        let id_ok = is_simple_id(&id);
        if !id_ok {
            r.bad_value("id", r.line_of("id"), &id, Expect::Id);
        }
        let repeated = stages.iter().any(|s| s.id == id);
        if repeated {
            r.report(r.line_of("id"), ErrorKind::Duplicate { key: "stage", value: id.clone() });
        }
        if listed.is_empty() && r.get("lessons").is_some() {
            r.report(r.line_of("lessons"), ErrorKind::EmptyStage { stage: id.clone() });
        }
        let mut lessons: Vec<LessonEntry<K>> = Vec::new();
        for (lesson_id, line) in listed {
            let lesson_id = lesson_id.strip_suffix(".toml").unwrap_or(lesson_id);
            if lessons.iter().any(|l| l.id == lesson_id) {
                r.report(line, ErrorKind::Duplicate { key: "lessons", value: lesson_id.to_owned() });
                continue;
            }
            if !is_simple_id(lesson_id) {
                r.bad_value("lessons", line, lesson_id, Expect::Id);
                continue;
            }
            let file = format!("{id}/{lesson_id}.toml");
            let (lesson, outline) = entry(&file, line);
            lessons.push(LessonEntry { id: lesson_id.to_owned(), file, lesson, outline });
        }
        r.finish();
        if let (Some(title), true, false) = (stage_title, id_ok, repeated) {
            stages.push(Stage { id, title, unlock_stars, lessons });
        }
    }
    Some(Course { title: title?, gate_stages, stages, problems: Vec::new() })
}
