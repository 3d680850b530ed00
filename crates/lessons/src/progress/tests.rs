//! Tests of progress: best stars kept, JSON round trip and recovery, short codes, stage totals,
//! the next lesson and gating.

use super::*;
use crate::course::Course;
use crate::CodeError;

const COURSE: &str = "title = { zh = \"课\", en = \"Course\" }\ngate_stages = true\n\
[[stage]]\nid = \"one\"\ntitle = { zh = \"一\", en = \"One\" }\nlessons = [\"a\", \"b\"]\n\
[[stage]]\nid = \"two\"\ntitle = { zh = \"二\", en = \"Two\" }\nlessons = [\"c\"]\nunlock_stars = 4\n";

/// A lesson of a reading and two quizzes.
const LESSON: &str = "title = { zh = \"课\", en = \"Lesson\" }\n\
[[step]]\nkind = \"narration\"\nlines = [{ zh = \"你好\", en = \"Hello\" }]\n\
[[step]]\nkind = \"legal-or-not\"\nfen = \"start\"\nmove = \"e2e4\"\n\
[[step]]\nkind = \"legal-or-not\"\nfen = \"start\"\nmove = \"e2e5\"\n";

fn course() -> Course {
    Course::load(|name: &str| match name {
        "course.toml" => Some(COURSE.to_string()),
        "one/a.toml" | "one/b.toml" | "two/c.toml" => Some(LESSON.to_string()),
        _ => None,
    })
    .expect("course")
}

#[test]
fn best_stars_are_kept() {
    let mut p = Progress::new();
    assert!(p.record("one/a", 1, Some(2)));
    assert!(!p.record("one/a", 1, Some(1)));
    assert!(p.record("one/a", 1, Some(3)));
    assert!(p.record("one/a", 0, None));
    assert_eq!((p.step("one/a", 0), p.step("one/a", 1), p.step("one/a", 2)), (Some(0), Some(3), None));
    assert_eq!(p.lesson_stars("one/a"), 3);
}

