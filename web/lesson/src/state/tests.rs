//! Unit tests of the lesson player's state and render, over the example lessons.

use super::*;
use crate::present::KeyPlace;
use crate::render::render;
use crate::steer::board_steer;
use qitong_board::shapes::Brush;
use qitong_lessons::{Basics, Course, Machine as _, Problems};

/// The action a button's `data-act` names.
fn action(text: &str) -> Action {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The example lessons as a course, read from `lessons/examples/`.
fn examples() -> Course {
    let root = concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), "/lessons/");
    let course = "title = { zh = \"示例\", en = \"Examples\" }\n[[stage]]\nid = \"examples\"\ntitle = { zh = \"示例\", en = \"Examples\" }\nlessons = [\"demo\", \"verse\", \"star-drill\", \"setup-board\", \"quiz\", \"find-all-moves\", \"mate-in-one\", \"legal-or-not\", \"missing\"]\n";
    Course::load(|name| if name == "course.toml" { Some(course.to_string()) } else { std::fs::read_to_string(format!("{root}{name}")).ok() })
        .expect("course")
}

fn player() -> Player {
    let mut p = Player::new(Mode::Course, Lang::En);
    p.set_course(Ok(examples()), "");
    p
}

fn open(p: &mut Player, lesson: &str) {
    assert!(p.route(&format!("#/examples/{lesson}/1")), "{lesson}");
}

#[test]
fn deep_links_open_a_step_and_bad_links_do_not() {
    let mut p = player();
    assert_eq!(p.screen, Screen::Map);
    assert!(p.route("#/examples/quiz/2"));
    assert_eq!((p.place.lesson, p.place.step, p.screen), (4, 1, Screen::Step));
    assert!(p.out.contains(&Out::Hash("#/examples/quiz/2".into())));
    assert!(!p.route("#/nowhere/quiz/1"));
    assert!(!p.route("#/"));
}

#[test]
fn a_star_drill_by_clicks_records_three_stars_and_retry_starts_over() {
    let mut p = player();
    open(&mut p, "star-drill");
    let Some(Exercise::StarDrill(d)) = &p.exercise else { panic!("not a drill") };
    let start = d.spec().start;
    let stars = d.stars_left();
    assert!(stars.count() > 0);
    assert_eq!(board_steer(&p).map(|b| b.marks.stars.0), Some(stars), "the board shows the stars");
    // The board moves the rook; a move played, "try again" starts over and puts down what the
    // board holds.
    let piece = start.board().by_color(start.turn()).into_iter().next().expect("piece");
    let to = start.dests(piece).into_iter().next().expect("a square to go");
    p.act(Action::Move(qitong_rules::Uci { from: piece, to, promotion: None }), None);
    assert_ne!(p.exercise.as_ref().and_then(Exercise::position), Some(start));
    p.out.clear();
    p.act(action("retry"), None);
    assert!(p.out.contains(&Out::PutDown));
    assert_eq!(p.exercise.as_ref().and_then(Exercise::position), Some(start));
}

#[test]
fn the_setup_checker_names_the_broken_rhyme_line() {
    let mut p = player();
    open(&mut p, "setup-board");
    p.act(action("place:P:a3"), None);
    p.act(action("check"), None);
    let text = render(&p).all_text();
    assert!(text.contains("rows 1 and 2"), "{text}");
    assert!(p.feedback.as_ref().is_some_and(|f| f.squares.contains(Square::A3)));
}

#[test]
fn a_quiz_answer_gives_stars_kept_in_the_progress_and_the_rule() {
    let mut p = player();
    open(&mut p, "quiz");
    p.act(action("choose:0"), None);
    assert!(render(&p).all_text().contains("Black starts the clock"));
    p.act(action("choose:1"), None);
    let text = render(&p).all_text();
    assert!(text.contains("Tournament rule 5"), "{text}");
    assert_eq!(p.progress.step("examples/quiz", 0), Some(2));
    assert!(p.out.contains(&Out::Save));
    // Best kept: doing it again perfectly raises it, a worse run never lowers it.
    p.act(action("retry"), None);
    p.act(action("choose:1"), None);
    assert_eq!(p.progress.step("examples/quiz", 0), Some(3));
}

