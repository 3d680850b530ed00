//! The lesson player's board input: what the board leaves to the step — a square pressed (what
//! the kind makes of it: a tap, a piece lifted, a touch under touch-move) and a piece dragged on
//! a board that plays no moves (the set-up board). The set-up tray is the board's: its pieces
//! arrive placed (`Action::Place`). Click-click, the selection and
//! the promotion chooser are the board's (`board::steer`): a finished move arrives whole.

use super::{Out, Player};
use crate::kinds::{self, KindView, Press};
use qitong_lessons::{Event, KindSet};
use qitong_rules::Square;

impl<K: KindSet> Player<K> {
    /// A square pressed (click, tap or Enter) that the board hands to the step: what the kind
    /// makes of it (`KindView::press`).
    pub(super) fn square(&mut self, sq: Square) {
        let Some(exercise) = &self.exercise else { return };
        match exercise.press(sq) {
            Press::Send(event) => self.send(&event),
            Press::Nothing => {}
            // The board picks up and moves; on a class-play board every piece pressed with
            // nothing held is touched first, and picked up only when the touch is taken. While
            // the computer thinks, the board is only to look at.
            Press::Pick if !exercise.touch_move() || self.computer_thinking() || !exercise.moves_pieces() => {}
            Press::Pick => {
                let Some(pos) = exercise.position() else { return };
                let own = pos.board().color_at(sq) == Some(pos.turn());
                if pos.board().piece_at(sq).is_some() && self.touch_picks_up(sq) && own {
                    self.out.push(Out::PickUp(sq));
                }
            }
        }
    }

    /// A piece dragged on a board that plays no moves: what the kind makes of it (the set-up
    /// board moves it to its new square), else a move (a script's `drag:`).
    pub(super) fn drag(&mut self, from: Square, to: Square) {
        match self.exercise.as_ref().and_then(|e| kinds::drag(e, from, to)) {
            Some(events) => events.iter().for_each(|event| self.send(event)),
            None => self.send(&Event::Move { from, to, promotion: None }),
        }
    }
}
