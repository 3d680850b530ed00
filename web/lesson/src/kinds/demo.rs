//! A demo's view: back and next through its moves.

use crate::action::Action;
use crate::kinds::{Context, KindView};
use crate::words::{word, Word};
use qitong_lessons::kinds::demo::Demo;
use qitong_view::node::{button, div, Node};

impl KindView for Demo {
    fn controls(&self, p: &Context, done: bool, out: &mut Vec<Node>) {
        let mut row = div("lp-row");
        if self.game().ply() > 0 {
            row = row.child(button("lp-main", Action::DemoBack, word(Word::DemoBack, p.lang)));
        }
        if !done {
            row = row.child(button("lp-main lp-go", Action::DemoNext, word(Word::DemoNext, p.lang)));
        }
        out.push(row);
    }
}
