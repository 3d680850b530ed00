//! What the "Check my lesson" page shows for a file name and a text, without the DOM: the
//! validator's problems (the same as `cargo xtask lessons`, and as `checkLesson` /
//! `checkCourse` give JavaScript), the summary line, what the preview shows, and where a
//! problem's line is in the text (for selecting it).

use super::words::{place, problems_found, too_large, Text};
use qitong_lessons::lang::Lang;
use qitong_lessons::{validate_course, validate_parsed, ErrorKind, Lesson, LessonError, StepKind, ValidationError, COURSE_FILE, MAX_FILE_BYTES};

/// The longest file put into the page's text box when dropped or picked (bytes): a longer one is
/// checked as read and held aside, its name, size and lines said instead (issue 29: Chromium took
/// 1-2 s to lay out a box of 40,000 lines; 64 KB lays out in about 60 ms, and the course's
/// biggest lesson is 7.6 KB).
pub const BOX_BYTES: usize = 64 * 1024;

/// The name a pasted lesson is checked under; its id check is skipped (there is no file name).
const PASTED: &str = "pasted.toml";

/// A path separator, Unix or Windows.
fn is_separator(c: char) -> bool {
    c == '/' || c == '\\'
}

/// The last path part of `file_name`, or `None` when that is empty.
pub fn file_part(file_name: &str) -> Option<&str> {
    let name = file_name.trim().rsplit(is_separator).next().unwrap_or("").trim();
    (!name.is_empty()).then_some(name)
}

/// Is `file_name` the course file (whatever folder it names)?
pub fn is_course(file_name: &str) -> bool {
    file_name.trim().rsplit(is_separator).next() == Some(COURSE_FILE)
}

/// The validator's problems in one lesson file named `file_name` (empty: pasted text, whose
/// `id` is not compared with a file name), and the lesson as read: the preview plays it, so the
/// file is read once (issue 29: a file near 1 MiB was read twice in one task). It is read under
/// the preview's file name (a pasted text's own id), as the player would.
pub fn lesson_problems(file_name: &str, text: &str) -> (Vec<ValidationError>, Result<Lesson, LessonError>) {
    let file = preview_file(file_name, text);
    let name = file_part(&file).unwrap_or(PASTED);
    let lesson = Lesson::parse(name, text);
    let mut found = validate_parsed(name, &lesson);
    if file_part(file_name).is_none() {
        found.retain(|e| !matches!(e.kind, ErrorKind::IdMismatch { .. }));
    }
    (found, lesson)
}

/// The lesson in `text` as the preview plays it, and its file name, read without the checks
/// (check.html's "show the lesson" for a text its worker checked).
pub fn preview_lesson(file_name: &str, text: &str) -> (String, Result<Lesson, LessonError>) {
    let file = preview_file(file_name, text);
    let lesson = Lesson::parse(file_part(&file).unwrap_or(PASTED), text);
    (file, lesson)
}

/// Does the lesson have steps the engine proves (`vs-computer` goals, `puzzle` moves)? That
/// proof is `cargo xtask lessons`'s, not this page's (the engine would take it past its budget).
fn has_computer_steps(lesson: &Result<Lesson, LessonError>) -> bool {
    lesson.as_ref().is_ok_and(|lesson| lesson.steps.iter().any(|step| matches!(step.kind, StepKind::VsComputer(_) | StepKind::Puzzle(_))))
}

/// The problems of a `course.toml` text itself (its lesson files are not at hand, so files it
/// lists are not reported missing).
pub fn course_problems(text: &str) -> Vec<ValidationError> {
    let errors = validate_course(|name| (name == COURSE_FILE).then(|| text.to_owned()));
    errors.into_iter().filter(|e| e.file == COURSE_FILE && !matches!(e.kind, ErrorKind::FileMissing { .. })).collect()
}

/// The `id = "…"` a lesson text starts a line with, as the preview's file name when the teacher
/// pasted the text without one (the player then finds the id it expects). Reads like the regex
/// `^\s*id\s*=\s*"([^"]*)"` (multi-line) did: the first line start where it matches.
fn pasted_id(text: &str) -> Option<&str> {
    let starts = core::iter::once(0).chain(text.match_indices(['\n', '\r']).map(|(i, _)| i + 1));
    starts
        .filter_map(|start| {
            let rest = text[start..].trim_start().strip_prefix("id")?.trim_start().strip_prefix('=')?.trim_start().strip_prefix('"')?;
            rest.find('"').map(|end| &rest[..end])
        })
        .next()
}

