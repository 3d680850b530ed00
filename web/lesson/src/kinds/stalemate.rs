//! A stalemate-or-not question's view: the three verdicts as buttons, the verdict named when
//! revealed.

use crate::action::Action;
use crate::kinds::{answer_is, Context, KindView};
use crate::words::{verdict_word, word};
use qitong_lessons::kinds::stalemate::IsStalemate;
use qitong_lessons::{Feedback, Machine as _, Verdict};
use qitong_view::node::{button, div, Node};

impl KindView for IsStalemate {
    fn controls(&self, p: &Context, _done: bool, out: &mut Vec<Node>) {
        let mut row = div("lp-options");
        for v in [Verdict::Stalemate, Verdict::Checkmate, Verdict::Neither] {
            row = row.child(button("lp-option", Action::Judge(v), word(verdict_word(v), p.lang)));
        }
        out.push(row);
    }

    fn answer_line(&self, p: &Context, _fb: &Feedback) -> Option<String> {
        p.revealed.then(|| answer_is(word(verdict_word(self.spec().verdict), p.lang), p.lang))
    }

    fn reveal_keeps_message(&self) -> bool {
        true
    }
}
