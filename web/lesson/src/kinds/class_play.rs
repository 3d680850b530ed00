//! A class-play step's view: the goal and the buttons its task needs (I adjust, shake hands,
//! offer a draw, press the clock); on the board, the touched pieces lit and a crooked one
//! ringed, and with a clock its two faces under the board with the running side lit (the
//! board's `extensions::clock`); touch-move for a piece pressed; the board seen from the side
//! the child plays.

use crate::action::{Action, ClassRule};
use crate::kinds::{Context, KindView};
use crate::words::{word, Word};
use qitong_board::extensions::clock::ClockFaces;
use qitong_board::shapes::Brush;
use qitong_board::steer::Steer;
use qitong_classroom::clock::{Clock, ClockState};
use qitong_lessons::kinds::class_play::{ClassPlay, Task, CLOCK_FACE};
use qitong_lessons::lang::Lang;
use qitong_lessons::{Feedback, Machine as _};
use qitong_rules::Bitboard;
use qitong_view::node::{button, div, el, Node};

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
        steer.clock = self.clock().map(clock_faces);
    }

    fn touch_move(&self) -> bool {
        true
    }
}

/// The goal, the clock and the task's buttons (disabled once the step is done).
fn class_play(c: &ClassPlay, done: bool, lang: Lang, out: &mut Vec<Node>) {
    out.push(el("p").class("lp-question").text(c.spec().goal.get(lang)));
    let Some(task) = c.spec().task else { return };
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

/// The clock's faces: the side whose time runs, and the time set on each (no time passes in a
/// lesson, `CLOCK_FACE`).
fn clock_faces(clock: &Clock) -> ClockFaces {
    let running = match clock.state() {
        ClockState::Running { color, .. } => Some(color),
        _ => None,
    };
    ClockFaces { running, time: CLOCK_FACE }
}
