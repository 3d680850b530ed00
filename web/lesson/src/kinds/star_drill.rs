//! A star drill's view: moves against par and the stars left (as a reveal's replay has them),
//! the stars on the board, and a revealed route said as one piece's way.

use crate::kinds::{drill_counts, Context, KindView};
use crate::replay::Replay;
use crate::words::Word;
use qitong_board::steer::Steer;
use qitong_lessons::kinds::star_drill::StarDrill;
use qitong_lessons::lang::Lang;
use qitong_lessons::{Feedback, Machine as _};
use qitong_view::node::Node;

impl KindView for StarDrill {
    fn controls(&self, p: &Context, _done: bool, out: &mut Vec<Node>) {
        // During a reveal, what the replay has reached so far, as the board shows it.
        let (moves, left) = match p.replay.filter(|r| r.stars.any()) {
            Some(replay) => (replay.moves_shown() as u32, replay.stars_left()),
            None => (self.moves(), self.stars_left()),
        };
        drill_counts(moves, self.spec().par, left, Word::StarsLeft, p.lang, out);
    }

    fn mark(&self, steer: &mut Steer, _fb: Option<&Feedback>) {
        steer.marks.stars.0 = self.stars_left();
    }

    fn answer_said(&self, replay: &Replay, lang: Lang) -> String {
        replay.route(lang).unwrap_or_else(|| replay.moves_answer(lang))
    }
}
