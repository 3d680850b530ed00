//! The lesson player's board input: a square pressed (what the kind makes of it, else
//! click-click with its selection), a piece dragged, and a move that asks for its promotion piece first.

use super::Player;
use crate::kinds::{self, KindView, Press};
use qitong_lessons::Event;
use qitong_rules::{Color, Role, Square};

impl Player {
    /// A square pressed (click, tap or Enter): what the kind makes of it (`KindView::press`),
    /// else, on a board whose pieces the child moves, click-click with its selection.
    pub(super) fn square(&mut self, sq: Square) {
        self.promotion = None;
        let Some(exercise) = &self.exercise else { return };
        match exercise.press(sq, self.tray) {
            Press::Send(event) => {
                self.send(&event);
                // The tray's piece stays in hand while the tray holds more of it.
                if let (Event::Place { piece, .. }, Some(exercise)) = (event, &self.exercise) {
                    if kinds::tray_holds(exercise, piece) == 0 {
                        self.tray = None;
                    }
                }
            }
            Press::Nothing => {}
            // While the computer thinks, the board is only to look at.
            Press::Pick if self.computer_thinking() || !exercise.moves_pieces() => {}
            Press::Pick => {
                let Some(pos) = exercise.position() else { return };
                let touch = exercise.touch_move();
                let own = pos.board().color_at(sq) == Some(pos.turn());
                if self.selected == Some(sq) {
                    self.selected = None;
                } else if let (Some(from), false) = (self.selected, own && !touch) {
                    self.try_move(from, sq);
                } else if own || (touch && pos.board().piece_at(sq).is_some()) {
                    // On a class-play board every piece tapped is touched first.
                    if (!touch || self.touch_picks_up(sq)) && own {
                        self.selected = Some(sq);
                    }
                }
            }
        }
    }

    /// A piece dragged: what the kind makes of it (the set-up board moves it to its new square),
    /// else a move.
    pub(super) fn drag(&mut self, from: Square, to: Square) {
        match self.exercise.as_ref().and_then(|e| kinds::drag(e, from, to)) {
            Some(events) => events.iter().for_each(|event| self.send(event)),
            None => self.try_move(from, to),
        }
    }

    /// A move from the board: asks for the promotion piece when a pawn reaches the last rank.
    fn try_move(&mut self, from: Square, to: Square) {
        let Some(pos) = self.position() else { return };
        let pawn = pos.board().role_at(from) == Some(Role::Pawn);
        let last = to.rank().index() == if pos.turn() == Color::White { 7 } else { 0 };
        if pawn && last && pos.explain(from, to, Some(Role::Queen)).is_ok() {
            self.promotion = Some((from, to));
            self.selected = None;
            return;
        }
        self.send(&Event::Move { from, to, promotion: None });
    }
}
