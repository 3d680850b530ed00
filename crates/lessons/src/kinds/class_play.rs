//! `class-play`: a board where touch-move (摸子走子, SPEC §6) is enforced, from a start position
//! with a goal text; complete when `moves` moves have been made (by either side: two children at
//! one board, or one child playing both) or when the game ends. Not scored.

use super::{Label, Machine, Start};
use qitong_classroom::touch::{adjust, TouchMove};
use crate::feedback::{Event, Feedback, Status};
use crate::read::Reader;
use crate::text::Text;
use qitong_rules::{explain, Game, Position, Role, Square};

/// The keys of a class-play step.
pub const KEYS: &[&str] = &["goal", "moves"];

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
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let scene = start.scene;
    let goal = r.text("goal", true);
    let moves = r.opt_int("moves", 1, 500).map(|n| n as u32);
    Some(Spec { start: scene.position?, goal: goal?, moves })
}

/// A class-play board in use.
#[derive(Debug, Clone)]
pub struct ClassPlay {
    spec: Spec,
    game: Game,
    touch: TouchMove,
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

    fn touch(&mut self, sq: Square) -> Feedback {
        match self.touch.touch(self.game.position(), sq) {
            Ok(_) => Feedback::accepted("touched").with_squares(sq.into()),
            Err(refusal) => Feedback::wrong(refusal.code()).with_squares(refusal.squares()),
        }
    }
}

impl Machine for ClassPlay {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> ClassPlay {
        ClassPlay { game: Game::from_position(spec.start), spec, touch: TouchMove::new(), status: Status::Active }
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match *event {
            Event::Touch(sq) => self.touch(sq),
            Event::Adjust(sq) => {
                let pos = self.game.position();
                match adjust(pos, pos.turn(), sq) {
                    Ok(()) => Feedback::accepted("adjusted").with_squares(sq.into()),
                    Err(refusal) => Feedback::wrong(refusal.code()).with_squares(refusal.squares()),
                }
            }
            Event::Move { from, to, promotion } => self.play(from, to, promotion),
            _ => Feedback::ignored(),
        }
    }

    fn play(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Feedback {
        let pos = *self.game.position();
        let m = match explain(&pos, from, to, promotion) {
            Ok(m) => m,
            Err(reason) => return Feedback::illegal(reason),
        };
        // Picking a piece up to move it touches it.
        if !self.touch.touched().contains(&from) {
            if let Err(refusal) = self.touch.touch(&pos, from) {
                return Feedback::wrong(refusal.code()).with_squares(refusal.squares());
            }
        }
        if let Err(refusal) = self.touch.check_move(&pos, &m) {
            return Feedback::wrong(refusal.code()).with_squares(refusal.squares());
        }
        if self.game.play(&m).is_err() {
            return Feedback::ignored();
        }
        self.touch.reset();
        if let Some(outcome) = self.game.outcome() {
            self.status = Status::Complete { stars: None };
            return Feedback::complete("class-play-over", None).with_played(m).with_arg("end", outcome.reason.code());
        }
        if self.spec.moves.is_some_and(|n| self.game.ply() >= n as usize) {
            self.status = Status::Complete { stars: None };
            return Feedback::complete("class-play-done", None).with_played(m);
        }
        Feedback::accepted("moved").with_played(m)
    }

    fn position(&self) -> Option<Position> {
        Some(*self.game.position())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, mv, one_step, play, sq};
    use super::super::Exercise;
    use super::*;
    use crate::feedback::Grade;

    const BOARD: &str = "kind = \"class-play\"\nmoves = 2\ngoal = { zh = \"摸了哪个子就走哪个子。\", en = \"Move the piece you touch.\" }\n";

    #[test]
    fn touch_move_is_enforced_until_the_moves_are_made() {
        let mut ex = Exercise::new(&one_step(BOARD));
        assert_eq!(ex.handle(&Event::Touch(sq("g1"))).code, "touched");
        let fb = ex.handle(&mv("e2e4"));
        assert_eq!((fb.grade, fb.code), (Grade::Wrong, "touch-move-must-move"));
        assert_eq!(ex.handle(&Event::Adjust(sq("e7"))).code, "adjust-not-your-piece");
        assert_eq!(ex.handle(&mv("g1f3")).code, "moved");
        let fb = ex.handle(&mv("e7e5"));
        assert_eq!((fb.grade, fb.code, fb.stars), (Grade::Complete, "class-play-done", None));
        ex.handle(&Event::Retry);
        assert_eq!(ex.position(), Some(Position::new()));
        assert_eq!(play(&mut ex, &[mv("e2e4"), mv("e7e5")]).code, "class-play-done");
    }

    #[test]
    fn the_game_ending_completes_the_board() {
        let mate = "kind = \"class-play\"\nfen = \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\ngoal = { zh = \"将死！\", en = \"Checkmate!\" }\n";
        let mut ex = Exercise::new(&one_step(mate));
        assert_eq!(ex.handle(&mv("a1b2")).code, "cannot-move-that-way");
        let fb = ex.handle(&mv("a1a8"));
        assert_eq!((fb.code, fb.args.clone()), ("class-play-over", vec![("end", "checkmate".to_string())]));
        assert_eq!(errors_of("kind = \"class-play\"\n"), ["0: step 1: \"goal\" is missing"]);
    }
}