#[test]
fn reading_then_next_to_the_end_completes_the_lesson() {
    let mut p = player();
    open(&mut p, "verse");
    let tree = render(&p);
    assert!(tree.walk().iter().any(|n| n.tag == "ruby"), "pinyin over the characters");
    p.act(action("pinyin"), None);
    assert!(!render(&p).walk().iter().any(|n| n.tag == "ruby"));
    let steps = p.current().map_or(0, |l| l.steps.len());
    for _ in 0..steps {
        p.act(action("next"), None);
    }
    assert_eq!(p.screen, Screen::Done);
    assert!(p.out.iter().any(|o| matches!(o, Out::Complete { lesson, .. } if lesson == "examples/verse")));
    // The examples stage has other lessons not done: a lesson's cheer, not the stage's fanfare.
    assert!(p.out.contains(&Out::Cheer { stage: false }));
}

#[test]
fn a_missing_lesson_shows_its_error_and_the_map_still_works() {
    let mut p = player();
    let text = render(&p).all_text();
    assert!(text.contains("examples/missing.toml"), "{text}");
    assert!(text.contains("Reset my progress"));
    assert!(p.route("#/examples/missing/1"));
    assert!(render(&p).find("role", "alert").is_some());
}

#[test]
fn corrupted_progress_is_reset_with_a_message_and_reset_asks_first() {
    let mut p = player();
    p.load_progress(Some("{not json"));
    assert_eq!(p.shown_notes().len(), 1);
    assert!(p.out.contains(&Out::Save));
    p.progress.record("examples/quiz", 0, Some(3));
    p.act(action("reset"), None);
    assert_eq!(p.panel, Panel::ConfirmReset);
    p.act(action("reset-no"), None);
    assert_eq!(p.progress.step("examples/quiz", 0), Some(3));
    p.act(action("reset"), None);
    p.act(action("reset-yes"), None);
    assert_eq!(p.progress.step("examples/quiz", 0), None);
}

#[test]
fn progress_codes_round_trip_through_import() {
    let mut p = player();
    p.progress.record("examples/quiz", 0, Some(2));
    let code = p.progress.to_code(p.course.as_ref().expect("course"));
    let mut q = player();
    q.act(action("import"), Some(&code));
    assert_eq!(q.progress.step("examples/quiz", 0), Some(2));
    q.act(action("import"), Some("nonsense"));
    assert_eq!(q.shown_notes(), vec!["That isn't a progress code.".to_string()]);
    q.act(action("lang"), None);
    assert_eq!(q.shown_notes(), vec!["这不是进度码。".to_string()], "the note follows the language");
}

#[test]
fn find_all_moves_and_mate_in_one_play_through_square_actions() {
    let mut p = player();
    open(&mut p, "find-all-moves");
    let Some(Exercise::FindAllMoves(f)) = &p.exercise else { panic!() };
    let answer = f.spec().answer;
    for sq in answer {
        p.act(action(&format!("sq:{sq}")), None);
    }
    assert_eq!(p.exercise.as_ref().map(Exercise::status), Some(Status::Complete { stars: Some(3) }));
    open(&mut p, "mate-in-one");
    p.act(action("sq:a1"), None);
    assert!(p.feedback.is_none(), "a press the board plays is nothing to the step");
    p.act(action("move:a1a8"), None);
    assert_eq!(p.exercise.as_ref().map(Exercise::status), Some(Status::Complete { stars: Some(3) }));
    open(&mut p, "legal-or-not");
    p.act(action("legal:1"), None);
    let text = render(&p).all_text();
    assert!(text.contains("castle"), "the core's reason: {text}");
}

