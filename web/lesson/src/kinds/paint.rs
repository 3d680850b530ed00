//! A paint drill's view: moves against par and the squares left to paint, the paint and the
//! area on the board (only moves inside it offered), and a revealed route with the squares it
//! never reaches.

use crate::kinds::{drill_counts, Context, KindView};
use crate::replay::Replay;
use crate::words::{word_with, Word};
use qitong_board::steer::Steer;
use qitong_lessons::kinds::paint::Paint;
use qitong_lessons::lang::Lang;
use qitong_lessons::{Feedback, Machine as _};
use qitong_view::node::Node;

impl KindView for Paint {
    fn controls(&self, p: &Context, _done: bool, out: &mut Vec<Node>) {
        drill_counts(self.moves(), self.spec().par, self.left(), Word::PaintLeft, p.lang, out);
    }

    fn mark(&self, steer: &mut Steer, _fb: Option<&Feedback>) {
        steer.marks.paint.painted = self.painted();
        steer.marks.paint.outside = !self.spec().area;
        for (_, dests) in &mut steer.dests {
            *dests &= self.spec().area;
        }
    }

    fn answer_said(&self, replay: &Replay, lang: Lang) -> String {
        let Some(mut said) = replay.route(lang) else { return replay.moves_answer(lang) };
        let never = self.spec().area & !self.spec().goal;
        if never.any() {
            let names = qitong_lessons::kinds::tap_squares::square_names(never, lang.pick("、", ", "));
            said.push_str(&word_with(Word::Unreachable, &[("squares", &names)], lang));
        }
        said
    }
}
