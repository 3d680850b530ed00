//! A find-all-moves step's view: squares left to find, the found squares and the piece's own
//! square on the board, taps as its input, how many moves when revealed.

use crate::lessons::kinds::find_moves::FindAllMoves;
use crate::lessons::{Event, Feedback, Machine as _};
use crate::rules::{Piece, Square};
use crate::ui::board::steer::Steer;
use crate::ui::lesson::kinds::{to_find, Context, KindView, Press};
use crate::ui::lesson::words::{word_with, Word};
use crate::ui::node::Node;

impl KindView for FindAllMoves {
    fn controls(&self, p: &Context, _done: bool, out: &mut Vec<Node>) {
        if !p.revealed {
            out.push(to_find(self.spec().answer, self.found(), p.lang));
        }
    }

    fn mark(&self, steer: &mut Steer, _fb: Option<&Feedback>) {
        steer.found = self.found();
        steer.lit.add(self.spec().square);
    }

    fn press(&self, sq: Square, _tray: Option<Piece>) -> Press {
        Press::Send(Event::Tap(sq))
    }

    fn answer_line(&self, p: &Context, _fb: &Feedback) -> Option<String> {
        p.revealed.then(|| word_with(Word::MovesShown, &[("n", &self.spec().answer.count().to_string())], p.lang))
    }
}
