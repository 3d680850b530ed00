//! The class-play board's cases: touch-move with pieces touched at the start, "I adjust", the
//! draw offer's order, Black starting the clock, and what the validator says.

use super::super::testing::{errors_of, mv, one_step, play, sq};
use super::super::Exercise;
use super::*;
use crate::feedback::Grade;

const GOAL: &str = "goal = { zh = \"试一试。\", en = \"Try it.\" }\n";

fn board(keys: &str) -> Exercise {
    Exercise::new(&one_step(&format!("kind = \"class-play\"\n{GOAL}{keys}")))
}

fn said(ex: &mut Exercise, event: Event) -> (Grade, &'static str) {
    let fb = ex.handle(&event);
    (fb.grade, fb.code.as_str())
}

fn class(ex: &Exercise) -> &ClassPlay {
    match ex {
        Exercise::ClassPlay(c) => c,
        _ => panic!("a class-play step"),
    }
}

const DONE: (Grade, &str) = (Grade::Complete, "class-play-done");

#[test]
fn touch_move_is_enforced_until_the_moves_are_made() {
    let mut ex = board("moves = 2\n");
    let fb = ex.handle(&Event::Touch(sq("g1")));
    assert_eq!((fb.grade, fb.code.as_str(), fb.squares), (Grade::Accepted, "touch-move-must-move", sq("g1").into()));
    assert_eq!(said(&mut ex, mv("e2e4")), (Grade::Wrong, "touch-move-must-move"));
    assert_eq!(ex.handle(&Event::Adjust(sq("e7"))).code.as_str(), "adjust-not-your-piece");
    assert_eq!(ex.handle(&mv("g1f3")).code.as_str(), "moved");
    assert_eq!(said(&mut ex, mv("e7e5")), DONE);
    ex.handle(&Event::Retry);
    assert_eq!(ex.position(), Some(Position::new()));
    assert_eq!(play(&mut ex, &[mv("e2e4"), mv("e7e5")]).code.as_str(), "class-play-done");
}

#[test]
fn the_game_ending_completes_the_board() {
    let mate = "kind = \"class-play\"\nfen = \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\ngoal = { zh = \"将死！\", en = \"Checkmate!\" }\n";
    let mut ex = Exercise::new(&one_step(mate));
    assert_eq!(ex.handle(&mv("a1b2")).code.as_str(), "cannot-move-that-way");
    let fb = ex.handle(&mv("a1a8"));
    assert_eq!((fb.code.as_str(), fb.args.clone(), fb.end), ("class-play-over", vec![], Some(qitong_rules::EndReason::Checkmate)));
    assert_eq!(errors_of("kind = \"class-play\"\n"), ["0: step 1: \"goal\" is missing"]);
}

