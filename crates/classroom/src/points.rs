//! Class points (积分) as exact tenths, and a game's score from one player's side.
//!
//! The handout's ledger works in points with one decimal (awards such as `D/4` are rounded to
//! 0.1), so [`Points`] stores an integer number of tenths: no float ever enters the ledger.
//! Floats appear only at the JavaScript boundary, through [`Points::from_f64`] and
//! [`Points::to_f64`].
//!
//! ```
//! use qitong_classroom::points::{Points, Score};
//!
//! let p: Points = "12.5".parse().unwrap();
//! assert_eq!(p.tenths(), 125);
//! assert_eq!(p.to_string(), "12.5");
//! assert_eq!(Points::from_f64(-0.5).unwrap().to_string(), "-0.5");
//! assert!("1.25".parse::<Points>().is_err());
//! assert_eq!(Score::from_f64(0.5).unwrap(), Score::Draw);
//! ```

use core::fmt;
use core::ops::{Add, Neg, Sub};
use core::str::FromStr;

/// A number of class points, kept exactly as a whole number of tenths.
///
/// Any `i64` of tenths is a valid value; arithmetic saturates at the ends of that range, which
/// no class can reach (it is more than 10^17 points).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(i64);

impl Points {
    /// Zero points: where every student starts.
    pub const ZERO: Points = Points(0);

    /// The largest magnitude accepted by [`Points::from_f64`], 10^9 points: up to there an
    /// `f64` holds tenths with room to spare (its spacing is below 2 × 10^-7), so float noise
    /// and a real second decimal can never be confused.
    pub const F64_LIMIT: f64 = 1.0e9;

    /// How far a float may be from a multiple of 0.1 and still count as one: noise such as
    /// `0.1 + 0.2 = 0.30000000000000004`, far below the 0.05 of a real second decimal.
    const F64_TOLERANCE: f64 = 1.0e-6;

    /// Points from a whole number of tenths: `Points::from_tenths(125)` is 12.5 points.
    #[inline]
    pub const fn from_tenths(tenths: i64) -> Points {
        Points(tenths)
    }

    /// Whole points: `Points::from_whole(3)` is 3.0 points (saturating).
    #[inline]
    pub const fn from_whole(points: i64) -> Points {
        Points(points.saturating_mul(10))
    }

    /// The exact value in tenths of a point.
    #[inline]
    pub const fn tenths(self) -> i64 {
        self.0
    }

    /// The absolute difference of two totals (the handout's `D`), never negative.
    #[inline]
    pub const fn abs_diff(self, other: Points) -> Points {
        let d = self.0.abs_diff(other.0);
        Points(if d > i64::MAX as u64 { i64::MAX } else { d as i64 })
    }

    /// True for a total below zero (possible: the ledger is zero-sum).
    #[inline]
    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }

    /// Reads a number coming from JavaScript. It must be finite, within
    /// ±[`Points::F64_LIMIT`], and a multiple of 0.1 up to the float noise of decimal
    /// arithmetic (`0.1 + 0.2` is accepted as 0.3; `0.25` is refused).
    pub fn from_f64(x: f64) -> Result<Points, PointsError> {
        if !x.is_finite() {
            return Err(PointsError::NotFinite);
        }
        if x.abs() > Self::F64_LIMIT {
            return Err(PointsError::OutOfRange);
        }
        let tenths = (x * 10.0).round();
        // `tenths / 10.0` is the float nearest to the decimal; compare in points.
        if (x - tenths / 10.0).abs() > Self::F64_TOLERANCE {
            return Err(PointsError::NotATenth);
        }
        // `tenths` is an integer of magnitude ≤ 10^10, exactly representable in i64.
        Ok(Points(tenths as i64))
    }

    /// The value as a float for JavaScript: the nearest `f64` to the exact decimal, so that
    /// JavaScript prints `12.5` or `0.3`, never `0.30000000000000004`.
    pub fn to_f64(self) -> f64 {
        self.0 as f64 / 10.0
    }
}

impl Add for Points {
    type Output = Points;
    #[inline]
    fn add(self, rhs: Points) -> Points {
        Points(self.0.saturating_add(rhs.0))
    }
}

