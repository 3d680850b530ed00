//! The compiled form the site ships beside each lesson file (`qitong_format::toml::compile`,
//! read back by `from_tree` in the modules without a TOML reader) gives the same course, lessons
//! and problems — line numbers included — as the TOML it was made from.

use qitong::format::toml::{compile, from_tree};
use qitong::lessons::{Course, Lesson, Problems, COURSE_FILE};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn toml_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            toml_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

fn read(path: &Path) -> String {
    String::from_utf8_lossy(&std::fs::read(path).expect("read")).into_owned()
}

#[test]
fn every_shipped_lesson_reads_the_same_compiled() {
    let mut files = Vec::new();
    toml_files(&root().join("lessons"), &mut files);
    assert!(files.len() > 50, "{} lesson files", files.len());
    for path in files.iter().filter(|p| !p.ends_with(COURSE_FILE)) {
        let name = path.strip_prefix(root().join("lessons")).expect("inside").to_string_lossy().into_owned();
        let text = read(path);
        assert_eq!(Lesson::read(&name, &compile(&text), from_tree, Problems::DESCRIBED), Lesson::parse(&name, &text), "{name}");
    }
}

#[test]
fn the_course_loads_the_same_compiled() {
    let dir = root().join("lessons");
    let source = |name: &str| std::fs::read_to_string(dir.join(name)).ok();
    let compiled = |name: &str| source(name).map(|text| compile(&text));
    let from_toml = Course::load(source).expect("the course");
    let from_json = Course::load_with(compiled, from_tree, Problems::DESCRIBED).expect("the compiled course");
    assert_eq!(from_json.stages.len(), from_toml.stages.len());
    for (a, b) in from_json.entries().zip(from_toml.entries()) {
        assert_eq!((&a.0.id, &a.1.id, &a.1.lesson), (&b.0.id, &b.1.id, &b.1.lesson));
    }
    assert_eq!(from_json.gate_stages, from_toml.gate_stages);
}

#[test]
fn a_broken_fixture_reports_the_same_problems_compiled() {
    let mut files = Vec::new();
    toml_files(&root().join("tests/fixtures/broken"), &mut files);
    assert!(!files.is_empty());
    for path in &files {
        let name = path.file_name().expect("name").to_string_lossy().into_owned();
        let text = read(path);
        let problems = |lesson: Result<Lesson, qitong::lessons::LessonError>| lesson.err().map(|e| e.errors).unwrap_or_default();
        let compiled = problems(Lesson::read(&name, &compile(&text), from_tree, Problems::DESCRIBED));
        // The loader's problems from either form (the validator's proofs, which come after the
        // loader, are the same for both: they run on the loaded lesson).
        let source = problems(Lesson::parse(&name, &text));
        // Characters that were not UTF-8 are reported from the source's lines; the compiled
        // text is one line. Every other problem is the same, where it was.
        let located = |errors: &[qitong::lessons::ValidationError]| {
            errors
                .iter()
                .filter(|e| !matches!(e.kind, qitong::lessons::ErrorKind::Unreadable { .. }))
                .map(|e| (e.line, e.step, format!("{:?}", e.kind)))
                .collect::<Vec<_>>()
        };
        assert_eq!(located(&compiled), located(&source), "{name}");
    }
}
