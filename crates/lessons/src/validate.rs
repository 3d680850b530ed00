//! The validator's entry points: one lesson's text, a whole course given as files, or (natively)
//! a lessons folder on disk. Every problem comes back with file, line and step.

use super::course::Course;
use super::error::ValidationError;
#[cfg(not(target_arch = "wasm32"))]
use super::kinds::{puzzle, vs_computer, StepKind};
use super::model::Lesson;

/// Every problem in one lesson file (`file` relative to the lessons folder, for messages and
/// the expected id). Empty when the lesson is fine.
pub fn validate_lesson(file: &str, src: &str) -> Vec<ValidationError> {
    validate_parsed(file, &Lesson::parse(file, src))
}

/// [`validate_lesson`] of a lesson already read with [`Lesson::parse`] (check.html reads a file
/// once, for its problems and its preview: issue 29).
pub fn validate_parsed(file: &str, parsed: &Result<Lesson, super::LessonError>) -> Vec<ValidationError> {
    match parsed {
        Ok(lesson) => proofs(file, lesson),
        Err(e) => e.errors.clone(),
    }
}

/// The problems only a proof finds in a lesson that loads: vs-computer goals the engine could
/// not reach against its own best defence, puzzle moves accepted that its best defence refutes. Here, not in the loader, so that the lesson player
/// (which loads lessons but never validates them) does not link the engine; and natively only
/// (`cargo xtask lessons`, the tests), since in the browser the engine would take the teacher
/// pages past their size budget (see `Cargo.toml`).
#[cfg(not(target_arch = "wasm32"))]
fn proofs(file: &str, lesson: &Lesson) -> Vec<ValidationError> {
    let unproved = lesson.steps.iter().filter_map(|step| match &step.kind {
        StepKind::VsComputer(spec) => Some((step, vs_computer::prove::check(spec)?)),
        StepKind::Puzzle(spec) => Some((step, puzzle::prove::check(spec).or_else(|| super::hints::check(step))?)),
        _ => Some((step, super::hints::check(step)?)),
    });
    unproved.map(|(step, kind)| ValidationError::new(file, step.line, Some(step.number), kind)).collect()
}

/// In the browser the goals are not proved (see above): `cargo xtask lessons` proves them.
#[cfg(target_arch = "wasm32")]
fn proofs(_: &str, _: &Lesson) -> Vec<ValidationError> {
    Vec::new()
}

