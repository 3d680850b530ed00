//! `escape-check`: the king is in check; every legal move is an answer, and the feedback names
//! the way it used — move the king, capture the checker, or block. With `ways`, the child must
//! find each listed way (the board goes back to the start after each).

use super::{Label, Machine, Start};
use crate::error::{ErrorKind, Expect};
use crate::feedback::{Event, Feedback, Status, Tries};
use crate::read::Reader;
use crate::words::Code;
use qitong_rules::{explain, Move, Position, Role, Square};

/// The keys of an escape-check step.
pub const KEYS: &[&str] = &["ways"];

/// The instruction shown when the step has no `prompt`.
pub const PROMPT: Label = Label { zh: "王被将军了！走一步应将。", en: "The king is in check! Get out of check." };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "fen = \"4r1k1/8/8/1B6/8/2N5/8/4K3 w - - 0 1\"\n";

/// The three ways out of check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Way {
    /// The king steps out of check.
    King,
    /// The checking piece is captured (by any piece, the king included).
    Capture,
    /// A piece steps between the king and the checker.
    Block,
}

impl Way {
    /// `king`, `capture` or `block`.
    pub const fn code(self) -> &'static str {
        match self {
            Way::King => "king",
            Way::Capture => "capture",
            Way::Block => "block",
        }
    }

    /// The feedback code naming the way (`escape-king`, …).
    pub const fn feedback_code(self) -> Code {
        match self {
            Way::King => Code::EscapeKing,
            Way::Capture => Code::EscapeCapture,
            Way::Block => Code::EscapeBlock,
        }
    }

    /// The way a legal move in check uses.
    pub fn of(pos: &Position, m: &Move) -> Way {
        match m.captured_square() {
            Some(sq) if pos.checkers().contains(sq) => Way::Capture,
            _ if m.role == Role::King => Way::King,
            _ => Way::Block,
        }
    }
}

/// An escape-check exercise.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The position, the side to move in check.
    pub position: Position,
    /// The ways to find (empty: any legal move completes the step).
    pub ways: Vec<Way>,
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let scene = start.scene;
    let mut ways = Vec::new();
    for (word, line) in r.words("ways").unwrap_or_default() {
        match [Way::King, Way::Capture, Way::Block].into_iter().find(|w| w.code() == word) {
            Some(way) if ways.contains(&way) => r.report(line, ErrorKind::Duplicate { key: "ways", value: word.to_owned() }),
            Some(way) => ways.push(way),
            None => r.bad_value("ways", line, word, Expect::Way),
        }
    }
    let position = scene.position?;
    if !position.is_check() {
        r.report(r.line_of("fen"), ErrorKind::NotInCheck);
        return None;
    }
    let moves = position.legal_moves();
    if moves.is_empty() {
        r.report(r.line_of("fen"), ErrorKind::NoLegalMoves);
        return None;
    }
    for way in &ways {
        if !moves.iter().any(|m| Way::of(&position, m) == *way) {
            r.report(r.line_of("ways"), ErrorKind::EscapeWayImpossible { way: way.code() });
        }
    }
    Some(Spec { position, ways })
}

/// An escape-check exercise in progress.
#[derive(Debug, Clone)]
pub struct EscapeCheck {
    spec: Spec,
    pos: Position,
    found: Vec<Way>,
    tries: Tries,
    status: Status,
}

impl EscapeCheck {
    /// The ways found so far.
    pub fn found(&self) -> &[Way] {
        &self.found
    }
}

impl Machine for EscapeCheck {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> EscapeCheck {
        EscapeCheck { pos: spec.position, spec, found: Vec::new(), tries: Tries::default(), status: Status::Active }
    }

