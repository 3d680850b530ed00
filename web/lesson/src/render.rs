//! The lesson player drawn as a node tree from its state: the course map, a step (prompt,
//! the board's place, the kind's controls, feedback) and a lesson's end. Pure: the DOM layer only builds it.

use crate::action::Action;
use crate::answers::feedback_box;
use crate::kinds::{self, KindView};
use crate::present::{help_line, show_button, toggle_button, tool_buttons};
use crate::state::{Mode, Player, Screen};
use crate::steer::has_board;
use crate::words::{stars_text, word, word_with, Word};
use qitong_lessons::lang::Lang;
use qitong_lessons::{Exercise, KindSet, Status, Text};
use qitong_view::node::{button, div, el, Node};

mod map;
use map::{broken, done, map};

/// The whole player. Not inlined into the view's `draw`, where the generic copy grew the teacher
/// module by 0.4 KB gzipped (measured 2026-12-05).
#[inline(never)]
pub fn render<K: KindSet>(p: &Player<K>) -> Node {
    // tabindex -1: the player can hold the keyboard itself (see `lesson::player`'s landing).
    let root = div("lp").attr("lang", p.lang.tag()).attr("tabindex", "-1");
    let root = if p.mode == Mode::Step { root.class("lp-embedded") } else { root };
    // The course page's step fills the screen (`lp-app`): the board and the step's buttons
    // always in sight, the words scrolling between them when they are many.
    let root = if p.mode == Mode::Course && !p.present.on && p.screen == Screen::Step { root.class("lp-app") } else { root };
    let root = match (p.present.on, p.present.pen) {
        (true, true) => root.class("lp-present lp-pen"),
        (true, false) => root.class("lp-present"),
        _ => root,
    };
    let body = match p.screen {
        Screen::Loading => vec![el("p").class("lp-loading").text(word(Word::Loading, p.lang))],
        Screen::Map => map(p),
        Screen::Step => step_screen(p),
        Screen::Done => done(p),
    };
    root.children(body)
}

fn t(text: &Text, lang: Lang) -> String {
    text.get(lang).to_owned()
}

/// A lesson's stars on its end card: a row for a few, "★ 13 / 15" for a long lesson's many (a
/// row that fits any screen and reads as a number).
pub(super) fn stars_total(n: u32, max: u32) -> String {
    if max > 5 {
        return format!("★ {} / {max}", n.min(max));
    }
    stars_text(n.min(max), max)
}

fn notes<K: KindSet>(p: &Player<K>) -> Option<Node> {
    let shown = p.shown_notes();
    if shown.is_empty() {
        return None;
    }
    let list = div("lp-notes").attr("role", "status").children(shown.into_iter().map(|n| el("p").text(n)));
    Some(list.child(button("lp-small", Action::CloseNotes, word(Word::Close, p.lang))))
}

fn top_bar<K: KindSet>(p: &Player<K>, title: String) -> Node {
    let mut bar = el("header").class("lp-top");
    if p.mode == Mode::Course {
        bar = bar.child(button("lp-small", Action::Map, word(Word::Map, p.lang)));
    }
    bar = bar.child(el("h1").text(title)).child(toggle_button(p.present.on, p.lang));
    if p.present.on && p.screen == Screen::Step {
        bar = bar.children(tool_buttons(&p.present, p.position().is_some(), p.lang));
    }
    if p.mode == Mode::Course {
        let lang = button("lp-small", Action::Lang, word(Word::Lang, p.lang)).attr("aria-label", word(Word::LangLabel, p.lang));
        bar = bar.child(lang.attr("lang", p.lang.pick("en", "zh-CN")));
    }
    bar
}

// ---- the course map ------------------------------------------------------------------------

fn step_screen<K: KindSet>(p: &Player<K>) -> Vec<Node> {
    let lang = p.lang;
    let Some((_, entry)) = p.lesson() else { return Vec::new() };
    let lesson = match &entry.lesson {
        Ok(lesson) => lesson,
        Err(error) => {
            let mut out = vec![top_bar(p, entry.id.clone()), broken(&entry.id, error, lang)];
            if p.mode == Mode::Course {
                out.push(div("lp-nav").child(button("lp-main", Action::Map, word(Word::Map, lang))));
            }
            return out;
        }
    };
    let Some(step) = lesson.steps.get(p.place.step) else { return Vec::new() };
    let mut out = Vec::new();
    if p.mode != Mode::Step {
        out.push(top_bar(p, t(&lesson.title, lang)));
    }
    out.extend(notes(p));
    let total = lesson.steps.len().to_string();
    let number = (p.place.step + 1).to_string();
    let prompt = match &step.prompt {
        Some(text) => t(text, lang),
        // A puzzle's default instruction is its goal's.
        None => p.exercise.as_ref().and_then(|e| kinds::prompt(e, lang)).unwrap_or_else(|| step.kind.info().prompt.get(lang).to_owned()),
    };
    let mut main = el("section").class("lp-step").class(&format!("lp-kind-{}", step.kind.name())).attr("data-kind", step.kind.name());
    if p.mode != Mode::Step {
        main = main.child(el("p").class("lp-step-of").text(word_with(Word::StepOf, &[("n", &number), ("total", &total)], lang)));
    }
    if !prompt.is_empty() {
        main = main.child(el("h2").class("lp-prompt").text(prompt));
    }
    let mut body = div("lp-body");
    // The board widget goes in here (`lesson::player`), steered by `lesson::steer`.
    if has_board(p) {
        body = body.child(div("lp-board-wrap"));
    }
    // The step's words, controls and feedback scroll in their own box when they outgrow the
    // screen (a phone), so that the step's buttons below them never cover any of them.
    // Focusable: a keyboard scrolls it too (when it holds no control, as after a step is done).
    let mut words = div("lp-words").attr("tabindex", "0").children(controls(p));
    if p.can_show() {
        words = words.child(show_button(p.present.revealed, lang));
    }
    // The step's buttons close the side column: beside the board on a wide screen, at the
    // board's foot rather than below the fold.
    body = body.child(div("lp-side").child(words.child(feedback_box(p))).child(nav(p, lesson.steps.len())));
    main = main.child(body);
    out.push(main);
    if p.present.on {
        out.push(help_line(p.position().is_some(), p.can_show(), lang));
    }
    out
}

