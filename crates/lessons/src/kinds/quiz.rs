//! `quiz`: a question with options (`[[step.option]]`), single choice (`answer = 2`) or multiple
//! choice (`answer = [1, 3]`), counted from 1 as a teacher counts; feedback per option and an
//! explanation that may cite the handout's tournament rule (`rule = 18`).

use super::{Label, Machine, Start};
use crate::error::{ErrorKind, Expect};
use crate::feedback::{Event, Feedback, Status, Tries};
use crate::handout::TOURNAMENT_RULES;
use crate::read::Reader;
use crate::text::Text;
use crate::words::Code;
use qitong_format::toml::{Value, ValueKind};
use qitong_rules::Position;

/// The keys of a quiz step.
pub const KEYS: &[&str] = &["question", "option", "answer", "rule", "explanation"];

/// No default instruction: the step's own text says what to do.
pub const PROMPT: Label = Label::NONE;

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "question = { zh = \"谁先走？\", en = \"Who moves first?\" }\nanswer = 1\n[[step.option]]\ntext = { zh = \"白方\", en = \"White\" }\n[[step.option]]\ntext = { zh = \"黑方\", en = \"Black\" }\n";

/// The keys of one `[[step.option]]`.
const OPTION_KEYS: &[&str] = &["text", "feedback"];

/// One option of a quiz or vote.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// What the option says.
    pub text: Text,
    /// What to say when it is picked (quiz only).
    pub feedback: Option<Text>,
}

/// A quiz question.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The question.
    pub question: Text,
    /// The options, in order.
    pub options: Vec<Choice>,
    /// The right options, from 0.
    pub answers: Vec<usize>,
    /// Several options may be right: tick them, then "done".
    pub multiple: bool,
    /// The tournament rule (1-23) the question is about.
    pub rule: Option<u8>,
    /// Shown once answered.
    pub explanation: Option<Text>,
    /// A picture position, if any.
    pub position: Option<Position>,
}

/// Reads the `[[step.option]]` tables.
pub(crate) fn read_options(r: &mut Reader) -> Vec<Choice> {
    let values: &[Value] = r.opt_list("option").unwrap_or_default();
    let mut options = Vec::new();
    for value in values {
        let ValueKind::Table(table) = &value.kind else {
            r.wrong_type("option", value, Expect::Table);
            continue;
        };
        let mut inner = r.nested(table, OPTION_KEYS);
        let text = inner.text("text", true);
        let feedback = inner.text("feedback", false);
        inner.finish();
        options.extend(text.map(|text| Choice { text, feedback }));
    }
    if values.len() < 2 {
        r.report(r.line_of("option"), ErrorKind::TooFewOptions { found: values.len() });
    }
    options
}

/// Reads `answer`: one option number, or a list of them (multiple choice), counted from 1.
/// Returns the numbers from 0 and whether it is multiple choice.
pub(crate) fn read_answer(r: &mut Reader, options: usize, required: bool) -> Option<(Vec<usize>, bool)> {
    let Some(value) = r.get("answer") else {
        if required {
            r.report(r.table.line(), ErrorKind::NoCorrectAnswer);
        }
        return None;
    };
    let (items, multiple): (Vec<&Value>, bool) = match &value.kind {
        ValueKind::Integer(_) => (vec![value], false),
        ValueKind::Array(items) => (items.iter().collect(), true),
        _ => {
            r.wrong_type("answer", value, Expect::Integer);
            return None;
        }
    };
    if items.is_empty() {
        r.report(value.line, ErrorKind::NoCorrectAnswer);
        return None;
    }
    let mut answers = Vec::new();
    for item in items {
        match item.kind {
            ValueKind::Integer(n) if n >= 1 && (n as usize) <= options => answers.push(n as usize - 1),
            ValueKind::Integer(n) => r.report(item.line, ErrorKind::AnswerNotAnOption { answer: n, options }),
            _ => r.wrong_type("answer", item, Expect::Integer),
        }
    }
    Some((answers, multiple))
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let position = start.scene.position;
    let question = r.text("question", true);
    let options = read_options(r);
    let answer = read_answer(r, options.len(), true);
    let rule = r.opt_int("rule", 1, TOURNAMENT_RULES.len() as i64).map(|n| n as u8);
    let explanation = r.text("explanation", false);
    let (answers, multiple) = answer?;
    Some(Spec { question: question?, options, answers, multiple, rule, explanation, position })
}

/// A quiz being answered.
#[derive(Debug, Clone)]
pub struct Quiz {
    spec: Spec,
    ticked: Vec<bool>,
    tries: Tries,
    status: Status,
}

impl Quiz {
    /// Which options are ticked (multiple choice).
    pub fn ticked(&self) -> &[bool] {
        &self.ticked
    }

    fn finish(&mut self) -> Feedback {
        let stars = self.tries.stars();
        self.status = Status::Complete { stars: Some(stars) };
        let fb = Feedback::complete(Code::QuizCorrect, Some(stars)).with_text(self.spec.explanation.as_ref());
        let fb = match self.spec.rule {
            Some(rule) => fb.with_arg("rule", rule),
            None => fb,
        };
        Feedback { marks: self.spec.answers.clone(), ..fb }
    }