    fn play(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Feedback {
        let m = match explain(&self.spec.position, from, to, promotion) {
            Ok(m) => m,
            Err(reason) => return self.tries.miss(Feedback::illegal(reason)),
        };
        let way = Way::of(&self.spec.position, &m);
        let feedback = Feedback::correct(way.feedback_code()).with_played(m);
        if self.found.contains(&way) {
            return Feedback { code: Code::EscapeFoundAlready.into(), ..feedback };
        }
        if self.spec.ways.is_empty() || self.spec.ways.contains(&way) {
            self.found.push(way);
        }
        let left = self.spec.ways.iter().filter(|w| !self.found.contains(w)).count();
        if left > 0 || self.found.is_empty() {
            return feedback.with_arg("left", left);
        }
        let stars = self.tries.stars();
        self.pos = self.spec.position.play_unchecked(&m);
        self.status = Status::Complete { stars: Some(stars) };
        Feedback { grade: crate::feedback::Grade::Complete, stars: Some(stars), ..feedback }
    }

    fn position(&self) -> Option<Position> {
        Some(self.pos)
    }

    /// A move for each way asked (the first legal move when none is), for a teacher's reveal.
    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        let pos = &self.spec.position;
        let (mut shown, mut events) = (0u8, Vec::new());
        for m in pos.legal_moves().iter() {
            let way = Way::of(pos, m);
            let bit = 1 << way as u8;
            if self.spec.ways.contains(&way) && shown & bit == 0 || self.spec.ways.is_empty() && shown == 0 {
                shown |= bit;
                events.push(Event::Move { from: m.from, to: m.to, promotion: m.promotion });
            }
        }
        Some(events)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, mv, one_step};
    use super::super::Exercise;
    use crate::feedback::Event;
    use crate::feedback::Grade;

    /// The rook on e8 checks the king on e1; the king can step aside, the bishop on b5 can take
    /// the rook, the knight on c3 can block on e2 or e4.
    const THREE_WAYS: &str = "fen = \"4r1k1/8/8/1B6/8/2N5/8/4K3 w - - 0 1\"\n";

    #[test]
    fn any_escape_completes_and_names_its_way() {
        let mut ex = Exercise::new(&one_step(&format!("kind = \"escape-check\"\n{THREE_WAYS}")));
        let fb = ex.handle(&mv("c3e4"));
        assert_eq!((fb.grade, fb.code.as_str(), fb.stars), (Grade::Complete, "escape-block", Some(3)));
        ex.handle(&Event::Retry);
        assert_eq!(ex.handle(&mv("b5e8")).code.as_str(), "escape-capture");
        ex.handle(&Event::Retry);
        assert_eq!(ex.handle(&mv("e1d2")).code.as_str(), "escape-king");
    }

    #[test]
    fn find_all_three_ways() {
        let mut ex = Exercise::new(&one_step(&format!("kind = \"escape-check\"\nways = [\"king\", \"capture\", \"block\"]\n{THREE_WAYS}")));
        assert_eq!(ex.handle(&mv("c3a4")).code.as_str(), "in-check-does-not-help");
        let fb = ex.handle(&mv("e1f2"));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Correct, "escape-king"));
        assert_eq!(ex.position().map(|p| p.is_check()), Some(true), "back to the start after each way");
        assert_eq!(ex.handle(&mv("e1d1")).code.as_str(), "escape-found-already");
        assert_eq!(ex.handle(&mv("c3e2")).code.as_str(), "escape-block");
        let fb = ex.handle(&mv("b5e8"));
        assert_eq!((fb.grade, fb.stars), (Grade::Complete, Some(2)));
    }

    #[test]
    fn the_position_must_be_check_and_offer_the_ways() {
        assert_eq!(errors_of("kind = \"escape-check\"\nfen = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n"), ["2: step 1: the side to move is not in check"]);
        let no_block = "kind = \"escape-check\"\nways = [\"block\"]\nfen = \"4k3/8/8/8/8/5n2/8/4K3 w - - 0 1\"\n";
        assert_eq!(errors_of(no_block), ["2: step 1: this position offers no way out of check by \"block\""]);
    }
}
