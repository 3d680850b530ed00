//! Levels (级别) from class points: 无级别, then 30级 at 100 points up to 1级 at 3000 and above.
//!
//! Every level needs another 100 points (每个级别需要积累100分). Totals below 100, including
//! negative ones, are unrated. A level is provisional until the student has played 50 games
//! (下过50盘以后得分/失分会趋于稳定).
//!
//! ```
//! use qitong_classroom::levels::{Level, Standing};
//! use qitong_classroom::points::Points;
//!
//! let p = |s: &str| s.parse::<Points>().unwrap();
//! assert_eq!(Level::from_points(p("99.9")), Level::Unrated);
//! assert_eq!(Level::from_points(p("100")).to_string(), "30级");
//! assert_eq!(Level::from_points(p("3000")).to_en(), "Level 1");
//! let s = Standing::new(p("165"), 12);
//! assert_eq!(s.to_string(), "30级（暂定）");
//! assert_eq!(s.progress_zh(), "还差 35 分升到 29级");
//! ```

use super::points::Points;
use core::fmt;
use core::str::FromStr;

/// Games a student must have played before the level stops being provisional.
pub const SETTLED_AFTER_GAMES: u32 = 50;

/// Points needed for each level step (and for the first level, 30级).
const STEP_TENTHS: i64 = 1000;

/// A numbered level, 30 (the first) up to 1 (the highest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grade(u8);

impl Grade {
    /// The first level, reached at 100 points.
    pub const LOWEST: Grade = Grade(30);
    /// The highest level, reached at 3000 points.
    pub const HIGHEST: Grade = Grade(1);

    /// `Some` for 1..=30.
    pub const fn new(number: u8) -> Option<Grade> {
        if number >= 1 && number <= 30 {
            Some(Grade(number))
        } else {
            None
        }
    }

    /// The level's number: 30 for 30级.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The smallest total at this level: 100 for 30级, 3000 for 1级.
    pub const fn min_points(self) -> Points {
        Points::from_tenths((31 - self.0 as i64) * STEP_TENTHS)
    }
}

/// A student's level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// 无级别: below 100 points (negative totals included).
    Unrated,
    /// 30级 … 1级.
    Grade(Grade),
}

impl Level {
    /// The level of a total.
    pub const fn from_points(points: Points) -> Level {
        let steps = points.tenths().div_euclid(STEP_TENTHS);
        if steps < 1 {
            Level::Unrated
        } else if steps >= 30 {
            Level::Grade(Grade::HIGHEST)
        } else {
            Level::Grade(Grade(31 - steps as u8))
        }
    }

    /// The next level up, or `None` at 1级.
    pub const fn next(self) -> Option<Level> {
        match self {
            Level::Unrated => Some(Level::Grade(Grade::LOWEST)),
            Level::Grade(g) if g.0 > 1 => Some(Level::Grade(Grade(g.0 - 1))),
            Level::Grade(_) => None,
        }
    }

    /// The smallest total at this level (`None` for unrated, which has no floor).
    pub const fn min_points(self) -> Option<Points> {
        match self {
            Level::Unrated => None,
            Level::Grade(g) => Some(g.min_points()),
        }
    }

    /// The total at which the next level starts, or `None` at 1级.
    pub const fn next_threshold(self) -> Option<Points> {
        match self.next() {
            Some(next) => next.min_points(),
            None => None,
        }
    }

    /// zh-CN name: `30级`, `无级别`.
    pub fn to_zh(self) -> String {
        match self {
            Level::Unrated => "无级别".to_string(),
            Level::Grade(g) => format!("{}级", g.0),
        }
    }

    /// English name: `Level 30`, `Unrated`.
    pub fn to_en(self) -> String {
        match self {
            Level::Unrated => "Unrated".to_string(),
            Level::Grade(g) => format!("Level {}", g.0),
        }
    }
}

