//! The lesson model and its loader: a lesson file read into `Lesson` (id, title, steps), each
//! step checked completely, so that a lesson that loads can be played.

use super::error::{ErrorKind, Expect, LessonError};
use super::kinds::{read_step, Every, KindSet, Step};
use super::read::{found, Problems, Reader, Sink};
use super::text::Text;
use qitong_format::toml::{self, Table, TomlError, ValueKind};

/// How a lesson file's text becomes its table: [`toml::parse`] for the files teachers write, or
/// [`toml::from_tree`] for the compiled form the site ships beside them (`cargo xtask dist`), in
/// the modules that read only those and so carry no TOML reader. A function, not a choice made
/// at run time, so that the reader a module never names is left out of it.
pub type ReadDocument = fn(&str) -> Result<Table, TomlError>;

/// The largest lesson or course file read, in bytes of UTF-8: 1 MB (1,048,576 bytes). The
/// course's biggest lesson is 7.6 KB; a file past this is a mistake (or an attack), refused
/// before it is read ([`ErrorKind::TooLarge`]), and a file within it reads in a few
/// milliseconds. Said in words in `messages.rs` and on check.html: change them with it.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The largest lesson file a page plays (`<chess-lesson src>`, `<chess-quiz src>`), in bytes of
/// UTF-8: 128 KB (131,072 bytes), 17 times the course's biggest lesson (7.6 KB). The player reads
/// a file in one task of the page: in Chromium here 250 KB took 63 ms cold, and a 1 MB file
/// 80-540 ms (issue 29: "never blocks a page for more than ~100 ms"), so a file over this is
/// refused before it is read ([`ErrorKind::TooLargeToPlay`]). check.html checks files up to
/// [`MAX_FILE_BYTES`] off the page's thread. Said in words in `messages.rs` and
/// docs/teachers-files.md: change them with it.
pub const MAX_PLAYED_BYTES: usize = 128 << 10;

/// One lesson: a title and its steps in order (of the kinds `K` plays: a step of another kind
/// stops the lesson, `ErrorKind::KindElsewhere`).
#[derive(Debug, Clone, PartialEq)]
pub struct Lesson<K: KindSet = Every> {
    /// The lesson's id (its file name without `.toml`).
    pub id: String,
    /// The title shown in the stage map.
    pub title: Text,
    /// The steps, in order.
    pub steps: Vec<Step<K>>,
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
        Lesson::read(file, src, toml::parse, Problems::DESCRIBED)
    }
}

