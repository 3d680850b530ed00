//! Scores: centipawns inside the search, and `Score` as reported — centipawns or "mate in N"
//! (UCI's `score cp 35` / `score mate -2`).

use core::fmt;

/// The score of being checkmated at the root; mate in `p` plies scores `MATE - p`.
pub const MATE: i32 = 30_000;
/// Above every real score: the search window's ends.
pub const INFINITY: i32 = 31_000;
/// The deepest the search goes (extensions included).
pub const MAX_PLY: usize = 96;

/// Is `score` a mate found by the search (either side)?
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE - MAX_PLY as i32
}

/// A score as a person (or a UCI GUI) reads it, from the side to move's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns: +100 is about a pawn better.
    Cp(i32),
    /// Mate in this many moves: positive when the side to move mates, negative when it is mated.
    Mate(i32),
}

impl Score {
    /// The reported form of a search score.
    pub fn from_internal(score: i32) -> Score {
        if is_mate(score) {
            let plies = MATE - score.abs();
            let moves = (plies + 1) / 2;
            Score::Mate(if score > 0 { moves } else { -moves })
        } else {
            Score::Cp(score)
        }
    }
}

impl fmt::Display for Score {
    /// UCI's form: `cp 35`, `mate 2`, `mate -1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(cp) => write!(f, "cp {cp}"),
            Score::Mate(n) => write!(f, "mate {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_count_moves_not_plies() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(-35), Score::Cp(-35));
        assert_eq!(Score::Mate(-2).to_string(), "mate -2");
        assert_eq!(Score::Cp(12).to_string(), "cp 12");
    }
}
