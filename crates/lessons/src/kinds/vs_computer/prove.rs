//! The validator's proof that a vs-computer goal can be reached within the step's `moves`
//! against the engine's best defence: the engine at full strength plays the child's side against
//! itself at full strength, through the step's own machine (so the goal is judged exactly as the
//! child's will be), with a fixed node budget per move and no clock, so that the same lesson
//! always gives the same verdict. For a mate, the search's own "mate in N" may shorten the count
//! where the playing side dawdled on the way to a mate it had already seen.
//!
//! Only the validator calls this (`validate_lesson`, `validate_course`, `validate_dir`): the
//! lesson player loads and plays steps without it, so its wasm modules never link the engine.

use super::{Goal, Spec, VsComputer};
use crate::error::ErrorKind;
use crate::feedback::{Event, Status};
use crate::kinds::Machine;
use core::sync::atomic::AtomicBool;
use qitong_engine::{Engine, Level, NoClock, Score, SearchLimits};

/// Nodes per move for the side playing the child's moves: enough to find the mates of the
/// basic endings (K+Q, K+R against K) move by move, little enough that a step proves in well
/// under a second natively.
const CHILD_NODES: u64 = 40_000;
/// Nodes per move for the defence (full strength otherwise).
const DEFENCE_NODES: u64 = 20_000;
/// The play-out goes on to at least twice this many of the child's moves, so that a step whose
/// `moves` is too low is told how many the engine needed.
const AT_LEAST: u32 = 20;
/// The seeds of the two sides' searches (full strength picks no random moves; fixed anyway).
const SEED: u64 = 0x51_7175;

/// Why the goal could not be proved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unproved {
    /// The child's moves the engine needed, when it got there later than allowed.
    pub reached: Option<u32>,
    /// The child's moves played before giving up.
    pub tried: u32,
}

/// The child's moves within which the engine reached `spec`'s goal against its best defence, or
/// why it did not within `spec.moves`.
pub fn prove(spec: &Spec) -> Result<u32, Unproved> {
    let mut engine = Engine::new(1);
    let stop = AtomicBool::new(false);
    // The same step with room to go on past a too-low `moves` (stars aside, the machine judges
    // exactly as with the lesson's own).
    let mut step = VsComputer::new(Spec { moves: spec.moves.max(AT_LEAST), ..spec.clone() });
    // The fewest moves a mate seen by the child's search promised: moves made + its "mate in N".
    let mut mate_bound: Option<u32> = None;
    while step.status() == Status::Active {
        let nodes = if step.waiting() { DEFENCE_NODES } else { CHILD_NODES };
        let Ok(found) = engine.best_move(step.game(), &SearchLimits::nodes(nodes), Level::MAX, SEED, &NoClock, &stop) else { break };
        let (from, to, promotion) = (found.best.from, found.best.to, found.best.promotion);
        let event = if step.waiting() {
            Event::Reply { from, to, promotion }
        } else {
            if let (Goal::Checkmate, Score::Mate(n)) = (spec.goal, found.score) {
                if n > 0 {
                    let bound = step.moves() + n as u32;
                    mate_bound = Some(mate_bound.map_or(bound, |b| b.min(bound)));
                }
            }
            Event::Move { from, to, promotion }
        };
        let before = step.moves();
        step.handle(&event);
        // A move the machine did not take would loop for ever: stop instead.
        if step.status() == Status::Active && step.moves() == before && !step.waiting() && matches!(event, Event::Move { .. }) {
            break;
        }
    }
    let played = step.moves();
    match step.status() {
        Status::Complete { .. } => {
            let needed = mate_bound.map_or(played, |b| b.min(played));
            if needed <= spec.moves {
                Ok(needed)
            } else {
                Err(Unproved { reached: Some(needed), tried: played })
            }
        }
        _ => Err(Unproved { reached: None, tried: played }),
    }
}

/// The validator's error for a step whose goal could not be proved, if any.
pub(crate) fn check(spec: &Spec) -> Option<ErrorKind> {
    let unproved = prove(spec).err()?;
    Some(ErrorKind::GoalUnproved { goal: spec.goal.name(), moves: spec.moves, reached: unproved.reached, tried: unproved.tried })
}
