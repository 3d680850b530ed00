//! Unit tests of the board's state functions (native; no browser).

use super::*;
use crate::config::Config;
use crate::shapes::Brush;
use qitong_view::error_code::ErrorCode;
use qitong_words::Lang;

fn english() -> BoardState {
    BoardState::new(Config { lang: Lang::En, ..Config::default() })
}

fn at(fen: &str) -> BoardState {
    let mut state = english();
    state.set_position(Some(fen)).expect("a valid FEN");
    state
}

/// Click-click `from` then `to`, and play the proposal.
fn click_move(state: &mut BoardState, from: Square, to: Square) -> Played {
    if state.selected() != Some(from) {
        state.press(from);
        state.click_release(from);
    }
    let proposal = state.press(to).proposal.expect("a legal move");
    state.commit(proposal).expect("not vetoed")
}

#[test]
fn pressing_an_own_piece_picks_it_up_with_the_cores_destinations() {
    let mut state = english();
    let r = state.press(Square::G1);
    let selection = r.select.expect("select event");
    assert_eq!(selection.square, Some(Square::G1));
    assert_eq!(selection.dests, state.position().dests(Square::G1));
    assert_eq!(r.drag, Some(Square::G1));
    assert_eq!(state.status().0, "Picked up the knight on g1. It can go to f3, h3.");
    // Pressing it again and releasing without a drag puts it down.
    assert!(state.click_release(Square::G1).select.is_none(), "the first release keeps it");
    state.press(Square::G1);
    let r = state.click_release(Square::G1);
    assert_eq!(r.select, Some(Selection { square: None, dests: Bitboard::EMPTY }));
    assert_eq!(state.selected(), None);
}

