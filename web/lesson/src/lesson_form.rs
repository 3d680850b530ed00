//! The form in which a wasm module reads lesson files, which the module chooses when it starts
//! (`web/modules/*`, issue 30: a value, not a cargo feature): TOML as teachers write them, or the
//! compiled form that the site ships beside each file (`course.json`, `rook/moves.json`:
//! `qitong_format::toml::to_tree`, written by `cargo xtask dist` and `serve`) for the site's own
//! pages, whose modules then carry no TOML reader (9.8 KB gzipped of the lesson page's module,
//! measured 2026-12-03; issue 14); and how a lesson file's problem is shown, with the validator's
//! full message or by its place only (then the lessons crate keeps them by place too,
//! `qitong_lessons::Problems`). A module links only the reader and the form it chose, as the
//! others are reached through no code it calls.

use qitong_lessons::lang::Lang;
use qitong_lessons::{LessonError, Problems, ReadDocument, ValidationError};
use std::sync::OnceLock;

/// A module's way with lesson files: how it reads them and how it shows their problems.
#[derive(Debug, Clone, Copy)]
pub struct LessonForm {
    /// Reads a lesson file's text.
    pub read: ReadDocument,
    /// A lesson file's problem as the player shows it.
    pub problem: fn(&ValidationError, Lang) -> String,
    /// How the lessons crate keeps the problems: described for [`full`], by place for
    /// [`by_place`], which shows no description.
    pub problems: Problems,
    /// Whether the files are the site's compiled copies, which a reader that cannot read them
    /// finds damaged (see [`problems`]).
    pub compiled: bool,
}

impl LessonForm {
    /// Teachers' own TOML files with the validator's full messages: the lesson player's module
    /// (`qitong_lessons`) and the teacher pages' (whose check page shows every description).
    pub const TEACHERS: LessonForm = LessonForm { read: qitong_format::toml::parse, problem: full, problems: Problems::DESCRIBED, compiled: false };
    /// Teachers' own TOML files, their problems by place only: the boards-and-lessons modules of a
    /// class page, whose teacher reads the reasons on "check my lesson" (check.html).
    pub const TEACHERS_BY_PLACE: LessonForm =
        LessonForm { read: qitong_format::toml::parse, problem: by_place, problems: Problems::BY_PLACE, compiled: false };
    /// The site's compiled copies, their problems by place only: the site's own modules
    /// (`qitong_course`, `qitong_home`), whose lessons passed `cargo xtask lessons` before they
    /// shipped.
    pub const SITE: LessonForm = LessonForm { read: qitong_format::toml::from_tree, problem: by_place, problems: Problems::BY_PLACE, compiled: true };
}

/// The form the module chose at its start; the native tests read teachers' TOML files.
static FORM: OnceLock<LessonForm> = OnceLock::new();

/// Sets the module's form, once (its start does).
pub fn choose(form: LessonForm) {
    let _ = FORM.set(form);
}

fn chosen() -> Option<LessonForm> {
    let form = FORM.get().copied();
    // Natively (the tests) the full form: only the wasm modules leave it to their start, so that
    // none links a reader it did not choose.
    #[cfg(not(target_arch = "wasm32"))]
    let form = form.or(Some(LessonForm::TEACHERS));
    form
}

/// Reads a lesson file's text in this module's form.
pub const READ: ReadDocument = read;

fn read(text: &str) -> Result<qitong_format::toml::Table, qitong_format::toml::TomlError> {
    match chosen() {
        Some(form) => (form.read)(text),
        None => Err(qitong_format::toml::TomlError { line: 0, column: 0, message: "this module reads no lesson files".to_owned() }),
    }
}

/// How this module keeps a lesson file's problems (by place in a module that chose no form: it
/// shows none).
pub fn problems_kept() -> Problems {
    chosen().map_or(Problems::BY_PLACE, |form| form.problems)
}

/// A lesson file's problem with the validator's full message.
fn full(error: &ValidationError, lang: Lang) -> String {
    error.located(lang)
}

/// A lesson file's problem by its place, with where to read why. Leaving the messages out saved
/// 6.2 KB gzipped of `qitong_course`, 7.1 of `qitong_home` (measured 2026-12-03), room made for
/// the vs-computer step (issue 15). The descriptions themselves are still built (and dropped:
/// `Problems::BY_PLACE`), about 1.1 KB of `qitong_course` that a cargo feature of the lessons
/// crate left out before issue 30, less the closest-word search, which `BY_PLACE` does not link.
fn by_place(error: &ValidationError, lang: Lang) -> String {
    let step = error.step.map(|n| lang.pick(format!(" 第 {n} 步"), format!(" step {n}"))).unwrap_or_default();
    let hint = lang.pick("原因请在“检查我的课”（check.html）里看", "see why on \"check my lesson\" (check.html)");
    format!("{}:{}{step}: {hint}", error.file, error.line)
}

/// A lesson file's problem as the player shows it, in this module's form.
pub fn problem(error: &ValidationError, lang: Lang) -> String {
    match chosen() {
        Some(form) => (form.problem)(error, lang),
        None => format!("{}:{}", error.file, error.line),
    }
}

/// A lesson file's problems as the player lists them, each one's [`problem`] — or, in the modules
/// that read the site's compiled copies, one line saying that the copy is damaged when the
/// compiled reader could not read it (its error at line 0, the whole file, which a lesson's own
/// problems never have), and that rebuilding the site fixes it: the source checks clean on
/// "check my lesson", so sending the teacher there misleads (issue 29).
pub fn problems(error: &LessonError, lang: Lang) -> impl Iterator<Item = String> + '_ {
    let compiled = chosen().is_some_and(|form| form.compiled);
    let damaged = error.errors.iter().find(|e| compiled && e.line == 0 && matches!(e.kind, qitong_lessons::ErrorKind::Unexplained));
    let copy = damaged.map(move |e| {
        let say = lang.pick(
            "网站上这个文件的编译副本坏了，重新构建网站（cargo xtask dist）就能修好",
            "the site's compiled copy of this file is damaged; rebuilding the site (cargo xtask dist) fixes it",
        );
        format!("{}: {say}", e.file)
    });
    // Its other problems (half a character where it was cut) follow from the damage.
    let rest = error.errors.iter().filter(move |_| damaged.is_none()).map(move |e| problem(e, lang));
    copy.into_iter().chain(rest)
}
