//! The search at full strength: mates found and reported as mates, every limit respected (depth,
//! nodes, time, the stop flag), draws by repetition and the fifty-move rule scored as draws, and
//! the same answer for the same job.

use core::cell::Cell;
use core::sync::atomic::AtomicBool;
use qitong_engine::{Engine, Job, Level, NoClock, Score, SearchLimits, SearchResult};
use qitong_rules::{Game, Mode, Position, Uci};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Mode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn search(fen: &str, history: &[u64], limits: SearchLimits) -> SearchResult {
    let position = pos(fen);
    let job = Job { position: &position, history, limits, level: Level::MAX, seed: 1 };
    let stop = AtomicBool::new(false);
    let result = Engine::new(4).search(&job, &NoClock, &stop, &mut |_| {}).expect("a move");
    assert!(position.is_legal(&result.best), "{fen}: {}", result.uci);
    result
}

#[test]
fn finds_mates_in_one_two_and_three() {
    let cases = [
        ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", 1),
        ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", "d5f6", 2),
        ("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", "f8c5", 3),
    ];
    for (fen, mv, n) in cases {
        let result = search(fen, &[], SearchLimits::depth(8));
        assert_eq!((result.uci.as_str(), result.score), (mv, Score::Mate(n)), "{fen}");
        assert_eq!(result.pv.len(), 2 * n as usize - 1, "{fen}: {:?}", result.pv);
    }
}

#[test]
fn sees_being_mated() {
    // Black's only move, Kb8, allows Rh8 mate.
    let result = search("k7/8/1K6/8/8/8/8/7R b - - 0 1", &[], SearchLimits::depth(5));
    assert_eq!((result.uci.as_str(), result.score), ("a8b8", Score::Mate(-1)));
    let winning = search("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1", &[], SearchLimits::depth(4));
    assert_eq!(winning.score, Score::Mate(1));
}

#[test]
fn respects_depth_and_node_limits() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let deep = search(start, &[], SearchLimits::depth(4));
    assert_eq!(deep.depth, 4);
    assert!(deep.pv.len() >= 4, "{:?}", deep.pv);
    for nodes in [1, 100, 5_000] {
        let result = search(start, &[], SearchLimits::nodes(nodes));
        assert!(result.nodes <= nodes, "{} > {nodes}", result.nodes);
    }
}

#[test]
fn a_raised_stop_flag_returns_a_legal_move_at_once() {
    let position = Position::new();
    let job = Job { position: &position, history: &[], limits: SearchLimits::default(), level: Level::MAX, seed: 0 };
    let stop = AtomicBool::new(true);
    let result = Engine::new(1).search(&job, &NoClock, &stop, &mut |_| {}).expect("a move");
    assert!(position.is_legal(&result.best));
    assert_eq!((result.depth, result.nodes), (0, 0));
}

#[test]
fn stops_when_the_clock_runs_out() {
    // A clock that moves 1 ms each time it is read: 40 ms pass within a few thousand nodes.
    let ticks = Cell::new(0.0);
    let clock = || {
        ticks.set(ticks.get() + 1.0);
        ticks.get()
    };
    let position = Position::new();
    let job = Job { position: &position, history: &[], limits: SearchLimits::movetime(40.0), level: Level::MAX, seed: 0 };
    let stop = AtomicBool::new(false);
    let mut reports = 0;
    let result = Engine::new(1).search(&job, &clock, &stop, &mut |_| reports += 1).expect("a move");
    assert!(position.is_legal(&result.best));
    assert!(result.depth >= 1 && reports as u32 == result.depth);
    assert!(result.nodes < 200_000, "{}", result.nodes);
}

#[test]
fn fifty_moves_and_repetition_are_draws() {
    // A queen up, but the 100th half-move without capture or pawn move is coming: a draw.
    let fresh = search("4k3/8/8/8/8/8/8/3QK3 w - - 0 60", &[], SearchLimits::depth(3));
    assert!(matches!(fresh.score, Score::Cp(cp) if cp > 500), "{:?}", fresh.score);
    let fifty = search("4k3/8/8/8/8/8/8/3QK3 w - - 99 60", &[], SearchLimits::depth(3));
    assert_eq!(fifty.score, Score::Cp(0));
    // Black, a queen down, has one move back into a position of the game: it takes the draw.
    let fen = "4k3/8/8/8/8/8/8/3QK3 b - - 10 60";
    let lost = search(fen, &[], SearchLimits::depth(3));
    assert!(matches!(lost.score, Score::Cp(cp) if cp < -500), "{:?}", lost.score);
    let back = pos(fen).play_unchecked(&pos(fen).move_from_uci(&"e8f7".parse::<Uci>().expect("uci")).expect("legal"));
    let drawn = search(fen, &[back.zobrist()], SearchLimits::depth(3));
    assert_eq!((drawn.uci.as_str(), drawn.score), ("e8f7", Score::Cp(0)));
}

#[test]
fn a_game_over_has_no_move_and_a_game_gives_its_history() {
    let mut engine = Engine::new(1);
    let stop = AtomicBool::new(false);
    let mut game = Game::new();
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play_uci(&uci.parse().expect("uci")).expect("legal");
    }
    let over = engine.best_move(&game, &SearchLimits::depth(2), Level::MAX, 0, &NoClock, &stop);
    assert!(matches!(over, Err(qitong_engine::SearchError::GameOver(_))));
    game.undo();
    let mate = engine.best_move(&game, &SearchLimits::depth(2), Level::MAX, 0, &NoClock, &stop).expect("a move");
    assert_eq!((mate.uci.as_str(), mate.score), ("d8h4", Score::Mate(1)));
}

#[test]
fn the_same_job_gives_the_same_answer() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    for level in Level::all() {
        let position = pos(fen);
        let job = Job { position: &position, history: &[], limits: SearchLimits::nodes(20_000), level, seed: 42 };
        let stop = AtomicBool::new(false);
        let a = Engine::new(1).search(&job, &NoClock, &stop, &mut |_| {}).expect("a move");
        let b = Engine::new(1).search(&job, &NoClock, &stop, &mut |_| {}).expect("a move");
        assert_eq!(a, b, "level {level}");
    }
}

#[test]
fn a_depth_limit_bounds_quiescence_too() {
    // Issue 29: `go depth 1` among thirty queens ran for minutes in its captures. Thirty queens are
    // no position (issue 29 again: eight promotions make nine queens at most), so the most a game
    // can crowd: nine queens, two rooks, two bishops and two knights a side.
    let thirty = "k7/1nnbbrrq/qqqqqqqq/8/8/QQQQQQQQ/QRRBBNN1/7K w - - 0 1";
    assert!(search(thirty, &[], SearchLimits::depth(1)).nodes < 10_000);
    assert!(search(thirty, &[], SearchLimits::depth(2)).nodes < 1_000_000);
}
