//! The lesson player's board input: a square pressed (a set-up's tray, a tap, click-click with
//! its selection), a piece dragged, and a move that asks for its promotion piece first.

use super::Player;
use crate::lessons::{Event, Exercise};
use crate::rules::{Color, Role, Square};

impl Player {
    /// A square pressed (click, tap or Enter).
    pub(super) fn square(&mut self, sq: Square) {
        self.promotion = None;
        match &self.exercise {
            Some(Exercise::SetupBoard(setup)) => match self.tray {
                Some(piece) => {
                    self.send(&Event::Place { square: sq, piece });
                    if let Some(Exercise::SetupBoard(setup)) = &self.exercise {
                        if setup.in_tray(piece) == 0 {
                            self.tray = None;
                        }
                    }
                }
                None if setup.board().piece_at(sq).is_some() => self.send(&Event::Lift(sq)),
                None => {}
            },
            Some(Exercise::FindAllMoves(_) | Exercise::TapSquares(_)) => self.send(&Event::Tap(sq)),
            // While the computer thinks, the board is only to look at.
            Some(_) if self.computer_thinking() => {}
            Some(exercise) if exercise.moves_pieces() => {
                let Some(pos) = exercise.position() else { return };
                let class_play = matches!(exercise, Exercise::ClassPlay(_));
                let own = pos.board().color_at(sq) == Some(pos.turn());
                if self.selected == Some(sq) {
                    self.selected = None;
                } else if let (Some(from), false) = (self.selected, own && !class_play) {
                    self.try_move(from, sq);
                } else if own || (class_play && pos.board().piece_at(sq).is_some()) {
                    // On a class-play board every piece tapped is touched first.
                    if (!class_play || self.touch_picks_up(sq)) && own {
                        self.selected = Some(sq);
                    }
                }
            }
            _ => {}
        }
    }

    /// A piece dragged: on the set-up board it moves to its new square (lifted, then placed
    /// there; onto a fixed piece it stays); elsewhere it is a move.
    pub(super) fn drag(&mut self, from: Square, to: Square) {
        let Some(Exercise::SetupBoard(setup)) = &self.exercise else { return self.try_move(from, to) };
        let Some(piece) = setup.board().piece_at(from) else { return };
        // Onto a fixed piece: the placing alone, refused with its reason, and nothing lifted.
        if !setup.fixed().contains(to) {
            self.send(&Event::Lift(from));
        }
        self.send(&Event::Place { square: to, piece });
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