    fn choose(&mut self, index: usize) -> Feedback {
        if self.spec.answers.contains(&index) {
            return self.finish();
        }
        let feedback = self.spec.options[index].feedback.as_ref().or(self.spec.explanation.as_ref());
        self.tries.miss(Feedback { marks: vec![index], ..Feedback::wrong(Code::QuizWrong).with_text(feedback) })
    }

    fn submit(&mut self) -> Feedback {
        let wrong: Vec<usize> = (0..self.ticked.len()).filter(|&i| self.ticked[i] && !self.spec.answers.contains(&i)).collect();
        let missed = self.spec.answers.iter().any(|&i| !self.ticked[i]);
        if wrong.is_empty() && !missed {
            return self.finish();
        }
        let code = if wrong.is_empty() { Code::QuizMissing } else { Code::QuizWrong };
        let text = wrong.first().and_then(|&i| self.spec.options[i].feedback.as_ref());
        self.tries.miss(Feedback { marks: wrong, ..Feedback::wrong(code).with_text(text) })
    }
}

impl Machine for Quiz {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> Quiz {
        Quiz { ticked: vec![false; spec.options.len()], spec, tries: Tries::default(), status: Status::Active }
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match *event {
            Event::Choose(i) if !self.spec.multiple && i < self.ticked.len() => self.choose(i),
            Event::Toggle(i) if self.spec.multiple && i < self.ticked.len() => {
                self.ticked[i] = !self.ticked[i];
                Feedback::accepted(Code::QuizTicked)
            }
            Event::Submit if self.spec.multiple => self.submit(),
            _ => Feedback::ignored(),
        }
    }

    fn position(&self) -> Option<Position> {
        self.spec.position
    }

    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        if !self.spec.multiple {
            return Some(vec![Event::Choose(*self.spec.answers.first()?)]);
        }
        let mut events: Vec<Event<'static>> = self.spec.answers.iter().map(|&i| Event::Toggle(i)).collect();
        events.push(Event::Submit);
        Some(events)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, one_step, play};
    use super::super::Exercise;
    use super::*;
    use crate::feedback::Grade;

    const SINGLE: &str = r#"kind = "quiz"
question = { zh = "提和时用什么手势？", en = "Which sign offers a draw?" }
answer = 2
rule = 18
explanation = { zh = "两手食指交叉。", en = "Cross your two index fingers." }
[[step.option]]
text = { zh = "举手", en = "Raise a hand" }
feedback = { zh = "举手是叫裁判。", en = "A raised hand calls the arbiter." }
[[step.option]]
text = { zh = "两手食指交叉", en = "Cross the index fingers" }
"#;

    const MULTIPLE: &str = r#"kind = "quiz"
question = { zh = "哪些棋子能走斜线？", en = "Which pieces move on the slant?" }
answer = [1, 3]
[[step.option]]
text = { zh = "象", en = "Bishop" }
[[step.option]]
text = { zh = "车", en = "Rook" }
feedback = { zh = "车只走直线。", en = "The rook goes straight only." }
[[step.option]]
text = { zh = "后", en = "Queen" }
"#;

    #[test]
    fn single_choice_with_feedback_and_the_rule() {
        let mut ex = Exercise::new(&one_step(SINGLE));
        let fb = ex.handle(&Event::Choose(0));
        assert_eq!((fb.grade, fb.marks.clone()), (Grade::Wrong, vec![0]));
        assert_eq!(fb.text.map(|t| t.en), Some("A raised hand calls the arbiter.".to_string()));
        let fb = ex.handle(&Event::Choose(1));
        assert_eq!((fb.grade, fb.stars, fb.args.clone()), (Grade::Complete, Some(2), vec![("rule", "18".to_string())]));
        ex.handle(&Event::Retry);
        assert_eq!(ex.handle(&Event::Choose(1)).stars, Some(3));
    }

    #[test]
    fn multiple_choice_needs_every_right_option() {
        let mut ex = Exercise::new(&one_step(MULTIPLE));
        assert_eq!(play(&mut ex, &[Event::Toggle(0), Event::Submit]).code.as_str(), "quiz-missing");
        let fb = play(&mut ex, &[Event::Toggle(1), Event::Toggle(2), Event::Submit]);
        assert_eq!((fb.code.as_str(), fb.marks.clone()), ("quiz-wrong", vec![1]));
        let fb = play(&mut ex, &[Event::Toggle(1), Event::Submit]);
        assert_eq!((fb.grade, fb.stars), (Grade::Complete, Some(1)));
        assert_eq!(ex.handle(&Event::Choose(0)).grade, Grade::Ignored);
    }

    #[test]
    fn answers_must_exist() {
        let wrong = SINGLE.replace("answer = 2", "answer = 5");
        assert_eq!(errors_of(&wrong), ["3: step 1: answer 5 does not exist: there are 2 options (counted from 1)"]);
        let none = SINGLE.replace("answer = 2\n", "");
        assert_eq!(errors_of(&none), ["0: step 1: no correct answer: write answer = the option's number"]);
        let rule = SINGLE.replace("rule = 18", "rule = 24");
        assert_eq!(errors_of(&rule), ["4: step 1: \"rule\" = 24 is out of range: use 1 to 23"]);
    }
}