#[test]
fn json_round_trips() {
    let mut p = Progress::new();
    p.record("one/a", 2, Some(2));
    p.record("two/c", 0, None);
    let json = p.to_json();
    assert_eq!(json, r#"{"format":"qitong-progress","version":1,"lessons":{"one/a":[null,null,2],"two/c":[0]}}"#);
    assert_eq!(Progress::from_json(&json), Recovered { progress: p, reset: vec![] });
}

#[test]
fn damaged_records_keep_what_they_can() {
    let r = Progress::from_json(r#"{"format":"qitong-progress","version":1,"lessons":{"one/a":[3,"x"],"one/b":[1,null,2],"two/c":7}}"#);
    assert_eq!(r.progress.step("one/b", 2), Some(2));
    assert_eq!(r.progress.lessons().count(), 1);
    assert_eq!(r.reset, [ResetNote::LessonDropped { key: "one/a".into() }, ResetNote::LessonDropped { key: "two/c".into() }]);
    assert_eq!(Progress::from_json("{not json").reset, [ResetNote::Unreadable]);
    assert_eq!(Progress::from_json("[1,2]").reset, [ResetNote::Unreadable]);
    assert_eq!(Progress::from_json(r#"{"format":"other"}"#).reset, [ResetNote::UnknownFormat]);
    let old = Progress::from_json(r#"{"one/a":[3,3]}"#);
    assert_eq!((old.progress.lesson_stars("one/a"), old.reset), (6, vec![ResetNote::OldFormat]));
    assert!(r.needs_backup() && !r.is_newer());
    assert_eq!(ResetNote::OldFormat.code().as_str(), "progress-old-format");
}

#[test]
fn short_codes_round_trip_and_catch_typos() {
    let course = course();
    let mut p = Progress::new();
    assert_eq!(Progress::from_code(&course, &p.to_code(&course)), Ok(p.clone()));
    p.record("one/a", 0, None);
    p.record("one/a", 1, Some(3));
    p.record("one/b", 2, Some(1));
    p.record("two/c", 1, Some(2));
    p.record("elsewhere/x", 0, Some(3));
    let code = p.to_code(&course);
    assert!(code.len() <= 10, "{code}");
    let back = Progress::from_code(&course, &format!(" {code} ")).expect("reads");
    assert_eq!(back.step("two/c", 1), Some(2));
    assert_eq!(back.step("elsewhere/x", 0), None, "only the course's lessons travel");
    let mut typo = code.clone().into_bytes();
    typo[5] = if typo[5] == b'A' { b'B' } else { b'A' };
    assert_eq!(Progress::from_code(&course, &String::from_utf8(typo).expect("ascii")), Err(CodeError::Checksum));
    assert_eq!(Progress::from_code(&course, "hello"), Err(CodeError::NotACode));
    let mut other = course.clone();
    other.stages.pop();
    assert_eq!(Progress::from_code(&other, &code), Err(CodeError::OtherCourse));
}

#[test]
fn stage_totals_next_lesson_and_gates() {
    let course = course();
    let mut p = Progress::new();
    assert_eq!(course.stage_stars(&p, 0), (0, 12));
    assert_eq!(course.next_lesson(&p), Some((0, 0)));
    assert!(!course.is_unlocked(&p, 1));
    p.record("one/a", 0, Some(3));
    for step in 1..3 {
        p.record("one/a", step, Some(3));
    }
    assert_eq!(course.stage_stars(&p, 0), (6, 12));
    assert_eq!(course.next_lesson(&p), Some((0, 1)));
    assert!(course.is_unlocked(&p, 1));
    for step in 0..3 {
        p.record("one/b", step, Some(1));
    }
    assert_eq!(course.next_lesson(&p), Some((1, 0)));
    let mut ungated = course.clone();
    ungated.gate_stages = false;
    assert!(ungated.is_unlocked(&Progress::new(), 1));
    p.clear();
    assert_eq!(p, Progress::new());
}

#[test]
fn a_newer_version_is_read_not_at_all_and_never_backed_up() {
    for (text, version) in [
        (r#"{"format":"qitong-progress","version":99,"lessons":{"one/a":[1]}}"#, "99"),
        (r#"{"format":"qitong-progress","version":2,"lessons":{"one/a":[1]}}"#, "2"),
        (r#"{"format":"qitong-progress","version":"2","lessons":{"one/a":[1]}}"#, "?"),
        (r#"{"format":"qitong-progress","version":1.5,"lessons":{"one/a":[1]}}"#, "1.5"),
        (r#"{"format":"qitong-progress","version":99,"lessons":{"one/a":[1],"#, "99"),
    ] {
        let r = Progress::from_json(text);
        assert_eq!(r.progress, Progress::new(), "{text}");
        assert_eq!(r.reset, [ResetNote::NewerVersion { version: version.into() }], "{text}");
        assert!(r.is_newer() && !r.needs_backup(), "{text}");
    }
    let unversioned = Progress::from_json(r#"{"format":"qitong-progress","lessons":{"one/a":[2]}}"#);
    assert_eq!((unversioned.progress.step("one/a", 0), unversioned.reset), (Some(2), vec![]));
}

#[test]
fn a_negative_version_is_damaged_not_newer() {
    for text in
        [r#"{"format":"qitong-progress","version":-1,"lessons":{"one/a":[1]}}"#, r#"{"format":"qitong-progress","version":-0.5,"lessons":{}}"#]
    {
        let r = Progress::from_json(text);
        assert_eq!(r.reset, [ResetNote::Unreadable], "{text}");
        assert!(!r.is_newer() && r.needs_backup(), "{text}");
    }
}

#[test]
fn a_huge_progress_code_is_refused_before_it_is_read() {
    let course = course();
    let mut p = Progress::new();
    p.record("one/a", 0, Some(3));
    // A code as long as the limit allows still reads (spaces are ignored)…
    let code = p.to_code(&course);
    let padded = format!("{code}{}", " ".repeat(crate::progress_code::MAX_CODE_BYTES - code.len()));
    assert_eq!(Progress::from_code(&course, &padded), Ok(p));
    // …but 10 MB with a correct checksum, which made every step be unpacked, is refused at once.
    let mut huge = code[..4].to_owned();
    huge.push_str(&"A".repeat(10 << 20));
    let check = crate::progress_code::checksum(&huge);
    huge.push_str(&check);
    assert_eq!(Progress::from_code(&course, &huge), Err(CodeError::TooLong));
}

#[test]
fn a_record_cut_short_keeps_the_lessons_before_the_cut() {
    let mut whole = Progress::new();
    whole.record("one/a", 0, Some(3));
    whole.record("one/b", 1, Some(2));
    whole.record("two/c", 0, Some(1));
    let json = whole.to_json();
    let cut = &json[..json.find("\"two/c\"").expect("two/c") + 9];
    let r = Progress::from_json(cut);
    assert_eq!(r.reset, [ResetNote::Truncated], "{cut}");
    assert_eq!((r.progress.step("one/a", 0), r.progress.step("one/b", 1), r.progress.steps("two/c")), (Some(3), Some(2), &[][..]));
    assert!(r.needs_backup());
    // Cut inside a string, and inside the first lesson: what reads is kept, else nothing.
    let in_string = &json[..json.find("one/b").expect("one/b") + 2];
    assert_eq!(Progress::from_json(in_string).progress.lessons().count(), 1);
    assert_eq!(Progress::from_json(&json[..30]).reset, [ResetNote::Unreadable]);
    // Damage that is not a cut (an extra closing bracket) and absurd nesting are not guessed at.
    assert_eq!(Progress::from_json(&format!("{json}]")).reset, [ResetNote::Unreadable]);
    assert_eq!(Progress::from_json(&"[".repeat(100_000)).reset, [ResetNote::Unreadable]);
}

#[test]
fn other_shapes_are_unreadable_and_kept_aside() {
    for text in ["42", "null", "\"stars\"", "[]", "true", "{not json", ""] {
        let r = Progress::from_json(text);
        assert_eq!((&r.progress, &r.reset[..]), (&Progress::new(), &[ResetNote::Unreadable][..]), "{text}");
        assert!(r.needs_backup(), "{text}");
    }
    assert_eq!(Progress::from_json(r#"{"format":"qitong-ladder","version":1}"#).reset, [ResetNote::UnknownFormat]);
}

#[test]
fn backups_go_to_the_first_free_key_or_the_one_with_the_same_text() {
    fn taken<'a>(keys: &'a [(&str, &str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |key| keys.iter().find(|(k, _)| *k == key).map(|(_, v)| v.to_string())
    }
    assert_eq!(backup_key("x", taken(&[])).as_deref(), Some("qitong-progress-v1-backup-1"));
    let one = [("qitong-progress-v1-backup-1", "old")];
    assert_eq!(backup_key("x", taken(&one)).as_deref(), Some("qitong-progress-v1-backup-2"));
    assert_eq!(backup_key("old", taken(&one)).as_deref(), Some("qitong-progress-v1-backup-1"), "the same text is not kept twice");
    let all: Vec<(String, String)> = (1..=MAX_BACKUPS).map(|n| (format!("qitong-progress-v1-backup-{n}"), "old".to_string())).collect();
    assert_eq!(backup_key("x", |key| all.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())), None);
}
