//! How games end: one crafted game per outcome kind, the near misses, claimable versus automatic
//! draw rules, drills, and undo after the end.

use qitong::rules::{
    ClaimDrawError, Color, ConcludeError, DrawReason, DrawRule, DrawRules, EndReason, Game, Mode, Outcome, PlayError, Position, Square, Uci,
};

fn position(fen: &str, mode: Mode) -> Position {
    Position::from_fen(fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn game(fen: &str, rules: DrawRules) -> Game {
    Game::with_draw_rules(position(fen, Mode::Standard), rules)
}

/// Plays UCI moves, panicking with the move and ply if one is refused (a broken test script).
fn play(game: &mut Game, moves: &[&str]) {
    for uci in moves {
        let parsed: Uci = uci.parse().unwrap_or_else(|e| panic!("{uci}: {e}"));
        if let Err(e) = game.play_uci(&parsed) {
            panic!("{uci} at ply {}: {e}", game.ply());
        }
    }
}

fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::draw(reason))
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const SHUFFLE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

#[test]
fn fools_mate_is_checkmate() {
    let mut g = Game::new();
    play(&mut g, &["f2f3", "e7e5", "g2g4"]);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.pgn_result(), "*");
    play(&mut g, &["d8h4"]);
    assert_eq!(g.outcome(), Some(Outcome::win(Color::Black, EndReason::Checkmate)));
    assert_eq!(g.pgn_result(), "0-1");
    let any = g.start_position().legal_moves()[0];
    assert!(matches!(g.play(&any), Err(PlayError::GameOver { outcome }) if outcome.reason == EndReason::Checkmate));
    assert_eq!(g.claimable_draw(), None);
}

#[test]
fn loyds_ten_move_stalemate() {
    let mut g = Game::new();
    play(
        &mut g,
        &[
            "e2e3", "a7a5", "d1h5", "a8a6", "h5a5", "h7h5", "h2h4", "a6h6", "a5c7", "f7f6", "c7d7", "e8f7", "d7b7", "d8d3", "b7b8", "d3h7", "b8c8",
            "f7g6",
        ],
    );
    assert_eq!(g.outcome(), None);
    play(&mut g, &["c8e6"]);
    assert_eq!(g.outcome(), draw(EndReason::Stalemate));
    assert_eq!(g.pgn_result(), "1/2-1/2");
}

#[test]
fn insufficient_material_after_the_last_capture() {
    // White takes the rook on d2 and leaves only what cannot mate.
    for (fen, capture) in [
        ("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d2"),    // K-K
        ("4k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1", "c1d2"),  // K+B-K
        ("4k3/8/8/8/8/8/3r4/1N2K3 w - - 0 1", "b1d2"),  // K+N-K
        ("4kb2/8/8/8/8/8/3r4/2B1K3 w - - 0 1", "e1d2"), // K+B-K+B, both on dark squares
    ] {
        let mut g = game(fen, DrawRules::CLASS);
        assert_eq!(g.outcome(), None, "{fen}");
        play(&mut g, &[capture]);
        assert_eq!(g.outcome(), draw(EndReason::InsufficientMaterial), "{fen}");
    }
    for (fen, capture) in [
        ("2b1k3/8/8/8/8/8/3r4/2B1K3 w - - 0 1", "e1d2"), // bishops on opposite colours: a mate exists
        ("4k3/8/8/8/8/8/3r4/1N2K1N1 w - - 0 1", "e1d2"), // K+N+N-K: cannot be forced, but can happen
        ("4k3/7p/8/8/8/8/3r4/1N2K3 w - - 0 1", "e1d2"),  // K+N-K+P: the pawn can block its king in
    ] {
        let mut g = game(fen, DrawRules::CLASS);
        play(&mut g, &[capture]);
        assert_eq!(g.outcome(), None, "{fen}");
    }
}

