//! `find-all-moves`: tap every square the piece can reach. The rules core computes the answer;
//! a wrong tap is explained by the core's reason.

use super::{Label, Machine, Start};
use crate::error::ErrorKind;
use crate::feedback::{Event, Feedback, Status, Tries};
use crate::read::Reader;
use crate::words::Code;
use qitong_rules::{explain, Bitboard, Position, Square};

/// The keys of a find-all-moves step.
pub const KEYS: &[&str] = &["square"];

/// The instruction shown when the step has no `prompt`.
pub const PROMPT: Label = Label { zh: "这个棋子能走到哪些格子？全部点出来。", en: "Where can this piece go? Tap every square." };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "drill = true\nfen = \"n7/8/8/8/8/8/8/8\"\nsquare = \"a8\"\n";

/// The piece to study and where it can go.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The position; with a placement-only FEN, the piece's side is to move.
    pub position: Position,
    /// The piece's square.
    pub square: Square,
    /// Every square it can legally reach (castling as the king's destination).
    pub answer: Bitboard,
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let scene = start.scene;
    let square = r.square("square", true);
    let (position, square) = (scene.position?, square?);
    if position.board().piece_at(square).is_none() {
        r.report(r.line_of("square"), ErrorKind::NoPieceOnSquare { square });
        return None;
    }
    let answer = position.dests(square);
    if answer.is_empty() {
        r.report(r.line_of("square"), ErrorKind::PieceCannotMove { square });
        return None;
    }
    Some(Spec { position, square, answer })
}

/// A find-all-moves step in progress.
#[derive(Debug, Clone)]
pub struct FindAllMoves {
    spec: Spec,
    found: Bitboard,
    tries: Tries,
    status: Status,
}

impl FindAllMoves {
    /// The squares found so far.
    pub fn found(&self) -> Bitboard {
        self.found
    }

    fn tap(&mut self, sq: Square) -> Feedback {
        // The piece itself is not a mistake: the child is pointing at what to study.
        if sq == self.spec.square {
            return Feedback::accepted(Code::PieceItself);
        }
        let target = match explain(&self.spec.position, self.spec.square, sq, None) {
            // Dropping the king on its rook asks for castling: the king's square counts.
            Ok(m) => m.to,
            Err(_) if self.spec.answer.contains(sq) => sq,
            Err(reason) => return self.tries.miss(Feedback::illegal(reason)),
        };
        if self.found.contains(target) {
            return Feedback::ignored();
        }
        self.found.add(target);
        let left = (self.spec.answer - self.found).count();
        if left > 0 {
            return Feedback::correct(Code::MoveFound).with_squares(target.into()).with_arg("left", left);
        }
        let stars = self.tries.stars();
        self.status = Status::Complete { stars: Some(stars) };
        Feedback::complete(Code::MovesAllFound, Some(stars)).with_squares(self.found)
    }
}

impl Machine for FindAllMoves {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> FindAllMoves {
        FindAllMoves { spec, found: Bitboard::EMPTY, tries: Tries::default(), status: Status::Active }
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match *event {
            Event::Tap(sq) => self.tap(sq),
            _ => Feedback::ignored(),
        }
    }

    fn position(&self) -> Option<Position> {
        Some(self.spec.position)
    }

    /// Every square the piece can reach, tapped.
    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        Some(self.spec.answer.into_iter().map(Event::Tap).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, one_step, play, sq};
    use super::super::Exercise;
    use super::*;
    use crate::feedback::Grade;

    #[test]
    fn tap_every_square_in_any_order() {
        // A knight in the corner of a drill, Black's: the placement-only FEN makes Black move.
        let mut ex = Exercise::new(&one_step("kind = \"find-all-moves\"\ndrill = true\nfen = \"n7/8/8/8/8/8/8/8\"\nsquare = \"a8\""));
        assert_eq!(ex.handle(&Event::Tap(sq("b6"))).code.as_str(), "move-found");
        assert_eq!(ex.handle(&Event::Tap(sq("b6"))).grade, Grade::Ignored);
        let fb = ex.handle(&Event::Tap(sq("c7")));
        assert_eq!((fb.grade, fb.stars), (Grade::Complete, Some(3)));
        ex.handle(&Event::Retry);
        assert_eq!(play(&mut ex, &[Event::Tap(sq("c7")), Event::Tap(sq("b6"))]).stars, Some(3));
    }

    #[test]
    fn wrong_taps_are_explained_and_cost_stars() {
        let mut ex = Exercise::new(&one_step("kind = \"find-all-moves\"\ndrill = true\nfen = \"8/8/8/8/8/8/P7/R7\"\nsquare = \"a1\""));
        let fb = ex.handle(&Event::Tap(sq("a2")));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Wrong, "own-piece-on-target"));
        assert_eq!(ex.handle(&Event::Tap(sq("c3"))).code.as_str(), "cannot-move-that-way");
        let taps: Vec<Event> = ["b1", "c1", "d1", "e1", "f1", "g1", "h1"].iter().map(|s| Event::Tap(sq(s))).collect();
        assert_eq!(play(&mut ex, &taps).stars, Some(1));
    }

    #[test]
    fn tapping_the_piece_itself_costs_nothing() {
        let mut ex = Exercise::new(&one_step("kind = \"find-all-moves\"\ndrill = true\nfen = \"n7/8/8/8/8/8/8/8\"\nsquare = \"a8\""));
        let fb = ex.handle(&Event::Tap(sq("a8")));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Accepted, "piece-itself"));
        let fb = play(&mut ex, &[Event::Tap(sq("a8")), Event::Tap(sq("b6")), Event::Tap(sq("c7"))]);
        assert_eq!((fb.grade, fb.stars), (Grade::Complete, Some(3)), "still three stars");
    }

    #[test]
    fn the_piece_must_exist_and_move() {
        assert_eq!(
            errors_of("kind = \"find-all-moves\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/R7\"\nsquare = \"b2\""),
            ["4: step 1: there is no piece on b2"]
        );
        assert_eq!(
            errors_of("kind = \"find-all-moves\"\ndrill = true\nfen = \"8/8/8/8/8/8/P7/RN6\"\nsquare = \"a1\"")[0],
            "4: step 1: the piece on a1 has no legal move: there is nothing to tap"
        );
    }
}
