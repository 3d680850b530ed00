//! The lesson player drawn as a node tree from its state: the course map, a step (prompt,
//! the board's place, the kind's controls, feedback) and a lesson's end. Pure: the DOM layer only builds it.

use crate::classroom::points::Score;
use crate::lang::Lang;
use crate::lessons::{Exercise, Grade, Line, Machine as _, Status, Step, StepKind, Text, Verdict};
use crate::rules::{Color, Role};
use crate::ui::lesson::action::Action;
use crate::ui::lesson::answers::{feedback_box, hands_row};
use crate::ui::lesson::present::{help_line, show_button, toggle_button, tool_buttons};
use crate::ui::lesson::state::{Hint, Mode, Player, Screen};
use crate::ui::lesson::steer::has_board;
use crate::ui::lesson::words::{move_words, stars_text, verdict_word, word, word_with, Word};
use crate::ui::node::{button, div, el, Node};
use crate::ui::piece_svg;
use crate::ui::words::role_name;

mod map;
use map::{broken, done, map};

/// The whole player.
pub fn render(p: &Player) -> Node {
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

fn notes(p: &Player) -> Option<Node> {
    let shown = p.shown_notes();
    if shown.is_empty() {
        return None;
    }
    let list = div("lp-notes").attr("role", "status").children(shown.into_iter().map(|n| el("p").text(n)));
    Some(list.child(button("lp-small", Action::CloseNotes, word(Word::Close, p.lang))))
}

fn top_bar(p: &Player, title: String) -> Node {
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

fn step_screen(p: &Player) -> Vec<Node> {
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
        None => match &step.kind {
            StepKind::Puzzle(spec) => spec.goal.prompt(spec.moves).get(lang).to_owned(),
            kind => kind.info().prompt.get(lang).to_owned(),
        },
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
    let mut words = div("lp-words").attr("tabindex", "0").children(controls(p, step));
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

fn nav(p: &Player, steps: usize) -> Node {
    let lang = p.lang;
    let status = p.exercise.as_ref().map(Exercise::status);
    // One step embedded in a page (`<chess-quiz>`) is not the page's navigation: a group, so
    // that a quiz beside a lesson does not give the page two "Steps" landmarks.
    let row = if p.mode == Mode::Step { el("div").attr("role", "group") } else { el("nav") };
    let mut row = row.class("lp-nav").attr("aria-label", lang.pick("步骤", "Steps"));
    if p.mode != Mode::Step && p.place.step > 0 {
        row = row.child(button("lp-main", Action::Back, word(Word::Back, lang)));
    }
    let reading = matches!(p.exercise, Some(Exercise::Verse(_) | Exercise::Narration(_)));
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

// ---- the kind's controls -------------------------------------------------------------------

fn lines(p: &Player, lines: &[Line], verse: bool) -> Vec<Node> {
    let lang = p.lang;
    let has_pinyin = lines.iter().any(|l| l.pinyin.is_some());
    let mut out = Vec::new();
    let mut tools = div("lp-row");
    if has_pinyin {
        let label = word(if p.pinyin { Word::PinyinOff } else { Word::PinyinOn }, lang);
        tools = tools.child(button("lp-small", Action::Pinyin, label).attr("aria-pressed", if p.pinyin { "true" } else { "false" }));
    }
    if p.can_speak {
        tools = tools.child(button("lp-small", Action::Speak, word(Word::ReadAloud, lang)));
    }
    if !tools.children.is_empty() {
        out.push(tools);
    }
    let mut block = div(if verse { "lp-lines lp-verse" } else { "lp-lines" });
    for line in lines {
        if lang == Lang::Zh || verse {
            let mut zh = el("p").class("lp-zh").attr("lang", "zh-CN");
            if p.pinyin && line.pinyin.is_some() {
                for (chars, reading) in line.ruby() {
                    zh = zh.child(match reading {
                        Some(r) => el("ruby").text(chars).child(el("rt").text(r)),
                        None => el("span").text(chars),
                    });
                }
            } else {
                zh = zh.text(line.text.zh.clone());
            }
            block = block.child(zh);
        }
        if lang == Lang::En {
            block = block.child(el("p").class("lp-en").attr("lang", "en").text(line.text.en.clone()));
        }
    }
    out.push(block);
    out
}

fn options(p: &Player, choices: &[crate::lessons::kinds::quiz::Choice], picked: &[bool], act: fn(usize) -> Action, answered: bool) -> Node {
    let fb_marks: &[usize] = p.feedback.as_ref().map_or(&[], |f| &f.marks);
    let good = p.present.revealed || p.feedback.as_ref().is_some_and(|f| f.grade == Grade::Complete);
    let mut list = div("lp-options").attr("role", "group");
    for (i, choice) in choices.iter().enumerate() {
        let mut b = button("lp-option", act(i), &format!("{}. {}", i + 1, choice.text.get(p.lang)));
        if matches!(act(i), Action::Toggle(_)) || !picked.is_empty() {
            b = b.attr("aria-pressed", if picked.get(i).copied().unwrap_or(false) { "true" } else { "false" });
        }
        if fb_marks.contains(&i) {
            b = b.class(if good { "lp-right" } else { "lp-wrong" });
        }
        if answered {
            b = b.attr("disabled", "");
        }
        list = list.child(b);
    }
    list
}

fn text_input(label: String, lang: Lang, done: bool) -> Node {
    let mut input = el("input")
        .attr("id", "lp-text")
        .attr("type", "text")
        .attr("autocomplete", "off")
        .attr("spellcheck", "false")
        .attr("data-enter", Action::Text.to_string())
        .class("lp-input");
    if done {
        input = input.attr("disabled", "");
    }
    div("lp-answer")
        .child(el("label").attr("for", "lp-text").text(label))
        .child(input)
        .child(button("lp-main lp-go", Action::Text, word(Word::Check, lang)).attr("data-input", "lp-text"))
}

fn controls(p: &Player, step: &Step) -> Vec<Node> {
    let lang = p.lang;
    let Some(exercise) = &p.exercise else { return Vec::new() };
    let done = matches!(exercise.status(), Status::Complete { .. });
    let mut out = Vec::new();
    if let Some((_, to)) = p.promotion {
        let color = if to.rank().index() == 7 { Color::White } else { Color::Black };
        let mut row = div("lp-row lp-promote")
            .attr("role", "group")
            .attr("aria-label", word(Word::Promote, lang))
            .child(el("p").text(word(Word::Promote, lang)));
        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            let mut b = el("button")
                .attr("type", "button")
                .class("lp-tray-piece")
                .attr("data-act", Action::Promote(role).to_string())
                .attr("aria-label", role_name(role, lang));
            let mut pic = div("lp-piece");
            pic.svg = Some(piece_svg(role.of(color)));
            b = b.child(pic);
            row = row.child(b);
        }
        out.push(row);
    }
    match (exercise, &step.kind) {
        (_, StepKind::Verse(spec) | StepKind::Narration(spec)) => out.extend(lines(p, &spec.lines, spec.verse)),
        (Exercise::StarDrill(_) | Exercise::Paint(_), _) => {
            // Moves against par, and the stars or squares still to go.
            let (moves, par, left, word_left) = match exercise {
                // During a reveal, what the replay has reached so far, as the board shows it.
                Exercise::StarDrill(d) => match p.present.replay.as_ref().filter(|r| r.stars.any()) {
                    Some(replay) => (replay.moves_shown() as u32, d.spec().par, replay.stars_left(), Word::StarsLeft),
                    None => (d.moves(), d.spec().par, d.stars_left(), Word::StarsLeft),
                },
                Exercise::Paint(d) => (d.moves(), d.spec().par, d.left(), Word::PaintLeft),
                _ => return out,
            };
            let count = word_with(Word::MovesCount, &[("n", &moves.to_string()), ("par", &par.to_string())], lang);
            out.push(el("p").class("lp-count").text(count));
            out.push(el("p").class("lp-count").text(word_with(word_left, &[("n", &left.count().to_string())], lang)));
        }
        (Exercise::FindAllMoves(_) | Exercise::TapSquares(_), _) if !p.present.revealed => {
            let (answer, found) = match exercise {
                Exercise::FindAllMoves(f) => (f.spec().answer, f.found()),
                Exercise::TapSquares(t) => (t.spec().answer, t.found()),
                _ => return out,
            };
            let (total, left) = (answer.count(), (answer - found).count());
            out.push(el("p").class("lp-count").text(word_with(Word::MovesToFind, &[("n", &left.to_string()), ("total", &total.to_string())], lang)));
        }
        (Exercise::SetupBoard(setup), _) => {
            let mut tray =
                div("lp-tray").attr("role", "group").attr("aria-label", word(Word::Tray, lang)).child(el("p").text(word(Word::Tray, lang)));
            for (piece, left) in setup.tray() {
                let name = format!("{}{}{}", crate::ui::words::side_name(piece.color, lang), lang.pick("", " "), role_name(piece.role, lang));
                let label = word_with(Word::TrayPiece, &[("piece", &name), ("n", &left.to_string())], lang);
                let mut b = el("button")
                    .attr("type", "button")
                    .class("lp-tray-piece")
                    .attr("data-act", Action::Tray(piece).to_string())
                    .attr("data-piece", piece.char().to_string())
                    .attr("aria-label", label);
                b = b.attr("aria-pressed", if p.tray == Some(piece) { "true" } else { "false" });
                if left == 0 || done {
                    b = b.attr("disabled", "");
                }
                let mut pic = div("lp-piece");
                pic.svg = Some(piece_svg(piece));
                tray = tray.child(b.child(pic).child(el("span").class("lp-left").attr("aria-hidden", "true").text(left.to_string())));
            }
            out.push(tray);
            out.push(div("lp-row").child(button("lp-main lp-go", Action::Check, word(Word::Check, lang))));
        }
        (Exercise::LegalOrNot(l), _) => {
            let mut row = div("lp-options");
            for (legal, label) in [(true, Word::Legal), (false, Word::Illegal)] {
                let mut b = button("lp-option", Action::Legal(legal), word(label, lang));
                // A revealed answer is marked on the projector (the class answered by hand).
                if p.present.revealed {
                    b = b.attr("disabled", "");
                    if l.spec().verdict.is_ok() == legal {
                        b = b.class("lp-right");
                    }
                }
                row = row.child(b);
            }
            out.push(row);
        }
        (Exercise::IsStalemate(_), _) => {
            let mut row = div("lp-options");
            for v in [Verdict::Stalemate, Verdict::Checkmate, Verdict::Neither] {
                row = row.child(button("lp-option", Action::Judge(v), word(verdict_word(v), lang)));
            }
            out.push(row);
        }
        (Exercise::Quiz(q), _) => {
            let spec = q.spec();
            out.push(el("p").class("lp-question").text(t(&spec.question, lang)));
            let act: fn(usize) -> Action = if spec.multiple { Action::Toggle } else { Action::Choose };
            let picked: &[bool] = if spec.multiple { q.ticked() } else { &[] };
            out.push(options(p, &spec.options, picked, act, done));
            if spec.multiple && !done {
                out.push(div("lp-row").child(button("lp-main lp-go", Action::Submit, word(Word::Done, lang))));
            }
        }
        (Exercise::ClassVote(v), _) => {
            let spec = v.spec();
            out.push(el("p").class("lp-question").text(t(&spec.question, lang)));
            let picked: Vec<bool> = (0..spec.options.len()).map(|i| v.picked() == Some(i)).collect();
            out.push(options(p, &spec.options, &picked, Action::Choose, done));
            out.push(el("p").text(word(Word::VoteHint, lang)));
            if !done {
                out.push(hands_row(v, lang));
            }
            if !done && !p.present.on {
                out.push(div("lp-row").child(button("lp-main lp-go", Action::Reveal, word(Word::Reveal, lang))));
            }
        }
        (Exercise::WriteSan(w), _) => {
            let (label, sheet) = crate::ui::lesson::class_board::sheet(w, lang);
            out.push(text_input(label, lang, done));
            out.extend(sheet);
        }
        (Exercise::PointsCalculator(c), _) => {
            let spec = c.spec();
            let (a, b) = match &spec.names {
                Some((a, b)) => (t(a, lang), t(b, lang)),
                None => (word(Word::PlayerA, lang).to_owned(), word(Word::PlayerB, lang).to_owned()),
            };
            let result = match spec.score {
                Score::Win => word_with(Word::ResultWin, &[("a", &a)], lang),
                Score::Loss => word_with(Word::ResultLoss, &[("b", &b)], lang),
                Score::Draw => word(Word::ResultDraw, lang).to_owned(),
            };
            let q = word_with(
                Word::PointsQuestion,
                &[("a", &a), ("b", &b), ("pa", &spec.a.to_string()), ("pb", &spec.b.to_string()), ("result", &result)],
                lang,
            );
            out.push(el("p").class("lp-question").text(q));
            out.push(text_input(word_with(Word::PointsLabel, &[("a", &a)], lang), lang, done));
        }
        (Exercise::Demo(d), _) => {
            let ply = d.game().ply();
            let mut row = div("lp-row");
            if ply > 0 {
                row = row.child(button("lp-main", Action::DemoBack, word(Word::DemoBack, lang)));
            }
            if !done {
                row = row.child(button("lp-main lp-go", Action::DemoNext, word(Word::DemoNext, lang)));
            }
            out.push(row);
        }
        (Exercise::ClassPlay(c), _) => out.extend(crate::ui::lesson::class_board::class_play(c, done, lang)),
        (Exercise::VsComputer(v), _) => out.extend(vs_computer(p, v)),
        (Exercise::Puzzle(z), _) => out.push(puzzle_goal(z, lang)),
        _ => {}
    }
    out
}

/// A vs-computer step's goal, its opponent and the moves so far; `data-computer` says whether
/// the computer is thinking (for the page's tests and styles).
fn vs_computer(p: &Player, v: &crate::lessons::kinds::vs_computer::VsComputer) -> Vec<Node> {
    let lang = p.lang;
    let spec = v.spec();
    let gain = match spec.goal {
        crate::lessons::kinds::vs_computer::Goal::WinMaterial { gain } => gain,
        _ => 0,
    };
    let goal = crate::ui::words::fill(spec.goal.label().get(lang), &[("n", &spec.moves.to_string()), ("gain", &gain.to_string())]);
    let name = qitong_engine::Level::new(spec.level).map_or("", |l| lang.pick(l.name_zh(), l.name_en()));
    let thinking = if p.computer_thinking() { "thinking" } else { "ready" };
    let mut out = vec![
        el("p").class("lp-question lp-goal").attr("data-computer", thinking).text(goal),
        el("p").class("lp-count").text(word_with(
            Word::Opponent,
            &[("name", name), ("level", &spec.level.to_string()), ("n", &v.moves().to_string())],
            lang,
        )),
    ];
    // A hint and a take-back on the child's turn; a won game keeps its moves.
    let mut row = div("lp-row");
    if p.can_hint() {
        row = row.child(button("lp-small", Action::Hint, word(Word::Hint, lang)));
    }
    if v.moves() > 0 && !p.computer_thinking() && !matches!(v.status(), Status::Complete { .. }) {
        row = row.child(button("lp-small", Action::TakeBack, word(Word::TakeBack, lang)));
    }
    if !row.children.is_empty() {
        out.push(row);
    }
    let hint = match p.hint {
        Hint::None => None,
        Hint::Looking => Some(word(Word::HintLooking, lang).to_owned()),
        // Said in words: the vs-computer steps come before notation is taught.
        Hint::Move(m) => Some(word_with(Word::HintSays, &[("move", &move_words(&m, v.spec().side, lang))], lang)),
    };
    out.extend(hint.map(|h| el("p").class("lp-hint").attr("role", "status").text(h)));
    out
}

/// A puzzle's goal and the child's moves left, on one line.
fn puzzle_goal(z: &crate::lessons::kinds::puzzle::Puzzle, lang: Lang) -> Node {
    let goal = z.spec().goal;
    let line = crate::ui::words::fill(goal.label().get(lang), &[("value", &goal.need().to_string()), ("left", &z.moves_left().to_string())]);
    el("p").class("lp-question lp-goal").attr("data-goal", goal.name()).text(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quiz_in(mode: Mode) -> Node {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/lessons/examples/quiz.toml")).expect("file");
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
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/lessons/examples/puzzle.toml")).expect("file");
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
        assert_eq!(p.position().and_then(|pos| pos.board().role_at(crate::rules::Square::A4)), Some(Role::Rook));
    }
}