#[test]
fn a_single_file_is_a_one_lesson_course() {
    let text = std::fs::read_to_string(concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), "/lessons/examples/quiz.toml")).expect("file");
    let mut p = Player::new(Mode::Step, Lang::Zh);
    p.set_course(Ok(Player::single_lesson("lessons/examples/quiz.toml", Some(&text))), "");
    assert_eq!(p.screen, Screen::Step);
    p.act(action("choose:1"), None);
    assert!(p.out.iter().any(|o| matches!(o, Out::Complete { lesson, stars: 3 } if lesson == "examples/quiz")));
    let broken = <Player>::single_lesson("x/none.toml", None);
    assert!(broken.stages[0].lessons[0].lesson.is_err());
}

#[test]
fn a_demo_plays_to_its_end_with_next_move() {
    let mut p = player();
    open(&mut p, "demo");
    let Some(Exercise::Demo(d)) = &p.exercise else { panic!("not a demo") };
    for _ in 0..d.spec().moves.len() {
        p.act(action("demo-next"), None);
    }
    assert_eq!(p.exercise.as_ref().map(Exercise::status), Some(Status::Complete { stars: None }), "{:?}", p.feedback);
}

#[test]
fn a_gated_stage_stays_shut_even_by_deep_link_until_enough_stars() {
    let root = concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), "/lessons/");
    let course = "title = { zh = \"闯关\", en = \"Gated\" }\ngate_stages = true\n[[stage]]\nid = \"first\"\ntitle = { zh = \"一\", en = \"One\" }\nlessons = [\"quiz\"]\n[[stage]]\nid = \"second\"\ntitle = { zh = \"二\", en = \"Two\" }\nlessons = [\"star-drill\"]\nunlock_stars = 3\n";
    let course = Course::load(|name| {
        if name == "course.toml" {
            Some(course.to_string())
        } else {
            std::fs::read_to_string(format!("{root}examples/{}", name.rsplit('/').next().unwrap_or(name))).ok()
        }
    })
    .expect("course");
    let mut p = Player::new(Mode::Course, Lang::En);
    p.set_course(Ok(course), "");
    assert!(p.route("#/second/star-drill/1"));
    assert_eq!((p.screen, p.exercise.is_none()), (Screen::Map, true));
    assert!(p.route("#/first/quiz/1"));
    assert_eq!((p.screen, p.place.stage), (Screen::Step, 0));
}

#[test]
fn projector_keys_page_through_the_lesson_and_back_from_its_end() {
    let mut p = player();
    open(&mut p, "verse");
    assert_eq!(p.present_key("ArrowRight", KeyPlace::Page, false, false), None, "only in projector mode");
    p.act(action("present"), None);
    assert!(p.present.on && p.out.contains(&Out::Present));
    assert!(render(&p).get("class").is_some_and(|c| c.contains("lp-present")));
    let steps = p.current().map_or(0, |l| l.steps.len());
    for _ in 0..steps {
        let action = p.present_key("PageDown", KeyPlace::Page, false, false).expect("pages");
        p.act(action, None);
    }
    assert_eq!(p.screen, Screen::Done);
    let back = p.present_key("PageUp", KeyPlace::Page, false, false).expect("pages back");
    p.act(back, None);
    assert_eq!((p.screen, p.place.step), (Screen::Step, steps - 1), "back from the end: the last step");
    p.act(action("page-back"), None);
    assert_eq!(p.place.step, steps - 2);
    p.act(action("page-next"), None);
    p.act(action("page-next"), None);
    p.act(action("page-next"), None);
    assert_eq!((p.screen, p.place.lesson), (Screen::Step, 2), "→ at a lesson's end opens the next lesson");
}

#[test]
fn projector_keys_page_while_a_piece_is_held_and_wait_during_a_drag() {
    let mut p = player();
    open(&mut p, "star-drill");
    p.set_present(true);
    let piece = p.position().and_then(|pos| pos.board().by_color(pos.turn()).into_iter().next()).expect("piece");
    p.act(action(&format!("sq:{piece}")), None);
    assert_eq!(p.present_key("PageDown", KeyPlace::Square, false, false), Some(Action::PageNext), "a clicked piece never holds the clicker");
    assert_eq!(p.present_key(" ", KeyPlace::Square, false, false), Some(Action::PageNext));
    let step = p.place.step;
    p.out.clear();
    p.act(Action::PageNext, None);
    assert_eq!(p.place.step, step + 1, "the next step");
    assert!(p.out.contains(&Out::PutDown), "the piece put down");
    assert_eq!(p.present_key("ArrowRight", KeyPlace::Page, false, true), None, "a drag is on");
    assert_eq!(p.present_key("r", KeyPlace::Page, false, true), None, "nor R");
    assert_eq!(p.present_key("r", KeyPlace::Page, false, false), Some(Action::Show), "a star drill's route is revealed");
}