impl<K: KindSet> Lesson<K> {
    /// [`Lesson::parse`] of a text in the form `read` reads (see [`ReadDocument`]), its problems
    /// kept as `problems` says.
    ///
    /// # Errors
    ///
    /// As [`Lesson::parse`].
    pub fn read(file: &str, src: &str, read: ReadDocument, problems: Problems) -> Result<Lesson<K>, LessonError> {
        let mut sink = Sink::new(file, problems);
        let lesson = read_lesson(file, src, read, &mut sink);
        match lesson {
            Some(lesson) if sink.errors.is_empty() => Ok(lesson),
            _ => Err(LessonError { errors: sink.into_errors() }),
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
    // Refused before reading: no lesson comes near it, and no page waits for such a file.
    if src.len() > MAX_FILE_BYTES {
        sink.report(0, None, ErrorKind::TooLarge);
        return None;
    }
    report_unreadable(src, sink);
    read(src).map_err(|e| sink.report(e.line, None, ErrorKind::Toml { column: e.column, message: e.message })).ok()
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

fn read_lesson<K: KindSet>(file: &str, src: &str, read: ReadDocument, sink: &mut Sink) -> Option<Lesson<K>> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{validate_lesson, ErrorKind, Every, Lang, MAX_PROBLEMS};

    const GOOD: &str = "title = { zh = \"好\", en = \"Good\" }\n[[step]]\nkind = \"narration\"\nlines = [{ zh = \"你好\", en = \"Hello\" }]\n";

    /// Issue 29 §1: a file of 50,000 unknown keys lists the first [`MAX_PROBLEMS`], then how many
    /// more, in both languages (it listed all 50,000, each with the closest known key).
    #[test]
    fn problems_past_the_most_listed_are_counted() {
        let mut text = GOOD.to_owned();
        for i in 0..50_000 {
            text.push_str(&format!("unknown_{i} = 1\n"));
        }
        let found = validate_lesson("a/good.toml", &text);
        assert_eq!(found.len(), MAX_PROBLEMS + 1);
        assert!(found[..MAX_PROBLEMS].iter().all(|e| matches!(e.kind, ErrorKind::UnknownKey { .. })));
        assert_eq!((found[0].line, found[MAX_PROBLEMS - 1].line), (5, 4 + MAX_PROBLEMS));
        let more = &found[MAX_PROBLEMS];
        assert_eq!((more.line, more.step, &more.kind), (0, None, &ErrorKind::More { count: 50_000 - MAX_PROBLEMS }));
        assert_eq!(more.message(Lang::En), "and 49900 more problems, not listed: fix the ones above and check again");
        assert_eq!(more.message(Lang::Zh), "还有 49900 个问题没有列出：先改好上面这些，再检查一次");
        let one_more = validate_lesson("a/good.toml", &format!("{GOOD}{}", (0..=MAX_PROBLEMS).map(|i| format!("x{i} = 1\n")).collect::<String>()));
        assert_eq!(
            one_more.last().map(|e| e.message(Lang::En)).as_deref(),
            Some("and 1 more problem, not listed: fix the ones above and check again")
        );
        // Exactly the most: no count.
        let most = validate_lesson("a/good.toml", &format!("{GOOD}{}", (0..MAX_PROBLEMS).map(|i| format!("x{i} = 1\n")).collect::<String>()));
        assert_eq!(most.len(), MAX_PROBLEMS);
        assert!(!most.iter().any(|e| matches!(e.kind, ErrorKind::More { .. })));
    }

    /// Issue 30: problems kept by place (the choice of the modules whose pages show only where a
    /// problem is) have the places the described ones have, no description and no count of
    /// those past the most.
    #[test]
    fn problems_by_place_keep_their_place_only() {
        let text = format!("{GOOD}{}", (0..MAX_PROBLEMS + 5).map(|i| format!("x{i} = 1\n")).collect::<String>());
        let described = Lesson::<Every>::read("a/good.toml", &text, toml::parse, Problems::DESCRIBED).expect_err("problems");
        let by_place = Lesson::<Every>::read("a/good.toml", &text, toml::parse, Problems::BY_PLACE).expect_err("problems");
        assert_eq!((described.errors.len(), by_place.errors.len()), (MAX_PROBLEMS + 1, MAX_PROBLEMS));
        assert!(matches!(described.errors[0].kind, ErrorKind::UnknownKey { suggestion: None, .. }));
        for (d, p) in described.errors.iter().zip(&by_place.errors) {
            assert_eq!((&d.file, d.line, d.step, &p.kind), (&p.file, p.line, p.step, &ErrorKind::Unexplained));
        }
    }

    /// Issue 29 §1 and §8: a file over 1 MB is refused before it is read, as a whole-file
    /// problem that says the limit in words; one just within it is read.
    #[test]
    fn a_file_over_the_limit_is_refused_unread() {
        assert_eq!(MAX_FILE_BYTES, 1 << 20, "the messages say 1 MB (1,048,576 bytes)");
        let padding = |bytes: usize| format!("{GOOD}#{}\n", "x".repeat(bytes - GOOD.len() - 2));
        assert!(validate_lesson("a/good.toml", &padding(MAX_FILE_BYTES)).is_empty());
        let refused = validate_lesson("a/good.toml", &padding(MAX_FILE_BYTES + 1));
        assert_eq!(refused.len(), 1);
        assert_eq!((refused[0].line, &refused[0].kind), (0, &ErrorKind::TooLarge));
        assert!(refused[0].message(Lang::En).starts_with("this file is too large: a lesson file may have at most 1 MB (1,048,576 bytes)"));
        assert!(refused[0].message(Lang::Zh).starts_with("这个文件太大了：课程文件最多 1 MB（1,048,576 字节）"));
        // Not read at all: 40 MB of unknown keys is refused as fast as any other size.
        let huge = format!("{GOOD}{}", "unknown = 1\n".repeat(40 << 20 >> 4));
        assert_eq!(validate_lesson("a/good.toml", &huge).len(), 1);
        let course = crate::Course::load(|name| (name == crate::COURSE_FILE).then(|| huge.clone()));
        let errors = course.err().map(|e| e.errors).unwrap_or_default();
        assert!(matches!(&errors[..], [e] if e.kind == ErrorKind::TooLarge && e.file == crate::COURSE_FILE), "{errors:?}");
    }

    /// Issue 29 §11: a lesson with old Mac line ends has the problems, on the same lines, that
    /// it has with `\n` (check.html's textarea reads it so; the player refused it at line 1).
    #[test]
    fn old_mac_line_ends_read_as_new_lines() {
        let bad_fen = format!("{GOOD}\n# a comment\n[[step]]\nkind = \"star-drill\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/R6\"\nstars = [\"a5\"]\n");
        let unix = validate_lesson("a/good.toml", &bad_fen);
        assert_eq!(unix.len(), 1);
        assert_eq!((unix[0].line, unix[0].step), (10, Some(2)));
        assert_eq!(validate_lesson("a/good.toml", &bad_fen.replace('\n', "\r")), unix);
        assert_eq!(validate_lesson("a/good.toml", &bad_fen.replace('\n', "\r\n")), unix);
        assert!(Lesson::parse("a/good.toml", &GOOD.replace('\n', "\r")).is_ok());
    }
}
