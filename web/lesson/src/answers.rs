//! What the feedback box under a step says: the answer first when it is told (a revealed
//! question, a vote, a legal-or-not verdict), the kind's message and the lesson's words, a class
//! vote's show of hands (each kind's part in `lesson::kinds`). Pure, like `lesson::render`.

use crate::action::Action;
use crate::kinds::{self, KindView};
use crate::state::Player;
use crate::words::{feedback_message, stars_text, tone, word, word_with, Tone, Word};
use qitong_lessons::{Code, Feedback, KindSet};
use qitong_view::node::{div, el, Node};

pub fn feedback_box<K: KindSet>(p: &Player<K>) -> Node {
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
    if let Some(tally) = p.exercise.as_ref().and_then(|e| kinds::tally_line(e, lang)) {
        bx = bx.child(el("p").class("lp-tally").text(tally));
    }
    // A wrong move's line on the board: taken back by a tap there, or by this button.
    if p.line.is_some() {
        bx = bx.child(qitong_view::node::button("lp-main", Action::TakeBack, word(Word::TakeBackLine, lang)));
    }
    // A game against the computer lost or out of moves: start again from the step's position.
    if p.exercise.as_ref().is_some_and(KindView::offers_start_again) {
        bx = bx.child(qitong_view::node::button("lp-main lp-go", Action::Retry, word(Word::StartAgain, lang)));
    }
    if let Some(stars) = fb.stars {
        let label = word_with(Word::StarsLabel, &[("n", &stars.to_string())], lang);
        bx = bx.child(el("p").class("lp-big-stars").attr("aria-label", label).text(stars_text(u32::from(stars), 3)));
    }
    bx
}

/// What the answer was, said first when the feedback tells it: a revealed answer's moves, else
/// what the kind says (`KindView::answer_line`: a revealed question, a vote's answer, a
/// legal-or-not verdict).
fn answer_line<K: KindSet>(p: &Player<K>, fb: &Feedback) -> Option<String> {
    let exercise = p.exercise.as_ref()?;
    if let Some(replay) = p.present.replay.as_ref().filter(|_| p.present.revealed) {
        return Some(replay.sentence(exercise, p.lang));
    }
    exercise.answer_line(&p.context(), fb)
}