#[test]
fn the_teacher_reveals_and_hides_a_quiz_answer_without_recording_stars() {
    let mut p = player();
    open(&mut p, "quiz");
    p.set_present(true);
    let hidden = render(&p);
    assert_eq!(hidden.find("data-act", "show").and_then(|n| n.get("aria-pressed")), Some("false"));
    assert!(p.feedback.is_none());
    let key = p.present_key("Enter", KeyPlace::Page, false, false).expect("Enter reveals");
    p.act(key, None);
    assert!(p.present.revealed);
    assert!(matches!(p.exercise.as_ref().map(Exercise::status), Some(Status::Complete { .. })));
    let shown = render(&p);
    assert!(shown.all_text().contains("Black starts the clock"), "the explanation: {}", shown.all_text());
    assert!(shown.find("data-act", "choose:1").and_then(|n| n.get("class")).is_some_and(|c| c.contains("lp-right")));
    assert!(!p.out.contains(&Out::Save), "a reveal is not the child's answer");
    assert_eq!(p.feedback.as_ref().and_then(|f| f.stars), None, "nor its stars");
    p.act(action("show"), None);
    assert!(!p.present.revealed && p.feedback.is_none());
    assert!(matches!(p.exercise.as_ref().map(Exercise::status), Some(Status::Active)));
    // The multiple-choice step is revealed with all its answers.
    p.act(action("next"), None);
    p.act(action("show"), None);
    assert!(render(&p).find("data-act", "toggle:2").and_then(|n| n.get("class")).is_some_and(|c| c.contains("lp-right")));
}

#[test]
fn a_legal_or_not_answer_is_hidden_until_revealed_and_plain_mode_is_unchanged() {
    let mut p = player();
    open(&mut p, "legal-or-not");
    p.act(action("show"), None);
    assert!(!p.present.revealed && p.feedback.is_none(), "outside projector mode there is nothing to reveal");
    assert!(render(&p).find("data-act", "show").is_none());
    p.act(action("present"), None);
    p.act(action("show"), None);
    let fb = p.feedback.clone().expect("the verdict");
    assert_eq!(fb.grade, Grade::Complete);
    assert!(render(&p).find("data-act", "legal:1").is_some_and(|n| n.get("disabled").is_some()));
    assert!("r".parse::<Action>().is_err() && "shape".parse::<Action>().is_err(), "a key or an unfinished drawing is no action");
    p.act(action("show"), None);
    assert!(p.feedback.is_none(), "hidden again");
    p.act(action("shape:e2:e4:red"), None);
    p.act(action("shape:d4:d4:blue"), None);
    let shapes = board_steer(&p).map(|b| b.shapes).unwrap_or_default();
    assert!(shapes.iter().any(|s| s.orig == Square::D4 && s.dest.is_none() && s.brush == Brush::Blue), "{shapes:?}");
    p.act(action("next"), None);
    assert!(p.present.shapes.is_empty(), "a new step starts with a clean board");
}

