//! The handout's points table (等级分记分方法): how many points a game moves, and from whom.
//!
//! `D` is the absolute difference of the two players' current totals. The award goes to the
//! lower-rated player for a draw, to the winner otherwise, and the other player loses exactly
//! that much (输方扣分等于赢方得分), so the ledger is zero-sum.
//!
//! | result | D < 10 | 10 ≤ D < 100 | 100 ≤ D < 200 | D ≥ 200 |
//! |---|---|---|---|---|
//! | draw: the lower-rated player gains | 0 | (10 + D/10) / 2 | D/4 | D/4 |
//! | the lower-rated player wins, gains | 10 | 10 + D/10 | D/2 | D/2 |
//! | the higher-rated player wins, gains | 10 | 10 − D/125 | 2 | 0 |
//!
//! The formula `10 − D/125` is kept exactly as the handout writes it (相差10-99分，得10-差分/125).
//! It jumps from about 9.2 at D = 99.9 down to 2 at D = 100; `10 − D/12.5` would meet the next
//! column continuously (2 at D = 100), and may be what was meant, but we follow the text.
//!
//! Each award is rounded to one decimal, halves away from zero, with integer arithmetic on
//! tenths (a fraction `n / d` of tenths becomes `(2n + d) / 2d`). With equal totals a draw moves
//! nothing and a win gives the winner 10.
//!
//! ```
//! use qitong_classroom::award::{award, points_after_game, Column, Row};
//! use qitong_classroom::points::{Points, Score};
//!
//! let p = |s: &str| s.parse::<Points>().unwrap();
//! // 150 against 50 (D = 100): the lower player wins and gains D/2 = 50.
//! assert_eq!(points_after_game(p("50"), p("150"), Score::Win), (p("100"), p("100")));
//! // A draw at D = 100.2 gives the lower player D/4 = 25.05, rounded to 25.1.
//! let a = award(p("0"), p("100.2"), Score::Draw);
//! assert_eq!((a.row, a.column), (Row::Draw, Column::From100To200));
//! assert_eq!((a.delta_a, a.delta_b), (p("25.1"), p("-25.1")));
//! ```

use super::points::{Points, Score};
use core::fmt;

/// The table row that applied: who gained the award.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Row {
    /// A draw: the lower-rated player gains (nothing when D < 10).
    Draw,
    /// The player with fewer points won.
    LowerWins,
    /// The player with more points won.
    HigherWins,
    /// The totals were equal and one player won: the D < 10 cell of either win row, 10 points.
    EvenWin,
}

/// The table column that applied: the band of the difference `D`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// D < 10 (相差10分以内).
    Under10,
    /// 10 ≤ D < 100 (相差10-99分).
    From10To100,
    /// 100 ≤ D < 200 (相差100-199分).
    From100To200,
    /// D ≥ 200 (相差200分以上).
    From200,
}

impl Column {
    /// The band of a difference `D`.
    pub const fn of(difference: Points) -> Column {
        match difference.tenths() {
            d if d < 100 => Column::Under10,
            d if d < 1000 => Column::From10To100,
            d if d < 2000 => Column::From100To200,
            _ => Column::From200,
        }
    }
}

impl Row {
    /// The cell's formula in the handout's words, e.g. `(10 + D/10) / 2`.
    pub const fn formula(self, column: Column) -> &'static str {
        match (self, column) {
            (Row::Draw, Column::Under10) => "0",
            (Row::Draw, Column::From10To100) => "(10 + D/10) / 2",
            (Row::Draw, _) => "D/4",
            (Row::LowerWins | Row::HigherWins | Row::EvenWin, Column::Under10) => "10",
            (Row::LowerWins, Column::From10To100) => "10 + D/10",
            (Row::LowerWins, _) => "D/2",
            (Row::HigherWins | Row::EvenWin, Column::From10To100) => "10 - D/125",
            (Row::HigherWins | Row::EvenWin, Column::From100To200) => "2",
            (Row::HigherWins | Row::EvenWin, Column::From200) => "0",
        }
    }
}

