//! `class-play`: a board under the class's rules (SPEC §6-§8): touch-move (摸子走子) always,
//! from a start position with a goal text; pieces may already be touched when the step starts
//! (`touched`). Without a `task` it is complete when `moves` moves have been made (by either
//! side: two children at one board, or one child playing both) or when the game ends. A `task`
//! makes it a class rule done on the board (`desk.rs`): straighten a crooked piece with "I
//! adjust", offer a draw in the right order, start the clock as Black. Not scored.

mod desk;
#[cfg(test)]
mod tests;

use super::{Label, Machine, Start};
use crate::error::ErrorKind;
use crate::feedback::{Event, Feedback, Status};
use crate::read::Reader;
use crate::text::Text;
use crate::words::Code;
use desk::Desk;
use qitong_classroom::clock::Clock;
use qitong_classroom::touch::{adjust, Obligation, TouchMove, TouchRefusal};
use qitong_rules::{explain, Color, Game, Position, Role, Square};

pub use desk::{Task, CLOCK_FACE};

/// The keys of a class-play step.
pub const KEYS: &[&str] = &["goal", "moves", "touched", "task", "square", "declined", "handshake"];

/// No default instruction: the step's own text says what to do.
pub const PROMPT: Label = Label::NONE;

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "goal = { zh = \"摸了哪个子就走哪个子。\", en = \"Move the piece you touch.\" }\n";

/// A class-play board.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The position the board starts from.
    pub start: Position,
    /// What to try, shown above the board.
    pub goal: Text,
    /// Moves (both sides counted) after which the step is complete; without it, the game's end.
    pub moves: Option<u32>,
    /// The pieces the side to move has already touched, in order, when the step starts.
    pub touched: Vec<Square>,
    /// The class rule to carry out, if any.
    pub task: Option<Task>,
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let goal = r.text("goal", true);
    let moves = r.opt_int("moves", 1, 500).map(|n| n as u32);
    let touched = r.squares("touched");
    let position = start.scene.position?;
    let task = desk::load(r, &position);
    for &square in &touched {
        if position.board().piece_at(square).is_none() {
            r.report(r.line_of("touched"), ErrorKind::NoPieceOnSquare { square });
        }
    }
    Some(Spec { start: position, goal: goal?, moves, touched, task })
}

/// A class-play board in use.
#[derive(Debug, Clone)]
pub struct ClassPlay {
    spec: Spec,
    game: Game,
    touch: TouchMove,
    desk: Desk,
    status: Status,
}

impl ClassPlay {
    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The pieces touched on this move.
    pub fn touched(&self) -> &[Square] {
        self.touch.touched()
    }

    /// The chess clock beside the board (steps whose task uses one).
    pub fn clock(&self) -> Option<&Clock> {
        self.desk.clock.as_ref()
    }

    /// "I adjust" has been said: the next piece touched is straightened.
    pub fn adjusting(&self) -> bool {
        self.desk.adjusting
    }

    /// The crooked piece's square, while it still stands crooked.
    pub fn crooked(&self) -> Option<Square> {
        match self.spec.task {
            Some(Task::Adjust { square }) if self.status == Status::Active => Some(square),
            _ => None,
        }
    }

    /// The side the child plays, when the task says (`None`: both sides, White at the bottom).
    pub fn side(&self) -> Option<Color> {
        match self.spec.task? {
            Task::Adjust { square } => self.spec.start.board().color_at(square),
            Task::OfferDraw { .. } => Some(self.spec.start.turn()),
            Task::StartClock { .. } => Some(Color::Black),
        }
    }

    /// Who adjusts: the crooked piece's owner, else the side to move.
    fn adjuster(&self) -> Color {
        match self.spec.task {
            Some(Task::Adjust { .. }) => self.side().unwrap_or(Color::White),
            _ => self.game.position().turn(),
        }
    }

    fn touch(&mut self, sq: Square) -> Feedback {
        let pos = *self.game.position();
        let first_time = !self.touch.touched().contains(&sq);
        match self.touch.touch(&pos, sq) {
            // The crooked piece touched on its owner's turn without "I adjust": touch-move holds.
            Ok(Obligation::MovePiece(s)) if first_time && self.crooked() == Some(s) => Feedback::wrong(Code::AdjustForgot).with_squares(s.into()),
            Ok(obligation) => match bound_by(&pos, obligation) {
                Some(reminder) => said(Feedback::accepted(reminder), reminder),
                None => Feedback::accepted(Code::TouchedFree).with_squares(sq.into()),
            },
            // A piece that can do what the touches ask (another piece taking the touched enemy
            // piece) is picked up; the reminder still stands.
            Err(reminder) if self.touch.allowed_moves(&pos).iter().any(|m| m.from == sq) => said(Feedback::accepted(reminder), reminder),
            Err(refusal) => said(Feedback::wrong(refusal), refusal),
        }
    }

