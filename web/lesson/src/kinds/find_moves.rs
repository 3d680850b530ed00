//! A find-all-moves step's view: squares left to find, the found squares and the piece's own
//! square on the board, taps as its input, how many moves when revealed.

use crate::kinds::{to_find, Context, KindView, Press};
use crate::words::{word_with, Word};
use qitong_board::steer::Steer;
use qitong_lessons::kinds::find_moves::FindAllMoves;
use qitong_lessons::{Event, Feedback, Machine as _};
use qitong_rules::Square;
use qitong_view::node::Node;

impl KindView for FindAllMoves {
    fn controls(&self, p: &Context, _done: bool, out: &mut Vec<Node>) {
        if !p.revealed {
            out.push(to_find(self.spec().answer, self.found(), p.lang));
        }
    }

    fn mark(&self, steer: &mut Steer, _fb: Option<&Feedback>) {
        steer.marks.found.0 = self.found();
        steer.marks.lit.0.add(self.spec().square);
    }

    fn press(&self, sq: Square) -> Press {
        Press::Send(Event::Tap(sq))
    }

    fn answer_line(&self, p: &Context, _fb: &Feedback) -> Option<String> {
        p.revealed.then(|| word_with(Word::MovesShown, &[("n", &self.spec().answer.count().to_string())], p.lang))
    }
}