#[test]
fn a_partial_course_opens_its_deep_link_and_asks_for_the_rest_elsewhere() {
    let full = examples();
    let (stage, entry) = full.entries().find(|(_, e)| e.lesson.is_ok()).map(|(s, e)| (s.id.clone(), e.id.clone())).expect("an example lesson");
    let mut partial = full.clone();
    for s in &mut partial.stages {
        for e in &mut s.lessons {
            if !(s.id == stage && e.id == entry) {
                e.lesson = Err(qitong_lessons::LessonError { errors: Vec::new() });
                e.outline = None;
            }
        }
    }
    let mut p = Player::new(Mode::Course, Lang::En);
    p.partial = true;
    p.set_course(Ok(partial), &format!("#/{stage}/{entry}/1"));
    assert_eq!(p.screen, Screen::Step);
    assert!(!p.out.iter().any(|o| matches!(o, Out::NeedCourse)));
    p.out.clear();
    p.act(action("map"), None);
    assert_eq!(p.screen, Screen::Loading);
    assert!(p.out.iter().any(|o| *o == Out::Hash("#/".into())));
    assert_eq!(p.out.iter().filter(|o| matches!(o, Out::NeedCourse)).count(), 1);
    // Asked once: going somewhere else again while waiting does not ask twice.
    p.out.clear();
    p.act(action("next-lesson"), None);
    assert!(!p.out.iter().any(|o| matches!(o, Out::NeedCourse)));
    // The whole course arrives: the address decides where the child is.
    p.partial = false;
    p.set_course(Ok(full), "#/");
    assert_eq!(p.screen, Screen::Map);
}

#[test]
fn from_the_course_index_the_map_shows_and_each_lesson_is_asked_for_when_opened() {
    let full = examples();
    let index = Course::load_indexed(&full.index_toml(), |_| None, qitong_format::toml::parse, Problems::DESCRIBED).expect("index");
    let mut p = Player::new(Mode::Course, Lang::En);
    p.set_course(Ok(index), "");
    assert_eq!(p.screen, Screen::Map);
    assert!(p.out.iter().all(|o| !matches!(o, Out::NeedCourse | Out::NeedLesson(_))));
    let map = format!("{:?}", render(&p));
    assert!(map.contains("Star drill") || map.contains("lp-lesson"), "the map's lessons: {map}");
    assert_eq!(map.matches("lp-broken").count(), 1, "the missing lesson, fetched and shown as before");
    p.out.clear();
    assert!(p.route("#/examples/quiz/2"));
    assert_eq!(p.screen, Screen::Loading);
    assert_eq!(p.out.iter().filter(|o| **o == Out::NeedLesson("examples/quiz.toml".into())).count(), 1);
    // Asked once, however often the child clicks while it comes.
    p.out.clear();
    p.open(0, 4, 1);
    assert!(!p.out.iter().any(|o| matches!(o, Out::NeedLesson(_))));
    let text = std::fs::read_to_string(concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), "/lessons/examples/quiz.toml")).expect("quiz");
    p.lesson_arrived("examples/quiz.toml", Some(&text), "#/examples/quiz/2");
    assert_eq!((p.screen, p.place.lesson, p.place.step), (Screen::Step, 4, 1));
    assert!(p.exercise.is_some());
    // A file that cannot be fetched: the map, with that lesson's error on it.
    p.route("#/examples/verse/1");
    p.lesson_arrived("examples/verse.toml", None, "#/examples/verse/1");
    assert_eq!(p.screen, Screen::Step);
    assert!(p.exercise.is_none() && p.lesson().is_some_and(|(_, e)| e.lesson.is_err() && e.outline.is_none()));
}

#[test]
fn a_partial_course_without_a_deep_link_asks_for_the_rest_at_once() {
    let mut p = Player::new(Mode::Course, Lang::En);
    p.partial = true;
    p.set_course(Ok(examples()), "");
    assert_eq!(p.screen, Screen::Loading);
    assert_eq!(p.out.iter().filter(|o| matches!(o, Out::NeedCourse)).count(), 1);
}

#[test]
fn a_single_file_is_keyed_by_its_stage_folder_when_it_looks_like_one() {
    let key = |file: &str| <Player>::single_lesson(file, None).stages[0].lessons[0].key().to_owned();
    assert_eq!(key("/lessons/rook/moves.toml"), "rook/moves");
    assert_eq!(key("https://school.example/chess/lessons/board/coordinates.toml"), "board/coordinates");
    assert_eq!(key("/My Files/moves.toml"), "file/moves", "not a stage's name");
    assert_eq!(key("moves.toml"), "file/moves", "no folder");
    assert_eq!(key("/lessons/rook/moves.txt"), "file/moves.txt");
}