    fn adjust(&mut self, sq: Square) -> Feedback {
        let pos = *self.game.position();
        if let Err(refusal) = adjust(&pos, self.adjuster(), sq) {
            return said(Feedback::wrong(refusal), refusal);
        }
        if self.touch.touched().contains(&sq) {
            return Feedback::wrong(Code::AdjustForgot).with_squares(sq.into());
        }
        if self.crooked() == Some(sq) {
            self.status = Status::Complete { stars: None };
            return Feedback::complete(Code::Adjusted, None).with_squares(sq.into());
        }
        Feedback::accepted(Code::Adjusted).with_squares(sq.into())
    }

    /// "I adjust" (said on your own turn, before touching the piece).
    fn announce(&mut self) -> Feedback {
        let pos = *self.game.position();
        if pos.turn() != self.adjuster() {
            return Feedback::wrong(TouchRefusal::AdjustNotYourTurn);
        }
        if let Some(sq) = self.crooked().filter(|sq| self.touch.touched().contains(sq)) {
            return Feedback::wrong(Code::AdjustForgot).with_squares(sq.into());
        }
        self.desk.adjusting = true;
        Feedback::accepted(Code::AdjustSaid)
    }

    fn complete(&mut self, code: Code) -> Feedback {
        self.status = Status::Complete { stars: None };
        Feedback::complete(code, None)
    }
}

/// The feedback for a touch-move reason, with the squares and the values its words name.
fn said(feedback: Feedback, reason: TouchRefusal) -> Feedback {
    let feedback = feedback.with_squares(reason.squares());
    match reason {
        // `{square}` is the own piece (the marked squares come in board order).
        TouchRefusal::MustCaptureWith { piece, target } => feedback.with_arg("square", piece).with_arg("target", target),
        _ => feedback,
    }
}

/// What an obligation asks, worded as the refusal a different move would get.
fn bound_by(pos: &Position, obligation: Obligation) -> Option<TouchRefusal> {
    let role = |s: Square| pos.board().role_at(s).unwrap_or(Role::Pawn);
    match obligation {
        Obligation::Free => None,
        Obligation::MovePiece(square) => Some(TouchRefusal::MustMove { square, role: role(square) }),
        Obligation::CapturePiece(square) => Some(TouchRefusal::MustCapture { square, role: role(square) }),
        Obligation::CaptureWith { piece, target } => Some(TouchRefusal::MustCaptureWith { piece, target }),
    }
}

impl Machine for ClassPlay {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> ClassPlay {
        let mut touch = TouchMove::new();
        for &sq in &spec.touched {
            // A later touch that changes nothing is refused, but it still counts as touched.
            let _ = touch.touch(&spec.start, sq);
        }
        ClassPlay { game: Game::from_position(spec.start), desk: Desk::new(&spec), spec, touch, status: Status::Active }
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match *event {
            Event::Touch(sq) if self.desk.adjusting => self.adjust(sq),
            Event::Touch(sq) => self.touch(sq),
            Event::Adjust(sq) => self.adjust(sq),
            Event::AdjustMode => self.announce(),
            Event::OfferDraw => {
                let Some(Task::OfferDraw { .. }) = self.spec.task else { return Feedback::ignored() };
                let turn = self.game.position().turn();
                match self.desk.offers.offer(self.spec.start.turn(), turn) {
                    Ok(()) => Feedback::accepted(Code::DrawOffered),
                    Err(e) => Feedback::wrong(e),
                }
            }
            Event::PressClock => match self.desk.press(&self.spec) {
                Ok(code) => self.complete(code),
                Err(fb) => fb,
            },
            Event::Handshake => self.desk.shake(&self.spec),
            Event::Move { from, to, promotion } => self.play(from, to, promotion),
            _ => Feedback::ignored(),
        }
    }

    fn play(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Feedback {
        let pos = *self.game.position();
        if let Some(wait) = self.desk.before_move(&self.spec) {
            return wait;
        }
        let m = match explain(&pos, from, to, promotion) {
            Ok(m) => m,
            Err(reason) => return Feedback::illegal(reason),
        };
        // Picking a piece up to move it touches it; whether the move may be made is the
        // touches' to say (another piece may take a touched enemy piece).
        if !self.touch.touched().contains(&from) {
            let _ = self.touch.touch(&pos, from);
        }
        if let Err(refusal) = self.touch.check_move(&pos, &m) {
            return said(Feedback::wrong(refusal), refusal);
        }
        if self.game.play(&m).is_err() {
            return Feedback::ignored();
        }
        self.touch.reset();
        self.desk.moved(pos.turn());
        if let Some(outcome) = self.game.outcome() {
            return self.complete(Code::ClassPlayOver).with_played(m).with_end(outcome.reason);
        }
        match self.spec.task {
            // Moving before straightening the crooked piece: that chance is gone.
            Some(Task::Adjust { .. }) if Some(pos.turn()) == self.side() => {
                self.status = Status::Failed;
                Feedback::failed(Code::AdjustMoved).with_played(m)
            }
            None if self.spec.moves.is_some_and(|n| self.game.ply() >= n as usize) => self.complete(Code::ClassPlayDone).with_played(m),
            _ => Feedback::accepted(Code::Moved).with_played(m),
        }
    }

    fn position(&self) -> Option<Position> {
        Some(*self.game.position())
    }
}