/// The effect of one game, computed before anything is recorded (for a "shown before
/// confirming" screen and for the lesson that explains the table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Award {
    /// The table row that applied.
    pub row: Row,
    /// The table column that applied.
    pub column: Column,
    /// `D`, the absolute difference of the totals before the game.
    pub difference: Points,
    /// The exact award before rounding, as a fraction of tenths `(numerator, denominator)`:
    /// `(1002, 4)` is 250.5 tenths = 25.05 points.
    pub exact_tenths: (i64, i64),
    /// The rounded award: what the gaining player gains and the other loses (never negative).
    pub amount: Points,
    /// Change of player `a`'s total.
    pub delta_a: Points,
    /// Change of player `b`'s total: always `-delta_a`.
    pub delta_b: Points,
}

impl Award {
    /// Whether rounding changed the award (the exact value had a second decimal).
    pub const fn was_rounded(&self) -> bool {
        self.exact_tenths.0 % self.exact_tenths.1 != 0
    }
}

/// Rounds `numerator / denominator` (denominator > 0) to the nearest integer, halves away
/// from zero, without floats.
const fn round_half_away(numerator: i128, denominator: i128) -> i128 {
    let twice = 2 * numerator.abs() + denominator;
    let magnitude = twice / (2 * denominator);
    if numerator < 0 {
        -magnitude
    } else {
        magnitude
    }
}

/// The exact cell value in tenths, as a fraction, for a difference `d` in tenths.
const fn exact_award(row: Row, column: Column, d: i128) -> (i128, i128) {
    // D = d/10 points; every formula below is the handout's, rewritten in tenths.
    match (row, column) {
        (Row::Draw, Column::Under10) => (0, 1),
        // (10 + D/10) / 2 points = (100 + d/10) / 2 tenths = (1000 + d) / 20 tenths.
        (Row::Draw, Column::From10To100) => (1000 + d, 20),
        // D/4 points = d/4 tenths.
        (Row::Draw, _) => (d, 4),
        (_, Column::Under10) => (100, 1),
        // 10 + D/10 points = 100 + d/10 tenths = (1000 + d) / 10 tenths.
        (Row::LowerWins, Column::From10To100) => (1000 + d, 10),
        // D/2 points = d/2 tenths.
        (Row::LowerWins, _) => (d, 2),
        // 10 − D/125 points = 100 − d/125 tenths = (12500 − d) / 125 tenths.
        (_, Column::From10To100) => (12500 - d, 125),
        (_, Column::From100To200) => (20, 1),
        (_, Column::From200) => (0, 1),
    }
}

/// Clamps an `i128` that can exceed `i64` only for totals beyond any class (saturation).
fn saturate(x: i128) -> i64 {
    i64::try_from(x).unwrap_or(if x < 0 { i64::MIN } else { i64::MAX })
}

/// What a game between `a` (with `a` points) and `b` would change, and which cell applied.
pub fn award(a: Points, b: Points, score_a: Score) -> Award {
    let d = i128::from(a.tenths()) - i128::from(b.tenths());
    let difference = d.abs();
    let column = Column::of(Points::from_tenths(saturate(difference)));
    // +1 when `a` gains the award, −1 when `b` does.
    let (row, toward_a) = match score_a {
        Score::Draw => (Row::Draw, d < 0),
        Score::Win | Score::Loss => {
            let a_won = score_a == Score::Win;
            let row = if d == 0 {
                Row::EvenWin
            } else if (d < 0) == a_won {
                Row::LowerWins
            } else {
                Row::HigherWins
            };
            (row, a_won)
        }
    };
    let (numerator, denominator) = exact_award(row, column, difference);
    let amount = round_half_away(numerator, denominator);
    let delta_a = if toward_a { amount } else { -amount };
    Award {
        row,
        column,
        difference: Points::from_tenths(saturate(difference)),
        exact_tenths: (saturate(numerator), saturate(denominator)),
        amount: Points::from_tenths(saturate(amount)),
        delta_a: Points::from_tenths(saturate(delta_a)),
        delta_b: Points::from_tenths(saturate(-delta_a)),
    }
}