/// The file name the preview loads the text under: the one typed or dropped, else the id's.
pub fn preview_file(file_name: &str, text: &str) -> String {
    let typed = file_name.trim();
    if !typed.is_empty() {
        return typed.to_string();
    }
    let id = pasted_id(text).map(str::trim).filter(|id| !id.is_empty()).unwrap_or("pasted");
    format!("{id}.toml")
}

/// The line above the problem list.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Summary {
    /// Nothing checked yet: no line.
    Blank,
    /// The text was emptied after a check.
    Empty,
    Fine,
    /// No problems, and steps against the computer whose goals only the site's build proves
    /// (the engine is not in this page's module: see `qitong_lessons::validate`).
    FineButNotProved,
    Found(usize),
    /// A dropped or picked file could not be read.
    Unreadable,
    /// A file (or text) of this many bytes, over `MAX_FILE_BYTES`: refused before it is read.
    TooLarge(f64),
}

impl Summary {
    pub fn text(self, lang: Lang) -> String {
        match self {
            Summary::Blank => String::new(),
            Summary::Empty => Text::Empty.text(lang).to_string(),
            Summary::Fine => Text::Ok.text(lang).to_string(),
            Summary::FineButNotProved => format!("{} {}", Text::Ok.text(lang), Text::NotProved.text(lang)),
            Summary::Found(n) => problems_found(n, lang),
            Summary::Unreadable => Text::Unreadable.text(lang).to_string(),
            Summary::TooLarge(bytes) => too_large(bytes, lang),
        }
    }

    /// Its classes: green when fine, red with problems.
    pub fn class(self) -> &'static str {
        match self {
            Summary::Fine | Summary::FineButNotProved => "summary ok",
            Summary::Found(_) | Summary::TooLarge(_) => "summary bad",
            Summary::Blank | Summary::Empty | Summary::Unreadable => "summary",
        }
    }
}

/// One line of the problem list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    /// The line it is on (from 1), which its place button selects; `None`: the whole file.
    pub line: Option<usize>,
    /// `line 7 · step 1`, or the whole file's label.
    pub place: String,
    pub message: String,
}

/// What the preview shows.
#[derive(Debug, Clone, PartialEq)]
pub enum Preview {
    Nothing,
    /// A course file has no lesson to play: a note says so.
    CourseNote,
    /// The lesson player, with the lesson (as read) under this file name.
    Lesson(String, Result<Lesson, LessonError>),
}

/// The page after a check.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome {
    pub summary: Summary,
    pub problems: Vec<Shown>,
    pub preview: Preview,
}

/// A problem as the list shows it; line 0 is the validator's "no line" (the whole file), and
/// the count of the problems not listed has "…" for its place.
pub(super) fn shown(error: &ValidationError, lang: Lang) -> Shown {
    let line = Some(error.line).filter(|line| *line > 0);
    let place = match error.kind {
        ErrorKind::More { .. } => "…".to_string(),
        _ => place(line, error.step, lang),
    };
    Shown { line, place, message: error.message(lang) }
}

/// How many problems `found` stands for: the ones listed, and the ones only counted.
fn total(found: &[ValidationError]) -> usize {
    found.iter().map(|e| if let ErrorKind::More { count } = e.kind { count } else { 1 }).sum()
}

/// The summary, the problems and the preview of a text that is not blank, named `file_name`
/// (a course file when it is named `course.toml`); one over `MAX_FILE_BYTES` is refused unread.
pub(super) fn read(file_name: &str, text: &str) -> (Summary, Vec<ValidationError>, Preview) {
    if text.len() > MAX_FILE_BYTES {
        return (Summary::TooLarge(text.len() as f64), Vec::new(), Preview::Nothing);
    }
    let (found, preview) = if is_course(file_name) {
        (course_problems(text), Preview::CourseNote)
    } else {
        let (found, lesson) = lesson_problems(file_name, text);
        (found, Preview::Lesson(preview_file(file_name, text), lesson))
    };
    let summary = match (total(&found), &preview) {
        (0, Preview::Lesson(_, lesson)) if has_computer_steps(lesson) => Summary::FineButNotProved,
        (0, _) => Summary::Fine,
        (n, _) => Summary::Found(n),
    };
    (summary, found, preview)
}

/// The page's state: its language, and whether a text was ever checked (after that, an empty
/// text says so instead of showing nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckState {
    pub lang: Lang,
    checked: bool,
}

impl CheckState {
    pub fn new(lang: Lang) -> CheckState {
        CheckState { lang, checked: false }
    }

    /// Checks `text` as the file `file_name` (a course file when it is named `course.toml`).
    pub fn check(&mut self, file_name: &str, text: &str) -> Outcome {
        if text.trim().is_empty() {
            let summary = if self.checked { Summary::Empty } else { Summary::Blank };
            return Outcome { summary, problems: Vec::new(), preview: Preview::Nothing };
        }
        self.checked = true;
        let (summary, found, preview) = read(file_name, text);
        let problems: Vec<Shown> = found.iter().map(|e| shown(e, self.lang)).collect();
        Outcome { summary, problems, preview }
    }

