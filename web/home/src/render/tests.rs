//! Unit tests of the home page and certificate trees, over the real course in `lessons/`.

use super::*;
use qitong_lessons::Course;

fn real_course(gated: bool) -> Course {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../lessons/");
    Course::load(|name| {
        let text = std::fs::read_to_string(format!("{root}{name}")).ok()?;
        // The locked-stage test: gating on, and the rook stage asks for more stars than exist.
        Some(if gated && name == "course.toml" {
            text.replace("gate_stages = false", "gate_stages = true").replace("id = \"rook\"", "id = \"rook\"\nunlock_stars = 9999")
        } else {
            text
        })
    })
    .expect("course")
}

/// Every step of the lesson `key` done with 3 stars.
fn finish(course: &Course, progress: &mut Progress, key: &str) {
    let (stage, lesson) = key.split_once('/').expect("key");
    let steps = course.lesson(stage, lesson).and_then(|e| e.lesson.as_ref().ok()).map_or(0, |l| l.steps.len());
    for i in 0..steps {
        progress.record(key, i, Some(3));
    }
}

const DAY: Day = Day { year: 2026, month: 11, day: 30 };

#[test]
fn a_fresh_home_has_an_open_stop_per_stage_and_start_leads_to_the_first_lesson() {
    let course = real_course(false);
    let tree = render_home(Lang::Zh, Ok(&course), &Progress::new());
    let stops: Vec<_> = tree.walk().into_iter().filter(|n| n.get("class").is_some_and(|c| c.starts_with("hm-stop"))).collect();
    assert_eq!(stops.len(), course.stages.len());
    let go = tree.find("id", "hm-continue").expect("continue");
    assert_eq!(go.get("href"), Some("lesson.html#/board/squares/1"));
    assert_eq!(go.text.as_deref(), Some("▶ 开始上课"));
    assert!(tree.find("class", "hm-locked").is_none());
    assert!(tree.find("class", "hm-cert").is_none(), "no certificate before anything is done");
    assert!(tree.find("href", "ladder.html").is_some() && tree.find("href", "play.html").is_some());
    assert_eq!(tree.find("data-act", "lang").and_then(|n| n.text.as_deref()), Some("English"));
}

#[test]
fn progress_shows_stars_the_next_lesson_and_a_certificate_for_the_finished_stage() {
    let course = real_course(false);
    let mut progress = Progress::new();
    for lesson in ["board/squares", "board/coordinates", "board/find-square", "board/tap", "setup/rhyme"] {
        finish(&course, &mut progress, lesson);
    }
    let tree = render_home(Lang::En, Ok(&course), &progress);
    let go = tree.find("id", "hm-continue").expect("continue");
    assert_eq!(go.get("href"), Some("lesson.html#/setup/pawns-and-rows/1"));
    assert_eq!(go.text.as_deref(), Some("▶ Continue"));
    let board = tree.find("data-stage", "board").expect("board stop");
    assert_eq!(board.get("class"), Some("hm-stop hm-complete"));
    let (earned, max) = course.stage_stars(&progress, 0);
    assert!(earned > 0 && earned == max);
    assert!(board.all_text().contains(&format!("★ {earned} / {max}")));
    assert_eq!(board.find("class", "hm-cert").and_then(|n| n.get("href")), Some("certificate.html#board"));
    let setup = tree.find("data-stage", "setup").expect("setup stop");
    assert_eq!(setup.get("class"), Some("hm-stop hm-here"), "the child is at the setup stage now");
    assert!(setup.find("class", "hm-cert").is_none());
    assert_eq!(setup.find("class", "hm-card").and_then(|n| n.get("href")), Some("lesson.html#/setup/pawns-and-rows"));
}

#[test]
fn a_gated_stage_is_drawn_locked_with_the_stars_it_needs_and_no_link() {
    let course = real_course(true);
    let tree = render_home(Lang::Zh, Ok(&course), &Progress::new());
    let rook = tree.find("data-stage", "rook").expect("rook stop");
    assert_eq!(rook.get("class"), Some("hm-stop hm-locked"));
    assert!(rook.walk().iter().all(|n| n.get("href").is_none()));
    assert!(rook.all_text().contains("再拿 9999 颗星星就能开启"), "{}", rook.all_text());
}

