//! `mate-in-one`: give checkmate in one move; every mating move is right. A check that is not
//! mate is refuted with the opponent's way out; a stalemate is named as such.

use super::{Label, Machine, Start};
use crate::error::ErrorKind;
use crate::feedback::{Event, Feedback, Status, Tries};
use crate::read::Reader;
use crate::words::Code;
use qitong_rules::{explain, Bitboard, Move, Position, Role, Square};

/// The keys of a mate-in-one step (the position is all it needs).
pub const KEYS: &[&str] = &[];

/// The instruction shown when the step has no `prompt`.
pub const PROMPT: Label = Label { zh: "一步将杀！", en: "Checkmate in one move!" };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "fen = \"6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1\"\n";

/// A mate-in-one puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The position, the mating side to move.
    pub position: Position,
    /// Every mating move.
    pub mates: Vec<Move>,
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let scene = start.scene;
    let position = scene.position?;
    let moves = position.legal_moves();
    if moves.is_empty() {
        r.report(r.line_of("fen"), ErrorKind::NoLegalMoves);
        return None;
    }
    let mates: Vec<Move> = moves.iter().filter(|m| position.play_unchecked(m).is_checkmate()).copied().collect();
    if mates.is_empty() {
        r.report(r.line_of("fen"), ErrorKind::NoMateInOne);
        return None;
    }
    Some(Spec { position, mates })
}

/// The opponent's best answer to show after a move that did not win: taking the piece that
/// moved, else a king move, else any move.
pub(crate) fn refutation(after: &Position, moved_to: Square) -> Option<Move> {
    let moves = after.legal_moves();
    let pick = moves.iter().find(|m| m.to == moved_to).or_else(|| moves.iter().find(|m| m.role == Role::King));
    pick.or_else(|| moves.first()).copied()
}

/// A mate-in-one puzzle being solved.
#[derive(Debug, Clone)]
pub struct MateInOne {
    spec: Spec,
    pos: Position,
    tries: Tries,
    status: Status,
}

/// The square of the side to move's king, as a set (empty without one).
fn king_square(pos: &Position) -> Bitboard {
    pos.king_of(pos.turn()).map_or(Bitboard::EMPTY, Bitboard::from_square)
}

impl Machine for MateInOne {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> MateInOne {
        MateInOne { pos: spec.position, spec, tries: Tries::default(), status: Status::Active }
    }

    fn play(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Feedback {
        let m = match explain(&self.spec.position, from, to, promotion) {
            Ok(m) => m,
            Err(reason) => return self.tries.miss(Feedback::illegal(reason)),
        };
        let after = self.spec.position.play_unchecked(&m);
        if after.is_checkmate() {
            let stars = self.tries.stars();
            self.pos = after;
            self.status = Status::Complete { stars: Some(stars) };
            return Feedback::complete(Code::MateYes, Some(stars)).with_played(m).with_squares(king_square(&after));
        }
        let feedback = if after.is_stalemate() {
            Feedback::wrong(Code::MateStalemate).with_squares(king_square(&after))
        } else if after.is_check() {
            Feedback::wrong(Code::MateCheckOnly).with_reply(refutation(&after, m.to))
        } else {
            Feedback::wrong(Code::MateNotCheck).with_reply(refutation(&after, m.to))
        };
        self.tries.miss(feedback.with_played(m))
    }

    fn position(&self) -> Option<Position> {
        Some(self.pos)
    }

    /// A mating move, for a teacher's reveal.
    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        let m = self.spec.mates.first()?;
        Some(vec![Event::Move { from: m.from, to: m.to, promotion: m.promotion }])
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, mv, one_step};
    use super::super::Exercise;
    use crate::feedback::Event;
    use crate::feedback::Grade;

    /// Two back-rank mates: Ra8 and Re8.
    const TWO_MATES: &str = "kind = \"mate-in-one\"\nfen = \"6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1\"\n";

    #[test]
    fn every_mate_is_right() {
        let mut ex = Exercise::new(&one_step(TWO_MATES));
        let fb = ex.handle(&mv("a1a8"));
        assert_eq!((fb.grade, fb.code.as_str(), fb.stars), (Grade::Complete, "mate-yes", Some(3)));
        ex.handle(&Event::Retry);
        assert_eq!(ex.handle(&mv("e1e8")).stars, Some(3));
    }

    #[test]
    fn a_check_that_is_not_mate_is_refuted() {
        // The bishop guards h7, so both rook checks mate; the bishop's own check does not.
        let mut ex = Exercise::new(&one_step("kind = \"mate-in-one\"\nfen = \"6k1/5pp1/8/8/8/8/8/RB2R1K1 w - - 0 1\"\n"));
        let fb = ex.handle(&mv("b1h7"));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Wrong, "mate-check-only"));
        assert_eq!(fb.reply.map(|m| m.to_uci()), Some("g8h7".to_string()));
        assert_eq!(ex.handle(&mv("e1e8")).stars, Some(2));
    }

    #[test]
    fn stalemate_is_named_and_illegal_moves_explained() {
        let mut ex = Exercise::new(&one_step("kind = \"mate-in-one\"\nfen = \"k7/8/1K6/8/8/8/8/2Q5 w - - 0 1\"\n"));
        assert_eq!(ex.handle(&mv("c1c7")).code.as_str(), "mate-stalemate");
        assert_eq!(ex.handle(&mv("b6a7")).code.as_str(), "king-into-check");
        assert_eq!(ex.handle(&mv("c1c8")).stars, Some(1));
    }

    #[test]
    fn the_position_must_have_a_mate() {
        assert_eq!(
            errors_of("kind = \"mate-in-one\"\nfen = \"6k1/8/8/8/8/8/8/R5K1 w - - 0 1\"\n"),
            ["2: step 1: there is no mate in one in this position"]
        );
    }
}