    /// A text was checked elsewhere (`www/check-worker.js`): emptying it now says so.
    pub fn note_checked(&mut self) {
        self.checked = true;
    }

    /// A dropped or picked file could not be read: its text is gone, so are its problems.
    pub fn unreadable() -> Outcome {
        Outcome { summary: Summary::Unreadable, problems: Vec::new(), preview: Preview::Nothing }
    }

    /// A file or text of `bytes` bytes, over `MAX_FILE_BYTES`: refused unread (issue 29).
    pub fn too_large(bytes: f64) -> Outcome {
        Outcome { summary: Summary::TooLarge(bytes), problems: Vec::new(), preview: Preview::Nothing }
    }

    /// Whether a file or text of `bytes` bytes is refused unread.
    pub fn is_too_large(bytes: f64) -> bool {
        bytes > MAX_FILE_BYTES as f64
    }
}

/// Line `line` (from 1) of `text` as a textarea selection: start and end in UTF-16 units (the
/// browser's), the end of the text for a line past it.
pub fn line_range(text: &str, line: usize) -> (u32, u32) {
    let units = |s: &str| s.encode_utf16().count() as u32;
    let mut lines = text.split('\n');
    let start = lines.by_ref().take(line.saturating_sub(1)).map(|l| units(l) + 1).sum::<u32>();
    (start, start + lines.next().map_or(0, units))
}