impl PartialOrd for Level {
    fn partial_cmp(&self, other: &Level) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Level {
    /// Higher levels are greater: 无级别 < 30级 < … < 1级.
    fn cmp(&self, other: &Level) -> core::cmp::Ordering {
        let rank = |l: &Level| match l {
            Level::Unrated => 0,
            Level::Grade(g) => 31 - g.0,
        };
        rank(self).cmp(&rank(other))
    }
}

impl fmt::Display for Level {
    /// The zh-CN name (the course is Chinese first); see [`Level::to_en`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_zh())
    }
}

impl FromStr for Level {
    type Err = ParseLevelError;

    /// Reads either language: `30级`, `无级别`, `Level 30`, `Unrated`.
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        if s == "无级别" || s.eq_ignore_ascii_case("unrated") {
            return Ok(Level::Unrated);
        }
        let number = s.strip_suffix('级').or_else(|| s.strip_prefix("Level ")).ok_or(ParseLevelError)?;
        if !number.bytes().all(|b| b.is_ascii_digit()) || number.len() > 2 {
            return Err(ParseLevelError);
        }
        let n: u8 = number.parse().map_err(|_| ParseLevelError)?;
        Grade::new(n).map(Level::Grade).ok_or(ParseLevelError)
    }
}

/// A text that is not a level name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseLevelError;

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected a level such as 30级, 无级别, Level 30 or Unrated (levels are 30 to 1)")
    }
}

impl std::error::Error for ParseLevelError {}

/// How far a student is from the next level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Progress {
    /// The next level up.
    pub next: Level,
    /// Points still needed (always > 0).
    pub needed: Points,
}

/// A student's level together with whether it has settled yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Standing {
    /// The total the level was computed from.
    pub points: Points,
    /// The level.
    pub level: Level,
    /// True while fewer than [`SETTLED_AFTER_GAMES`] games have been played.
    pub provisional: bool,
}

impl Standing {
    /// The standing of a student with `points` after `games_played` games.
    pub const fn new(points: Points, games_played: u32) -> Standing {
        Standing { points, level: Level::from_points(points), provisional: games_played < SETTLED_AFTER_GAMES }
    }

    /// The next level and the points still needed, or `None` at 1级.
    pub fn progress(&self) -> Option<Progress> {
        let next = self.level.next()?;
        let threshold = next.min_points()?;
        Some(Progress { next, needed: threshold - self.points })
    }

    /// zh-CN: `30级`, `30级（暂定）`, `无级别（暂定）`.
    pub fn to_zh(&self) -> String {
        let mark = if self.provisional { "（暂定）" } else { "" };
        format!("{}{mark}", self.level.to_zh())
    }

    /// English: `Level 30`, `Level 30 (provisional)`.
    pub fn to_en(&self) -> String {
        let mark = if self.provisional { " (provisional)" } else { "" };
        format!("{}{mark}", self.level.to_en())
    }

    /// For children, in zh-CN: `还差 35 分升到 29级`, or `已经是最高级别 1级` at the top.
    pub fn progress_zh(&self) -> String {
        match self.progress() {
            Some(p) => format!("还差 {} 分升到 {}", p.needed, p.next.to_zh()),
            None => "已经是最高级别 1级".to_string(),
        }
    }

    /// For children, in English: `35 more points to Level 29`, or `Already at the top level`.
    pub fn progress_en(&self) -> String {
        match self.progress() {
            Some(p) => format!("{} more points to {}", p.needed, p.next.to_en()),
            None => "Already at the top level, Level 1".to_string(),
        }
    }
}