#[test]
fn click_click_proposes_then_commit_plays_and_announces() {
    let mut state = english();
    state.press(Square::E2);
    let proposal = state.press(Square::E4).proposal.expect("legal");
    assert_eq!((proposal.san.as_str(), proposal.uci.as_str()), ("e4", "e2e4"));
    assert_eq!(proposal.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(state.position().fen(), Position::new().fen(), "nothing is played before the commit");
    let played = state.commit(proposal).expect("played");
    assert_eq!(played.san, "e4");
    assert_eq!(state.position().fen(), played.fen);
    assert_eq!(state.last_move().map(|m| m.to), Some(Square::E4));
    assert_eq!(state.selected(), None);
    assert_eq!(state.take_slides(), vec![(Square::E2, Square::E4)]);
    assert!(state.take_slides().is_empty());
    assert_eq!(state.status().0, "White pawn from e2 to e4.");
}

#[test]
fn a_vetoed_or_stale_proposal_is_not_played() {
    let mut state = english();
    state.press(Square::E2);
    let proposal = state.press(Square::E4).proposal.expect("legal");
    state.reject(proposal);
    assert_eq!(state.position().fen(), Position::new().fen());
    assert_eq!(state.selected(), None);
    state.press(Square::D2);
    let stale = state.press(Square::D4).proposal.expect("legal");
    state.play_text("c4").expect("the page plays meanwhile");
    assert!(state.commit(stale).is_none(), "the position changed under it");
    assert_eq!(state.position().board().piece_at(Square::D2), Some(Role::Pawn.of(Color::White)));
}

#[test]
fn drops_and_clicks_on_illegal_squares_are_explained_with_marks() {
    let mut state = english();
    state.press(Square::F1);
    let r = state.drop_piece(Square::F1, Some(Square::C4));
    let e = r.refusal.expect("refused");
    assert_eq!(e.code, "path-blocked");
    assert_eq!(e.squares, Bitboard::from_square(Square::F1).with(Square::C4).with(Square::E2));
    assert_eq!(state.marks(), e.squares);
    assert!(state.bubble().is_some_and(|b| b.refusal && b.text.contains("e2")));
    assert_eq!(state.selected(), Some(Square::F1), "still picked up, to try again");
    // The next press clears the bubble; dropping off the board puts the piece down.
    let r = state.press(Square::F1);
    assert!(state.bubble().is_none() && r.refusal.is_none());
    assert!(state.drop_piece(Square::F1, None).select.is_some());
    assert_eq!(state.selected(), None);
    // An enemy piece: not your turn.
    let e = state.press(Square::E7).refusal.expect("refused");
    assert_eq!(e.code, "not-your-turn");
}

#[test]
fn explaining_can_be_switched_off_but_the_event_still_comes() {
    let mut state = BoardState::new(Config { explain: false, lang: Lang::En, ..Config::default() });
    state.press(Square::A1);
    let r = state.press(Square::A5);
    assert_eq!(r.refusal.map(|e| e.code), Some("path-blocked"));
    assert!(state.bubble().is_none() && state.marks().is_empty());
    assert_eq!(state.status().0, "That move is not allowed.");
}

#[test]
fn the_pinned_piece_names_its_pinner() {
    let mut state = at("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
    state.press(Square::E2);
    let e = state.press(Square::C3).refusal.expect("pinned");
    assert_eq!(e.code, "pinned");
    assert!(e.squares.contains(Square::E7) && e.squares.contains(Square::E1));
    assert_eq!(e.message, "This piece is pinned: if it moves away, the piece on e7 attacks your king on e1.");
}

#[test]
fn promotion_asks_for_a_piece_and_never_picks_one() {
    let mut state = at("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    state.press(Square::B7);
    let r = state.press(Square::B8);
    assert!(r.proposal.is_none() && r.refusal.is_none());
    assert_eq!(state.promotion(), Some((Square::B7, Square::B8)));
    let proposal = state.choose_promotion(Some(Role::Knight)).proposal.expect("legal");
    assert_eq!(proposal.uci, "b7b8n");
    let played = state.commit(proposal).expect("played");
    assert_eq!(played.facts.promotion, Some(Role::Knight));
    // Cancelling leaves the pawn where it was.
    let mut state = at("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    state.press(Square::B7);
    state.drop_piece(Square::B7, Some(Square::B8));
    let r = state.cancel();
    assert_eq!(state.promotion(), None);
    assert!(r.select.is_some());
    assert_eq!(state.position().board().role_at(Square::B7), Some(Role::Pawn));
}

#[test]
fn class_play_enforces_touch_move_and_counts_fouls() {
    let mut state = BoardState::new(Config { class_play: true, lang: Lang::En, ..Config::default() });
    state.press(Square::E2);
    let e = state.press(Square::G1).refusal.expect("touch-move");
    assert_eq!(e.code, "touch-move-must-move");
    assert_eq!(state.selected(), Some(Square::E2));
    click_move(&mut state, Square::E2, Square::E4);
    assert!(state.undo().is_err_and(|code| code == "no-take-backs"));
    // The king may not step next to the rook's file: three tries lose the game.
    state.set_position(Some("3rk3/8/8/8/8/8/8/4K3 w - - 0 1")).expect("fen");
    for fouls in 1..=3 {
        state.press(Square::E1);
        let r = state.press(Square::D1);
        let e = r.refusal.expect("送王");
        assert_eq!(e.code, "king-into-check");
        assert!(e.message.contains(&format!("Foul {fouls} of 3")), "{}", e.message);
        if fouls == 3 {
            let over = r.game_over.expect("lost on fouls");
            assert_eq!((over.result, over.reason, over.winner), ("0-1", "fouls", Some(Color::Black)));
        }
    }
    assert!(!state.can_move());
    assert_eq!(state.game().fouls(Color::White), 3);
}

#[test]
fn class_play_touching_an_enemy_piece_that_can_be_taken_obliges_the_capture() {
    let mut state = BoardState::new(Config { class_play: true, lang: Lang::En, ..Config::default() });
    state.set_position(Some("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")).expect("fen");
    let r = state.press(Square::D5);
    assert!(r.refusal.is_none());
    assert!(state.bubble().is_some_and(|b| !b.refusal && b.text.contains("capture")));
    state.press(Square::E4);
    assert_eq!(state.dests(Square::E4), Bitboard::from_square(Square::D5), "only the capture is left");
}

#[test]
fn class_play_a_touched_enemy_piece_must_be_the_one_taken() {
    // Two black pawns the e-pawn can take: touching d5 first rules out taking f5.
    let mut state = BoardState::new(Config { class_play: true, lang: Lang::En, ..Config::default() });
    state.set_position(Some("4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1")).expect("fen");
    assert!(state.press(Square::D5).refusal.is_none());
    state.press(Square::E4);
    assert_eq!(state.dests(Square::E4), Bitboard::from_square(Square::D5), "only the touched pawn may be taken");
    let e = state.press(Square::F5).refusal.expect("the other capture is refused");
    // Both touched (the pawn d5, then the own pawn e4): take d5 with e4.
    assert_eq!(e.code, "touch-move-must-capture-with");
    assert!(e.message.contains("d5") && e.message.contains("e4"), "{}", e.message);
    click_move(&mut state, Square::E4, Square::D5);
}

#[test]
fn jadoube_adjusts_without_committing() {
    let mut state = BoardState::new(Config { class_play: true, lang: Lang::En, ..Config::default() });
    state.toggle_adjust();
    assert!(state.adjusting());
    state.press(Square::G1);
    assert!(state.bubble().is_some_and(|b| b.text.starts_with("I adjust")));
    assert!(state.game().touched().is_empty());
    state.toggle_adjust();
    let e = state.press(Square::G8).refusal.expect("not your piece");
    assert_eq!(e.code, "adjust-not-your-piece");
    click_move(&mut state, Square::B1, Square::C3);
}

#[test]
fn typed_moves_are_proposed_or_explained() {
    let mut state = english();
    let proposal = state.type_move("Nf3").proposal.expect("legal");
    assert_eq!(proposal.uci, "g1f3");
    let proposal = state.type_move(" e2e4 ").proposal.expect("legal in UCI");
    assert_eq!(proposal.san, "e4");
    assert_eq!(state.type_move("zz9").refusal.map(|e| e.code), Some("move-text-unreadable"));
    assert_eq!(state.type_move("Nf6").refusal.map(|e| e.code), Some("cannot-move-that-way"));
    assert_eq!(state.type_move("e2e5").refusal.map(|e| e.code), Some("cannot-move-that-way"));
    assert_eq!(state.type_move("Bc4").refusal.map(|e| e.code), Some("path-blocked"));
    let mut state = at("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let r = state.type_move("b7b8");
    assert!(r.refusal.is_none());
    assert_eq!(state.promotion(), Some((Square::B7, Square::B8)));
}

#[test]
fn the_page_plays_moves_at_once_or_gets_a_coded_error() {
    let mut state = english();
    for san in ["f3", "e5", "g4"] {
        let played = state.play_text(san).expect("legal");
        assert!(played.game_over.is_none());
    }
    let played = state.play_text("Qh4#").expect("mate");
    let over = played.game_over.expect("checkmate");
    assert_eq!((over.result, over.reason, over.winner), ("0-1", "checkmate", Some(Color::Black)));
    assert_eq!(over.message, "Checkmate! Black wins.");
    assert_eq!(state.play_text("a3").map_err(|e| e.js_code), Err(ErrorCode::GameOver));
    let mut state = english();
    assert_eq!(state.play_text("hello").map_err(|e| e.js_code), Err(ErrorCode::InvalidMove));
    assert_eq!(state.play_text("Ke2").map_err(|e| e.explanation.code), Err("own-piece-on-target"));
    assert_eq!(state.position().fen(), Position::new().fen());
}

#[test]
fn positions_rules_take_backs_and_flipping() {
    let mut state = english();
    assert!(state.set_position(Some("not a fen")).is_err());
    state.set_position(Some("8/8/8/8/8/8/8/R7 w - - 0 1")).expect("a drill without kings");
    assert_eq!(state.dests(Square::A1).count(), 14);
    state.set_position(None).expect("start");
    state.play_text("e4").expect("legal");
    state.play_text("e5").expect("legal");
    let (mv, san) = state.undo().expect("free play takes back");
    assert_eq!((mv.to, san.as_str()), (Square::E5, "e5"));
    assert_eq!(state.last_move().map(|m| m.to), Some(Square::E4));
    assert_eq!(state.take_slides(), vec![(Square::E5, Square::E7)]);
    state.config.class_play = true;
    state.apply_rules();
    assert_eq!(state.game().game().history().len(), 1, "the game goes on under class rules");
    state.flip();
    assert_eq!(state.config.orientation, Color::Black);
    assert_eq!(state.status().0, "The board turned: Black is at the bottom.");
}

#[test]
fn shapes_are_drawn_toggled_and_cleared() {
    let mut state = english();
    state.start_drawing(Square::E2, Brush::Green);
    state.move_drawing(Some(Square::E4));
    assert_eq!(state.drawing().and_then(|s| s.dest), Some(Square::E4));
    state.finish_drawing(Some(Square::E4));
    state.start_drawing(Square::D5, Brush::Red);
    state.finish_drawing(Some(Square::D5));
    assert_eq!(state.shapes().len(), 2);
    state.start_drawing(Square::D5, Brush::Red);
    state.finish_drawing(Some(Square::D5));
    assert_eq!(state.shapes().len(), 1, "drawn again: removed");
    state.start_drawing(Square::A1, Brush::Red);
    state.finish_drawing(None);
    assert_eq!(state.shapes().len(), 1, "released off the board: nothing");
    state.clear_shapes();
    assert!(state.shapes().is_empty());
}

#[test]
fn focus_moves_as_the_board_is_seen() {
    let mut state = english();
    state.set_focus(Square::E2);
    assert_eq!(state.move_focus(0, -1), Square::E3, "up");
    assert_eq!(state.move_focus(1, 0), Square::F3, "right");
    state.set_focus(Square::H8);
    assert_eq!(state.move_focus(1, -1), Square::H8, "stays on the board");
    state.flip();
    state.set_focus(Square::E2);
    assert_eq!(state.move_focus(0, -1), Square::E1, "up is towards rank 1 for Black");
    assert_eq!(state.move_focus(1, 0), Square::D1);
}

#[test]
fn hovering_a_destination_previews_the_piece() {
    let mut state = english();
    state.press(Square::G1);
    state.set_hover(Some(Square::F3));
    assert_eq!(state.preview(), Some((Square::F3, Role::Knight.of(Color::White))));
    state.set_hover(Some(Square::G3));
    assert_eq!(state.preview(), None);
}

#[test]
fn readonly_boards_take_no_moves() {
    let mut state = BoardState::new(Config { readonly: true, ..Config::default() });
    let r = state.press(Square::E2);
    assert!(r.select.is_none() && state.selected().is_none());
    assert!(state.type_move("e4").proposal.is_none());
    assert!(state.play_text("e4").is_ok(), "the page may still play");
}

#[test]
fn a_class_game_saved_by_its_journal_resumes_with_touches_fouls_and_offers() {
    let class = || BoardState::new(Config { lang: Lang::En, class_play: true, ..Config::default() });
    let mut state = class();
    click_move(&mut state, Square::E2, Square::E4);
    state.press_clock(Color::White, 0).expect("press");
    click_move(&mut state, Square::F7, Square::F5);
    state.offer_draw().expect("offer with f5");
    state.press_clock(Color::Black, 0).expect("press");
    state.answer_draw(false, 0).expect("declined");
    click_move(&mut state, Square::D1, Square::H5);
    state.press_clock(Color::White, 0).expect("press");
    // Black, in check, touches the king and steps into the queen's diagonal: a "送王" foul.
    assert!(state.press(Square::E8).select.is_some());
    state.click_release(Square::E8);
    assert!(state.press(Square::F7).refusal.is_some());
    assert_eq!((state.game().fouls(Color::Black), state.game().touched()), (1, &[Square::E8][..]));
    let journal = state.journal();
    let mut back = class();
    back.resume(None, &journal).expect("replays");
    assert_eq!(back.position().fen(), state.position().fen());
    assert_eq!(back.journal(), journal);
    assert_eq!(back.game().touched(), state.game().touched());
    assert_eq!(back.game().fouls(Color::Black), state.game().fouls(Color::Black));
    assert_eq!(back.offers(), state.offers());
    assert_eq!(back.score_sheet(qitong_rules::SanFormat::STANDARD), state.score_sheet(qitong_rules::SanFormat::STANDARD));
    // A journal that does not fit the position changes nothing.
    let before = back.position().fen();
    assert!(back.resume(None, "e2e4 e2e4").is_err());
    assert_eq!(back.position().fen(), before);
    assert!(back.resume(Some("not a fen"), "").is_err());
}
