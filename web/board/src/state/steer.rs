//! A board steered by a page with rules of its own (the lesson player): the page says what the
//! board shows (any arrangement of pieces: drills, set-up boards), which pieces may be picked up
//! or dragged, the squares it marks and its arrows; the board reports the child's taps, drags,
//! drawings and Escape, and the page decides. Input, drawing, the ARIA grid, the live region and
//! sizing stay the board's own.

use super::{BoardState, Response};
use crate::shapes::{Brush, Shape};
use crate::words::pick_up_sentence;
use qitong_rules::{Bitboard, Board, Color, Square};

/// What the page lets the board show and do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Steer {
    pub board: Board,
    /// The side to move (`data-turn`), when the arrangement has one.
    pub turn: Color,
    /// Pieces a press may drag (a press elsewhere is a tap at once).
    pub draggable: Bitboard,
    pub selected: Option<Square>,
    pub dests: Bitboard,
    pub stars: Bitboard,
    pub found: Bitboard,
    /// Squares painted (a paint drill) and squares outside the area it may use.
    pub painted: Bitboard,
    pub outside: Bitboard,
    /// Squares a feedback points at (drawn as the board's refusal marks).
    pub warn: Bitboard,
    pub lit: Bitboard,
    pub shapes: Vec<Shape>,
    /// The right button (and the pen) draws shapes: the page gets them as [`Steered::Draw`].
    pub drawing: bool,
    pub pen: bool,
    /// The status line says whose turn it is: a game position's does; an arrangement being set
    /// up or a lone piece's drill has no turn to speak of, and its line stays empty.
    pub says_turn: bool,
}

impl Steer {
    /// The board `board` with nothing movable or marked.
    pub fn showing(board: Board, turn: Color) -> Steer {
        Steer {
            board,
            turn,
            draggable: Bitboard::EMPTY,
            selected: None,
            dests: Bitboard::EMPTY,
            stars: Bitboard::EMPTY,
            found: Bitboard::EMPTY,
            painted: Bitboard::EMPTY,
            outside: Bitboard::EMPTY,
            warn: Bitboard::EMPTY,
            lit: Bitboard::EMPTY,
            shapes: Vec::new(),
            drawing: false,
            pen: false,
            says_turn: false,
        }
    }

    /// Adds an arrow (or a circle, `from == to`).
    pub fn arrow(&mut self, from: Square, to: Square, brush: Brush) {
        self.shapes.push(Shape::between(from, to, brush));
    }
}

/// What the child did on a steered board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Steered {
    /// A click, a tap or Enter on a square.
    Tap(Square),
    /// A piece dragged from one square to another.
    Drag(Square, Square),
    /// A shape drawn (right-drag, or the pen).
    Draw(Shape),
    /// Escape.
    Cancel,
}

impl BoardState {
    /// Hands the board to the page's rules (see [`Steer`]); `None` gives it back to the game.
    pub fn steer(&mut self, steer: Option<Steer>) {
        let quiet = |steer: &Option<Steer>| steer.as_ref().is_some_and(|s| !s.says_turn);
        let was_quiet = quiet(&self.steer);
        let picked = steer.as_ref().and_then(|s| s.selected.filter(|_| self.selected != s.selected).map(|sq| (sq, s.board.piece_at(sq), s.dests)));
        self.selected = steer.as_ref().and_then(|s| s.selected);
        self.pen = steer.as_ref().is_some_and(|s| s.pen);
        if steer.as_ref().is_none_or(|s| !s.drawing) {
            self.drawing = None;
        }
        self.steer = steer;
        if let Some((sq, Some(piece), dests)) = picked {
            self.announce(pick_up_sentence(sq, piece, dests, self.config.lang));
        } else if was_quiet != quiet(&self.steer) {
            self.announce_turn();
        }
    }

    pub fn steered(&self) -> Option<&Steer> {
        self.steer.as_ref()
    }

