//! Class play end to end: touch-move, fouls, draw offers, the clock and the game's end.

use qitong::classroom::class_game::{ClassGame, Refusal, Settings};
use qitong::classroom::clock::{ClockError, TimeControl};
use qitong::classroom::draw_offer::DrawOfferError;
use qitong::classroom::touch::{Obligation, TouchRefusal};
use qitong::rules::{Color, EndReason, Mode, Position, Role, Square};

fn game(fen: &str, settings: Settings) -> ClassGame {
    ClassGame::new(Position::from_fen(fen, Mode::Standard).expect("legal test position"), settings)
}

fn sq(name: &str) -> Square {
    name.parse().expect("square name")
}

fn play(g: &mut ClassGame, from: &str, to: &str, now: u64) {
    g.attempt(sq(from), sq(to), None, now).unwrap_or_else(|e| panic!("{from}{to}: {e}"));
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn touch_move_is_enforced_and_explained() {
    let mut g = game(START, Settings::CLASS);
    assert_eq!(g.touch(sq("g1")), Ok(Obligation::MovePiece(sq("g1"))));
    let refused = g.attempt(sq("e2"), sq("e4"), None, 0).expect_err("must move the knight");
    assert_eq!(refused, Refusal::Touch(TouchRefusal::MustMove { square: sq("g1"), role: Role::Knight }));
    assert_eq!(refused.code(), "touch-move-must-move");
    assert!(g.allowed_moves().iter().all(|m| m.from == sq("g1")));
    play(&mut g, "g1", "f3", 0);
    assert!(g.touched().is_empty(), "touches are forgotten after the move");
    assert_eq!(g.undo(), Err(Refusal::NoTakeBacks));
}

#[test]
fn free_play_has_no_touch_move_and_allows_take_backs() {
    let mut g = game(START, Settings::FREE);
    assert_eq!(g.touch(sq("g1")), Ok(Obligation::Free));
    play(&mut g, "e2", "e4", 0);
    assert_eq!(g.undo().map(|m| m.to), Ok(sq("e4")));
    assert_eq!(g.undo(), Err(Refusal::NothingToUndo));
}

#[test]
fn third_foul_loses_the_game() {
    // White king e1, black rook on d8 controls d1/d2: stepping onto d-file is 送王.
    let mut g = game("3rk3/8/8/8/8/8/8/4K3 w - - 0 1", Settings::CLASS);
    for n in 1..=3u8 {
        let refused = g.attempt(sq("e1"), sq("d1"), None, 0).expect_err("king into check");
        match refused {
            Refusal::Illegal { reason, foul } => {
                assert_eq!(reason.code(), "king-into-check");
                assert_eq!(foul, Some(n));
            }
            other => panic!("unexpected {other}"),
        }
    }
    let outcome = g.outcome().expect("lost on fouls");
    assert_eq!((outcome.winner, outcome.reason), (Some(Color::Black), EndReason::Fouls));
    assert!(matches!(g.attempt(sq("e1"), sq("f1"), None, 0), Err(Refusal::GameOver(_))));
}

#[test]
fn other_illegal_moves_are_explained_but_not_counted() {
    let mut g = game(START, Settings::CLASS);
    let refused = g.attempt(sq("f1"), sq("c4"), None, 0).expect_err("blocked");
    assert_eq!(refused, Refusal::Illegal { reason: refused_reason(&refused), foul: None });
    assert_eq!(refused.code(), "path-blocked");
    assert_eq!(g.fouls(Color::White), 0);
}

fn refused_reason(r: &Refusal) -> qitong::rules::IllegalReason {
    match r {
        Refusal::Illegal { reason, .. } => *reason,
        other => panic!("not an illegal move: {other}"),
    }
}

#[test]
fn fouls_are_not_counted_in_free_play() {
    let mut g = game("3rk3/8/8/8/8/8/8/4K3 w - - 0 1", Settings::FREE);
    for _ in 0..5 {
        assert!(matches!(g.attempt(sq("e1"), sq("d1"), None, 0), Err(Refusal::Illegal { foul: None, .. })));
    }
    assert_eq!(g.outcome(), None);
}

/// A whole turn: the move, then the press of the clock.
fn turn(g: &mut ClassGame, from: &str, to: &str, now: u64) {
    let mover = g.turn();
    play(g, from, to, now);
    g.press_clock(mover, now).unwrap_or_else(|e| panic!("{from}{to} press: {e}"));
}

#[test]
fn a_draw_is_offered_after_the_move_and_before_the_press() {
    let mut g = game(START, Settings::CLASS);
    assert_eq!(g.offer_draw(Color::Black), Err(Refusal::DrawOffer(DrawOfferError::NotYourTurn)));
    assert_eq!(g.offer_draw(Color::White), Err(Refusal::DrawOffer(DrawOfferError::MoveFirst)));
    play(&mut g, "e2", "e4", 0);
    g.offer_draw(Color::White).expect("white offers after its move");
    assert_eq!(g.withdraw_draw(Color::White), Err(Refusal::DrawOffer(DrawOfferError::CannotWithdraw)));
    assert_eq!(g.offered_with(), &[true]);
    g.press_clock(Color::White, 0).expect("then presses");
    assert_eq!(g.offer_draw(Color::White), Err(Refusal::DrawOffer(DrawOfferError::NotYourTurn)), "too late after the press");
    g.decline_draw(Color::Black).expect("declined");
    turn(&mut g, "e7", "e5", 0);
    play(&mut g, "g1", "f3", 0);
    assert_eq!(g.offer_draw(Color::White), Err(Refusal::DrawOffer(DrawOfferError::OfferedBefore)));
    g.press_clock(Color::White, 0).expect("press");
    play(&mut g, "b8", "c6", 0);
    g.offer_draw(Color::Black).expect("black offers");
    g.press_clock(Color::Black, 0).expect("press");
    // White declines by simply moving; now White may offer again and Black may not.
    play(&mut g, "f1", "c4", 0);
    g.press_clock(Color::White, 0).expect("press");
    play(&mut g, "g8", "f6", 0);
    assert_eq!(g.offer_draw(Color::Black), Err(Refusal::DrawOffer(DrawOfferError::OfferedBefore)));
    g.press_clock(Color::Black, 0).expect("press");
    play(&mut g, "d2", "d3", 0);
    g.offer_draw(Color::White).expect("white may offer again");
    g.press_clock(Color::White, 0).expect("press");
    let outcome = g.accept_draw(Color::Black, 0).expect("accepted");
    assert_eq!(outcome.reason, EndReason::Agreement);
}

#[test]
fn black_starts_the_clock_and_each_move_is_followed_by_its_press() {
    let settings = Settings { clock: Some(TimeControl::new(1, 2)), ..Settings::CLASS };
    let mut g = game(START, settings);
    assert_eq!(g.attempt(sq("e2"), sq("e4"), None, 0), Err(Refusal::Clock(ClockError::BlackStartsTheClock)));
    g.start_clock(1_000).expect("black starts");
    play(&mut g, "e2", "e4", 6_000);
    assert_eq!(g.clock().and_then(|c| c.running()), Some(Color::White), "white's time runs until the press");
    g.offer_draw(Color::White).expect("offer between the move and the press");
    assert_eq!(g.attempt(sq("e7"), sq("e5"), None, 6_500), Err(Refusal::WaitForPress));
    assert_eq!(g.accept_draw(Color::Black, 6_500), Err(Refusal::DrawOffer(DrawOfferError::WaitForYourTurn)));
    assert_eq!(g.press_clock(Color::Black, 7_000), Err(Refusal::Clock(ClockError::NotYourClock { pressed_by: Color::Black })));
    g.press_clock(Color::White, 7_000).expect("white presses");
    let clock = g.clock().expect("clock");
    assert_eq!(clock.remaining(Color::White, 7_000), 56_000);
    assert_eq!(clock.running(), Some(Color::Black));
    g.decline_draw(Color::Black).expect("black declines in its own time");
    play(&mut g, "e7", "e5", 8_000);
}

#[test]
fn flag_fall_loses_unless_the_opponent_cannot_mate() {
    let settings = Settings { clock: Some(TimeControl::new(1, 0)), ..Settings::CLASS };
    let mut g = game(START, settings);
    g.start_clock(0).expect("start");
    let outcome = g.tick(60_000).expect("white flagged");
    assert_eq!((outcome.winner, outcome.reason), (Some(Color::Black), EndReason::TimeForfeit));
    assert!(matches!(g.attempt(sq("e2"), sq("e4"), None, 61_000), Err(Refusal::GameOver(_))));

    // Black has a lone king: White's flag falls, but Black cannot mate — a draw.
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", settings);
    g.start_clock(0).expect("start");
    let outcome = g.tick(60_001).expect("flag");
    assert_eq!((outcome.winner, outcome.reason), (None, EndReason::TimeForfeitNoMatingMaterial));
}

#[test]
fn checkmate_ends_the_game_and_stops_the_clock() {
    let settings = Settings { clock: Some(TimeControl::new(5, 0)), ..Settings::CLASS };
    let mut g = game(START, settings);
    g.start_clock(0).expect("start");
    for (i, (f, t)) in [("f2", "f3"), ("e7", "e5"), ("g2", "g4")].iter().enumerate() {
        turn(&mut g, f, t, 1_000 * (i as u64 + 1));
    }
    play(&mut g, "d8", "h4", 4_000);
    let outcome = g.outcome().expect("fool's mate");
    assert_eq!((outcome.winner, outcome.reason), (Some(Color::Black), EndReason::Checkmate));
    assert_eq!(g.clock().and_then(|c| c.running()), None);
    assert_eq!(g.tick(10_000_000), Some(outcome), "no flag after mate");
}

#[test]
fn resignation_and_adjusting() {
    let mut g = game(START, Settings::CLASS);
    assert_eq!(g.adjust(Color::White, sq("d1")), Ok(()));
    assert_eq!(g.adjust(Color::Black, sq("d8")), Err(Refusal::Touch(TouchRefusal::AdjustNotYourTurn)));
    assert!(g.touched().is_empty(), "adjusting commits nothing");
    let outcome = g.resign(Color::White, 0).expect("resigns");
    assert_eq!((outcome.winner, outcome.reason), (Some(Color::Black), EndReason::Resignation));
    assert!(matches!(g.resign(Color::Black, 0), Err(Refusal::GameOver(_))));
}

#[test]
fn tournament_settings_make_repetition_claimable() {
    let settings = Settings { draw_rules: qitong::rules::DrawRules::TOURNAMENT, ..Settings::CLASS };
    let mut g = game(START, settings);
    assert_eq!(g.claim_draw(Color::White, 0), Err(Refusal::NothingToClaim));
    for _ in 0..2 {
        play(&mut g, "g1", "f3", 0);
        play(&mut g, "g8", "f6", 0);
        play(&mut g, "f3", "g1", 0);
        play(&mut g, "f6", "g8", 0);
    }
    assert_eq!(g.outcome(), None, "claimable, not automatic");
    assert_eq!(g.claim_draw(Color::Black, 0), Err(Refusal::ClaimNotYourTurn), "only on your own turn");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.claim_draw(Color::White, 0).map(|o| o.reason), Ok(EndReason::ThreefoldRepetition));
}
