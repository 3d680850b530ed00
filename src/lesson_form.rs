//! The form in which this module reads lesson files: TOML as teachers write them, or — in the
//! modules of the site's own pages, cargo feature `compiled` — the compiled form that the site
//! ships beside each file (`course.json`, `rook/moves.json`: `qitong_format::toml::to_tree`,
//! written by `cargo xtask dist` and `serve`), so that those modules carry no TOML reader
//! (9.8 KB gzipped of the lesson page's module, measured 2026-12-03; issue 14).

// The teacher pages' check page shows every problem's description, which `places` leaves out.
#[cfg(all(feature = "places", feature = "teacher"))]
compile_error!("the features `places` (or `compiled`) and `teacher` do not go together: see Cargo.toml");

use crate::lang::Lang;
use crate::lessons::{LessonError, ReadDocument, ValidationError};

/// Reads a lesson file's text in this module's form.
#[cfg(not(feature = "compiled"))]
pub const READ: ReadDocument = crate::format::toml::parse;
/// Reads a lesson file's text in this module's form.
#[cfg(feature = "compiled")]
pub const READ: ReadDocument = crate::format::toml::from_tree;

/// A lesson file's problem as the player shows it: with the validator's full message in the
/// lesson player's own module (`qitong_lessons`, teachers' TOML files) and the teacher pages'.
#[cfg(not(feature = "places"))]
pub fn problem(error: &ValidationError, lang: Lang) -> String {
    error.located(lang)
}

/// A lesson file's problem as the player shows it: its place and where to read the rest, in the
/// modules with the `places` feature — the site's own (`qitong_course`, `qitong_home`: a site
/// lesson passed the validator, `cargo xtask lessons`, before it shipped, so these pages never
/// show its messages) and the boards-and-lessons module of a class page (whose teacher reads the
/// reasons on "check my lesson", check.html). Leaving the messages out saved 6.2 KB gzipped of
/// `qitong_course`, 7.1 of `qitong_home` (measured 2026-12-03), room made for the vs-computer
/// step (issue 15); the descriptions themselves 1.1 KB more of `qitong_course` (the lessons
/// crate's `places`).
#[cfg(feature = "places")]
pub fn problem(error: &ValidationError, lang: Lang) -> String {
    let step = error.step.map(|n| lang.pick(format!(" 第 {n} 步"), format!(" step {n}"))).unwrap_or_default();
    let hint = lang.pick("原因请在“检查我的课”（check.html）里看", "see why on \"check my lesson\" (check.html)");
    format!("{}:{}{step}: {hint}", error.file, error.line)
}

/// A lesson file's problems as the player lists them, each one's [`problem`] — or, in the modules
/// that read the site's compiled copies, one line saying that the copy is damaged when the
/// compiled reader could not read it (its error at line 0, the whole file, which a lesson's own
/// problems never have), and that rebuilding the site fixes it: the source checks clean on
/// "check my lesson", so sending the teacher there misleads (issue 29).
pub fn problems(error: &LessonError, lang: Lang) -> impl Iterator<Item = String> + '_ {
    #[cfg(feature = "compiled")]
    let damaged = error.errors.iter().find(|e| e.line == 0 && matches!(e.kind, crate::lessons::ErrorKind::Unexplained));
    #[cfg(not(feature = "compiled"))]
    let damaged: Option<&ValidationError> = None;
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