    /// The pieces as shown: the page's arrangement when steered, else the game's position.
    pub fn board(&self) -> &Board {
        match &self.steer {
            Some(s) => &s.board,
            None => self.position().board(),
        }
    }

    /// May a right-drag (or the pen) draw now?
    pub fn may_draw(&self) -> bool {
        self.steer.as_ref().is_none_or(|s| s.drawing)
    }

    /// A press on a steered board: a draggable piece waits for the release (a tap) or the drop
    /// (a drag); anything else is a tap at once.
    pub(super) fn steered_press(&mut self, sq: Square, draggable: Bitboard, r: &mut Response) {
        if draggable.contains(sq) {
            self.put_down_on_release = true;
            r.drag = Some(sq);
        } else {
            r.steered = Some(Steered::Tap(sq));
        }
    }

    /// A release without a drag on a steered board.
    pub(super) fn steered_release(&mut self, sq: Square) -> Response {
        let tapped = core::mem::take(&mut self.put_down_on_release);
        Response { steered: tapped.then_some(Steered::Tap(sq)), ..Response::default() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn steered(board: Board) -> BoardState {
        let mut state = BoardState::new(Config::default());
        let mut steer = Steer::showing(board, Color::White);
        steer.draggable = Square::A1.into();
        state.steer(Some(steer));
        state
    }

    fn lone_rook() -> Board {
        let mut board = Board::empty();
        board.set_piece_at(Square::A1, qitong_rules::Role::Rook.of(Color::White));
        board
    }

    #[test]
    fn a_steered_board_shows_the_pages_pieces_and_reports_taps_and_drags() {
        let mut state = steered(lone_rook());
        assert_eq!(state.board().piece_at(Square::E1), None, "no game position under it");
        let r = state.press(Square::E4);
        assert_eq!(r.steered, Some(Steered::Tap(Square::E4)), "an empty square: a tap at once");
        let r = state.press(Square::A1);
        assert_eq!((r.steered, r.drag), (None, Some(Square::A1)), "a draggable piece waits");
        assert_eq!(state.click_release(Square::A1).steered, Some(Steered::Tap(Square::A1)));
        state.press(Square::A1);
        assert_eq!(state.drop_piece(Square::A1, Some(Square::A5)).steered, Some(Steered::Drag(Square::A1, Square::A5)));
        assert_eq!(state.cancel().steered, Some(Steered::Cancel));
        assert!(state.game().game().history().is_empty(), "the game never moved");
    }

    #[test]
    fn the_page_picks_up_and_the_board_says_so() {
        let mut state = steered(lone_rook());
        let mut steer = state.steered().cloned().expect("steered");
        steer.selected = Some(Square::A1);
        steer.dests = Square::A5.into();
        state.steer(Some(steer));
        assert_eq!(state.selected(), Some(Square::A1));
        assert!(state.status().0.contains("a1"), "{}", state.status().0);
        assert!(!state.may_draw(), "drawing is the page's to allow");
        state.steer(None);
        assert!(state.may_draw() && state.steered().is_none());
    }

    #[test]
    fn a_board_without_a_turn_says_none_and_a_game_position_says_whose_it_is() {
        let mut state = BoardState::new(Config::default());
        assert!(!state.status().0.is_empty(), "an ordinary board says whose turn it is");
        let quiet = Steer::showing(lone_rook(), Color::White);
        state.steer(Some(quiet.clone()));
        assert_eq!(state.status().0, "", "a set-up board or a lone piece has no turn to speak of");
        let seq = state.status().1;
        state.steer(Some(quiet.clone()));
        assert_eq!(state.status().1, seq, "steered again the same way: nothing new is announced");
        state.steer(Some(Steer { says_turn: true, ..quiet }));
        assert!(!state.status().0.is_empty(), "a game position's turn is said again");
        state.speak_again();
        assert!(!state.status().0.is_empty(), "and after a language switch");
    }
}
