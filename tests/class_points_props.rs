//! Property tests: the points table is zero-sum and bounded, and the text readers (points,
//! levels, JSON, CSV, ladder imports) never panic and round-trip what the writers produce.

use proptest::prelude::*;
use qitong::classroom::award::{award, points_after_game, Row};
use qitong::classroom::ladder::Ladder;
use qitong::classroom::levels::Level;
use qitong::classroom::points::{Points, Score};
use qitong::format::{csv, json};

fn score() -> impl Strategy<Value = Score> {
    prop_oneof![Just(Score::Win), Just(Score::Draw), Just(Score::Loss)]
}

/// Totals a class could plausibly reach, in tenths, plus some far beyond.
fn total() -> impl Strategy<Value = Points> {
    prop_oneof![-50_000i64..50_000, -1_000_000_000_000i64..1_000_000_000_000].prop_map(Points::from_tenths)
}

/// A valid ladder export, to be damaged.
fn sample_json() -> String {
    let mut ladder = Ladder::new();
    let a = ladder.add_student("小明").unwrap();
    let b = ladder.add_student("Wang, \"Lei\"").unwrap();
    ladder.record_game(a, b, Score::Win, "2026-12-01").unwrap();
    ladder.record_game(b, a, Score::Draw, "2026-12-02").unwrap();
    ladder.to_json()
}

proptest! {
    #[test]
    fn points_are_zero_sum_and_bounded(a in total(), b in total(), s in score()) {
        let (a2, b2) = points_after_game(a, b, s);
        prop_assert_eq!(a2.tenths() + b2.tenths(), a.tenths() + b.tenths());
        let got = award(a, b, s);
        prop_assert!(got.amount >= Points::ZERO);
        prop_assert_eq!(got.delta_b, -got.delta_a);
        // Never more than half the gap plus the 10 of a close game: the gainer never overtakes
        // by more than that.
        let d = a.abs_diff(b).tenths();
        prop_assert!(got.amount.tenths() <= (d + 1) / 2 + 100);
        // A draw never takes points from the lower player; a win never costs the winner.
        match s {
            Score::Draw => {
                let lower_gains = if a < b { got.delta_a >= Points::ZERO } else { got.delta_a <= Points::ZERO };
                prop_assert!(lower_gains);
            }
            Score::Win => prop_assert!(got.delta_a >= Points::ZERO),
            Score::Loss => prop_assert!(got.delta_a <= Points::ZERO),
        }
        // Seen from the other side, the same game moves the same points.
        prop_assert_eq!(points_after_game(b, a, s.opponent()), (b2, a2));
        if got.row == Row::HigherWins {
            prop_assert!(got.amount <= Points::from_whole(10));
        }
    }

    #[test]
    fn points_text_and_f64_round_trip(t in any::<i64>(), small in -10_000_000_000i64..=10_000_000_000) {
        let p = Points::from_tenths(t);
        prop_assert_eq!(p.to_string().parse::<Points>(), Ok(p));
        // The ladder's JSON writes points with Display: always a valid JSON number.
        prop_assert!(json::Number::from_text(&p.to_string()).is_some());
        let q = Points::from_tenths(small);
        prop_assert_eq!(Points::from_f64(q.to_f64()), Ok(q));
    }

    #[test]
    fn readers_never_panic_on_arbitrary_text(s in any::<String>()) {
        let _ = s.parse::<Points>();
        let _ = s.parse::<Level>();
        let _ = s.parse::<json::Value>();
        let _ = csv::parse(&s);
        let _ = Ladder::from_json(&s);
        let _ = Ladder::from_csv(&s, None);
        let _ = Ladder::from_csv("name\nA\n", Some(&s));
    }

    #[test]
    fn readers_never_panic_on_structured_noise(s in "[\\[\\]{}\",:0-9a-z\\\\ .eE+\\-\r\n\u{feff}中]{0,64}") {
        let _ = s.parse::<json::Value>();
        let _ = csv::parse(&s);
        let _ = Ladder::from_csv(&s, Some(&s));
    }

    #[test]
    fn points_from_any_f64_never_panic(x in any::<f64>()) {
        if let Ok(p) = Points::from_f64(x) {
            prop_assert!((p.to_f64() - x).abs() <= 1e-6 * x.abs().max(1.0));
        }
        let _ = Score::from_f64(x);
    }

    #[test]
    fn damaged_ladder_files_never_panic(pos in any::<prop::sample::Index>(), c in any::<char>()) {
        let text = sample_json();
        let mut chars: Vec<char> = text.chars().collect();
        let i = pos.index(chars.len());
        chars[i] = c;
        let damaged: String = chars.into_iter().collect();
        if let Ok(ladder) = Ladder::from_json(&damaged) {
            // Whatever was accepted exports and re-imports to itself.
            prop_assert_eq!(Ladder::from_json(&ladder.to_json()), Ok(ladder));
        }
    }

    #[test]
    fn json_strings_round_trip(s in any::<String>()) {
        let v = json::Value::String(s);
        prop_assert_eq!(v.to_string().parse::<json::Value>(), Ok(v.clone()));
        prop_assert_eq!(v.to_pretty_string().parse::<json::Value>(), Ok(v));
    }

    #[test]
    fn csv_records_round_trip(rows in prop::collection::vec(prop::collection::vec(any::<String>(), 1..5), 0..5)) {
        let mut text = String::from(csv::BOM);
        for row in &rows {
            csv::write_record(&mut text, row);
        }
        let back: Vec<Vec<String>> = csv::parse(&text).unwrap().into_iter().map(|r| r.fields).collect();
        prop_assert_eq!(back, rows);
    }
}