#[test]
fn threefold_repetition_by_knight_shuffles() {
    let mut g = Game::new();
    play(&mut g, &SHUFFLE);
    assert_eq!(g.repetitions(), 2);
    play(&mut g, &SHUFFLE[..3]);
    assert_eq!(g.outcome(), None);
    play(&mut g, &SHUFFLE[3..]);
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), draw(EndReason::ThreefoldRepetition));
    assert_eq!(g.ply(), 8);
}

#[test]
fn a_repetition_needs_the_same_castling_rights() {
    // The rooks go out and back: the king side rights are gone, so the start never repeats.
    let mut g = game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", DrawRules::CLASS);
    play(&mut g, &["h1h2", "h8h7", "h2h1", "h7h8"]);
    assert_eq!(g.repetitions(), 1);
    // The position after 1...Rh7 (queen-side rights only) comes back at plies 6 and 10.
    play(&mut g, &["h1h2", "h8h7", "h2h1", "h7h8", "h1h2"]);
    assert_eq!(g.outcome(), None);
    play(&mut g, &["h8h7"]);
    assert_eq!((g.outcome(), g.ply()), (draw(EndReason::ThreefoldRepetition), 10));
}

/// After 1.e4 Black's d4 pawn stands beside the e4 pawn. With the rook on h4 the capture
/// d4xe3 e.p. would expose the black king on a4 along the rank: the en-passant square is a
/// phantom and the position after 1.e4 is the same as when the knights come back.
const PHANTOM_EP: &str = "1n6/8/8/8/k2p3R/8/4P3/4K1N1 w - - 0 1";
/// The same with the rook on h5: d4xe3 e.p. is legal right after 1.e4, and only then.
const REAL_EP: &str = "1n6/8/8/7R/k2p4/8/4P3/4K1N1 w - - 0 1";
const KNIGHTS: [&str; 4] = ["b8c6", "g1f3", "c6b8", "f3g1"];

#[test]
fn a_phantom_en_passant_square_does_not_make_positions_differ() {
    let mut g = game(PHANTOM_EP, DrawRules::CLASS);
    play(&mut g, &["e2e4"]);
    assert_eq!(g.position().ep_square(), None);
    play(&mut g, &KNIGHTS);
    assert_eq!(g.repetitions(), 2);
    play(&mut g, &KNIGHTS);
    assert_eq!(g.outcome(), draw(EndReason::ThreefoldRepetition));
    assert_eq!(g.ply(), 9);
}

#[test]
fn a_real_en_passant_possibility_makes_positions_differ() {
    let mut g = game(REAL_EP, DrawRules::CLASS);
    play(&mut g, &["e2e4"]);
    assert_eq!(g.position().ep_square(), Some(Square::E3));
    play(&mut g, &KNIGHTS);
    assert_eq!(g.repetitions(), 1);
    play(&mut g, &KNIGHTS);
    // Ply 9: where the phantom game was drawn, this one goes on.
    assert_eq!((g.outcome(), g.repetitions(), g.ply()), (None, 2, 9));
    // The position after 1...Nc6 comes back a third time.
    play(&mut g, &KNIGHTS[..1]);
    assert_eq!((g.outcome(), g.ply()), (draw(EndReason::ThreefoldRepetition), 10));
}

#[test]
fn fifty_moves() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", DrawRules::CLASS);
    play(&mut g, &["a1a2"]);
    assert_eq!(g.outcome(), None);
    play(&mut g, &["e8e7"]);
    assert_eq!(g.position().halfmoves(), 100);
    assert_eq!(g.outcome(), draw(EndReason::FiftyMoves));
}

#[test]
fn mate_on_the_hundredth_ply_wins() {
    let mate = "k7/8/1K6/8/8/8/P7/7R w - - 99 80";
    let mut g = game(mate, DrawRules::CLASS);
    play(&mut g, &["h1h8"]);
    assert_eq!(g.outcome(), Some(Outcome::win(Color::White, EndReason::Checkmate)));
    // A check that does not mate is still a draw.
    let mut g = game(mate, DrawRules::CLASS);
    play(&mut g, &["h1h7"]);
    assert_eq!(g.outcome(), draw(EndReason::FiftyMoves));
    // A pawn move on the hundredth ply starts the count again.
    let mut g = game(mate, DrawRules::CLASS);
    play(&mut g, &["a2a3"]);
    assert_eq!((g.outcome(), g.position().halfmoves()), (None, 0));
    // The same mate when fifty moves are only claimable: still a win, nothing to claim.
    let mut g = game(mate, DrawRules::TOURNAMENT);
    play(&mut g, &["h1h8"]);
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
    assert_eq!(g.claimable_draw(), None);
}