#[test]
fn the_certificate_carries_the_name_as_text_in_both_languages() {
    let course = real_course(false);
    let mut progress = Progress::new();
    let rook = course.stages.iter().find(|s| s.id == "rook").expect("rook stage");
    for lesson in &rook.lessons {
        finish(&course, &mut progress, &format!("rook/{}", lesson.id));
    }
    let tree = render_certificate(Lang::En, Ok(&course), &progress, "rook", "<b>Ann</b>", DAY);
    let name = tree.find("class", "hm-name-text").expect("name");
    assert_eq!(name.text.as_deref(), Some("<b>Ann</b>"));
    assert!(name.svg.is_none() && name.children.is_empty());
    let text = tree.all_text();
    let zh = text.find("完成了第 3 阶段「车」").expect("zh line");
    let en = text.find("stage 3, \u{201c}The rook\u{201d}").expect("en line");
    assert!(zh < en, "Chinese first");
    assert!(text.contains("2026年11月30日") && text.contains("30 November 2026"));
    assert!(tree.find("data-act", "print").is_some());
    assert_eq!(tree.find("id", "hm-name").and_then(|n| n.get("value")), Some("<b>Ann</b>"));
}

#[test]
fn an_unfinished_stage_gets_a_kind_refusal_and_no_certificate() {
    let course = real_course(false);
    let mut progress = Progress::new();
    finish(&course, &mut progress, "rook/moves");
    let tree = render_certificate(Lang::Zh, Ok(&course), &progress, "rook", "Ann", DAY);
    assert!(tree.find("class", "hm-paper").is_none() && tree.find("data-act", "print").is_none());
    let lessons = course.stages.iter().find(|s| s.id == "rook").map_or(0, |s| s.lessons.len());
    assert!(tree.all_text().contains(&format!("已经学了 1 / {lessons} 课")), "{}", tree.all_text());
    assert_eq!(tree.find("class", "hm-continue").and_then(|n| n.get("href")), Some("lesson.html#/rook/walls"));
    let unknown = render_certificate(Lang::En, Ok(&course), &progress, "dragons", "Ann", DAY);
    assert!(unknown.all_text().contains("This stage was not found"));
}

#[test]
fn a_broken_course_says_so_and_still_links_the_teachers_tools() {
    let tree = render_home(Lang::En, Err("course.toml: missing"), &Progress::new());
    assert!(tree.find("role", "alert").is_some_and(|n| n.all_text().contains("course.toml: missing")));
    assert!(tree.find("id", "teachers").is_some());
}

#[test]
fn the_teachers_section_names_projector_mode_and_how_to_page_in_both_languages() {
    for (lang, button) in [(Lang::Zh, "投影模式"), (Lang::En, "Projector")] {
        let tree = render_home(lang, Err("x"), &Progress::new());
        let teachers = tree.find("id", "teachers").expect("the teachers' section");
        assert!(teachers.find("href", "lesson.html?present").is_some(), "{lang:?}: a link into projector mode");
        assert!(teachers.find("href", "play.html?present").is_some(), "{lang:?}: the play page in projector mode");
        let text = teachers.all_text();
        for key in [button, "→", "PageDown", "←", "PageUp", "R", "✎"] {
            assert!(text.contains(key), "{lang:?}: the keys note names {key}: {text}");
        }
    }
}

#[test]
fn dates_read_naturally_in_both_languages_and_an_empty_name_leaves_a_line() {
    assert_eq!((DAY.zh(), DAY.en()), ("2026年11月30日".to_owned(), "30 November 2026".to_owned()));
    assert_eq!(name_or_line("  "), "＿＿＿＿＿＿");
    assert_eq!(name_or_line(" 小明 "), "小明");
}

#[test]
fn every_home_text_exists_in_both_languages_with_the_same_values() {
    qitong_view::texts::assert_complete(HomeWord::ALL, home_word);
}