#[test]
fn a_knight_touched_before_the_step_must_move() {
    let mut ex = board("fen = \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"\ntouched = [\"g1\"]\nmoves = 1\n");
    assert_eq!(class(&ex).touched(), [sq("g1")]);
    let fb = ex.handle(&mv("d2d4"));
    assert_eq!((fb.grade, fb.code.as_str(), fb.squares), (Grade::Wrong, "touch-move-must-move", sq("g1").into()));
    assert_eq!(said(&mut ex, Event::Touch(sq("b1"))), (Grade::Wrong, "touch-move-must-move"), "another piece changes nothing");
    assert_eq!(said(&mut ex, Event::Touch(sq("g1"))), (Grade::Accepted, "touch-move-must-move"));
    assert_eq!(said(&mut ex, mv("g1f3")), DONE);
}

#[test]
fn an_enemy_piece_touched_that_can_be_taken_must_be_taken() {
    let fen = "fen = \"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 3 3\"\n";
    let mut ex = board(&format!("{fen}touched = [\"c6\"]\nmoves = 1\n"));
    let fb = ex.handle(&mv("e1g1"));
    assert_eq!((fb.code.as_str(), fb.squares), ("touch-move-must-capture", sq("c6").into()));
    assert_eq!(said(&mut ex, Event::Touch(sq("e1"))), (Grade::Wrong, "touch-move-must-capture"));
    assert_eq!(said(&mut ex, Event::Touch(sq("b5"))), (Grade::Accepted, "touch-move-must-capture"), "the bishop can take it: picked up");
    assert_eq!(said(&mut ex, mv("b5c6")), DONE);
    // Own piece first, then the enemy piece: that piece takes, and no other.
    let mut ex = board("fen = \"r1bqkbnr/pppp1ppp/2n5/1B1Pp3/8/5N2/PPP2PPP/RNBQK2R w KQkq - 0 5\"\ntouched = [\"b5\", \"c6\"]\nmoves = 1\n");
    let fb = ex.handle(&mv("d5c6"));
    assert_eq!((fb.code.as_str(), fb.squares.count()), ("touch-move-must-capture-with", 2));
    assert_eq!(fb.args, [("square", "b5".to_string()), ("target", "c6".to_string())], "the words name the own piece first");
    assert_eq!(said(&mut ex, mv("b5c6")), DONE);
}

#[test]
fn a_rook_touched_before_the_king_forbids_castling_with_it() {
    let mut ex = board("fen = \"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1\"\ntouched = [\"h1\", \"e1\"]\nmoves = 1\n");
    let fb = ex.handle(&mv("e1g1"));
    assert_eq!((fb.code.as_str(), fb.squares), ("touch-move-rook-touched-first", sq("h1").into()));
    assert_eq!(said(&mut ex, mv("e1f1")), (Grade::Wrong, "touch-move-must-move"), "the rook came first: it moves");
    assert_eq!(said(&mut ex, mv("h1g1")), DONE);
}

#[test]
fn a_king_touched_for_an_illegal_castle_may_castle_the_other_way() {
    let mut ex = board("fen = \"4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1\"\ntouched = [\"e1\"]\nmoves = 1\n");
    assert_eq!(ex.handle(&mv("e1g1")).code.as_str(), "castle-through-attack");
    assert_eq!(said(&mut ex, mv("a1a8")), (Grade::Wrong, "touch-move-must-move"));
    assert_eq!(said(&mut ex, mv("e1c1")), DONE);
}

#[test]
fn when_the_touched_piece_cannot_move_or_be_taken_any_move_is_allowed() {
    let mut ex = board("touched = [\"a1\"]\nmoves = 1\n");
    assert_eq!(said(&mut ex, Event::Touch(sq("a1"))), (Grade::Accepted, "touched-free"));
    assert_eq!(said(&mut ex, mv("e2e4")), DONE);
    let mut ex = board("fen = \"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 3 3\"\ntouched = [\"a8\"]\nmoves = 1\n");
    assert_eq!(said(&mut ex, Event::Touch(sq("a8"))), (Grade::Accepted, "touched-free"));
    assert_eq!(said(&mut ex, mv("e1g1")), DONE);
}

const CROOKED: &str = "fen = \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"\ntask = \"adjust\"\nsquare = \"g1\"\n";

#[test]
fn i_adjust_then_the_crooked_piece_completes_the_step() {
    let mut ex = board(CROOKED);
    assert_eq!((class(&ex).crooked(), class(&ex).side()), (Some(sq("g1")), Some(Color::White)));
    assert_eq!(said(&mut ex, Event::AdjustMode), (Grade::Accepted, "adjust-said"));
    assert!(class(&ex).adjusting());
    assert_eq!(said(&mut ex, Event::Touch(sq("g8"))), (Grade::Wrong, "adjust-not-your-piece"));
    assert_eq!(said(&mut ex, Event::Touch(sq("b1"))), (Grade::Accepted, "adjusted"), "any own piece may be straightened");
    assert!(class(&ex).touched().is_empty(), "adjusting touches nothing");
    assert_eq!(said(&mut ex, Event::Touch(sq("g1"))), (Grade::Complete, "adjusted"));
    assert_eq!(class(&ex).crooked(), None);
}

#[test]
fn touching_the_crooked_piece_without_i_adjust_is_a_touch() {
    let mut ex = board(CROOKED);
    let fb = ex.handle(&Event::Touch(sq("g1")));
    assert_eq!((fb.grade, fb.code.as_str(), fb.squares), (Grade::Wrong, "adjust-forgot", sq("g1").into()));
    assert_eq!(said(&mut ex, Event::Touch(sq("g1"))), (Grade::Accepted, "touch-move-must-move"), "a second tap picks it up");
    assert_eq!(said(&mut ex, Event::AdjustMode), (Grade::Wrong, "adjust-forgot"), "too late to say it");
    assert_eq!(said(&mut ex, mv("d2d3")), (Grade::Wrong, "touch-move-must-move"));
    assert_eq!(said(&mut ex, mv("g1f3")), (Grade::Failed, "adjust-moved"));
    ex.handle(&Event::Retry);
    assert_eq!(said(&mut ex, mv("b1c3")), (Grade::Failed, "adjust-moved"), "moving anything leaves it crooked");
}

#[test]
fn adjusting_waits_for_the_owners_turn() {
    // Black's bishop is crooked; White is to move: the child makes White's move first.
    let mut ex = board("fen = \"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2\"\ntask = \"adjust\"\nsquare = \"f8\"\n");
    assert_eq!(class(&ex).side(), Some(Color::Black));
    assert_eq!(said(&mut ex, Event::AdjustMode), (Grade::Wrong, "adjust-not-your-turn"));
    assert_eq!(said(&mut ex, Event::Adjust(sq("f8"))), (Grade::Wrong, "adjust-not-your-turn"));
    assert_eq!(said(&mut ex, mv("g1f3")), (Grade::Accepted, "moved"));
    assert_eq!(said(&mut ex, Event::AdjustMode), (Grade::Accepted, "adjust-said"));
    assert_eq!(said(&mut ex, Event::Touch(sq("f8"))), (Grade::Complete, "adjusted"));
}

const DRAW: &str = "fen = \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"\ntask = \"offer-draw\"\n";

#[test]
fn a_draw_is_offered_after_the_move_and_before_the_press() {
    let mut ex = board(DRAW);
    let running = |ex: &Exercise| class(ex).clock().and_then(Clock::running);
    assert_eq!(running(&ex), Some(Color::White), "the mover's time runs");
    assert_eq!(said(&mut ex, Event::OfferDraw), (Grade::Wrong, "draw-offer-move-first"));
    assert_eq!(said(&mut ex, Event::PressClock), (Grade::Wrong, "draw-offer-move-first"));
    assert_eq!(said(&mut ex, mv("f1c4")), (Grade::Accepted, "moved"));
    assert_eq!(said(&mut ex, Event::PressClock), (Grade::Wrong, "draw-offer-before-press"));
    assert_eq!(said(&mut ex, mv("g8f6")), (Grade::Wrong, "clock-press-first"), "no move before the press");
    assert_eq!(said(&mut ex, Event::OfferDraw), (Grade::Accepted, "draw-offered"));
    assert_eq!(said(&mut ex, Event::OfferDraw), (Grade::Wrong, "draw-offer-already-made"));
    assert_eq!(said(&mut ex, Event::PressClock), (Grade::Complete, "draw-offer-done"));
    assert_eq!(running(&ex), Some(Color::Black));
}

#[test]
fn after_a_declined_offer_the_child_plays_on_and_presses() {
    let mut ex = board(&format!("{DRAW}declined = true\n"));
    assert_eq!(said(&mut ex, mv("f1c4")), (Grade::Accepted, "moved"));
    assert_eq!(said(&mut ex, Event::OfferDraw), (Grade::Wrong, "draw-offer-declined-before"));
    assert_eq!(said(&mut ex, Event::PressClock), (Grade::Complete, "draw-played-on"));
    // Black to move, too: Black's time runs at the start.
    let black = board("fen = \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3\"\ntask = \"offer-draw\"\n");
    assert_eq!(class(&black).clock().and_then(Clock::running), Some(Color::Black));
}

#[test]
fn black_starts_the_clock_after_the_handshake() {
    let mut ex = board("task = \"start-clock\"\nhandshake = true\n");
    assert_eq!(class(&ex).side(), Some(Color::Black));
    assert_eq!(class(&ex).clock().and_then(Clock::running), None);
    assert_eq!(said(&mut ex, mv("e2e4")), (Grade::Wrong, "clock-black-starts"));
    assert_eq!(said(&mut ex, Event::PressClock), (Grade::Wrong, "clock-shake-first"));
    assert_eq!(said(&mut ex, Event::Handshake), (Grade::Accepted, "handshake-done"));
    assert_eq!(said(&mut ex, Event::PressClock), (Grade::Complete, "clock-started"));
    assert_eq!(class(&ex).clock().and_then(Clock::running), Some(Color::White));
    let mut plain = board("task = \"start-clock\"\n");
    assert_eq!(said(&mut plain, Event::Handshake), (Grade::Ignored, ""));
    assert_eq!(said(&mut plain, Event::PressClock), (Grade::Complete, "clock-started"));
    assert_eq!(said(&mut board(""), Event::PressClock), (Grade::Ignored, ""), "no clock without a task");
}

#[test]
fn the_validator_checks_the_touched_squares_and_the_task() {
    let errors = |keys: &str| errors_of(&format!("kind = \"class-play\"\n{GOAL}{keys}"));
    assert_eq!(errors("touched = [\"e4\"]\n"), ["3: step 1: there is no piece on e4"]);
    assert_eq!(errors("task = \"resign\"\n"), ["3: step 1: \"task\" = \"resign\" cannot be read: expected adjust, offer-draw or start-clock"]);
    assert_eq!(errors("task = \"adjust\"\n"), ["0: step 1: \"square\" is missing"]);
    assert_eq!(errors("task = \"adjust\"\nsquare = \"e4\"\n"), ["4: step 1: there is no piece on e4"]);
    assert_eq!(
        errors("task = \"offer-draw\"\nsquare = \"e2\"\nmoves = 2\n"),
        ["4: step 1: \"square\" goes only with task = \"adjust\"", "5: step 1: \"moves\" does not go with a task",]
    );
    assert_eq!(
        errors("declined = true\nhandshake = true\n"),
        ["3: step 1: \"declined\" goes only with task = \"offer-draw\"", "4: step 1: \"handshake\" goes only with task = \"start-clock\"",]
    );
    assert_eq!(
        errors("fen = \"4k3/8/8/8/8/8/8/4K3 b - - 0 1\"\ntask = \"start-clock\"\n"),
        ["4: step 1: task = \"start-clock\" needs White to move: Black's press starts White's time"]
    );
    assert_eq!(errors("fen = \"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\"\ntask = \"offer-draw\"\n"), ["4: step 1: the side to move has no legal move"]);
}
