//! The eight levels a child picks from, each with a name (zh, en) and a piece for a face — a
//! pawn for level 1 up to a king for level 8 — and the [`Style`] that makes it play that well:
//! a search horizon, a temperature and margin for choosing among good-looking moves, and
//! human-like mistakes (a capture not seen, a move played without looking at the replies).

use crate::limits::SearchLimits;
use core::fmt;
use core::str::FromStr;
use qitong_rules::Role;

/// A level from 1 (a child who has just learnt the moves can win) to 8 (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// How a level plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Deepest full-width search, in plies.
    pub depth: u32,
    /// Most positions searched for one move (keeps the weak levels instant in the browser).
    pub nodes: Option<u64>,
    /// Plies of captures looked at after the last full ply.
    pub qs_plies: u32,
    /// Moves within this many centipawns of the best (at this level's depth) may be chosen...
    pub margin: i32,
    /// ...with weights `exp(-(best - score) / temperature)`; 0 always plays the best.
    pub temperature: i32,
    /// Percent chance, per capture on the board at its move, that the level does not see it.
    pub miss_capture: u32,
    /// Percent chance of a hasty move: no look at the replies' captures (a piece left hanging).
    pub hasty: u32,
}

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(8);

    /// The level with this number, if it is 1 to 8.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 8 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=8).map(Level)
    }

    pub const fn number(self) -> u8 {
        self.0
    }

    /// The piece drawn as its face: pawns, then knight, bishop, rooks, queen and the king.
    pub const fn face(self) -> Role {
        match self.0 {
            1 | 2 => Role::Pawn,
            3 => Role::Knight,
            4 => Role::Bishop,
            5 | 6 => Role::Rook,
            7 => Role::Queen,
            _ => Role::King,
        }
    }

    /// Its name for children, in Chinese.
    pub const fn name_zh(self) -> &'static str {
        match self.0 {
            1 => "小兵豆豆",
            2 => "勇敢小兵",
            3 => "跳跳马",
            4 => "斜斜象",
            5 => "城堡车",
            6 => "铁甲车",
            7 => "聪明皇后",
            _ => "国王大师",
        }
    }

    /// Its name for children, in English.
    pub const fn name_en(self) -> &'static str {
        match self.0 {
            1 => "Pip the Pawn",
            2 => "Brave Pawn",
            3 => "Hoppy the Knight",
            4 => "Zigzag Bishop",
            5 => "Castle Rook",
            6 => "Iron Rook",
            7 => "Clever Queen",
            _ => "King Master",
        }
    }

    /// How it plays. Each level searches deeper and errs less than the one below; level 8 has
    /// no mistakes and no limits of its own (the caller's time budget bounds it).
    pub const fn style(self) -> Style {
        let (depth, nodes, qs_plies, margin, temperature, miss_capture, hasty) = match self.0 {
            1 => (1, 3_000, 2, 150, 60, 30, 30),
            2 => (2, 10_000, 3, 120, 45, 18, 15),
            3 => (2, 30_000, 6, 90, 30, 10, 6),
            4 => (3, 60_000, 8, 60, 20, 5, 2),
            5 => (4, 150_000, 16, 40, 12, 2, 0),
            6 => (5, 400_000, 32, 25, 8, 0, 0),
            7 => (7, 1_500_000, 32, 12, 4, 0, 0),
            _ => (64, 0, 32, 0, 0, 0, 0),
        };
        Style { depth, nodes: if nodes == 0 { None } else { Some(nodes) }, qs_plies, margin, temperature, miss_capture, hasty }
    }

    /// The level's own limits, to be combined with the caller's.
    pub fn limits(self) -> SearchLimits {
        let style = self.style();
        SearchLimits { depth: Some(style.depth), nodes: style.nodes, movetime_ms: None }
    }

    /// A thinking time that suits the level in a game with a child: level 8 uses about a second
    /// (the budget on a 2-core machine); the others are bounded by depth and nodes.
    pub const fn suggested_movetime_ms(self) -> f64 {
        if self.0 == 8 {
            1000.0
        } else {
            500.0
        }
    }
}

impl Default for Level {
    /// The strongest: what a UCI GUI expects unless it sets `Skill`.
    fn default() -> Level {
        Level::MAX
    }
}

impl fmt::Display for Level {
    /// The number: `1` to `8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A level that is not 1 to 8.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseLevelError {
    pub text: String,
}

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a level (1 to 8)", self.text)
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    /// `"1"` to `"8"` (surrounding spaces allowed).
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        s.trim().parse::<u8>().ok().and_then(Level::new).ok_or_else(|| ParseLevelError { text: s.to_string() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_and_nothing_else_parses() {
        for level in Level::all() {
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!(Level::all().count(), 8);
        for bad in ["0", "9", "", "x", "-1", "1.5", "256"] {
            assert_eq!(bad.parse::<Level>(), Err(ParseLevelError { text: bad.to_string() }));
        }
        assert_eq!(" 3 ".parse::<Level>(), Ok(Level(3)));
    }

    #[test]
    fn each_level_is_at_least_as_careful_as_the_one_below() {
        let levels: Vec<Style> = Level::all().map(Level::style).collect();
        for pair in levels.windows(2) {
            let (lower, upper) = (pair[0], pair[1]);
            assert!(upper.depth >= lower.depth && upper.qs_plies >= lower.qs_plies);
            assert!(upper.margin < lower.margin && upper.temperature < lower.temperature);
            assert!(upper.miss_capture <= lower.miss_capture && upper.hasty <= lower.hasty);
        }
        assert_eq!(Level::MIN.face(), Role::Pawn);
        assert_eq!(Level::MAX.face(), Role::King);
        assert_eq!(Level::MAX.style().temperature, 0);
        assert!(Level::all().all(|l| !l.name_zh().is_empty() && l.name_en().is_ascii()));
    }
}