/// The player on `lesson`'s first step of the example course, in projector mode.
fn presenting(lesson: &str) -> Player {
    let mut p = player();
    p.set_present(true);
    open(&mut p, lesson);
    p
}

#[test]
fn a_projector_reveal_names_the_real_answer_even_after_a_wrong_pick() {
    let mut p = presenting("quiz");
    p.act(action("choose:0"), None);
    p.act(action("show"), None);
    let text = render(&p).all_text();
    assert!(text.contains("The answer: 2. Black") && text.contains("Black starts the clock"), "{text}");
    assert!(!text.contains("Correct"), "no praise for the class's wrong answer: {text}");
    assert!(text.contains("R Enter: answer"), "the help offers R: {text}");
}

#[test]
fn find_all_moves_reveals_every_square_and_counts_what_is_left() {
    let mut p = player();
    open(&mut p, "find-all-moves");
    let Some(Exercise::FindAllMoves(f)) = &p.exercise else { panic!("not find-all-moves") };
    let (piece, total) = (f.spec().square, f.spec().answer.count());
    assert!(render(&p).all_text().contains(&format!("{total} of {total} squares still to find")));
    p.act(action(&format!("sq:{piece}")), None);
    let text = render(&p).all_text();
    assert!(text.contains("That's the piece itself"), "{text}");
    p.set_present(true);
    assert!(p.can_show() && p.present_key("r", KeyPlace::Page, false, false) == Some(Action::Show));
    p.act(action("show"), None);
    let Some(Exercise::FindAllMoves(f)) = &p.exercise else { panic!() };
    assert_eq!(f.found(), f.spec().answer);
    assert!(render(&p).all_text().contains(&format!("The answer: it can go to these {total} squares.")));
    open(&mut p, "verse");
    assert!(!render(&p).all_text().contains("R Enter"), "a verse has no answer to reveal: no R in the help");
    assert_eq!(p.present_key("r", KeyPlace::Page, false, false), None);
}

#[test]
fn legal_or_not_says_whether_the_answer_was_right_and_colours_the_arrow_after() {
    let mut p = Player::new(Mode::Course, Lang::Zh);
    p.set_course(Ok(examples()), "");
    open(&mut p, "legal-or-not");
    let arrow = |p: &Player| board_steer(p).map(|b| b.shapes).unwrap_or_default().iter().map(|s| s.brush.name()).collect::<Vec<_>>();
    assert_eq!(arrow(&p), ["blue"], "neutral while asked");
    let text = render(&p).all_text();
    assert!(text.contains("可以吗") || text.contains("可以走吗"), "{text}");
    assert!(text.contains("✔ 可以") && text.contains("✘ 不可以") && !text.contains("合规则"), "{text}");
    p.act(action("legal:1"), None);
    assert!(render(&p).all_text().contains("不对哦"), "a wrong answer says so");
    assert_eq!(arrow(&p), ["red"], "the illegal move in red");
    p.act(action("legal:0"), None);
    assert!(render(&p).all_text().contains("对了！这步棋不可以走。"), "{}", render(&p).all_text());
}

#[test]
fn a_class_vote_reveal_shows_the_answer_and_the_teachers_count() {
    let text = std::fs::read_to_string(concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), "/lessons/examples/class-vote.toml")).expect("file");
    let mut p = Player::new(Mode::Lesson, Lang::En);
    p.set_course(Ok(Player::single_lesson("lessons/examples/class-vote.toml", Some(&text))), "");
    assert!(render(&p).find("data-change", "hands:1").is_some(), "a box per option for the show of hands");
    p.act(action("hands:0"), Some("17"));
    p.act(action("hands:2"), Some("3"));
    p.act(action("reveal"), None);
    let text = render(&p).all_text();
    assert!(text.contains("The answer: 1. Thank you") && !text.contains("Here's the answer"), "{text}");
    assert!(text.contains("Show of hands: 1. Thank you: 17; 3. Nothing at all: 3"), "{text}");
    assert!(render(&p).find("data-change", "hands:1").is_none(), "counted: the boxes go");
}

