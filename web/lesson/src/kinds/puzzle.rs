//! A puzzle's view: its goal and the child's moves left, on one line; its goal as its
//! instruction when the step has none.

use crate::kinds::{Context, KindView};
use qitong_lessons::kinds::puzzle::Puzzle;
use qitong_lessons::lang::Lang;
use qitong_lessons::Machine as _;
use qitong_view::node::{el, Node};

impl KindView for Puzzle {
    fn controls(&self, p: &Context, _done: bool, out: &mut Vec<Node>) {
        let goal = self.spec().goal;
        let (need, left) = (goal.need().to_string(), self.moves_left().to_string());
        let line = qitong_words::fill(goal.label().get(p.lang), &[("value", &need), ("left", &left)]);
        out.push(el("p").class("lp-question lp-goal").attr("data-goal", goal.name()).text(line));
    }
}

/// Its goal as its instruction.
pub(super) fn prompt(z: &Puzzle, lang: Lang) -> String {
    let spec = z.spec();
    spec.goal.prompt(spec.moves).get(lang).to_owned()
}