impl Sub for Points {
    type Output = Points;
    #[inline]
    fn sub(self, rhs: Points) -> Points {
        Points(self.0.saturating_sub(rhs.0))
    }
}

impl Neg for Points {
    type Output = Points;
    #[inline]
    fn neg(self) -> Points {
        Points(self.0.saturating_neg())
    }
}

impl fmt::Display for Points {
    /// `12.5`, `-3.1`, `0`, `40`: one decimal only when it is not zero.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let magnitude = self.0.unsigned_abs();
        let (whole, tenth) = (magnitude / 10, magnitude % 10);
        if tenth == 0 {
            write!(f, "{sign}{whole}")
        } else {
            write!(f, "{sign}{whole}.{tenth}")
        }
    }
}

impl FromStr for Points {
    type Err = PointsError;

    /// Accepts `12`, `12.5`, `-0.5`, `012.0`: an optional `-`, digits, and at most one digit
    /// after a decimal point. No spaces, no `+`, no exponent.
    fn from_str(s: &str) -> Result<Points, PointsError> {
        if s.is_empty() {
            return Err(PointsError::Empty);
        }
        let (negative, body) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let (whole, fraction) = match body.split_once('.') {
            Some((w, f)) => (w, Some(f)),
            None => (body, None),
        };
        if let Some(c) = whole.chars().find(|c| !c.is_ascii_digit()) {
            return Err(PointsError::InvalidCharacter(c));
        }
        if whole.is_empty() {
            return Err(PointsError::MissingDigits);
        }
        let tenth = match fraction {
            None => 0,
            Some(f) => {
                if let Some(c) = f.chars().find(|c| !c.is_ascii_digit()) {
                    return Err(PointsError::InvalidCharacter(c));
                }
                match f.len() {
                    0 => return Err(PointsError::MissingDigits),
                    1 => i128::from(f.as_bytes()[0] - b'0'),
                    _ => return Err(PointsError::TooManyDecimals),
                }
            }
        };
        let mut tenths: i128 = 0;
        for b in whole.bytes() {
            tenths = tenths * 10 + i128::from(b - b'0');
            if tenths > i128::from(i64::MAX) {
                return Err(PointsError::OutOfRange);
            }
        }
        let tenths = tenths * 10 + tenth;
        let tenths = if negative { -tenths } else { tenths };
        i64::try_from(tenths).map(Points).map_err(|_| PointsError::OutOfRange)
    }
}

/// Why a text or a number is not a valid number of points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointsError {
    /// The text is empty.
    Empty,
    /// A character that is not a digit, a leading `-` or one decimal point.
    InvalidCharacter(char),
    /// No digits before the point, or none after it (`.5`, `12.`, `-`).
    MissingDigits,
    /// More than one digit after the decimal point: points have one decimal.
    TooManyDecimals,
    /// Too large to be a class total.
    OutOfRange,
    /// NaN or an infinity.
    NotFinite,
    /// A number that is not a multiple of 0.1, such as 0.25.
    NotATenth,
}

impl PointsError {
    /// A stable machine-readable code, e.g. for a JavaScript `Error.code`.
    pub const fn code(self) -> &'static str {
        match self {
            PointsError::Empty => "points-empty",
            PointsError::InvalidCharacter(_) => "points-invalid-character",
            PointsError::MissingDigits => "points-missing-digits",
            PointsError::TooManyDecimals => "points-too-many-decimals",
            PointsError::OutOfRange => "points-out-of-range",
            PointsError::NotFinite => "points-not-finite",
            PointsError::NotATenth => "points-not-a-tenth",
        }
    }
}

impl fmt::Display for PointsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointsError::Empty => f.write_str("points are empty: expected a number such as 12.5"),
            PointsError::InvalidCharacter(c) => {
                write!(f, "'{c}' is not allowed in points: expected a number such as 12.5")
            }
            PointsError::MissingDigits => f.write_str("points need digits on both sides of the decimal point, e.g. 0.5"),
            PointsError::TooManyDecimals => f.write_str("points have at most one decimal (tenths), e.g. 12.5"),
            PointsError::OutOfRange => f.write_str("points are too large"),
            PointsError::NotFinite => f.write_str("points must be a finite number"),
            PointsError::NotATenth => f.write_str("points must be a multiple of 0.1"),
        }
    }
}

impl std::error::Error for PointsError {}