/// White's queen checks from h5 and e8 for ever; the black king walks g8-h7-g8.
const QUEEN_PERPETUAL: &str = "6k1/6p1/8/7Q/8/8/r4PPP/6K1 w - - 0 1";
const QUEEN_CHECKS: [&str; 4] = ["h5e8", "g8h7", "e8h5", "h7g8"];

#[test]
fn perpetual_check_is_its_own_reason() {
    let mut g = game(QUEEN_PERPETUAL, DrawRules::CLASS);
    play(&mut g, &QUEEN_CHECKS);
    play(&mut g, &QUEEN_CHECKS[..3]);
    assert_eq!(g.outcome(), None);
    play(&mut g, &QUEEN_CHECKS[3..]);
    assert_eq!(g.outcome(), draw(EndReason::PerpetualCheck { checker: Color::White }));
    assert_eq!(g.outcome().map(|o| o.to_string()), Some("1/2-1/2 (perpetual-check by white)".to_string()));

    // The mirror image: Black's queen gives the checks.
    let mut g = game("6k1/r5pp/8/8/7q/8/6P1/6K1 b - - 0 1", DrawRules::CLASS);
    let checks = ["h4e1", "g1h2", "e1h4", "h2g1"];
    play(&mut g, &checks);
    play(&mut g, &checks);
    assert_eq!(g.outcome(), draw(EndReason::PerpetualCheck { checker: Color::Black }));
}

#[test]
fn a_repetition_with_a_quiet_move_is_not_perpetual_check() {
    let mut g = game(QUEEN_PERPETUAL, DrawRules::CLASS);
    play(&mut g, &QUEEN_CHECKS);
    // The queen steps back once without check, then returns.
    play(&mut g, &["h5d1", "a2a3", "d1h5", "a3a2"]);
    assert_eq!(g.outcome(), draw(EndReason::ThreefoldRepetition));
}

#[test]
fn claimable_repetition_and_the_fivefold_backstop() {
    let mut g = game(START, DrawRules::TOURNAMENT);
    play(&mut g, &SHUFFLE);
    assert_eq!(g.claimable_draw(), None);
    assert_eq!(g.claim_draw(), Err(ClaimDrawError::NothingToClaim));
    play(&mut g, &SHUFFLE);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.claimable_draw(), Some(DrawReason::ThreefoldRepetition));
    // Playing on is allowed (1.Nf3 comes for the third time: still claimable).
    play(&mut g, &SHUFFLE[..1]);
    assert_eq!((g.repetitions(), g.claimable_draw()), (3, Some(DrawReason::ThreefoldRepetition)));
    assert_eq!(g.claim_draw(), Ok(Outcome::draw(EndReason::ThreefoldRepetition)));
    assert!(g.is_over());
    assert!(matches!(g.claim_draw(), Err(ClaimDrawError::GameOver { .. })));
    // Undo reopens the game; after a new position the claim has lapsed.
    assert!(g.undo().is_some());
    assert_eq!((g.outcome(), g.claimable_draw()), (None, Some(DrawReason::ThreefoldRepetition)));
    play(&mut g, &["e2e4"]);
    assert_eq!(g.claimable_draw(), None);
    // Nobody claims: the fifth occurrence ends the game by itself.
    let mut g = game(START, DrawRules::TOURNAMENT);
    for _ in 0..3 {
        play(&mut g, &SHUFFLE);
    }
    play(&mut g, &SHUFFLE[..3]);
    assert_eq!((g.outcome(), g.repetitions()), (None, 4));
    play(&mut g, &SHUFFLE[3..]);
    assert_eq!((g.outcome(), g.repetitions()), (draw(EndReason::FivefoldRepetition), 5));
}

