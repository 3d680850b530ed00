//! The class rules beside a class-play board (its `task`): "I adjust" said, the draw offers
//! (SPEC §7) and the chess clock (Black starts it), with the order each task asks for. No time
//! passes in a lesson: the clock is read at a fixed 0 ms, so it shows whose time runs.

use super::Spec;
use crate::error::{ErrorKind, Expect};
use crate::feedback::{Feedback, Said};
use crate::read::Reader;
use crate::words::Code;
use qitong_classroom::clock::{Clock, ClockError, TimeControl};
use qitong_classroom::draw_offer::{DrawOfferError, DrawOffers};
use qitong_rules::{Color, Position, Square};

/// A class rule the child carries out on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)] // Each variant says what its field is.
pub enum Task {
    /// The piece on `square` stands crooked: say "I adjust", then straighten it (on its owner's
    /// turn; touching it first is a touch).
    Adjust { square: Square },
    /// Move, offer a draw, press the clock — in that order. `declined`: this side's earlier
    /// offer was declined, so it may not offer again: it plays on and presses the clock.
    OfferDraw { declined: bool },
    /// The child plays Black and starts the clock (White's time); `handshake`: hands are
    /// shaken first.
    StartClock { handshake: bool },
}

/// The task names, as lesson files write them.
const TASKS: [&str; 3] = ["adjust", "offer-draw", "start-clock"];

/// The time on a lesson's clock (it never runs down): 10 minutes each.
const TIME: TimeControl = TimeControl::new(10, 0);

/// [`TIME`] as the clock's faces show it, for either side at any moment of a lesson.
pub const CLOCK_FACE: &str = "10:00";

/// Reads `task` and the keys that go with it; reports a key that does not fit the task and a
/// task the position cannot hold.
pub(super) fn load(r: &mut Reader, pos: &Position) -> Option<Task> {
    let name = r.opt_str("task").map(str::trim);
    if let Some(name) = name.filter(|n| !TASKS.contains(n)) {
        r.bad_value("task", r.line_of("task"), name, Expect::Task);
    }
    let known = name.and_then(|n| TASKS.iter().copied().find(|t| *t == n));
    // With a task that cannot be read, its keys are not judged (one error is enough).
    let pairs =
        [("square", Some("adjust")), ("declined", Some("offer-draw")), ("handshake", Some("start-clock")), ("moves", None), ("touched", None)];
    for (key, only) in pairs.into_iter().filter(|_| name.is_none() || known.is_some()) {
        if r.get(key).is_some() && known != only {
            r.report(r.line_of(key), ErrorKind::KeyOnlyWith { key, task: only });
        }
    }
    let line = r.line_of("task");
    match known? {
        "adjust" => {
            let square = r.square("square", true)?;
            if pos.board().piece_at(square).is_none() {
                r.report(r.line_of("square"), ErrorKind::NoPieceOnSquare { square });
            }
            Some(Task::Adjust { square })
        }
        "offer-draw" => {
            if pos.legal_moves().is_empty() {
                r.report(line, ErrorKind::NoLegalMoves);
            }
            Some(Task::OfferDraw { declined: r.bool("declined", false) })
        }
        _ => {
            if pos.turn() != Color::White {
                r.report(line, ErrorKind::ClockStartNeedsWhite);
            }
            Some(Task::StartClock { handshake: r.bool("handshake", false) })
        }
    }
}

/// What lies beside the board: the clock, the draw offers, what has been said and done.
#[derive(Debug, Clone)]
pub(super) struct Desk {
    pub clock: Option<Clock>,
    pub offers: DrawOffers,
    /// "I adjust" said.
    pub adjusting: bool,
    /// Hands shaken.
    shook: bool,
}

impl Desk {
    pub fn new(spec: &Spec) -> Desk {
        let mut desk = Desk { clock: None, offers: DrawOffers::new(), adjusting: false, shook: false };
        let me = spec.start.turn();
        match spec.task {
            Some(Task::StartClock { .. }) => desk.clock = Some(Clock::new(TIME)),
            Some(Task::OfferDraw { declined }) => {
                // The game is under way: the mover's time runs (Black's press started White's).
                let mut clock = Clock::new(TIME);
                let _ = clock.press(Color::Black, 0);
                if me == Color::Black {
                    let _ = clock.press(Color::White, 0);
                }
                desk.clock = Some(clock);
                if declined {
                    // Earlier, this side moved, offered, pressed, and the other side said no.
                    let offers = &mut desk.offers;
                    offers.on_move(me);
                    let _ = offers.offer(me, !me);
                    offers.on_press(me);
                    let _ = offers.decline(!me, !me);
                }
            }
            _ => {}
        }
        desk
    }

    /// A move must wait: the clock not started yet, or the mover has not pressed it.
    pub fn before_move(&self, spec: &Spec) -> Option<Feedback> {
        match spec.task? {
            Task::StartClock { .. } => Some(Feedback::wrong(ClockError::BlackStartsTheClock)),
            Task::OfferDraw { .. } if self.offers.moved().is_some() => Some(Feedback::wrong(Said::WaitForPress)),
            _ => None,
        }
    }

    /// `mover` has moved: the announcement is over, and an offer may follow.
    pub fn moved(&mut self, mover: Color) {
        self.adjusting = false;
        self.offers.on_move(mover);
    }

    /// Hands shaken (before the clock is started).
    pub fn shake(&mut self, spec: &Spec) -> Feedback {
        match spec.task {
            Some(Task::StartClock { handshake: true }) => {
                self.shook = true;
                Feedback::accepted(Code::HandshakeDone)
            }
            _ => Feedback::ignored(),
        }
    }

    /// The clock pressed: the task's code when this press completes it, else why not yet.
    #[allow(
        clippy::result_large_err,
        reason = "152 bytes natively, less on wasm32; a Feedback is what every step answers with, once per press; boxing it here alone would make this kind differ from the others"
    )]
    pub fn press(&mut self, spec: &Spec) -> Result<Code, Feedback> {
        let me = spec.start.turn();
        let (by, code) = match spec.task {
            Some(Task::StartClock { handshake }) if handshake && !self.shook => return Err(Feedback::wrong(Code::ClockShakeFirst)),
            Some(Task::StartClock { .. }) => (Color::Black, Code::ClockStarted),
            Some(Task::OfferDraw { .. }) if self.offers.moved() != Some(me) => return Err(Feedback::wrong(DrawOfferError::MoveFirst)),
            Some(Task::OfferDraw { declined: false }) if self.offers.pending() != Some(me) => {
                return Err(Feedback::wrong(Code::DrawOfferBeforePress))
            }
            Some(Task::OfferDraw { declined }) => (me, if declined { Code::DrawPlayedOn } else { Code::DrawOfferDone }),
            _ => return Err(Feedback::ignored()),
        };
        if let Some(clock) = &mut self.clock {
            clock.press(by, 0).map_err(Feedback::wrong)?;
        }
        self.offers.on_press(by);
        Ok(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_face_says_the_lessons_time() {
        let minutes = TIME.base_ms / 60_000;
        assert_eq!(CLOCK_FACE, format!("{minutes}:{:02}", TIME.base_ms / 1000 % 60));
    }
}
