//! A tap-the-squares step's view: squares left to find, the found ones on the board, taps as
//! its input, the squares named when revealed.

use crate::kinds::{answer_is, to_find, Context, KindView, Press};
use qitong_board::steer::Steer;
use qitong_lessons::kinds::tap_squares::{square_names, TapSquares};
use qitong_lessons::{Event, Feedback, Machine as _};
use qitong_rules::Square;
use qitong_view::node::Node;

impl KindView for TapSquares {
    fn controls(&self, p: &Context, _done: bool, out: &mut Vec<Node>) {
        if !p.revealed {
            out.push(to_find(self.spec().answer, self.found(), p.lang));
        }
    }

    fn mark(&self, steer: &mut Steer, _fb: Option<&Feedback>) {
        steer.marks.found.0 = self.found();
    }

    fn press(&self, sq: Square) -> Press {
        Press::Send(Event::Tap(sq))
    }

    fn answer_line(&self, p: &Context, _fb: &Feedback) -> Option<String> {
        p.revealed.then(|| answer_is(&square_names(self.spec().answer, p.lang.pick("、", ", ")), p.lang))
    }
}