/// The two totals after a game in which player `a` scored `score_a` (1, ½ or 0).
///
/// Zero-sum: the two totals add up to the same sum before and after (exactly, as long as the
/// totals stay within the `i64` tenths range, i.e. always in practice).
pub fn points_after_game(a: Points, b: Points, score_a: Score) -> (Points, Points) {
    let award = award(a, b, score_a);
    (a + award.delta_a, b + award.delta_b)
}

impl fmt::Display for Award {
    /// For logs and the explanation panel: `D = 100.2, draw, D/4 = 25.05 → 25.1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = match self.row {
            Row::Draw => "draw",
            Row::LowerWins => "lower-rated player wins",
            Row::HigherWins => "higher-rated player wins",
            Row::EvenWin => "win between equal totals",
        };
        let (n, d) = self.exact_tenths;
        write!(f, "D = {}, {row}, {}", self.difference, self.row.formula(self.column))?;
        if self.was_rounded() {
            // Exact value with enough decimals for the fractions that occur (…/20, …/125).
            let hundred_thousandths = i128::from(n) * 10_000 / i128::from(d);
            let decimals = format!("{:05}", hundred_thousandths % 100_000);
            write!(f, " = {}.{}", hundred_thousandths / 100_000, decimals.trim_end_matches('0'))?;
        }
        write!(f, " → {}", self.amount)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Points {
        s.parse().unwrap()
    }

    #[test]
    fn rounding_is_half_away_from_zero() {
        assert_eq!(round_half_away(5, 10), 1);
        assert_eq!(round_half_away(-5, 10), -1);
        assert_eq!(round_half_away(4, 10), 0);
        assert_eq!(round_half_away(-4, 10), 0);
        assert_eq!(round_half_away(15, 10), 2);
        assert_eq!(round_half_away(1002, 4), 251);
        assert_eq!(round_half_away(12401, 125), 99);
        assert_eq!(round_half_away(0, 7), 0);
    }

    #[test]
    fn columns_follow_the_boundaries_as_written() {
        assert_eq!(Column::of(p("0")), Column::Under10);
        assert_eq!(Column::of(p("9.9")), Column::Under10);
        assert_eq!(Column::of(p("10")), Column::From10To100);
        assert_eq!(Column::of(p("99.9")), Column::From10To100);
        assert_eq!(Column::of(p("100")), Column::From100To200);
        assert_eq!(Column::of(p("199.9")), Column::From100To200);
        assert_eq!(Column::of(p("200")), Column::From200);
    }

    #[test]
    fn rows_name_the_winner_relative_to_the_totals() {
        assert_eq!(award(p("0"), p("50"), Score::Win).row, Row::LowerWins);
        assert_eq!(award(p("0"), p("50"), Score::Loss).row, Row::HigherWins);
        assert_eq!(award(p("50"), p("0"), Score::Win).row, Row::HigherWins);
        assert_eq!(award(p("50"), p("0"), Score::Loss).row, Row::LowerWins);
        assert_eq!(award(p("7"), p("7"), Score::Loss).row, Row::EvenWin);
        assert_eq!(award(p("7"), p("7"), Score::Draw).row, Row::Draw);
    }

    #[test]
    fn display_explains_the_cell_and_the_rounding() {
        assert_eq!(award(p("0"), p("100.2"), Score::Draw).to_string(), "D = 100.2, draw, D/4 = 25.05 → 25.1");
        assert_eq!(award(p("0"), p("20"), Score::Loss).to_string(), "D = 20, higher-rated player wins, 10 - D/125 = 9.84 → 9.8");
        assert_eq!(award(p("0"), p("300"), Score::Win).to_string(), "D = 300, lower-rated player wins, D/2 → 150");
    }

    #[test]
    fn extreme_totals_saturate_without_panicking() {
        let max = Points::from_tenths(i64::MAX);
        let min = Points::from_tenths(i64::MIN);
        let (a, b) = points_after_game(min, max, Score::Win);
        assert!(a > min && b < max);
        let (a, b) = points_after_game(max, max, Score::Win);
        assert_eq!((a, b), (max, max - p("10")));
        let _ = award(min, max, Score::Draw).to_string();
    }
}