/// What player `a` scored in one game: a win (1), a draw (½) or a loss (0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// Player `a` lost: 0.
    Loss,
    /// A draw: ½ each.
    Draw,
    /// Player `a` won: 1.
    Win,
}

impl Score {
    /// The score as the tournament number: 1, 0.5 or 0.
    pub const fn to_f64(self) -> f64 {
        match self {
            Score::Loss => 0.0,
            Score::Draw => 0.5,
            Score::Win => 1.0,
        }
    }

    /// Exactly 1, 0.5 or 0 (−0 counts as 0); anything else is an error.
    pub fn from_f64(x: f64) -> Result<Score, ScoreError> {
        if x == 1.0 {
            Ok(Score::Win)
        } else if x == 0.5 {
            Ok(Score::Draw)
        } else if x == 0.0 {
            Ok(Score::Loss)
        } else {
            Err(ScoreError)
        }
    }

    /// The same game seen from the other player.
    pub const fn opponent(self) -> Score {
        match self {
            Score::Loss => Score::Win,
            Score::Draw => Score::Draw,
            Score::Win => Score::Loss,
        }
    }
}

impl fmt::Display for Score {
    /// `1`, `0.5` or `0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Score::Loss => "0",
            Score::Draw => "0.5",
            Score::Win => "1",
        })
    }
}

impl FromStr for Score {
    type Err = ScoreError;

    /// `1`, `0.5`, `½` or `0`.
    fn from_str(s: &str) -> Result<Score, ScoreError> {
        match s {
            "1" => Ok(Score::Win),
            "0.5" | "½" => Ok(Score::Draw),
            "0" => Ok(Score::Loss),
            _ => Err(ScoreError),
        }
    }
}

/// A score that is not 1, 0.5 or 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreError;

impl ScoreError {
    /// A stable machine-readable code, e.g. for a JavaScript `Error.code`.
    pub const fn code(self) -> &'static str {
        "score-invalid"
    }
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a score must be 1 (win), 0.5 (draw) or 0 (loss)")
    }
}

