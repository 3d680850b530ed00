//! A quiz's view: its question, its options (ticked for a several-answer quiz, with a "done"
//! button), and the right options named when revealed.

use crate::action::Action;
use crate::kinds::{answer_is, option_names, options, Context, KindView};
use crate::words::{word, Word};
use qitong_lessons::kinds::quiz::Quiz;
use qitong_lessons::{Feedback, Machine as _};
use qitong_view::node::{button, div, el, Node};

impl KindView for Quiz {
    fn controls(&self, p: &Context, done: bool, out: &mut Vec<Node>) {
        let spec = self.spec();
        out.push(el("p").class("lp-question").text(spec.question.get(p.lang).to_owned()));
        let act: fn(usize) -> Action = if spec.multiple { Action::Toggle } else { Action::Choose };
        let picked: &[bool] = if spec.multiple { self.ticked() } else { &[] };
        out.push(options(p, &spec.options, picked, act, done));
        if spec.multiple && !done {
            out.push(div("lp-row").child(button("lp-main lp-go", Action::Submit, word(Word::Done, p.lang))));
        }
    }

    fn answer_line(&self, p: &Context, _fb: &Feedback) -> Option<String> {
        p.revealed.then(|| answer_is(&option_names(&self.spec().options, &self.spec().answers, p.lang), p.lang))
    }
}
