//! The levels: every level plays only legal moves through whole self-play games, level 1 takes a
//! hanging queen in most games but not all, and the weak levels vary their moves with the seed.

use core::sync::atomic::AtomicBool;
use qitong_engine::{Engine, Job, Level, NoClock, SearchLimits};
use qitong_rules::{Game, Mode, Position};

#[test]
fn self_play_at_every_level_is_legal() {
    let stop = AtomicBool::new(false);
    for level in Level::all() {
        for seed in 0..2u64 {
            let mut engine = Engine::new(1);
            let mut game = Game::new();
            while !game.is_over() && game.ply() < 40 {
                let result = engine
                    .best_move(&game, &SearchLimits::nodes(1_000), level, seed * 100 + game.ply() as u64, &NoClock, &stop)
                    .unwrap_or_else(|e| panic!("level {level}: {e}"));
                let legal = game.position().is_legal(&result.best);
                assert!(legal, "level {level} played {} in {}", result.uci, game.position().fen());
                assert_eq!(result.pv.first(), Some(&result.best));
                game.play(&result.best).unwrap_or_else(|e| panic!("level {level}: {e}"));
            }
        }
    }
}

#[test]
fn level_one_takes_a_hanging_queen_most_of_the_time() {
    // The black queen on d5 hangs to the knight on f4.
    let position = Position::from_fen("r3k3/pp3ppp/8/3q4/5N2/8/PP3PPP/4K2R w K - 0 1", Mode::Standard).expect("FEN");
    let stop = AtomicBool::new(false);
    let taken = (0..20u64)
        .filter(|&seed| {
            let job = Job { position: &position, history: &[], limits: SearchLimits::default(), level: Level::MIN, seed };
            let result = Engine::new(1).search(&job, &NoClock, &stop, &mut |_| {}).expect("a move");
            result.uci == "f4d5"
        })
        .count();
    assert!((11..20).contains(&taken), "took the queen {taken} times in 20");
    // Level 8 always does.
    let job = Job { position: &position, history: &[], limits: SearchLimits::depth(4), level: Level::MAX, seed: 0 };
    let best = Engine::new(1).search(&job, &NoClock, &stop, &mut |_| {}).expect("a move");
    assert_eq!(best.uci, "f4d5");
}

#[test]
fn weak_levels_vary_with_the_seed_and_level_eight_does_not() {
    let position = Position::new();
    let stop = AtomicBool::new(false);
    let first_moves = |level: Level| {
        let mut moves: Vec<String> = (0..12u64)
            .map(|seed| {
                let job = Job { position: &position, history: &[], limits: SearchLimits::depth(3), level, seed };
                Engine::new(1).search(&job, &NoClock, &stop, &mut |_| {}).expect("a move").uci
            })
            .collect();
        moves.sort();
        moves.dedup();
        moves
    };
    assert!(first_moves(Level::MIN).len() >= 3, "{:?}", first_moves(Level::MIN));
    assert_eq!(first_moves(Level::MAX).len(), 1);
}