impl std::error::Error for ScoreError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Points {
        s.parse().unwrap()
    }

    #[test]
    fn display_writes_one_decimal_only_when_needed() {
        assert_eq!(Points::from_tenths(125).to_string(), "12.5");
        assert_eq!(Points::from_tenths(-31).to_string(), "-3.1");
        assert_eq!(Points::from_tenths(-5).to_string(), "-0.5");
        assert_eq!(Points::from_tenths(0).to_string(), "0");
        assert_eq!(Points::from_tenths(400).to_string(), "40");
        assert_eq!(Points::from_tenths(i64::MIN).to_string(), "-922337203685477580.8");
    }

    #[test]
    fn parse_accepts_the_plain_forms() {
        assert_eq!(p("12").tenths(), 120);
        assert_eq!(p("12.5").tenths(), 125);
        assert_eq!(p("-0.5").tenths(), -5);
        assert_eq!(p("-0").tenths(), 0);
        assert_eq!(p("007.0").tenths(), 70);
        assert_eq!(p("-922337203685477580.8").tenths(), i64::MIN);
        assert_eq!(p("922337203685477580.7").tenths(), i64::MAX);
    }

    #[test]
    fn parse_rejects_junk_with_the_reason() {
        use PointsError::*;
        let cases = [
            ("", Empty),
            ("1.25", TooManyDecimals),
            ("12.", MissingDigits),
            (".5", MissingDigits),
            ("-", MissingDigits),
            ("+1", InvalidCharacter('+')),
            (" 1", InvalidCharacter(' ')),
            ("1 ", InvalidCharacter(' ')),
            ("1e3", InvalidCharacter('e')),
            ("1.2.3", InvalidCharacter('.')),
            ("--1", InvalidCharacter('-')),
            ("１", InvalidCharacter('１')),
            ("922337203685477580.8", OutOfRange),
            ("99999999999999999999999999999999999999999", OutOfRange),
        ];
        for (text, err) in cases {
            assert_eq!(text.parse::<Points>(), Err(err), "{text:?}");
        }
    }

    #[test]
    fn display_and_parse_round_trip() {
        for t in [-1001, -10, -9, -1, 0, 1, 9, 10, 11, 99, 100, 29999, 30000, i64::MAX, i64::MIN] {
            let points = Points::from_tenths(t);
            assert_eq!(points.to_string().parse::<Points>(), Ok(points));
        }
    }

    #[test]
    fn from_f64_accepts_tenths_with_float_noise() {
        assert_eq!(Points::from_f64(12.5), Ok(Points::from_tenths(125)));
        assert_eq!(Points::from_f64(0.1 + 0.2), Ok(Points::from_tenths(3)));
        assert_eq!(Points::from_f64(-3.1), Ok(Points::from_tenths(-31)));
        assert_eq!(Points::from_f64(-0.0), Ok(Points::ZERO));
        assert_eq!(Points::from_f64(0.7 * 3.0), Ok(Points::from_tenths(21)));
        assert_eq!(Points::from_f64(123456789.3), Ok(Points::from_tenths(1234567893)));
        assert_eq!(Points::from_f64(1.0e9), Ok(Points::from_tenths(10_000_000_000)));
        assert_eq!(Points::from_f64(-999_999_999.9), Ok(Points::from_tenths(-9_999_999_999)));
    }

    #[test]
    fn from_f64_rejects_with_clear_errors() {
        assert_eq!(Points::from_f64(f64::NAN), Err(PointsError::NotFinite));
        assert_eq!(Points::from_f64(f64::INFINITY), Err(PointsError::NotFinite));
        assert_eq!(Points::from_f64(f64::NEG_INFINITY), Err(PointsError::NotFinite));
        assert_eq!(Points::from_f64(0.25), Err(PointsError::NotATenth));
        assert_eq!(Points::from_f64(0.01), Err(PointsError::NotATenth));
        assert_eq!(Points::from_f64(1e-12 + 0.05), Err(PointsError::NotATenth));
        assert_eq!(Points::from_f64(1.0e9 + 0.1), Err(PointsError::OutOfRange));
        assert_eq!(Points::from_f64(999_999_999.95), Err(PointsError::NotATenth));
        assert_eq!(Points::from_f64(0.1 + 1e-5), Err(PointsError::NotATenth));
        assert_eq!(Points::from_f64(-1e300), Err(PointsError::OutOfRange));
    }

    #[test]
    fn to_f64_gives_the_nearest_float() {
        assert_eq!(Points::from_tenths(3).to_f64(), 0.3);
        assert_eq!(Points::from_tenths(-125).to_f64(), -12.5);
        for t in -2000..2000 {
            assert_eq!(Points::from_f64(Points::from_tenths(t).to_f64()), Ok(Points::from_tenths(t)));
        }
    }

    #[test]
    fn arithmetic_saturates_instead_of_overflowing() {
        let max = Points::from_tenths(i64::MAX);
        assert_eq!(max + Points::from_tenths(1), max);
        assert_eq!(-Points::from_tenths(i64::MIN), max);
        assert_eq!(Points::from_tenths(i64::MIN).abs_diff(max), max);
        assert_eq!(p("-3.1").abs_diff(p("2")), p("5.1"));
        assert_eq!(p("2") - p("3.5"), p("-1.5"));
    }

    #[test]
    fn score_from_f64_is_exact() {
        assert_eq!(Score::from_f64(1.0), Ok(Score::Win));
        assert_eq!(Score::from_f64(0.5), Ok(Score::Draw));
        assert_eq!(Score::from_f64(0.0), Ok(Score::Loss));
        assert_eq!(Score::from_f64(-0.0), Ok(Score::Loss));
        for bad in [0.49999, 2.0, -1.0, f64::NAN, f64::INFINITY, 0.25] {
            assert_eq!(Score::from_f64(bad), Err(ScoreError), "{bad}");
        }
    }

    #[test]
    fn score_text_round_trips_and_flips() {
        for s in [Score::Win, Score::Draw, Score::Loss] {
            assert_eq!(s.to_string().parse::<Score>(), Ok(s));
            assert_eq!(Score::from_f64(s.to_f64()), Ok(s));
            assert_eq!(s.opponent().opponent(), s);
        }
        assert_eq!("½".parse::<Score>(), Ok(Score::Draw));
        assert_eq!(Score::Win.opponent(), Score::Loss);
        assert!("1-0".parse::<Score>().is_err());
    }
}