#[test]
fn claimable_perpetual_check() {
    let mut g = game(QUEEN_PERPETUAL, DrawRules::TOURNAMENT);
    play(&mut g, &QUEEN_CHECKS);
    play(&mut g, &QUEEN_CHECKS);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.claimable_draw(), Some(DrawReason::PerpetualCheck { checker: Color::White }));
    assert_eq!(g.claim_draw(), Ok(Outcome::draw(EndReason::PerpetualCheck { checker: Color::White })));
}

#[test]
fn claimable_fifty_moves_and_the_seventy_five_move_backstop() {
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", DrawRules::TOURNAMENT);
    play(&mut g, &["a1a2", "e8e7"]);
    assert_eq!((g.outcome(), g.claimable_draw()), (None, Some(DrawReason::FiftyMoves)));
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 148 80", DrawRules::TOURNAMENT);
    play(&mut g, &["a1a2"]);
    assert_eq!(g.claimable_draw(), Some(DrawReason::FiftyMoves));
    play(&mut g, &["e8e7"]);
    assert_eq!(g.outcome(), draw(EndReason::SeventyFiveMoves));
    // Repetition automatic, fifty moves claimable: the settings are independent.
    let mixed = DrawRules { repetition: DrawRule::Automatic, fifty_moves: DrawRule::Claimable };
    let mut g = game("4k3/8/8/8/8/8/8/R3K3 w - - 98 80", mixed);
    play(&mut g, &["a1a2", "e8e7"]);
    assert_eq!(g.claim_draw(), Ok(Outcome::draw(EndReason::FiftyMoves)));
}

#[test]
fn changing_the_draw_rules_mid_game() {
    let mut g = game(START, DrawRules::TOURNAMENT);
    play(&mut g, &SHUFFLE);
    play(&mut g, &SHUFFLE);
    assert_eq!(g.outcome(), None);
    g.set_draw_rules(DrawRules::CLASS);
    assert_eq!(g.outcome(), draw(EndReason::ThreefoldRepetition));
    g.set_draw_rules(DrawRules::TOURNAMENT);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.draw_rules(), DrawRules::TOURNAMENT);
}

#[test]
fn undo_after_the_end_reopens_the_game() {
    let mut g = Game::new();
    play(&mut g, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert!(g.is_over());
    let taken_back = g.undo().map(|m| m.to_string());
    assert_eq!(taken_back.as_deref(), Some("d8h4"));
    assert_eq!((g.outcome(), g.ply(), g.history().len(), g.positions().len()), (None, 3, 3, 4));
    play(&mut g, &["b8c6"]);
    assert_eq!(g.outcome(), None);
    // A resignation goes with the move it followed.
    g.resign(Color::White).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.outcome(), Some(Outcome::win(Color::Black, EndReason::Resignation)));
    assert!(g.undo().is_some());
    assert_eq!(g.outcome(), None);
    // At the start there is nothing to undo.
    let mut fresh = Game::new();
    assert_eq!(fresh.undo(), None);
}

#[test]
fn endings_declared_from_outside_the_board() {
    let mut g = Game::new();
    play(&mut g, &["e2e4"]);
    assert_eq!(g.agree_draw(), Ok(Outcome::draw(EndReason::Agreement)));
    assert_eq!(g.reopen(), Some(Outcome::draw(EndReason::Agreement)));
    assert_eq!(g.ply(), 1);
    assert_eq!(g.conclude(Outcome::win(Color::White, EndReason::Checkmate)), Err(ConcludeError::DecidedByPosition { reason: EndReason::Checkmate }));
    let odd = Outcome::draw(EndReason::Fouls);
    assert_eq!(g.conclude(odd), Err(ConcludeError::Inconsistent { outcome: odd }));
    assert_eq!(g.conclude(Outcome::win(Color::White, EndReason::Fouls)), Ok(()));
    assert_eq!(g.pgn_result(), "1-0");
    assert!(matches!(g.resign(Color::White), Err(ConcludeError::GameOver { .. })));
    let reply: Uci = "e7e5".parse().unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(g.play_uci(&reply), Err(PlayError::GameOver { .. })));
    // Endings the position decides cannot be reopened.
    let mut mated = Game::new();
    play(&mut mated, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    assert_eq!(mated.reopen(), None);
    assert!(mated.is_over());
}