fn nav<K: KindSet>(p: &Player<K>, steps: usize) -> Node {
    let lang = p.lang;
    let status = p.exercise.as_ref().map(Exercise::status);
    // One step embedded in a page (`<chess-quiz>`) is not the page's navigation: a group, so
    // that a quiz beside a lesson does not give the page two "Steps" landmarks.
    let row = if p.mode == Mode::Step { el("div").attr("role", "group") } else { el("nav") };
    let mut row = row.class("lp-nav").attr("aria-label", lang.pick("步骤", "Steps"));
    if p.mode != Mode::Step && p.place.step > 0 {
        row = row.child(button("lp-main", Action::Back, word(Word::Back, lang)));
    }
    let reading = p.exercise.as_ref().is_some_and(KindView::is_reading);
    if !reading {
        row = row.child(button("lp-main", Action::Retry, word(Word::Retry, lang)));
    }
    let last = p.place.step + 1 >= steps;
    if p.mode != Mode::Step || !last {
        let done = matches!(status, Some(Status::Complete { .. }));
        let class = if done || reading { "lp-main lp-go" } else { "lp-main" };
        row = row.child(button(class, Action::Next, word(Word::Next, lang)));
    }
    row
}

// ---- the step's controls --------------------------------------------------------------------

/// The kind's own controls.
fn controls<K: KindSet>(p: &Player<K>) -> Vec<Node> {
    let Some(exercise) = &p.exercise else { return Vec::new() };
    let done = matches!(exercise.status(), Status::Complete { .. });
    let mut out = Vec::new();
    exercise.controls(&p.context(), done, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiz_in(mode: Mode) -> Node {
        let text = std::fs::read_to_string(concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), "/lessons/examples/quiz.toml")).expect("file");
        let mut p = Player::new(mode, Lang::En);
        p.set_course(Ok(Player::single_lesson("lessons/examples/quiz.toml", Some(&text))), "");
        render(&p)
    }

    #[test]
    fn an_embedded_step_is_a_group_and_a_lesson_has_its_steps_navigation() {
        let step = quiz_in(Mode::Step);
        let row = step.walk().into_iter().find(|n| n.get("class").is_some_and(|c| c.contains("lp-nav"))).expect("step row");
        assert_eq!((row.tag, row.get("role")), ("div", Some("group")));
        assert!(!step.walk().iter().any(|n| n.tag == "nav"), "no navigation landmark in a quiz");
        let lesson = quiz_in(Mode::Lesson);
        assert!(lesson.walk().iter().any(|n| n.tag == "nav" && n.get("aria-label") == Some("Steps")));
    }

    #[test]
    fn a_puzzle_shows_its_goal_and_moves_left_and_its_goal_prompt_by_default() {
        let text = std::fs::read_to_string(concat!(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."), "/lessons/examples/puzzle.toml")).expect("file");
        let mut p = Player::new(Mode::Lesson, Lang::En);
        p.set_course(Ok(Player::single_lesson("lessons/examples/puzzle.toml", Some(&text))), "");
        p.open(0, 0, 2);
        let texts = |p: &Player| render(p).walk().iter().filter_map(|n| n.text.clone()).collect::<Vec<String>>();
        let shown = texts(&p);
        assert!(shown.contains(&"Give check in two moves!".to_string()), "{shown:?}");
        assert!(shown.contains(&"Goal: give check! · Moves left: 2".to_string()), "{shown:?}");
        p.act("drag:c1:b2".parse().expect("action"), None);
        assert!(texts(&p).contains(&"Goal: give check! · Moves left: 1".to_string()));
        p.open(0, 0, 0);
        assert!(texts(&p).contains(&"Goal: win 3 points! · Moves left: 1".to_string()));
        // The teacher's reveal plays the answer: the rook takes the bishop on a4.
        p.act("present".parse().expect("action"), None);
        p.act("show".parse().expect("action"), None);
        assert!(matches!(p.exercise.as_ref().map(Exercise::status), Some(Status::Complete { .. })));
        assert_eq!(p.position().and_then(|pos| pos.board().role_at(qitong_rules::Square::A4)), Some(qitong_rules::Role::Rook));
    }
}
