//! The validator's proof that a vs-computer goal can be reached within the step's `moves`
//! against the engine's best defence: the engine at full strength plays the child's side against
//! itself at full strength, through the step's own machine (so the goal is judged exactly as the
//! child's will be), with a fixed node budget per move and no clock, so that the same lesson
//! always gives the same verdict. For a mate, the search's own "mate in N" may shorten the count
//! where the playing side dawdled on the way to a mate it had already seen.
//!
//! A `draw` must hold whatever the computer does (issue 28: "draw in 10 moves" held only if the
//! computer agreed to repeat, or gave its pawn away): its defence is stubborn — it never plays a
//! move that ends the game in a draw (a position's third time among them) or lets the child force
//! one within four moves when it has another (`stubborn.rs`), choosing among those the one the engine
//! likes best for it — so that only a draw it cannot avoid (stalemate, a perpetual check) proves the
//! goal.
//!
//! Only the validator calls this (`validate_lesson`, `validate_course`, `validate_dir`): the
//! lesson player loads and plays steps without it, so its wasm modules never link the engine.

use super::stubborn::{DrawSearch, LOOKAHEAD};
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
    let mut draws = DrawSearch::default();
    // The same step with room to go on past a too-low `moves` (stars aside, the machine judges
    // exactly as with the lesson's own).
    let mut step = VsComputer::new(Spec { moves: spec.moves.max(AT_LEAST), ..spec.clone() });
    // The fewest moves a mate seen by the child's search promised: moves made + its "mate in N".
    let mut mate_bound: Option<u32> = None;
    while step.status() == Status::Active {
        let nodes = if step.waiting() { DEFENCE_NODES } else { CHILD_NODES };
        let Ok(found) = engine.best_move(step.game(), &SearchLimits::nodes(nodes), Level::MAX, SEED, &NoClock, &stop) else { break };
        let best =
            if step.waiting() && spec.goal == Goal::Draw { draws.defend(&mut engine, step.game(), found.best, LOOKAHEAD, &stop) } else { found.best };
        let (from, to, promotion) = (best.from, best.to, best.promotion);
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

/// A score as one number, higher better for the side it is for (a nearer mate higher).
pub(super) fn value(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 100_000 - n,
        Score::Mate(n) => -100_000 - n,
    }
}

/// The fewest `moves` a basic mate may ask for when perfect play needs `perfect`: twice as many
/// (a child's method — the box with a rook, the knight's-move shadow with a queen — takes about
/// that: 25 moves where perfect play takes 12 or 14; FORMAT.md, "par of a basic mate").
pub fn child_par(perfect: u32) -> u32 {
    perfect * 2
}

/// The moves of perfect play, when `spec` is a basic mate (checkmate against a bare king): exact
/// from the tables for a queen, a rook or two rooks, else `engine` (the engine's own count).
fn basic_mate(spec: &Spec, engine: u32) -> Option<u32> {
    let board = spec.start.board();
    if spec.goal != Goal::Checkmate || board.by_color(!spec.side).count() != 1 {
        return None;
    }
    Some(super::distance::perfect_mate(&spec.start, spec.side).unwrap_or(engine))
}

/// The validator's error for a step whose goal could not be proved, or (a basic mate) whose
/// `moves` leave a child's method no room, if any.
pub(crate) fn check(spec: &Spec) -> Option<ErrorKind> {
    match prove(spec) {
        Ok(needed) => {
            let perfect = basic_mate(spec, needed)?;
            let least = child_par(perfect);
            (spec.moves < least).then_some(ErrorKind::MateParTooLow { moves: spec.moves, perfect, least })
        }
        Err(unproved) => {
            Some(ErrorKind::GoalUnproved { goal: spec.goal.name(), moves: spec.moves, reached: unproved.reached, tried: unproved.tried })
        }
    }
}
