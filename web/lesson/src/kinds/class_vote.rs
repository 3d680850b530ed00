//! A class vote's view: the question and options, the teacher's count of hands and "reveal";
//! once revealed, the answer and the class's show of hands.

use crate::action::Action;
use crate::kinds::{answer_is, option_names, options, Context, KindView};
use crate::words::{word, word_with, Word};
use qitong_lessons::kinds::class_vote::ClassVote;
use qitong_lessons::lang::Lang;
use qitong_lessons::{Feedback, Machine as _};
use qitong_view::node::{button, div, el, Node};

impl KindView for ClassVote {
    fn controls(&self, p: &Context, done: bool, out: &mut Vec<Node>) {
        let (spec, lang) = (self.spec(), p.lang);
        out.push(el("p").class("lp-question").text(spec.question.get(lang).to_owned()));
        let picked: Vec<bool> = (0..spec.options.len()).map(|i| self.picked() == Some(i)).collect();
        out.push(options(p, &spec.options, &picked, Action::Choose, done));
        out.push(el("p").text(word(Word::VoteHint, lang)));
        if !done {
            out.push(hands_row(self, lang));
        }
        if !done && !p.presenting {
            out.push(div("lp-row").child(button("lp-main lp-go", Action::Reveal, word(Word::Reveal, lang))));
        }
    }

    fn answer_line(&self, p: &Context, _fb: &Feedback) -> Option<String> {
        let spec = self.spec();
        (self.revealed() && !spec.answers.is_empty()).then(|| answer_is(&option_names(&spec.options, &spec.answers, p.lang), p.lang))
    }

    fn reveal_keeps_message(&self) -> bool {
        true
    }
}

/// The teacher's count of hands per option (before the reveal).
fn hands_row(v: &ClassVote, lang: Lang) -> Node {
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

/// The class's show of hands, once the vote is revealed and the teacher counted some.
pub(super) fn tally_line(v: &ClassVote, lang: Lang) -> Option<String> {
    let counted: Vec<String> = v
        .hands()
        .iter()
        .enumerate()
        .filter_map(|(i, n)| {
            Some(word_with(Word::HandsCount, &[("option", &option_names(&v.spec().options, &[i], lang)), ("n", &(*n)?.to_string())], lang))
        })
        .collect();
    (v.revealed() && !counted.is_empty()).then(|| word_with(Word::Tally, &[("tally", &counted.join(lang.pick("；", "; ")))], lang))
}
