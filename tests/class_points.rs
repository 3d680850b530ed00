//! Class points and levels through the public API: the handout's table cell by cell, rounding,
//! negative totals, zero-sum over many recorded games and undo. Ladder files: class_ladder_files.rs.

use qitong::classroom::award::{award, points_after_game, Column, Row};
use qitong::classroom::ladder::{Ladder, StudentId};
use qitong::classroom::levels::{Level, Standing};
use qitong::classroom::points::{Points, PointsError, Score};

fn p(s: &str) -> Points {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// The table with every boundary: D, then what the lower player gains on a draw, what the
/// lower player gains on a win, what the higher player gains on a win, and the column.
const TABLE: [(&str, &str, &str, &str, Column); 9] = [
    ("0", "0", "10", "10", Column::Under10),
    ("9.9", "0", "10", "10", Column::Under10),
    // (10 + 1) / 2 = 5.5; 10 + 1 = 11; 10 − 10/125 = 9.92 → 9.9
    ("10", "5.5", "11", "9.9", Column::From10To100),
    // (10 + 9.99) / 2 = 9.995 → 10; 10 + 9.99 = 19.99 → 20; 10 − 0.7992 = 9.2008 → 9.2
    ("99.9", "10", "20", "9.2", Column::From10To100),
    ("100", "25", "50", "2", Column::From100To200),
    // 199.9 / 4 = 49.975 → 50; 199.9 / 2 = 99.95 → 100 (a half, away from zero)
    ("199.9", "50", "100", "2", Column::From100To200),
    ("200", "50", "100", "0", Column::From200),
    ("1000", "250", "500", "0", Column::From200),
    ("5000.3", "1250.1", "2500.2", "0", Column::From200),
];

#[test]
fn every_cell_and_boundary_of_the_points_table_in_both_orders() {
    for (d, draw, lower_wins, higher_wins, column) in TABLE {
        let (draw, lower_wins, higher_wins) = (p(draw), p(lower_wins), p(higher_wins));
        for base in ["0", "-300", "1234.5", "-0.1"] {
            let lower = p(base);
            let higher = lower + p(d);
            let even = d == "0";
            let cases = [
                // (a, b, a's score, expected row, expected delta for a)
                (lower, higher, Score::Draw, Row::Draw, draw),
                (higher, lower, Score::Draw, Row::Draw, -draw),
                (lower, higher, Score::Win, Row::LowerWins, lower_wins),
                (higher, lower, Score::Loss, Row::LowerWins, -lower_wins),
                (higher, lower, Score::Win, Row::HigherWins, higher_wins),
                (lower, higher, Score::Loss, Row::HigherWins, -higher_wins),
            ];
            for (a, b, score, row, delta_a) in cases {
                let got = award(a, b, score);
                let what = format!("D={d} a={a} b={b} {score:?}");
                let row = if even && row != Row::Draw { Row::EvenWin } else { row };
                assert_eq!((got.row, got.column), (row, column), "{what}");
                assert_eq!(got.difference, p(d), "{what}");
                assert_eq!((got.delta_a, got.delta_b), (delta_a, -delta_a), "{what}");
                assert_eq!(points_after_game(a, b, score), (a + delta_a, b - delta_a), "{what}");
            }
        }
    }
}

#[test]
fn the_handouts_discontinuity_at_100_is_kept() {
    // 10 − D/125 as written: 9.2 just below 100, then the next column's 2.
    assert_eq!(award(p("99.9"), p("0"), Score::Win).delta_a, p("9.2"));
    assert_eq!(award(p("100"), p("0"), Score::Win).delta_a, p("2"));
}

#[test]
fn awards_round_to_tenths_with_halves_away_from_zero() {
    // (a's total, b's total, a's score, a's delta): b is always the one who gains or loses.
    let cases = [
        ("0", "11", Score::Draw, "5.6"),     // (10 + 1.1)/2 = 5.55 → 5.6
        ("11", "0", Score::Draw, "-5.6"),    // the higher player loses the rounded 5.6
        ("0", "10.1", Score::Draw, "5.5"),   // 5.505 → 5.5: rounding is to tenths
        ("0", "10.5", Score::Win, "11.1"),   // 10 + 1.05 = 11.05 → 11.1
        ("0", "10.4", Score::Win, "11"),     // 11.04 → 11.0
        ("10.5", "0", Score::Loss, "-11.1"), // the same cell, seen from the higher player
        ("0", "100.2", Score::Draw, "25.1"), // 25.05 → 25.1
        ("0", "100.1", Score::Draw, "25"),   // 25.025 → 25.0
        ("0", "100.1", Score::Win, "50.1"),  // 50.05 → 50.1
        ("-100.1", "0", Score::Win, "50.1"), // the same with negative totals
        ("0", "12.5", Score::Loss, "-9.9"),  // 10 − 0.1 = 9.9 exactly
        ("0", "62.5", Score::Loss, "-9.5"),  // 10 − 0.5 = 9.5 exactly
        ("0", "68.8", Score::Loss, "-9.4"),  // 10 − 0.5504 = 9.4496 → 9.4
    ];
    for (a, b, score, delta_a) in cases {
        let got = award(p(a), p(b), score);
        assert_eq!(got.delta_a, p(delta_a), "{a} vs {b} {score:?}: {got}");
        assert_eq!(got.delta_b, -p(delta_a));
    }
    // Below D = 10 a draw moves nothing, even where D/4 would have been a half (0.2/4 = 0.05).
    assert_eq!(award(p("0"), p("0.2"), Score::Draw).delta_a, Points::ZERO);
    assert!(award(p("0"), p("100.2"), Score::Draw).was_rounded());
    assert!(!award(p("0"), p("100"), Score::Draw).was_rounded());
}

#[test]
fn negative_totals_follow_the_same_table() {
    // D = 30, lower wins: 10 + 3 = 13.
    assert_eq!(points_after_game(p("-50"), p("-20"), Score::Win), (p("-37"), p("-33")));
    // D = 250 across zero, higher wins: nothing moves.
    assert_eq!(points_after_game(p("-100"), p("150"), Score::Loss), (p("-100"), p("150")));
    // D = 250, a draw: the lower player gains 62.5.
    assert_eq!(points_after_game(p("-100"), p("150"), Score::Draw), (p("-37.5"), p("87.5")));
}

#[test]
fn equal_totals_draw_gives_nothing_and_a_win_gives_ten() {
    for t in ["0", "-40", "150.5"] {
        assert_eq!(points_after_game(p(t), p(t), Score::Draw), (p(t), p(t)));
        assert_eq!(points_after_game(p(t), p(t), Score::Win), (p(t) + p("10"), p(t) - p("10")));
        assert_eq!(points_after_game(p(t), p(t), Score::Loss), (p(t) - p("10"), p(t) + p("10")));
    }
}

#[test]
fn js_style_inputs_go_through_points_and_score() {
    let a = Points::from_f64(150.0).unwrap();
    let b = Points::from_f64(50.0).unwrap();
    let (a2, b2) = points_after_game(a, b, Score::from_f64(0.0).unwrap());
    assert_eq!((a2.to_f64(), b2.to_f64()), (100.0, 100.0));
    assert!(Score::from_f64(0.7).is_err());
    assert_eq!(Points::from_f64(f64::NAN), Err(PointsError::NotFinite));
}

#[test]
fn zero_sum_over_many_games() {
    let mut ladder = Ladder::new();
    let ids: Vec<StudentId> = (0..8).map(|i| ladder.add_student(&format!("S{i}")).unwrap()).collect();
    // A fixed linear congruential sequence: reproducible, no dependency.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |n: u64| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) % n
    };
    for game in 0..3000 {
        let a = ids[next(8) as usize];
        let b = ids[(ids.iter().position(|&x| x == a).unwrap() + 1 + next(7) as usize) % 8];
        let score = [Score::Win, Score::Draw, Score::Loss][next(3) as usize];
        ladder.record_game(a, b, score, &format!("game {game}")).unwrap();
        let sum: i64 = ladder.students().iter().map(|s| s.points().tenths()).sum();
        assert_eq!(sum, 0, "after game {game}");
    }
    let total_games: u32 = ladder.students().iter().map(|s| s.games()).sum();
    assert_eq!(total_games, 6000);
    assert!(ladder.students().iter().any(|s| s.points().is_negative()));
    // Undo everything: back to the fresh roster.
    while ladder.undo_last().is_ok() {}
    assert!(ladder.students().iter().all(|s| s.points() == Points::ZERO && s.games() == 0));
}

#[test]
fn levels_at_their_boundaries() {
    assert_eq!(Level::from_points(p("-12")), Level::Unrated);
    assert_eq!(Level::from_points(p("99.9")).to_string(), "无级别");
    assert_eq!(Level::from_points(p("100")).to_string(), "30级");
    assert_eq!(Level::from_points(p("2999.9")).to_string(), "2级");
    assert_eq!(Level::from_points(p("3000")).to_string(), "1级");
    assert_eq!(Standing::new(p("2999.9"), 50).progress_zh(), "还差 0.1 分升到 1级");
    assert_eq!(Standing::new(p("-3"), 49).to_en(), "Unrated (provisional)");
}
