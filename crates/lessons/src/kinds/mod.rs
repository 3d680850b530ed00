//! The step kinds: one module per kind, each with its `Spec` (what the lesson file says, loaded
//! and checked), its loader and its state machine. `Exercise` runs any step.
//!
//! To add a kind: write its module (`KEYS`, `NEED`, `load`, a machine implementing `Machine`),
//! then add one line to `StepKind`, `KINDS`, the loader's match and the `Exercise` macro below.

pub mod class_play;
pub mod class_vote;
pub mod demo;
pub mod escape_check;
pub mod find_moves;
pub mod legal_or_not;
pub mod mate_in_one;
pub mod points;
pub mod quiz;
pub mod reading;
pub mod setup_board;
pub mod special_move;
pub mod stalemate;
pub mod star_drill;
pub mod write_san;

mod drill_mover;
mod drill_search;
pub mod rhyme;
#[cfg(test)]
pub(crate) mod testing;

use super::feedback::{Event, Feedback, Status};
use super::model::{Step, StepKind};
use qitong_rules::Position;

/// What every step's state machine does.
pub trait Machine {
    /// Reacts to one event.
    fn handle(&mut self, event: &Event) -> Feedback;
    /// Back to the step's own start (never to the lesson's intro).
    fn retry(&mut self);
    /// Where the step stands.
    fn status(&self) -> Status;
    /// The position to draw now, for steps with a board.
    fn position(&self) -> Option<Position>;
}

macro_rules! exercises {
    ($($variant:ident($machine:ty) <= $($kind:ident)|+;)*) => {
        /// A step being played: the state machine of its kind. The player sends it events and
        /// draws what the feedback and the kind's own accessors say.
        #[derive(Debug, Clone)]
        pub enum Exercise {
            $(#[allow(missing_docs)] $variant($machine),)*
        }

        impl Exercise {
            /// Starts `step`.
            pub fn new(step: &Step) -> Exercise {
                match &step.kind {
                    $($(StepKind::$kind(spec))|+ => Exercise::$variant(<$machine>::new(spec.clone())),)*
                }
            }

            fn machine(&mut self) -> &mut dyn Machine {
                match self {
                    $(Exercise::$variant(m) => m,)*
                }
            }

            fn machine_ref(&self) -> &dyn Machine {
                match self {
                    $(Exercise::$variant(m) => m,)*
                }
            }
        }
    };
}

exercises! {
    Reading(reading::Reading) <= Verse | Narration;
    StarDrill(star_drill::StarDrill) <= StarDrill;
    SetupBoard(setup_board::SetupBoard) <= SetupBoard;
    FindAllMoves(find_moves::FindAllMoves) <= FindAllMoves;
    SpecialMove(special_move::SpecialMove) <= SpecialMove;
    LegalOrNot(legal_or_not::LegalOrNot) <= LegalOrNot;
    MateInOne(mate_in_one::MateInOne) <= MateInOne;
    EscapeCheck(escape_check::EscapeCheck) <= EscapeCheck;
    IsStalemate(stalemate::IsStalemate) <= IsStalemate;
    Quiz(quiz::Quiz) <= Quiz;
    WriteSan(write_san::WriteSan) <= WriteSan;
    PointsCalculator(points::PointsCalculator) <= PointsCalculator;
    Demo(demo::Demo) <= Demo;
    ClassPlay(class_play::ClassPlay) <= ClassPlay;
    ClassVote(class_vote::ClassVote) <= ClassVote;
}

impl Exercise {
    /// Reacts to `event`; `Event::Retry` puts the step back to its own start.
    pub fn handle(&mut self, event: &Event) -> Feedback {
        if *event == Event::Retry {
            self.retry();
            return Feedback::accepted("retry");
        }
        self.machine().handle(event)
    }

    /// Back to the step's own start.
    pub fn retry(&mut self) {
        self.machine().retry();
    }

    /// Where the step stands.
    pub fn status(&self) -> Status {
        self.machine_ref().status()
    }

    /// The position to draw now, for steps with a board.
    pub fn position(&self) -> Option<Position> {
        self.machine_ref().position()
    }
}