impl fmt::Display for Standing {
    /// The zh-CN form; see [`Standing::to_en`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_zh())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Points {
        s.parse().unwrap()
    }

    fn grade(n: u8) -> Level {
        Level::Grade(Grade::new(n).unwrap())
    }

    #[test]
    fn levels_at_the_boundaries() {
        assert_eq!(Level::from_points(p("-3000")), Level::Unrated);
        assert_eq!(Level::from_points(p("-0.1")), Level::Unrated);
        assert_eq!(Level::from_points(p("0")), Level::Unrated);
        assert_eq!(Level::from_points(p("99.9")), Level::Unrated);
        assert_eq!(Level::from_points(p("100")), grade(30));
        assert_eq!(Level::from_points(p("199.9")), grade(30));
        assert_eq!(Level::from_points(p("200")), grade(29));
        assert_eq!(Level::from_points(p("2999.9")), grade(2));
        assert_eq!(Level::from_points(p("3000")), grade(1));
        assert_eq!(Level::from_points(p("99999")), grade(1));
        assert_eq!(Level::from_points(Points::from_tenths(i64::MAX)), grade(1));
        assert_eq!(Level::from_points(Points::from_tenths(i64::MIN)), Level::Unrated);
    }

    #[test]
    fn every_grade_starts_at_its_hundred() {
        for n in 1..=30u8 {
            let g = Grade::new(n).unwrap();
            assert_eq!(Level::from_points(g.min_points()), Level::Grade(g));
            assert_eq!(Level::from_points(g.min_points() - Points::from_tenths(1)).next(), Some(Level::Grade(g)));
        }
        assert_eq!(Grade::new(0), None);
        assert_eq!(Grade::new(31), None);
    }

    #[test]
    fn names_in_both_languages_round_trip() {
        assert_eq!(grade(30).to_string(), "30级");
        assert_eq!(Level::Unrated.to_string(), "无级别");
        assert_eq!(grade(7).to_en(), "Level 7");
        assert_eq!(Level::Unrated.to_en(), "Unrated");
        for level in [Level::Unrated, grade(30), grade(15), grade(1)] {
            assert_eq!(level.to_zh().parse::<Level>(), Ok(level));
            assert_eq!(level.to_en().parse::<Level>(), Ok(level));
        }
        for bad in ["0级", "31级", "级", "Level", "Level 031", "+1级", "30", ""] {
            assert_eq!(bad.parse::<Level>(), Err(ParseLevelError), "{bad}");
        }
    }

    #[test]
    fn higher_levels_compare_greater() {
        assert!(Level::Unrated < grade(30));
        assert!(grade(30) < grade(29));
        assert!(grade(2) < grade(1));
    }

    #[test]
    fn provisional_until_fifty_games() {
        assert!(Standing::new(p("150"), 0).provisional);
        assert!(Standing::new(p("150"), 49).provisional);
        assert!(!Standing::new(p("150"), 50).provisional);
        assert_eq!(Standing::new(p("150"), 49).to_zh(), "30级（暂定）");
        assert_eq!(Standing::new(p("150"), 50).to_zh(), "30级");
        assert_eq!(Standing::new(p("150"), 3).to_en(), "Level 30 (provisional)");
        assert_eq!(Standing::new(p("-5"), 60).to_en(), "Unrated");
    }

    #[test]
    fn progress_counts_the_points_still_needed() {
        let s = Standing::new(p("165"), 0);
        assert_eq!(s.progress(), Some(Progress { next: grade(29), needed: p("35") }));
        assert_eq!(s.progress_zh(), "还差 35 分升到 29级");
        assert_eq!(s.progress_en(), "35 more points to Level 29");
        let s = Standing::new(p("-3.1"), 0);
        assert_eq!(s.progress_zh(), "还差 103.1 分升到 30级");
        assert_eq!(Standing::new(p("99.9"), 0).progress().unwrap().needed, p("0.1"));
        assert_eq!(Standing::new(p("2999.9"), 0).progress().unwrap().next, grade(1));
        assert_eq!(Standing::new(p("3000"), 0).progress(), None);
        assert_eq!(Standing::new(p("3000"), 0).progress_zh(), "已经是最高级别 1级");
        assert_eq!(grade(1).next_threshold(), None);
        assert_eq!(Level::Unrated.next_threshold(), Some(p("100")));
        assert_eq!(grade(30).next_threshold(), Some(p("200")));
    }
}
