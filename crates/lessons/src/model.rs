//! The lesson model and its loader: a lesson file read into `Lesson` (id, title, steps), each
//! step checked completely, so that a lesson that loads can be played.

use super::error::{ErrorKind, Expect, LessonError};
use super::kinds::{read_step, Step};
use super::read::{found, Reader, Sink};
use super::text::Text;
use qitong_format::toml::{self, Table, TomlError, ValueKind};

/// How a lesson file's text becomes its table: [`toml::parse`] for the files teachers write, or
/// [`toml::from_tree`] for the compiled form the site ships beside them (`cargo xtask dist`), in
/// the modules that read only those and so carry no TOML reader. A function, not a choice made
/// at run time, so that the reader a module never names is left out of it.
pub type ReadDocument = fn(&str) -> Result<Table, TomlError>;

/// One lesson: a title and its steps in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson {
    /// The lesson's id (its file name without `.toml`).
    pub id: String,
    /// The title shown in the stage map.
    pub title: Text,
    /// The steps, in order.
    pub steps: Vec<Step>,
}

/// The id a lesson file must have: its file name without folders and `.toml`.
pub fn id_from_file(file: &str) -> &str {
    let name = file.rsplit('/').next().unwrap_or(file);
    name.strip_suffix(".toml").unwrap_or(name)
}

impl Lesson {
    /// Reads and checks a lesson file. `file` is its path relative to the lessons folder
    /// (`rook/moves.toml`), used in messages and for the expected id.
    ///
    /// # Errors
    ///
    /// Every problem found, with line and step; see [`super::validate_lesson`].
    pub fn parse(file: &str, src: &str) -> Result<Lesson, LessonError> {
        Lesson::read(file, src, toml::parse)
    }

    /// [`Lesson::parse`] of a text in the form `read` reads (see [`ReadDocument`]).
    ///
    /// # Errors
    ///
    /// As [`Lesson::parse`].
    pub fn read(file: &str, src: &str, read: ReadDocument) -> Result<Lesson, LessonError> {
        let mut sink = Sink::new(file);
        let lesson = read_lesson(file, src, read, &mut sink);
        match lesson {
            Some(lesson) if sink.errors.is_empty() => Ok(lesson),
            _ => Err(LessonError { errors: sink.errors }),
        }
    }

    /// The most stars the lesson can give (3 per scored step).
    pub fn max_stars(&self) -> u32 {
        3 * self.steps.iter().filter(|s| s.kind.is_scored()).count() as u32
    }
}

/// Reads the text with `read`, reporting a syntax error as a `Toml` error and every unreadable
/// character (U+FFFD) where it stands.
pub(crate) fn read_document(src: &str, read: ReadDocument, sink: &mut Sink) -> Option<Table> {
    report_unreadable(src, sink);
    read(src)
        .map_err(|e| sink.report(e.line, None, ErrorKind::Toml { column: e.column, message: e.message }))
        .ok()
}

/// Reports U+FFFD, the mark of text damaged on its way in (a file that is not UTF-8, a lone
/// surrogate): the first one of each line, with its column, for the first few lines.
fn report_unreadable(src: &str, sink: &mut Sink) {
    const MOST: usize = 10;
    let found = src.split('\n').enumerate().filter_map(|(i, line)| Some((i + 1, line.find('\u{FFFD}').map(|at| line[..at].chars().count() + 1)?)));
    for (line, column) in found.take(MOST) {
        sink.report(line, None, ErrorKind::Unreadable { column });
    }
}

fn read_lesson(file: &str, src: &str, read: ReadDocument, sink: &mut Sink) -> Option<Lesson> {
    let top = read_document(src, read, sink)?;
    let mut r = Reader::new(&top, None, &["id", "title", "step"], sink);
    let expected = id_from_file(file);
    let id = r.opt_str("id").map(str::trim);
    if let Some(id) = id.filter(|id| *id != expected) {
        r.report(r.line_of("id"), ErrorKind::IdMismatch { id: id.to_owned(), expected: expected.to_owned() });
    }
    let title = r.text("title", true);
    let step_values = r.opt_list("step").unwrap_or_default();
    if step_values.is_empty() {
        r.report(r.line_of("step"), ErrorKind::NoSteps);
    }
    r.finish();
    let mut steps = Vec::new();
    for (index, value) in step_values.iter().enumerate() {
        let number = index + 1;
        match &value.kind {
            ValueKind::Table(table) => steps.extend(read_step(table, number, sink)),
            _ => {
                let kind = ErrorKind::WrongType { key: "step", expected: Expect::Table, found: found(value) };
                sink.report(value.line, Some(number), kind);
            }
        }
    }
    Some(Lesson { id: expected.to_owned(), title: title?, steps })
}
