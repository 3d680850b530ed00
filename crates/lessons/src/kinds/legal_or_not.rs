//! `legal-or-not`: a move is shown; the child answers yes or no; the rules core's explanation
//! follows either way (the reason and its squares, or the legal move played).

use super::special_move::play_before;
use super::{Label, Machine, Start};
use crate::error::ErrorKind;
use crate::feedback::{Event, Feedback, Grade, Status, Tries};
use crate::read::Reader;
use crate::words::Code;
use qitong_rules::{explain, IllegalReason, Move, Position, Uci};

/// The keys of a legal-or-not step.
pub const KEYS: &[&str] = &["move", "answer", "before"];

/// The instruction shown when the step has no `prompt`.
pub const PROMPT: Label = Label { zh: "箭头这步棋可以走吗？", en: "Is the arrow's move allowed?" };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "fen = \"4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1\"\nmove = \"e1c1\"\nanswer = false\n";

/// A legal-or-not question.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// Moves played before the question (for "en passant, but one move too late").
    pub before: Vec<Move>,
    /// The position the move is tried in.
    pub position: Position,
    /// The move shown.
    pub uci: Uci,
    /// The core's verdict: the legal move, or why not.
    pub verdict: Result<Move, IllegalReason>,
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let scene = start.scene;
    let uci = r.one_move("move", true);
    let stated = r.get("answer").is_some().then(|| r.bool("answer", false));
    let (before, position) = play_before(r, scene.position)?;
    let uci = uci?;
    let verdict = explain(&position, uci.from, uci.to, uci.promotion);
    if let Some(stated) = stated.filter(|&s| s != verdict.is_ok()) {
        r.report(r.line_of("answer"), ErrorKind::LegalAnswerWrong { uci, stated, reason: verdict.err() });
        return None;
    }
    Some(Spec { before, position, uci, verdict })
}

/// A legal-or-not question being answered.
#[derive(Debug, Clone)]
pub struct LegalOrNot {
    spec: Spec,
    tries: Tries,
    status: Status,
}

impl LegalOrNot {
    fn answer(&mut self, legal: bool) -> Feedback {
        let mut feedback = match self.spec.verdict {
            Ok(m) => Feedback::accepted(Code::MoveIsLegal).with_played(m).with_squares(m.from.into()).with_squares(m.to.into()),
            Err(reason) => Feedback::illegal(reason),
        };
        if legal != self.spec.verdict.is_ok() {
            feedback.grade = Grade::Wrong;
            return self.tries.miss(feedback);
        }
        let stars = self.tries.stars();
        self.status = Status::Complete { stars: Some(stars) };
        feedback.grade = Grade::Complete;
        feedback.stars = Some(stars);
        feedback
    }
}

impl Machine for LegalOrNot {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> LegalOrNot {
        LegalOrNot { spec, tries: Tries::default(), status: Status::Active }
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match *event {
            Event::Answer(legal) => self.answer(legal),
            _ => Feedback::ignored(),
        }
    }

    fn position(&self) -> Option<Position> {
        Some(self.spec.position)
    }

    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        Some(vec![Event::Answer(self.spec.verdict.is_ok())])
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, one_step};
    use super::super::Exercise;
    use super::*;

    const IN_CHECK: &str = "kind = \"legal-or-not\"\nfen = \"4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1\"\nmove = \"e1c1\"\n";

    #[test]
    fn the_explanation_follows_a_right_and_a_wrong_answer() {
        let mut ex = Exercise::new(&one_step(IN_CHECK));
        let fb = ex.handle(&Event::Answer(true));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Wrong, "castle-in-check"));
        let fb = ex.handle(&Event::Answer(false));
        assert_eq!((fb.grade, fb.code.as_str(), fb.stars), (Grade::Complete, "castle-in-check", Some(2)));
        ex.handle(&Event::Retry);
        assert_eq!(ex.handle(&Event::Answer(false)).stars, Some(3));
    }

    #[test]
    fn a_legal_move_is_shown_played() {
        let mut ex = Exercise::new(&one_step("kind = \"legal-or-not\"\nfen = \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"\nmove = \"e1c1\"\nanswer = true\n"));
        let fb = ex.handle(&Event::Answer(true));
        assert_eq!((fb.code.as_str(), fb.played.map(|m| m.is_castle())), ("move-is-legal", Some(true)));
    }

    #[test]
    fn en_passant_one_move_too_late() {
        let late = "kind = \"legal-or-not\"\nfen = \"4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1\"\nbefore = [\"d7d5\", \"e1e2\", \"e8e7\"]\nmove = \"e5d6\"\nanswer = false\n";
        let mut ex = Exercise::new(&one_step(late));
        assert_eq!(ex.handle(&Event::Answer(false)).code.as_str(), "en-passant-expired");
    }

    #[test]
    fn a_stated_answer_must_agree_with_the_rules() {
        assert_eq!(errors_of(&format!("{IN_CHECK}answer = true\n")), ["4: step 1: answer = true is wrong: e1c1 is not legal (castle-in-check)"]);
    }
}