/// The textarea's scroll position that shows line `line` with two lines above it, from its
/// content's height (the lines are all as high: the textarea does not wrap code lines).
pub fn line_scroll(text: &str, line: usize, scroll_height: f64) -> f64 {
    let count = text.split('\n').count().max(1);
    let line_height = scroll_height / count as f64;
    (line as f64 - 3.0).max(0.0) * line_height
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_against_the_computer_says_its_goals_are_proved_when_the_site_is_built() {
        let text = include_str!("../../../../lessons/examples/vs-computer.toml");
        let mut state = CheckState::new(Lang::En);
        for name in ["vs-computer.toml", ""] {
            let outcome = state.check(name, text);
            assert_eq!((outcome.summary, outcome.summary.class()), (Summary::FineButNotProved, "summary ok"), "{name:?}");
            assert!(outcome.summary.text(Lang::En).contains("cargo xtask lessons"));
            assert!(outcome.summary.text(Lang::Zh).contains("cargo xtask lessons"));
        }
    }

    const BAD_FEN: &str =
        "title = { zh = \"星星\", en = \"Stars\" }\n\n[[step]]\nkind = \"star-drill\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/R6\"\nstars = [\"a5\"]\n";

    #[test]
    fn a_problem_is_listed_with_its_line_and_step_in_the_pages_language() {
        let mut state = CheckState::new(Lang::En);
        let outcome = state.check("bad-fen.toml", BAD_FEN);
        assert_eq!(outcome.summary, Summary::Found(1));
        assert_eq!(outcome.summary.text(Lang::En), "1 problem found:");
        assert_eq!(outcome.summary.class(), "summary bad");
        let [shown] = &outcome.problems[..] else { panic!("{:?}", outcome.problems) };
        assert_eq!((shown.line, shown.place.as_str()), (Some(6), "line 6 · step 1"));
        assert!(shown.message.starts_with("the position is wrong"), "{}", shown.message);
        let Preview::Lesson(file, Err(read)) = &outcome.preview else { panic!("{:?}", outcome.preview) };
        assert_eq!((file.as_str(), read.errors.len()), ("bad-fen.toml", 1), "the preview plays the lesson as the check read it");
        state.lang = Lang::Zh;
        let zh = state.check("bad-fen.toml", BAD_FEN);
        assert_eq!(zh.problems[0].place, "第 6 行 · 第 1 步");
        assert!(zh.problems[0].message.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)));
    }

    /// Issue 29 §1: a file of 200,000 unknown keys lists 100 problems and says how many more;
    /// the summary counts them all. A text over 1 MB is refused unread, with its size in words.
    #[test]
    fn many_problems_are_counted_and_a_huge_text_refused() {
        let mut text = BAD_FEN.to_string();
        for i in 0..20_000 {
            text.push_str(&format!("unknown_{i} = 1\n"));
        }
        let mut state = CheckState::new(Lang::En);
        let outcome = state.check("bad-fen.toml", &text);
        assert_eq!(outcome.summary, Summary::Found(20_001));
        assert_eq!(outcome.summary.text(Lang::En), "20001 problems found:");
        assert_eq!(outcome.problems.len(), qitong_lessons::MAX_PROBLEMS + 1);
        let last = outcome.problems.last().expect("the count");
        assert_eq!((last.line, last.place.as_str()), (None, "…"));
        assert_eq!(last.message, "and 19901 more problems, not listed: fix the ones above and check again");
        let huge = format!("{text}{}", "# padding\n".repeat(150_000));
        let refused = state.check("bad-fen.toml", &huge);
        assert_eq!(
            (refused.summary, refused.summary.class(), refused.preview),
            (Summary::TooLarge(huge.len() as f64), "summary bad", Preview::Nothing)
        );
        assert!(refused.summary.text(Lang::Zh).contains("课程文件最多 1 MB"));
        assert!(CheckState::is_too_large(1_048_577.0) && !CheckState::is_too_large(1_048_576.0));
    }

    #[test]
    fn empty_text_says_nothing_until_something_was_checked() {
        let mut state = CheckState::new(Lang::En);
        assert_eq!(state.check("", " \n").summary, Summary::Blank);
        assert_eq!(Summary::Blank.text(Lang::En), "");
        state.check("", "id = \"x\"\n");
        let emptied = state.check("x.toml", "");
        assert_eq!((emptied.summary, emptied.preview), (Summary::Empty, Preview::Nothing));
        assert_eq!(emptied.summary.text(Lang::Zh), Text::Empty.text(Lang::Zh));
        assert_eq!(CheckState::unreadable().summary.text(Lang::En), "This file could not be read.");
    }

    #[test]
    fn a_good_lesson_and_a_course_file() {
        let mut state = CheckState::new(Lang::En);
        let good = include_str!("../../../../lessons/examples/star-drill.toml");
        let outcome = state.check("star-drill.toml", good);
        assert_eq!((outcome.summary, outcome.summary.class()), (Summary::Fine, "summary ok"));
        let course = state.check("lessons\\course.toml", "[[stage]]\nid = \"one\"\n");
        assert_eq!(course.preview, Preview::CourseNote);
        assert!(!course.problems.is_empty(), "a stage without a title");
        assert!(is_course(" a/course.toml ") && !is_course("course.toml.txt") && !is_course("my-course.toml"));
    }

    #[test]
    fn whole_file_problems_and_the_id_check_of_pasted_text() {
        let (named, _) = lesson_problems("folder/other.toml", "id = \"rook\"\n");
        assert!(named.iter().any(|e| matches!(e.kind, ErrorKind::IdMismatch { .. })));
        let (pasted, _) = lesson_problems(" ", "id = \"rook\"\n");
        assert!(!pasted.iter().any(|e| matches!(e.kind, ErrorKind::IdMismatch { .. })));
        assert!(!pasted.is_empty(), "still no title and no steps");
        assert!(course_problems("[[stage]]\nid = \"one\"\n").iter().all(|e| e.file == COURSE_FILE));
        let whole = shown(&ValidationError::new("a.toml", 0, Some(2), ErrorKind::FileMissing { path: "a.toml".into() }), Lang::Zh);
        assert_eq!((whole.line, whole.place.as_str()), (None, "整个文件"));
    }

    #[test]
    fn the_preview_file_name() {
        assert_eq!(preview_file(" rook/rook-moves.toml ", "id = \"x\""), "rook/rook-moves.toml");
        assert_eq!(preview_file("", "title = 1\n  id = \" knight \"\n"), "knight.toml");
        assert_eq!(preview_file("", "title = 1\nid=\"a\"\nid = \"b\"\n"), "a.toml");
        assert_eq!(preview_file("", "ids = \"a\"\nid = \"\"\n"), "pasted.toml");
        assert_eq!(preview_file("", "x = 1 id = \"a\"\nid = \"unclosed\n"), "pasted.toml");
        assert_eq!(preview_file("", "\r\nid =\n \"two lines\""), "two lines.toml");
    }

    #[test]
    fn a_lines_selection_counts_utf16_units() {
        let text = "a = 1\n星 = \"♞𝄞\"\nlast";
        assert_eq!(line_range(text, 1), (0, 5));
        // 星 is one unit, 𝄞 two.
        assert_eq!(line_range(text, 2), (6, 6 + 9));
        assert_eq!(line_range(text, 3), (16, 20));
        assert_eq!(line_range(text, 9), (21, 21));
        assert_eq!(line_range("", 1), (0, 0));
        assert_eq!(line_scroll(text, 1, 60.0), 0.0);
        assert_eq!(line_scroll("1\n2\n3\n4\n5\n6", 5, 120.0), 40.0);
    }
}
