//! A class-play step's view: the goal, the buttons its task needs (I adjust, shake hands,
//! offer a draw, press the clock) and, with a clock, its two faces with the running side lit;
//! on the board, the touched pieces lit and a crooked one ringed; touch-move for a piece
//! pressed; the board seen from the side the child plays.

use crate::action::{Action, ClassRule};
use crate::kinds::{Context, KindView};
use crate::words::{word, Word};
use qitong_board::shapes::Brush;
use qitong_board::steer::Steer;
use qitong_classroom::clock::{Clock, ClockState};
use qitong_lessons::kinds::class_play::{ClassPlay, Task, CLOCK_FACE};
use qitong_lessons::lang::Lang;
use qitong_lessons::{Feedback, Machine as _};
use qitong_rules::{Bitboard, Color};
use qitong_view::node::{button, div, el, Node};
use qitong_words::side_name;

impl KindView for ClassPlay {
    fn controls(&self, p: &Context, done: bool, out: &mut Vec<Node>) {
        class_play(self, done, p.lang, out);
    }

    fn mark(&self, steer: &mut Steer, _fb: Option<&Feedback>) {
        steer.marks.lit.0 |= self.touched().iter().copied().collect::<Bitboard>();
        // The crooked piece, ringed until it is straightened.
        if let Some(sq) = self.crooked() {
            steer.arrow(sq, sq, Brush::Yellow);
        }
    }

    fn touch_move(&self) -> bool {
        true
    }
}

/// The goal, the clock and the task's buttons (disabled once the step is done).
fn class_play(c: &ClassPlay, done: bool, lang: Lang, out: &mut Vec<Node>) {
    out.push(el("p").class("lp-question").text(c.spec().goal.get(lang)));
    let Some(task) = c.spec().task else { return };
    if let Some(clock) = c.clock() {
        out.push(clock_faces(clock, lang));
    }
    let rules: &[(ClassRule, Word)] = match task {
        Task::Adjust { .. } => &[(ClassRule::Adjust, Word::AdjustButton)],
        Task::OfferDraw { .. } => &[(ClassRule::OfferDraw, Word::OfferDraw), (ClassRule::PressClock, Word::PressClock)],
        Task::StartClock { handshake: true } => &[(ClassRule::Handshake, Word::Handshake), (ClassRule::PressClock, Word::PressClock)],
        Task::StartClock { .. } => &[(ClassRule::PressClock, Word::PressClock)],
    };
    let mut row = div("lp-row lp-rules");
    for &(rule, label) in rules {
        let mut b = button("lp-main lp-class-rule", Action::ClassRule(rule), word(label, lang));
        if rule == ClassRule::Adjust {
            b = b.attr("aria-pressed", if c.adjusting() { "true" } else { "false" });
        }
        if done {
            b = b.attr("disabled", "");
        }
        row = row.child(b);
    }
    out.push(row);
}

/// The clock's two faces, White's and Black's time; `data-running` names the side whose time
/// runs (no time passes in a lesson: each face shows the time set, `CLOCK_FACE`).
fn clock_faces(clock: &Clock, lang: Lang) -> Node {
    let running = match clock.state() {
        ClockState::Running { color, .. } => Some(color),
        _ => None,
    };
    let mut faces = div("lp-clock").attr("role", "group").attr("aria-label", word(Word::Clock, lang));
    faces = faces.attr("data-running", running.map_or("none", Color::name));
    for color in [Color::White, Color::Black] {
        let mut face = div("lp-clock-face").attr("data-side", color.name());
        if running == Some(color) {
            face = face.class("lp-running").attr("aria-current", "true");
        }
        faces = faces.child(face.child(el("span").text(side_name(color, lang))).child(el("span").class("lp-clock-time").text(CLOCK_FACE)));
    }
    faces
}