/// Every problem of a loaded course: its own and its lessons' (`Course::errors`), the proofs of
/// the lessons that loaded, then (natively) the steps that ask for what a later stage teaches.
/// `src`: the text of `course.toml`.
fn course_errors(course: &Course, src: Option<&str>) -> Vec<ValidationError> {
    let mut errors = in_file_order(course.errors().into_iter().cloned().collect());
    for stage in &course.stages {
        for entry in &stage.lessons {
            if let Ok(lesson) = &entry.lesson {
                errors.extend(proofs(&entry.file, lesson));
            }
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    errors.extend(src.map(|src| super::teaching::check(course, src)).unwrap_or_default());
    #[cfg(target_arch = "wasm32")]
    let _ = src;
    errors
}

/// Every problem in a course: `course.toml` and each lesson it lists, in course order (the
/// course file's by line).
pub fn validate_course(files: impl Fn(&str) -> Option<String>) -> Vec<ValidationError> {
    match Course::load(&files) {
        Ok(course) => course_errors(&course, files(super::course::COURSE_FILE).as_deref()),
        Err(e) => e.errors,
    }
}

/// The course file's problems sorted by line (its own and the missing lessons it lists come
/// from two places); each lesson's errors keep their order.
fn in_file_order(mut errors: Vec<ValidationError>) -> Vec<ValidationError> {
    let course_file = |e: &ValidationError| e.file == super::course::COURSE_FILE;
    let mut course: Vec<ValidationError> = errors.iter().filter(|e| course_file(e)).cloned().collect();
    course.sort_by_key(|e| e.line);
    errors.retain(|e| !course_file(e));
    course.extend(errors);
    course
}

#[cfg(not(target_arch = "wasm32"))]
/// A lesson file's text: bytes that are not UTF-8 become U+FFFD, which the validator reports
/// with line and column (a browser reading the file does the same), rather than the file
/// counting as missing. `None` when it cannot be read at all.
pub fn read_file(path: &std::path::Path) -> Option<String> {
    std::fs::read(path).ok().map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
}

/// Every problem in the lessons folder `path`: the course and its lessons, and lesson files in
/// a stage's folder that the course does not list. For `cargo xtask lessons` and teachers'
/// tools.
#[cfg(not(target_arch = "wasm32"))]
pub fn validate_dir(path: &std::path::Path) -> Vec<ValidationError> {
    use super::error::ErrorKind;
    let read = |name: &str| read_file(&path.join(name));
    let course = match Course::load(read) {
        Ok(course) => course,
        Err(e) => return e.errors,
    };
    let mut errors = course_errors(&course, read(super::course::COURSE_FILE).as_deref());
    for stage in &course.stages {
        let Ok(dir) = std::fs::read_dir(path.join(&stage.id)) else { continue };
        let mut names: Vec<String> = dir.filter_map(|e| e.ok()?.file_name().into_string().ok()).collect();
        names.sort();
        for name in names {
            let Some(id) = name.strip_suffix(".toml") else { continue };
            if !stage.lessons.iter().any(|l| l.id == id) {
                let file = format!("{}/{name}", stage.id);
                errors.push(ValidationError::new(&file, 0, None, ErrorKind::NotInCourse { stage: stage.id.clone() }));
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_lesson_does_not_break_the_course() {
        let course = "title = { zh = \"课\", en = \"Course\" }\n[[stage]]\nid = \"a\"\ntitle = { zh = \"一\", en = \"One\" }\nlessons = [\"good\", \"bad\", \"gone\"]\n";
        let good = "title = { zh = \"好\", en = \"Good\" }\n[[step]]\nkind = \"narration\"\nlines = [{ zh = \"你好\", en = \"Hello\" }]\n";
        let bad = "title = { zh = \"坏\" }\n[[step]]\nkind = \"narration\"\nlines = [{ zh = \"你好\", en = \"Hello\" }]\n";
        let files = |name: &str| match name {
            "course.toml" => Some(course.to_string()),
            "a/good.toml" => Some(good.to_string()),
            "a/bad.toml" => Some(bad.to_string()),
            _ => None,
        };
        let loaded = Course::load(files).expect("the course file is fine");
        let lessons = &loaded.stages[0].lessons;
        assert!(lessons[0].lesson.is_ok());
        assert!(lessons[1].lesson.is_err());
        assert_eq!(lessons[0].key(), "a/good");
        let shown: Vec<String> = validate_course(files).iter().map(ToString::to_string).collect();
        assert!(loaded.problems.is_empty());
        assert_eq!(
            shown,
            [
                "course.toml:5: the file a/gone.toml is missing: check its name and folder",
                "a/bad.toml:1: \"title\" has no English text (en = \"…\", not empty)"
            ]
        );
        assert!(validate_lesson("a/good.toml", good).is_empty());
        assert!(validate_course(|_| None)[0].to_string().starts_with("course.toml:0: the file course.toml is missing"));
    }

    const GOOD: &str = "title = { zh = \"好\", en = \"Good\" }\n[[step]]\nkind = \"narration\"\nlines = [{ zh = \"你好\", en = \"Hello\" }]\n";

    #[test]
    fn an_unreadable_character_is_reported_with_its_line_and_column() {
        // A lone surrogate from JavaScript reaches Rust as U+FFFD.
        let text = GOOD.replace("你好", "你\u{FFFD}好");
        let found: Vec<String> = validate_lesson("a/good.toml", &text).iter().map(ToString::to_string).collect();
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("a/good.toml:4: column 19: an unreadable character � (U+FFFD)"), "{found:?}");
        let zh = validate_lesson("a/good.toml", &text)[0].message(crate::lang::Lang::Zh);
        assert!(zh.starts_with("第 19 个字是读不出来的字符"), "{zh}");
        // A `\uD800` escape in the TOML is refused by the reader itself, with its place.
        let escaped = GOOD.replace("你好", "\\uD800");
        let found = validate_lesson("a/good.toml", &escaped);
        assert!(
            matches!(&found[0].kind, crate::ErrorKind::Toml { column: 18, message } if message.contains("not a valid Unicode character")),
            "{found:?}"
        );
        assert_eq!(found[0].line, 4);
    }

    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn a_file_that_is_not_utf8_is_read_and_its_bad_bytes_reported() {
        let dir = std::env::temp_dir().join(format!("qitong-utf8-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("a")).expect("dir");
        let course = "title = { zh = \"课\", en = \"Course\" }\n[[stage]]\nid = \"a\"\ntitle = { zh = \"一\", en = \"One\" }\nlessons = [\"good\"]\n";
        std::fs::write(dir.join("course.toml"), course).expect("course");
        // "你好" in GBK: not UTF-8.
        let gbk = GOOD.replace("你好", "@").replace('@', "\u{0}");
        let bytes: Vec<u8> = gbk.bytes().flat_map(|b| if b == 0 { vec![0xc4, 0xe3, 0xba, 0xc3] } else { vec![b] }).collect();
        std::fs::write(dir.join("a/good.toml"), bytes).expect("lesson");
        let found: Vec<String> = validate_dir(&dir).iter().map(ToString::to_string).collect();
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("a/good.toml:4: column 18: an unreadable character"), "{found:?}");
    }
}
