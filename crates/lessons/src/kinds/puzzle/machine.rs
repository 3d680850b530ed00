//! A puzzle being solved: the child's move is judged by the search; a right one is answered
//! with the most stubborn reply (the step goes on, or is complete); a wrong one is explained
//! with the reply that refutes it, and the board stays where it was, for another try.

use super::search::{play, swing, Search};
use super::{Goal, Spec};
use crate::feedback::{Event, Feedback, Status, Tries};
use crate::kinds::Machine;
use crate::words::Code;
use qitong_rules::{explain, Bitboard, Move, Position, Role, Square};

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

/// A reply as a child reads it in either language: the piece's figurine, `x` for a capture and
/// the square (`♚xf7`, `♟d5`, `♟d1=♛`).
fn move_text(pos: &Position, m: &Move) -> String {
    let figurine = |role: Role| role.of(pos.turn()).figurine();
    let mut text = String::from(figurine(m.role));
    if m.is_capture() {
        text.push('x');
    }
    text.push_str(&m.to.to_string());
    if let Some(role) = m.promotion {
        text.push('=');
        text.push(figurine(role));
    }
    text
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

    /// Feedback on the child's move `m`, answered by `reply` from `after`: the other side
    /// (`white`/`black`, said by the player in its language), the reply in figurines (readable
    /// in either language), the points won by the end of the line and the points asked.
    fn told(&self, mut feedback: Feedback, m: Move, after: &Position, reply: Option<Move>, gain: i32) -> Feedback {
        feedback.played = Some(m);
        feedback.reply = reply;
        let them = (!self.spec.start.turn()).name();
        feedback.args = vec![("them", them.into()), ("gain", gain.to_string()), ("value", self.spec.goal.need().to_string())];
        if let Some(reply) = reply {
            feedback.args.push(("reply", move_text(after, &reply)));
        }
        feedback
    }

    /// Why the child's move `m` (leading to `after`, `gain` won) misses the goal: what to say,
    /// the squares to mark, the refuting reply and the points won by the end of its line.
    fn why_wrong(&self, m: &Move, after: &Position, gain: i32) -> (Code, Bitboard, Option<Move>, i32) {
        let goal = self.spec.goal;
        let last = self.left == 1;
        let king = king_of_turn(after);
        if !after.has_legal_moves() {
            return (Code::PuzzleStalemate, king, None, gain);
        }
        if last && (goal == Goal::Check || goal == Goal::Mate && !after.is_check()) {
            return (if goal == Goal::Check { Code::PuzzleNotCheck } else { Code::PuzzleNoCheck }, king, None, gain);
        }
        let Some(reply) = self.search().stubborn(after, gain, self.left) else { return (Code::PuzzleNotCheck, king, None, gain) };
        let next = play(after, &reply);
        let gain = Search::after_reply(&next, &reply, gain, self.left - 1);
        let mut squares = Bitboard::EMPTY;
        let code = if !next.has_legal_moves() {
            if next.is_check() {
                Code::PuzzleMated
            } else {
                Code::PuzzleStalemated
            }
        } else if goal == Goal::Mate && last {
            Code::PuzzleNotMate
        } else if reply.capture.is_some() && matches!(goal, Goal::Win { .. } | Goal::Safe) {
            // The piece taken, where it stands on the board shown again (the child's own move
            // taken back): `{piece}` names it.
            let taken = reply.captured_square().unwrap_or(reply.to);
            squares = Bitboard::from_square(if taken == m.to { m.from } else { taken });
            Code::PuzzleLose
        } else if !last {
            match goal {
                Goal::Check => Code::PuzzleThenNoCheck,
                Goal::Mate => Code::PuzzleThenNoMate,
                Goal::Win { .. } => Code::PuzzleThenNoWin,
                Goal::Safe => Code::PuzzleThenNotSafe,
            }
        } else if gain > 0 {
            Code::PuzzleTooLittle
        } else {
            Code::PuzzleNoGain
        };
        (code, squares, Some(reply), gain)
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
        let after = play(&self.pos, &m);
        let gain = self.gain + swing(&m);
        if !search.works(&self.pos, &m, self.gain, self.left) {
            if self.left == self.spec.moves && self.spec.also.contains(&m) {
                // As good as asked (the validator's engine proved it), but another way: praised,
                // the board as it was, no try lost.
                return Feedback::correct(Code::PuzzleAlso).with_squares(Bitboard::from_square(m.to));
            }
            let (code, squares, reply, gain) = self.why_wrong(&m, &after, gain);
            let feedback = self.told(Feedback::wrong(code), m, &after, reply, gain).with_squares(squares);
            return self.tries.miss(feedback);
        }
        // A mate, or a check for a check goal: done without a reply.
        if !after.has_legal_moves() || self.spec.goal == Goal::Check && after.is_check() {
            let code = if after.is_check() && !after.has_legal_moves() { Code::MateYes } else { Code::PuzzleCheck };
            let feedback = self.told(Feedback::accepted(code), m, &after, None, gain).with_squares(king_of_turn(&after));
            return self.complete(feedback, after);
        }
        let Some(reply) = search.stubborn(&after, gain, self.left) else { return Feedback::ignored() };
        let next = play(&after, &reply);
        self.left -= 1;
        self.gain = Search::after_reply(&next, &reply, gain, self.left);
        let code = match (self.left, self.spec.goal) {
            (1.., _) => Code::PuzzleGoOn,
            (_, Goal::Safe) => Code::PuzzleSafe,
            _ => Code::PuzzleWon,
        };
        let feedback = self.told(Feedback::accepted(code), m, &after, Some(reply), self.gain);
        if self.left > 0 {
            self.pos = next;
            return feedback;
        }
        self.complete(feedback, next)
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
            let after = play(&pos, &m);
            let Some(reply) = search.stubborn(&after, gain + swing(&m), left).filter(|_| left > 1) else { break };
            pos = play(&after, &reply);
            gain = Search::after_reply(&pos, &reply, gain + swing(&m), left - 1);
        }
        Some(events)
    }
}