#[test]
fn time_forfeit_against_a_side_that_cannot_mate_is_a_draw() {
    let fen = "4k3/8/8/8/8/8/8/q3K3 w - - 0 1";
    let mut g = game(fen, DrawRules::CLASS);
    assert_eq!(g.time_forfeit(Color::White), Ok(Outcome::win(Color::Black, EndReason::TimeForfeit)));
    let mut g = game(fen, DrawRules::CLASS);
    let outcome = g.time_forfeit(Color::Black);
    assert_eq!(outcome, Ok(Outcome::draw(EndReason::TimeForfeitNoMatingMaterial)));
    assert_eq!(outcome.map(|o| o.code()), Ok("timeout-vs-insufficient-material"));
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let mut g = Game::new();
    let bad: Uci = "e2e5".parse().unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(g.play_uci(&bad), Err(PlayError::Illegal(_))));
    assert_eq!(g.play_uci(&bad).map_err(|e| e.code()), Err("illegal-move"));
    // A move generated for another position is not accepted either.
    let elsewhere = position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Mode::Standard).legal_moves()[0];
    assert!(g.play(&elsewhere).is_err());
    assert_eq!((g.ply(), g.positions().len()), (0, 1));
}

#[test]
fn games_that_start_over() {
    let mated = game("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", DrawRules::CLASS);
    assert_eq!(mated.outcome(), Some(Outcome::win(Color::White, EndReason::Checkmate)));
    let bare = game("4k3/8/8/8/8/8/8/4K3 w - - 0 1", DrawRules::CLASS);
    assert_eq!(bare.outcome(), draw(EndReason::InsufficientMaterial));
    let counted = game("4k3/8/8/8/8/8/8/R3K3 w - - 120 80", DrawRules::CLASS);
    assert_eq!(counted.outcome(), draw(EndReason::FiftyMoves));
}

#[test]
fn drills_without_a_king_do_not_end_by_themselves() {
    // A lone rook collecting stars: Black has nothing, so after the rook's move Black has no
    // legal move, but that is no stalemate.
    let mut g = Game::from_position(position("8/8/8/8/8/8/8/R7 w - - 0 1", Mode::Drill));
    play(&mut g, &["a1a8"]);
    assert_eq!((g.outcome(), g.position().has_legal_moves()), (None, false));
    // Kingless sides may repeat as often as the drill wants.
    let mut g = Game::from_position(position("n7/8/8/8/8/8/8/R7 w - - 0 1", Mode::Drill));
    for _ in 0..3 {
        play(&mut g, &["a1b1", "a8b6", "b1a1", "b6a8"]);
    }
    assert_eq!((g.outcome(), g.repetitions()), (None, 4));
    // A king that is there is stalemated (or mated) as usual, even without the other king.
    let mut g = Game::from_position(position("k7/8/7R/8/8/8/8/1R6 w - - 0 1", Mode::Drill));
    play(&mut g, &["h6h7"]);
    assert_eq!(g.outcome(), draw(EndReason::Stalemate));
    let mut g = Game::from_position(position("k7/7R/8/8/8/8/8/2R5 w - - 0 1", Mode::Drill));
    play(&mut g, &["c1c8"]);
    assert_eq!(g.outcome(), Some(Outcome::win(Color::White, EndReason::Checkmate)));
    // With both kings, a drill is a game: repetition counts.
    let mut g = Game::from_position(position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Mode::Drill));
    play(&mut g, &["a1a2", "e8d8", "a2a1", "d8e8", "a1a2", "e8d8", "a2a1", "d8e8"]);
    assert_eq!(g.outcome(), draw(EndReason::ThreefoldRepetition));
}
