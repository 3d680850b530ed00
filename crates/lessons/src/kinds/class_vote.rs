//! `class-vote`: a question and options on the screen for the whole class; children may pick,
//! the teacher reveals the answer (if the lesson has one). Not scored.

use super::quiz::{read_answer, read_options, Choice};
use super::{Label, Machine, Start};
use crate::feedback::{Event, Feedback, Status};
use crate::read::Reader;
use crate::text::Text;
use crate::words::Code;
use qitong_rules::Position;

/// The keys of a class-vote step.
pub const KEYS: &[&str] = &["question", "option", "answer", "explanation"];

/// No default instruction: the step's own text says what to do.
pub const PROMPT: Label = Label::NONE;

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "question = { zh = \"谁先按钟？\", en = \"Who starts the clock?\" }\nanswer = 2\n[[step.option]]\ntext = { zh = \"白方\", en = \"White\" }\n[[step.option]]\ntext = { zh = \"黑方\", en = \"Black\" }\n";

/// A class vote.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The question on the screen.
    pub question: Text,
    /// The options, in order.
    pub options: Vec<Choice>,
    /// The options revealed as right, from 0 (none for a question of opinion).
    pub answers: Vec<usize>,
    /// Shown with the answer.
    pub explanation: Option<Text>,
    /// A picture position, if any.
    pub position: Option<Position>,
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let position = start.scene.position;
    let question = r.text("question", true);
    let options = read_options(r);
    let answers = read_answer(r, options.len(), false).map(|(a, _)| a).unwrap_or_default();
    let explanation = r.text("explanation", false);
    Some(Spec { question: question?, options, answers, explanation, position })
}

/// A class vote on screen.
#[derive(Debug, Clone)]
pub struct ClassVote {
    spec: Spec,
    picked: Option<usize>,
    /// The show of hands per option, as the teacher counted it (None: not counted).
    hands: Vec<Option<u32>>,
    revealed: bool,
}

impl ClassVote {
    /// The teacher's count of hands for option `index` (from 0); empty or unreadable text clears it.
    pub fn set_hands(&mut self, index: usize, text: &str) {
        if let Some(slot) = self.hands.get_mut(index) {
            *slot = text.trim().parse().ok();
        }
    }

    /// The show of hands per option, as counted.
    pub fn hands(&self) -> &[Option<u32>] {
        &self.hands
    }

    /// Whether the answer is on show.
    pub fn revealed(&self) -> bool {
        self.revealed
    }

    /// The option picked, if any.
    pub fn picked(&self) -> Option<usize> {
        self.picked
    }
}

impl Machine for ClassVote {
    type Spec = Spec;

    fn new(spec: Spec) -> ClassVote {
        ClassVote { hands: vec![None; spec.options.len()], spec, picked: None, revealed: false }
    }

    fn spec(&self) -> &Spec {
        &self.spec
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match *event {
            Event::Choose(i) if i < self.spec.options.len() => {
                self.picked = Some(i);
                Feedback::accepted(Code::VotePicked)
            }
            Event::Reveal => {
                self.revealed = true;
                // The answer's reason: the lesson's explanation, else the right option's own words.
                let reason =
                    self.spec.explanation.as_ref().or_else(|| self.spec.answers.iter().find_map(|&i| self.spec.options[i].feedback.as_ref()));
                Feedback { marks: self.spec.answers.clone(), ..Feedback::complete(Code::VoteRevealed, None).with_text(reason) }
            }
            _ => Feedback::ignored(),
        }
    }

    fn retry(&mut self) {
        // The class's count survives a fresh start (the projector's reveal starts it over).
        let hands = std::mem::take(&mut self.hands);
        *self = ClassVote { hands, ..ClassVote::new(self.spec.clone()) };
    }

    fn status(&self) -> Status {
        if self.revealed {
            Status::Complete { stars: None }
        } else {
            Status::Active
        }
    }

    fn position(&self) -> Option<Position> {
        self.spec.position
    }

    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        Some(vec![Event::Reveal])
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::one_step;
    use super::super::Exercise;
    use super::*;
    use crate::feedback::Grade;

    const VOTE: &str = r#"kind = "class-vote"
question = { zh = "谁先按钟？", en = "Who starts the clock?" }
answer = 2
[[step.option]]
text = { zh = "白方", en = "White" }
[[step.option]]
text = { zh = "黑方", en = "Black" }
"#;

    #[test]
    fn the_teacher_reveals_the_answer() {
        let mut ex = Exercise::new(&one_step(VOTE));
        assert_eq!(ex.handle(&Event::Choose(0)).code.as_str(), "vote-picked");
        assert_eq!(ex.handle(&Event::Choose(5)).grade, Grade::Ignored);
        let fb = ex.handle(&Event::Reveal);
        assert_eq!((fb.grade, fb.marks.clone(), fb.stars), (Grade::Complete, vec![1], None));
        ex.handle(&Event::Retry);
        assert_eq!(ex.status(), Status::Active);
        let Exercise::ClassVote(v) = &ex else { panic!() };
        assert_eq!(v.picked(), None);
    }

    #[test]
    fn the_reveal_gives_the_explanation_and_keeps_the_count_of_hands() {
        let text = VOTE.replace("answer = 2\n", "answer = 2\nexplanation = { zh = \"黑方先按钟。\", en = \"Black starts the clock.\" }\n");
        let mut ex = Exercise::new(&one_step(&text));
        let Exercise::ClassVote(v) = &mut ex else { panic!() };
        v.set_hands(0, "5");
        v.set_hands(1, " 12 ");
        v.set_hands(7, "3");
        let fb = ex.handle(&Event::Reveal);
        assert_eq!(fb.text.map(|t| t.en), Some("Black starts the clock.".to_string()));
        ex.handle(&Event::Retry);
        let Exercise::ClassVote(v) = &mut ex else { panic!() };
        assert_eq!(v.hands(), [Some(5), Some(12)]);
        v.set_hands(1, "");
        assert_eq!(v.hands(), [Some(5), None]);
    }
}