#[test]
fn a_long_lessons_stars_read_as_a_number() {
    use crate::render::stars_total;
    assert_eq!(stars_total(2, 3), "★★☆");
    assert_eq!(stars_total(13, 15), "★ 13 / 15");
    assert_eq!(stars_total(40, 15), "★ 15 / 15");
}

#[test]
fn a_lesson_whose_kind_the_basics_module_leaves_out_asks_once_for_the_module_that_plays_it() {
    // What the basics module (kind set `Basics`) makes of such a lesson's file: its refusal, with
    // the index's outline kept (`LessonEntry::set_text`). This player plays every kind, so the
    // refusal is put in by hand.
    let full = examples();
    let index = Course::load_indexed(&full.index_toml(), |_| None, qitong_format::toml::parse, Problems::DESCRIBED).expect("index");
    let mut p = Player::new(Mode::Course, Lang::En);
    p.set_course(Ok(index), "");
    let entry = p
        .course
        .as_mut()
        .and_then(|c| c.stages.iter_mut().flat_map(|s| s.lessons.iter_mut()).find(|e| e.file == "examples/quiz.toml"))
        .expect("the entry");
    let elsewhere = qitong_lessons::ValidationError::new("examples/quiz.toml", 4, Some(1), qitong_lessons::ErrorKind::KindElsewhere { kind: "quiz" });
    entry.lesson = Err(qitong_lessons::LessonError { errors: vec![elsewhere] });
    assert!(entry.outline.is_some());
    p.out.clear();
    assert!(p.route("#/examples/quiz/2"));
    assert_eq!(p.screen, Screen::Loading, "no error on screen: the other module is coming");
    assert!(p.exercise.is_none());
    assert!(p.out.iter().any(|o| *o == Out::Hash("#/examples/quiz/2".into())), "the address keeps the lesson: {:?}", p.out);
    assert_eq!(p.out.iter().filter(|o| matches!(o, Out::NeedModule)).count(), 1);
    assert!(!p.out.iter().any(|o| matches!(o, Out::NeedLesson(_))), "its file is not fetched again");
    // Asked once, however often the child clicks while it comes.
    p.out.clear();
    p.act(action("map"), None);
    assert!(p.route("#/examples/quiz/1"));
    assert!(!p.out.iter().any(|o| matches!(o, Out::NeedModule)));
}

/// Issue 30: the basics modules' player (`Player<Basics>`, what `play::<Basics>()` makes) plays a
/// basic kind and refuses a lesson of another kind from its own file, asking for the module
/// that plays it, as the test above does by hand.
#[test]
fn the_basics_player_plays_its_kinds_and_asks_for_the_module_that_plays_the_others() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../lessons/");
    let read = |file: &str| std::fs::read_to_string(format!("{root}{file}")).expect("the example");
    let index = Course::<Basics>::load_indexed(&examples().index_toml(), |_| None, qitong_format::toml::parse, Problems::BY_PLACE);
    let mut p = Player::<Basics>::with_kinds(Mode::Course, Lang::En);
    p.set_course(index.map_err(|e| format!("{e:?}")), "");
    assert!(p.route("#/examples/star-drill/1"));
    assert!(p.out.contains(&Out::NeedLesson("examples/star-drill.toml".into())));
    p.lesson_arrived("examples/star-drill.toml", Some(&read("examples/star-drill.toml")), "#/examples/star-drill/1");
    assert_eq!(p.screen, Screen::Step);
    assert!(matches!(p.exercise, Some(qitong_lessons::Exercise::StarDrill(_))));
    p.out.clear();
    assert!(p.route("#/examples/demo/1"));
    p.lesson_arrived("examples/demo.toml", Some(&read("examples/demo.toml")), "#/examples/demo/1");
    assert_eq!((p.screen, p.exercise.is_none()), (Screen::Loading, true));
    assert_eq!(p.out.iter().filter(|o| matches!(o, Out::NeedModule)).count(), 1, "{:?}", p.out);
}
