//! `is-stalemate`: the child says whether the side to move is stalemated, checkmated or
//! neither; a wrong answer is answered with the fact that decides it (a legal move, the check,
//! the way out).

use super::{Label, Machine, Start};
use crate::error::{ErrorKind, Expect};
use crate::feedback::{Event, Feedback, Status, Tries, Verdict};
use crate::read::Reader;
use crate::words::Code;
use qitong_rules::{Bitboard, Position};

/// The keys of an is-stalemate step.
pub const KEYS: &[&str] = &["answer"];

/// The instruction shown when the step has no `prompt`.
pub const PROMPT: Label =
    Label { zh: "轮到走的一方：是逼和、将杀，还是都不是？", en: "For the side to move: stalemate, checkmate or neither?" };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "fen = \"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1\"\nanswer = \"stalemate\"\n";

/// An is-stalemate question.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The position to judge.
    pub position: Position,
    /// What the rules say it is.
    pub verdict: Verdict,
}

/// What `pos` is.
pub fn verdict_of(pos: &Position) -> Verdict {
    if pos.is_checkmate() {
        Verdict::Checkmate
    } else if pos.is_stalemate() {
        Verdict::Stalemate
    } else {
        Verdict::Neither
    }
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let scene = start.scene;
    let stated = match r.opt_str("answer").map(str::trim) {
        None => None,
        Some(text) => match Verdict::from_code(text) {
            Some(v) => Some(v),
            None => {
                r.bad_value("answer", r.line_of("answer"), text, Expect::Verdict);
                return None;
            }
        },
    };
    let position = scene.position?;
    let verdict = verdict_of(&position);
    if let Some(stated) = stated.filter(|&s| s != verdict) {
        r.report(r.line_of("answer"), ErrorKind::VerdictWrong { stated: stated.code(), actual: verdict.code() });
        return None;
    }
    Some(Spec { position, verdict })
}

/// An is-stalemate question being answered.
#[derive(Debug, Clone)]
pub struct IsStalemate {
    spec: Spec,
    tries: Tries,
    status: Status,
}

impl IsStalemate {
    /// Why the answer `said` is wrong: the fact that shows what the position is.
    fn explain_wrong(&self, said: Verdict) -> Feedback {
        let pos = &self.spec.position;
        let checkers = pos.checkers();
        let king = pos.king_of(pos.turn()).map_or(Bitboard::EMPTY, Bitboard::from_square);
        let any_move = pos.legal_moves().first().copied();
        let show_move = |fb: Feedback| match any_move {
            Some(m) => fb.with_squares(Bitboard::from_square(m.from).with(m.to)).with_reply(Some(m)),
            None => fb,
        };
        match (said, self.spec.verdict) {
            (Verdict::Stalemate, Verdict::Checkmate) => Feedback::wrong(Code::SaidStalemateIsCheckmate).with_squares(checkers | king),
            (Verdict::Stalemate, _) if pos.is_check() => show_move(Feedback::wrong(Code::SaidStalemateInCheck).with_squares(checkers)),
            (Verdict::Stalemate, _) => show_move(Feedback::wrong(Code::SaidStalemateHasMoves)),
            (Verdict::Checkmate, Verdict::Neither) if pos.is_check() => {
                show_move(Feedback::wrong(Code::SaidCheckmateCanEscape).with_squares(checkers))
            }
            (Verdict::Checkmate, _) => Feedback::wrong(Code::SaidCheckmateNoCheck).with_squares(king),
            (Verdict::Neither, Verdict::Stalemate) => Feedback::wrong(Code::SaidNeitherIsStalemate).with_squares(king),
            (Verdict::Neither, _) => Feedback::wrong(Code::SaidNeitherIsCheckmate).with_squares(checkers | king),
        }
    }

    fn judge(&mut self, said: Verdict) -> Feedback {
        if said != self.spec.verdict {
            let feedback = self.explain_wrong(said);
            return self.tries.miss(feedback);
        }
        let stars = self.tries.stars();
        self.status = Status::Complete { stars: Some(stars) };
        let code = match said {
            Verdict::Stalemate => Code::PositionStalemate,
            Verdict::Checkmate => Code::PositionCheckmate,
            Verdict::Neither => Code::PositionNeither,
        };
        Feedback::complete(code, Some(stars)).with_squares(self.spec.position.checkers())
    }
}

impl Machine for IsStalemate {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> IsStalemate {
        IsStalemate { spec, tries: Tries::default(), status: Status::Active }
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match *event {
            Event::Judge(said) => self.judge(said),
            _ => Feedback::ignored(),
        }
    }

    fn position(&self) -> Option<Position> {
        Some(self.spec.position)
    }

    /// What the rules say it is, for a teacher's reveal.
    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        Some(vec![Event::Judge(self.spec.verdict)])
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, one_step};
    use super::super::Exercise;
    use super::*;
    use crate::feedback::Grade;

    const STALEMATE: &str = "kind = \"is-stalemate\"\nfen = \"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1\"\n";

    #[test]
    fn right_first_time_and_after_a_mistake() {
        let mut ex = Exercise::new(&one_step(STALEMATE));
        let fb = ex.handle(&Event::Judge(Verdict::Checkmate));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Wrong, "said-checkmate-no-check"));
        let fb = ex.handle(&Event::Judge(Verdict::Stalemate));
        assert_eq!((fb.grade, fb.code.as_str(), fb.stars), (Grade::Complete, "position-stalemate", Some(2)));
        ex.handle(&Event::Retry);
        assert_eq!(ex.handle(&Event::Judge(Verdict::Stalemate)).stars, Some(3));
    }

    #[test]
    fn neither_is_shown_with_a_legal_move() {
        let mut ex = Exercise::new(&one_step("kind = \"is-stalemate\"\nfen = \"k7/8/1K6/8/8/8/8/2Q5 b - - 0 1\"\nanswer = \"neither\"\n"));
        let fb = ex.handle(&Event::Judge(Verdict::Stalemate));
        assert_eq!(fb.code.as_str(), "said-stalemate-has-moves");
        assert!(fb.reply.is_some());
    }

    #[test]
    fn a_stated_answer_must_agree() {
        assert_eq!(
            errors_of(&format!("{STALEMATE}answer = \"checkmate\"\n")),
            ["3: step 1: answer = \"checkmate\" is wrong: the rules say \"stalemate\""]
        );
        assert_eq!(
            errors_of(&format!("{STALEMATE}answer = \"mate\"\n")),
            ["3: step 1: \"answer\" = \"mate\" cannot be read: expected stalemate, checkmate or neither"]
        );
    }
}
