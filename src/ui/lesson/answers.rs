//! What the feedback box under a step says: the answer first when it is told (a revealed
//! question, a vote, a legal-or-not verdict), the kind's message and the lesson's words, a class
//! vote's show of hands; and the row where the teacher counts the hands. Pure, like
//! `lesson::render`.

use crate::lang::Lang;
use crate::lessons::kinds::class_vote::ClassVote;
use crate::lessons::kinds::quiz::Choice;
use crate::lessons::kinds::tap_squares::square_names;
use crate::lessons::{Code, Exercise, Feedback, Grade, Machine as _, Status};
use crate::ui::lesson::action::Action;
use crate::ui::lesson::state::Player;
use crate::ui::lesson::words::{feedback_message, stars_text, tone, verdict_word, word, word_with, Tone, Word};
use crate::ui::node::{div, el, Node};

pub fn feedback_box(p: &Player) -> Node {
    let lang = p.lang;
    let mut bx = div("lp-feedback").attr("role", "status").attr("aria-live", "polite");
    let Some(fb) = &p.feedback else { return bx };
    let pos = p.position();
    let message = feedback_message(fb, pos.as_ref(), lang);
    let class = match tone(fb.grade) {
        Tone::Good => "lp-good",
        Tone::Oops => "lp-oops",
        Tone::Info => "lp-info",
    };
    bx = bx.class(class);
    let answer = answer_line(p, fb);
    // "This move is allowed" / "Here's the answer!" say less than the answer line.
    let said = fb.code == Code::MoveIsLegal || answer.is_some() && fb.code == Code::VoteRevealed;
    if let Some(answer) = answer {
        bx = bx.child(el("p").class("lp-message lp-answer-line").text(answer));
    }
    if !message.is_empty() && !said {
        bx = bx.child(el("p").class("lp-message").text(message));
    }
    if let Some(text) = &fb.text {
        bx = bx.child(el("p").class("lp-detail").text(text.get(lang).to_owned()));
    }
    if let Some((_, rule)) = fb.args.iter().find(|(n, _)| *n == "rule") {
        bx = bx.child(el("p").class("lp-rule").text(word_with(Word::Rule, &[("n", rule)], lang)));
    }
    if let Some(tally) = tally_line(p) {
        bx = bx.child(el("p").class("lp-tally").text(tally));
    }
    // A wrong move's line on the board: taken back by a tap there, or by this button.
    if p.line.is_some() {
        bx = bx.child(crate::ui::node::button("lp-main", Action::TakeBack, word(Word::TakeBackLine, lang)));
    }
    // A game against the computer lost or out of moves: start again from the step's position.
    if matches!(&p.exercise, Some(Exercise::VsComputer(v)) if v.status() == Status::Failed) {
        bx = bx.child(crate::ui::node::button("lp-main lp-go", Action::Retry, word(Word::StartAgain, lang)));
    }
    if let Some(stars) = fb.stars {
        let label = word_with(Word::StarsLabel, &[("n", &stars.to_string())], lang);
        bx = bx.child(el("p").class("lp-big-stars").attr("aria-label", label).text(stars_text(u32::from(stars), 3)));
    }
    bx
}

/// The options' numbers and words, "2. Black" (for an answer line or a tally).
fn option_names(choices: &[Choice], picks: &[usize], lang: Lang) -> String {
    let names: Vec<String> = picks.iter().filter_map(|&i| Some(format!("{}. {}", i + 1, choices.get(i)?.text.get(lang)))).collect();
    names.join(lang.pick("；", "; "))
}

/// What the answer was, said first when the feedback tells it: a revealed quiz, a vote's answer,
/// every square of a find-all-moves, and the verdict of a legal-or-not question (right, wrong or
/// revealed: the child always reads whether the answer was right).
fn answer_line(p: &Player, fb: &Feedback) -> Option<String> {
    let lang = p.lang;
    let revealed = p.present.revealed;
    let answer = |names: String| word_with(Word::AnswerIs, &[("answer", &names)], lang);
    let exercise = p.exercise.as_ref()?;
    if let Some(replay) = p.present.replay.as_ref().filter(|_| revealed) {
        return Some(replay.sentence(exercise, lang));
    }
    match exercise {
        Exercise::Quiz(q) if revealed => Some(answer(option_names(&q.spec().options, &q.spec().answers, lang))),
        Exercise::ClassVote(v) if v.revealed() && !v.spec().answers.is_empty() => {
            Some(answer(option_names(&v.spec().options, &v.spec().answers, lang)))
        }
        Exercise::TapSquares(t) if revealed => Some(answer(square_names(t.spec().answer, lang.pick("、", ", ")))),
        Exercise::IsStalemate(s) if revealed => Some(answer(word(verdict_word(s.spec().verdict), lang).to_owned())),
        Exercise::PointsCalculator(c) if revealed => Some(crate::ui::lesson::reveal::worked_points(c, lang)),
        Exercise::FindAllMoves(f) if revealed => Some(word_with(Word::MovesShown, &[("n", &f.spec().answer.count().to_string())], lang)),
        Exercise::LegalOrNot(l) => {
            let fact = word(if l.spec().verdict.is_ok() { Word::LegalYes } else { Word::LegalNo }, lang);
            match (revealed, fb.grade) {
                (true, _) => Some(answer(fact.to_owned())),
                (false, Grade::Complete) => Some(format!("{}{fact}", word(Word::LegalRight, lang))),
                (false, Grade::Wrong) => Some(format!("{}{fact}", word(Word::LegalWrong, lang))),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The class's show of hands, once a vote is revealed and the teacher counted some.
fn tally_line(p: &Player) -> Option<String> {
    let Some(Exercise::ClassVote(v)) = &p.exercise else { return None };
    let counted: Vec<String> = v
        .hands()
        .iter()
        .enumerate()
        .filter_map(|(i, n)| {
            Some(word_with(Word::HandsCount, &[("option", &option_names(&v.spec().options, &[i], p.lang)), ("n", &(*n)?.to_string())], p.lang))
        })
        .collect();
    (v.revealed() && !counted.is_empty()).then(|| word_with(Word::Tally, &[("tally", &counted.join(p.lang.pick("；", "; ")))], p.lang))
}

/// The teacher's count of hands per option (before the reveal).
pub fn hands_row(v: &ClassVote, lang: Lang) -> Node {
    let mut row = el("fieldset").class("lp-hands").child(el("legend").text(word(Word::Hands, lang)));
    for (i, n) in v.hands().iter().enumerate() {
        let id = format!("lp-hands-{i}");
        let number = (i + 1).to_string();
        let input = el("input")
            .attr("id", &id)
            .attr("type", "number")
            .attr("min", "0")
            .attr("inputmode", "numeric")
            .attr("data-change", Action::Hands(i).to_string());
        let input = input.attr("value", n.map(|n| n.to_string()).unwrap_or_default());
        row = row.child(el("label").attr("for", &id).text(format!("{number}."))).child(input);
    }
    row
}
