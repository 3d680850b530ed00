//! The "Play a friend" page's controls beside the board (wasm32 only): what
//! `pages::play::render::controls` draws from the clock's and the board's state — whose turn it
//! is, the start, the draw offer between a move and the press of the clock (SPEC §7), the press,
//! the answer to an offer, resignation with its confirmation, the last refusal, and the press
//! that sets a saved game's clock going again.

use super::Page;
use crate::render::{self, Controls};
use qitong_classroom::clock::ClockState;
use qitong_lessons::lang::Lang;
use qitong_view::dom::tree;

impl Page {
    pub(super) fn render_controls(&self, state: ClockState, over: bool, lang: Lang) {
        self.controls.set_text_content(None);
        // A saved game waiting for the players' choice: only the offer above speaks.
        if over || self.saved.borrow().is_some() {
            return;
        }
        let Some(board) = self.board() else { return };
        let (turn, offers, awaiting_press) = board.with_state(|s| (s.position().turn(), s.offers(), s.awaiting_press()));
        let message = self.message.borrow();
        let shown = Controls {
            lang,
            clock: state,
            resumed: self.resumed.get(),
            turn,
            offer: offers.pending,
            awaiting_press,
            message: &message,
            resign_asked: self.resign_asked.get(),
        };
        tree::append_all(&self.doc, &self.controls, &render::controls(&shown));
    }
}
