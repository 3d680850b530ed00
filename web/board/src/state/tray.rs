//! The set-up tray's piece in the board's hand (chessground's drop mode): taken by a press on
//! its button in the tray, put on the next square pressed (`state::input`), or dragged from the
//! tray and let go over a square. The page hears [`Steered::Drop`] and says what came of it;
//! the piece stays in hand while the tray offers more of it (`BoardState::steer`).

use super::{BoardState, Response};
use crate::steer::Steered;
use qitong_rules::{Piece, Square};

impl BoardState {
    /// The tray's piece the next square pressed receives.
    pub fn in_hand(&self) -> Option<Piece> {
        self.in_hand
    }

    fn tray_offers(&self, piece: Piece) -> bool {
        self.steer.as_ref().and_then(|s| s.tray.as_ref()).is_some_and(|tray| tray.offers(piece))
    }

    /// The tray's `piece` pressed: taken into the hand (a piece held on the board is put down),
    /// or put back when it is in hand already.
    pub fn take_from_tray(&mut self, piece: Piece) {
        if !self.tray_offers(piece) {
            return;
        }
        let again = self.in_hand == Some(piece);
        self.clear_bubble();
        self.put_down();
        self.in_hand = (!again).then_some(piece);
    }

    /// The tray's `piece` dragged and let go over `to` (`None`: not over the board).
    pub fn drop_from_tray(&mut self, piece: Piece, to: Option<Square>) -> Response {
        let mut r = Response::default();
        self.hover = None;
        if let (Some(to), true) = (to, self.tray_offers(piece)) {
            self.clear_bubble();
            self.focus = to;
            r.steered = Some(Steered::Drop { piece, to });
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use crate::extensions::tray::Tray;
    use crate::state::BoardState;
    use crate::steer::{Steer, Steered};
    use qitong_rules::{Board, Color, Role, Square};

    fn set_up(left: usize) -> Steer {
        let mut steer = Steer::showing(Board::empty(), Color::White);
        steer.tray = Some(Tray { pieces: vec![(Role::Rook.of(Color::White), left)], open: true });
        steer
    }

    #[test]
    fn a_piece_taken_from_the_tray_goes_where_the_child_presses_while_the_tray_has_more() {
        let rook = Role::Rook.of(Color::White);
        let mut state = BoardState::default();
        state.steer(Some(set_up(2)));
        state.take_from_tray(rook);
        assert_eq!(state.in_hand(), Some(rook));
        assert_eq!(state.press(Square::A1).steered, Some(Steered::Drop { piece: rook, to: Square::A1 }));
        state.steer(Some(set_up(1)));
        assert_eq!(state.in_hand(), Some(rook), "one more rook in the tray: still in hand");
        state.steer(Some(set_up(0)));
        assert_eq!(state.in_hand(), None, "the tray is empty of rooks");
        assert_eq!(state.press(Square::H1).steered, Some(Steered::Tap(Square::H1)));
    }

    #[test]
    fn a_second_press_escape_or_a_new_step_puts_the_piece_back() {
        let rook = Role::Rook.of(Color::White);
        let mut state = BoardState::default();
        state.steer(Some(set_up(2)));
        state.take_from_tray(rook);
        state.take_from_tray(rook);
        assert_eq!(state.in_hand(), None, "pressed again: put back");
        state.take_from_tray(rook);
        let _ = state.cancel();
        assert_eq!(state.in_hand(), None, "Escape");
        state.take_from_tray(rook);
        state.put_down();
        assert_eq!(state.in_hand(), None, "the page's put-down (try again)");
        state.take_from_tray(Role::Queen.of(Color::White));
        assert_eq!(state.in_hand(), None, "not in the tray");
    }

    #[test]
    fn a_drag_from_the_tray_drops_on_the_square_under_the_pointer() {
        let rook = Role::Rook.of(Color::White);
        let mut state = BoardState::default();
        state.steer(Some(set_up(1)));
        assert_eq!(state.drop_from_tray(rook, Some(Square::D4)).steered, Some(Steered::Drop { piece: rook, to: Square::D4 }));
        assert_eq!(state.drop_from_tray(rook, None).steered, None, "let go off the board");
        state.steer(Some(set_up(0)));
        assert_eq!(state.drop_from_tray(rook, Some(Square::D4)).steered, None, "none left");
    }
}
