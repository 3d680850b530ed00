//! A puzzle being solved: the child's move is judged by the search; a right one is answered
//! with the most stubborn reply (the step goes on, or is complete); a wrong one is explained
//! with the reply that refutes it, and the board stays where it was, for another try.

use super::search::{swing, Search};
use super::{Goal, Spec};
use crate::feedback::{Event, Feedback, Status, Tries};
use crate::kinds::Machine;
use qitong_rules::{explain, Bitboard, Move, Position, Role, SanFormat, Square};

/// A puzzle in play.
#[derive(Debug, Clone)]
pub struct Puzzle {
    spec: Spec,
    /// The position now: the child to move while the step is active.
    pos: Position,
    /// The child's material won so far (lost: negative).
    gain: i32,
    /// The child's moves left.
    left: u32,
    tries: Tries,
    status: Status,
}

/// The square of the side to move's king, as a set.
fn king_of_turn(pos: &Position) -> Bitboard {
    pos.king_of(pos.turn()).map_or(Bitboard::EMPTY, Bitboard::from_square)
}

impl Puzzle {
    /// The child's moves left.
    pub fn moves_left(&self) -> u32 {
        self.left
    }

    fn search(&self) -> Search {
        Search::new(self.spec.goal)
    }

    /// A reply's words: the other side (`white`/`black`, said by the player in its language)
    /// and the move in figurines, readable in either language.
    fn with_reply(&self, feedback: Feedback, after: &Position, reply: Move) -> Feedback {
        let them = after.turn().name();
        feedback.with_reply(Some(reply)).with_arg("them", them).with_arg("reply", SanFormat::FIGURINES.move_text(after, &reply))
    }

    /// Why the child's move `m` (leading to `after`, `gain` won) misses the goal.
    fn wrong(&self, m: Move, after: &Position, gain: i32) -> Feedback {
        let search = self.search();
        let goal = self.spec.goal;
        let king = king_of_turn(after);
        if !after.has_legal_moves() {
            return Feedback::wrong("puzzle-stalemate").with_arg("them", after.turn().name()).with_squares(king);
        }
        let last = self.left == 1;
        if last && goal == Goal::Check || goal == Goal::Mate && last && !after.is_check() {
            return Feedback::wrong(if goal == Goal::Check { "puzzle-not-check" } else { "puzzle-no-check" }).with_squares(king);
        }
        let Some(reply) = search.stubborn(after, gain, self.left) else { return Feedback::wrong("puzzle-not-check") };
        let next = after.play_unchecked(&reply);
        let gain = Search::after_reply(&next, &reply, gain, self.left - 1);
        let code = if !next.has_legal_moves() {
            if next.is_check() { "puzzle-mated" } else { "puzzle-stalemated" }
        } else if goal == Goal::Mate && last {
            "puzzle-not-mate"
        } else if reply.capture.is_some() && matches!(goal, Goal::Win { .. } | Goal::Safe) {
            // The piece taken, where it stands on the board shown again (the child's own move
            // taken back): `{piece}` names it.
            let taken = reply.captured_square().unwrap_or(reply.to);
            let square = if taken == m.to { m.from } else { taken };
            return self.with_reply(Feedback::wrong("puzzle-lose"), after, reply).with_squares(square.into());
        } else if !last {
            match goal {
                Goal::Check => "puzzle-then-no-check",
                Goal::Mate => "puzzle-then-no-mate",
                Goal::Win { .. } => "puzzle-then-no-win",
                Goal::Safe => "puzzle-then-not-safe",
            }
        } else if gain > 0 {
            return self.with_reply(Feedback::wrong("puzzle-too-little"), after, reply).with_arg("gain", gain).with_arg("value", goal.need());
        } else {
            "puzzle-no-gain"
        };
        self.with_reply(Feedback::wrong(code), after, reply)
    }

    fn complete(&mut self, feedback: Feedback, pos: Position) -> Feedback {
        let stars = self.tries.stars();
        self.pos = pos;
        self.status = Status::Complete { stars: Some(stars) };
        Feedback { grade: crate::feedback::Grade::Complete, stars: Some(stars), ..feedback }
    }
}

impl Machine for Puzzle {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> Puzzle {
        Puzzle { pos: spec.start, left: spec.moves, gain: 0, tries: Tries::default(), status: Status::Active, spec }
    }

    fn play(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Feedback {
        let m = match explain(&self.pos, from, to, promotion) {
            Ok(m) => m,
            Err(reason) => return self.tries.miss(Feedback::illegal(reason)),
        };
        let search = self.search();
        let after = self.pos.play_unchecked(&m);
        let gain = self.gain + swing(&m);
        if !search.works(&self.pos, &m, self.gain, self.left) {
            let feedback = self.wrong(m, &after, gain).with_played(m);
            return self.tries.miss(feedback);
        }
        // A mate, or a check for a check goal: done without a reply.
        if !after.has_legal_moves() || self.spec.goal == Goal::Check && after.is_check() {
            let code = if after.is_checkmate() { "mate-yes" } else { "puzzle-check" };
            let feedback = Feedback::complete(code, None).with_played(m).with_squares(king_of_turn(&after));
            return self.complete(feedback, after);
        }
        let Some(reply) = search.stubborn(&after, gain, self.left) else { return Feedback::ignored() };
        let next = after.play_unchecked(&reply);
        let feedback = self.with_reply(Feedback::accepted("puzzle-go-on"), &after, reply).with_played(m);
        self.left -= 1;
        self.gain = Search::after_reply(&next, &reply, gain, self.left);
        if self.left > 0 {
            self.pos = next;
            return feedback;
        }
        let code = if self.spec.goal == Goal::Safe { "puzzle-safe" } else { "puzzle-won" };
        let gain = self.gain;
        self.complete(Feedback { code, ..feedback }.with_arg("gain", gain), next)
    }

    fn position(&self) -> Option<Position> {
        Some(self.pos)
    }

    /// The child's moves of a solution, against the stubborn replies.
    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        let search = self.search();
        let (mut pos, mut gain, mut events) = (self.spec.start, 0, Vec::new());
        for left in (1..=self.spec.moves).rev() {
            let m = search.first_right(&pos, gain, left)?;
            events.push(Event::Move { from: m.from, to: m.to, promotion: m.promotion });
            let after = pos.play_unchecked(&m);
            let Some(reply) = search.stubborn(&after, gain + swing(&m), left).filter(|_| left > 1) else { break };
            pos = after.play_unchecked(&reply);
            gain = Search::after_reply(&pos, &reply, gain + swing(&m), left - 1);
        }
        Some(events)
    }
}
