//! A legal-or-not question's view: "legal" and "illegal" buttons (the right one marked when the
//! teacher reveals it), the move's arrow (neutral while asked, then green if allowed, red if
//! not), and the verdict always said once answered.

use crate::action::Action;
use crate::kinds::{answer_is, Context, KindView};
use crate::words::{word, Word};
use qitong_board::shapes::Brush;
use qitong_board::steer::Steer;
use qitong_lessons::kinds::legal_or_not::LegalOrNot;
use qitong_lessons::{Feedback, Grade, Machine as _};
use qitong_view::node::{button, div, Node};

impl KindView for LegalOrNot {
    fn controls(&self, p: &Context, _done: bool, out: &mut Vec<Node>) {
        let mut row = div("lp-options");
        for (legal, label) in [(true, Word::Legal), (false, Word::Illegal)] {
            let mut b = button("lp-option", Action::Legal(legal), word(label, p.lang));
            // A revealed answer is marked on the projector (the class answered by hand).
            if p.revealed {
                b = b.attr("disabled", "");
                if self.spec().verdict.is_ok() == legal {
                    b = b.class("lp-right");
                }
            }
            row = row.child(b);
        }
        out.push(row);
    }

    /// Neutral while asked; once answered (or revealed) green if allowed, red if not.
    fn mark(&self, steer: &mut Steer, fb: Option<&Feedback>) {
        let told = fb.is_some_and(|f| matches!(f.grade, Grade::Complete | Grade::Wrong));
        let brush = match (told, self.spec().verdict.is_ok()) {
            (false, _) => Brush::Blue,
            (true, true) => Brush::Green,
            (true, false) => Brush::Red,
        };
        steer.arrow(self.spec().uci.from, self.spec().uci.to, brush);
    }

    fn lights_played(&self) -> bool {
        false
    }

    /// The child always reads whether the answer was right: right, wrong or revealed.
    fn answer_line(&self, p: &Context, fb: &Feedback) -> Option<String> {
        let lang = p.lang;
        let fact = word(if self.spec().verdict.is_ok() { Word::LegalYes } else { Word::LegalNo }, lang);
        match (p.revealed, fb.grade) {
            (true, _) => Some(answer_is(fact, lang)),
            (false, Grade::Complete) => Some(format!("{}{fact}", word(Word::LegalRight, lang))),
            (false, Grade::Wrong) => Some(format!("{}{fact}", word(Word::LegalWrong, lang))),
            _ => None,
        }
    }

    fn reveal_keeps_message(&self) -> bool {
        true
    }
}
