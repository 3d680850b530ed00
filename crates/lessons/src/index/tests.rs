//! The index against the course it is made of: the same map, from far less.

use super::*;
use crate::{Problems, Progress, COURSE_FILE};
use qitong_format::toml;

const COURSE: &str = "title = { zh = \"课\", en = \"Course \\\"one\\\"\" }\ngate_stages = true\n\
[[stage]]\nid = \"one\"\ntitle = { zh = \"一\", en = \"One\" }\nlessons = [\"a\", \"b\", \"broken\"]\n\
[[stage]]\nid = \"two\"\ntitle = { zh = \"二\", en = \"Two\" }\nlessons = [\"c\"]\nunlock_stars = 4\n";

/// A reading and two scored quizzes: 6 stars at most.
const LESSON: &str = "title = { zh = \"课\\\\\", en = \"Lesson\" }\n\
[[step]]\nkind = \"narration\"\nlines = [{ zh = \"你好\", en = \"Hello\" }]\n\
[[step]]\nkind = \"legal-or-not\"\nfen = \"start\"\nmove = \"e2e4\"\n\
[[step]]\nkind = \"legal-or-not\"\nfen = \"start\"\nmove = \"e2e5\"\n";

fn file(name: &str) -> Option<String> {
    match name {
        COURSE_FILE => Some(COURSE.to_string()),
        "one/a.toml" | "one/b.toml" | "two/c.toml" => Some(LESSON.to_string()),
        "one/broken.toml" => Some("title = = 1\n".to_string()),
        _ => None,
    }
}

fn full() -> Course {
    Course::load(file).expect("course")
}

fn indexed(files: &[&str]) -> Course {
    let index = full().index_toml();
    Course::load_indexed(&index, |name| files.contains(&name).then(|| file(name)).flatten(), toml::parse, Problems::DESCRIBED).expect("index")
}

#[test]
fn the_index_reads_back_as_the_same_map_with_every_good_lesson_waiting_for_its_file() {
    let (full, index) = (full(), indexed(&[]));
    assert_eq!((&index.title, index.gate_stages), (&full.title, true));
    assert_eq!(index.stages.len(), 2);
    assert_eq!(index.stages[1].unlock_stars, Some(4));
    for ((_, a), (_, b)) in full.entries().zip(index.entries()) {
        assert_eq!((&a.id, &a.file, &a.outline), (&b.id, &b.file, &b.outline));
    }
    let a = index.lesson("one", "a").expect("a");
    assert!(a.is_pending());
    assert_eq!(a.outline.as_ref().map(|o| (o.steps(), o.max_stars(), o.title.zh.as_str())), Some((3, 6, "课\\")));
    // The broken lesson has no outline: without its file it is missing.
    assert!(!index.lesson("one", "broken").expect("listed").is_pending());
    assert_eq!(index.index_needs(""), ["one/broken.toml"]);
    assert_eq!(index.index_needs("#/two/c/2"), ["one/broken.toml", "two/c.toml"]);
    assert_eq!(index.index_needs("one/a"), ["one/a.toml", "one/broken.toml"]);
}

#[test]
fn stars_gates_and_the_next_lesson_come_out_the_same_from_the_index() {
    let (full, index) = (full(), indexed(&["one/broken.toml"]));
    let mut progress = Progress::new();
    for step in 0..3 {
        progress.record("one/a", step, Some(2));
    }
    progress.record("one/b", 1, Some(3));
    for course in [&full, &index] {
        assert_eq!(course.stage_stars(&progress, 0), (7, 12));
        assert!(course.is_unlocked(&progress, 1));
        assert_eq!(course.next_lesson(&progress), Some((0, 1)));
        assert_eq!(progress.to_code(course), progress.to_code(&full), "the same progress code");
    }
    assert!(index.lesson("one", "broken").expect("listed").lesson.is_err());
}

#[test]
fn a_file_given_with_the_index_is_read_and_one_read_later_replaces_the_outline() {
    let mut index = indexed(&["one/b.toml"]);
    assert!(index.lesson("one", "b").expect("b").lesson.is_ok());
    let entry = &mut index.stages[1].lessons[0];
    entry.set_text(Some(LESSON), toml::parse, Problems::DESCRIBED);
    assert!(entry.lesson.as_ref().is_ok_and(|l| l.steps.len() == 3) && !entry.is_pending());
    entry.set_text(Some("title = = 1\n"), toml::parse, Problems::DESCRIBED);
    assert_eq!((entry.outline.is_none(), entry.is_pending()), (true, false));
    entry.set_text(None, toml::parse, Problems::DESCRIBED);
    assert!(entry.lesson.as_ref().is_err_and(|e| e.errors.len() == 1));
}

#[test]
fn the_index_is_smaller_than_the_lessons_and_compiles_like_them() {
    let index = full().index_toml();
    let tree = toml::compile(&index);
    let course: Course = Course::load_indexed(&tree, |_| None, toml::from_tree, Problems::DESCRIBED).expect("compiled index");
    assert_eq!(course.lesson("two", "c").and_then(|e| e.outline.as_ref()).map(Outline::steps), Some(3));
    assert!(index.len() < COURSE.len() + 3 * LESSON.len());
}

#[test]
fn an_outline_with_an_unknown_kind_is_reported_and_its_lesson_fetched() {
    let index = full().index_toml().replace("\"narration\"", "\"new-kind\"");
    let course: Course = Course::load_indexed(&index, |_| None, toml::parse, Problems::DESCRIBED).expect("index");
    assert!(course.problems.iter().any(|p| matches!(&p.kind, ErrorKind::UnknownKind { kind, .. } if kind == "new-kind")));
    assert_eq!(course.index_needs("").len(), 4);
}

#[test]
fn the_real_course_has_an_outline_for_every_lesson() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../lessons");
    let course = Course::load(|name| std::fs::read_to_string(root.join(name)).ok()).expect("the course");
    let index = course.index_toml();
    let read: Course = Course::load_indexed(&toml::compile(&index), |_| None, toml::from_tree, Problems::DESCRIBED).expect("index");
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    assert!(read.index_needs("").is_empty());
    assert_eq!(read.entries().count(), course.entries().count());
}
