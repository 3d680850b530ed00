//! The steered board's machine: taps and drags handed to the page, click-click, touch-move and
//! the promotion chooser played by the board, a piece held across the page's redraws.

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
    board.set_piece_at(Square::A1, Role::Rook.of(Color::White));
    board
}

/// A rook on a1 and a pawn on b7 that the board moves itself.
fn playing(touch_move: bool) -> BoardState {
    let mut board = lone_rook();
    board.set_piece_at(Square::B7, Role::Pawn.of(Color::White));
    let mut steer = Steer::showing(board, Color::White);
    steer.draggable = Bitboard::from_square(Square::A1).with(Square::B7);
    steer.moves = true;
    steer.touch_move = touch_move;
    steer.dests = vec![(Square::A1, Bitboard::from_square(Square::A5).with(Square::H1)), (Square::B7, Square::B8.into())];
    let mut state = BoardState::new(Config::default());
    state.steer(Some(steer));
    state
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
    assert_eq!(state.selected(), None, "the page decides what a tap does");
    state.press(Square::A1);
    assert_eq!(state.drop_piece(Square::A1, Some(Square::A5)).steered, Some(Steered::Drag(Square::A1, Square::A5)));
    assert_eq!(state.cancel().steered, None);
    assert!(state.game().game().history().is_empty(), "the game never moved");
}

#[test]
fn a_board_that_plays_moves_picks_up_puts_down_and_reports_the_finished_move() {
    let mut state = playing(false);
    let r = state.press(Square::A1);
    assert_eq!((state.selected(), r.drag), (Some(Square::A1), Some(Square::A1)));
    assert!(state.status().0.contains("a1"), "the pick-up is said: {}", state.status().0);
    state.click_release(Square::A1);
    assert_eq!(state.selected(), Some(Square::A1), "still held after its own release");
    state.press(Square::A1);
    state.click_release(Square::A1);
    assert_eq!(state.selected(), None, "pressed again: put down");
    state.press(Square::A1);
    let r = state.press(Square::C3);
    assert_eq!(r.steered, Some(Steered::Move { from: Square::A1, to: Square::C3, promotion: None }), "a wrong move is the page's to explain");
    assert_eq!(state.selected(), None);
    state.press(Square::A1);
    let r = state.drop_piece(Square::A1, Some(Square::A5));
    assert_eq!(r.steered, Some(Steered::Move { from: Square::A1, to: Square::A5, promotion: None }), "a drag is a move too");
    state.press(Square::A1);
    state.press(Square::B7);
    assert_eq!(state.selected(), Some(Square::B7), "another own piece is picked up instead");
    state.cancel();
    assert_eq!(state.selected(), None, "Escape puts it down");
}

#[test]
fn a_pawn_reaching_its_last_rank_asks_the_boards_chooser_first() {
    let mut state = playing(false);
    state.press(Square::B7);
    assert_eq!(state.press(Square::B8).steered, None, "not yet: the chooser is open");
    assert_eq!(state.promotion(), Some((Square::B7, Square::B8)));
    let again = state.steered().cloned().expect("steered");
    state.steer(Some(again));
    assert!(state.promotion().is_some(), "steered again the same way, the chooser stays");
    let r = state.choose_promotion(Some(Role::Knight));
    assert_eq!(r.steered, Some(Steered::Move { from: Square::B7, to: Square::B8, promotion: Some(Role::Knight) }));
    state.press(Square::B7);
    state.drop_piece(Square::B7, Some(Square::B8));
    assert!(state.press(Square::E4).steered.is_none() && state.promotion().is_none(), "a press elsewhere cancels it");
    assert_eq!(state.selected(), None);
}

#[test]
fn under_touch_move_the_page_touches_first_and_a_second_press_is_the_move() {
    let mut state = playing(true);
    assert_eq!(state.press(Square::A1).steered, None);
    assert_eq!(state.click_release(Square::A1).steered, Some(Steered::Tap(Square::A1)), "the touch is the page's");
    assert_eq!(state.selected(), None, "not picked up until the page takes the touch");
    state.pick_up(Square::A1);
    assert_eq!(state.selected(), Some(Square::A1));
    let r = state.press(Square::B7);
    assert_eq!(r.steered, Some(Steered::Move { from: Square::A1, to: Square::B7, promotion: None }), "touched, it must move");
}

#[test]
fn a_piece_held_stays_while_the_page_shows_the_same_pieces() {
    let mut state = playing(false);
    state.press(Square::A1);
    let mut steer = state.steered().cloned().expect("steered");
    steer.marks.lit.0 = Square::A5.into();
    state.steer(Some(steer.clone()));
    assert_eq!(state.selected(), Some(Square::A1), "a new mark keeps it held");
    steer.moves = false;
    state.steer(Some(steer.clone()));
    assert_eq!(state.selected(), None, "nothing moves now (the computer thinks): put down");
    steer.moves = true;
    state.steer(Some(steer));
    state.press(Square::A1);
    state.put_down();
    assert_eq!(state.selected(), None, "the page puts it down (a new step)");
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
