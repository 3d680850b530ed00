//! How a game ends: `Outcome` (who won, and why), `EndReason` with its stable kebab-case codes
//! and PGN result strings, and `DrawReason`, the draws a player may claim.
//!
//! One `EndReason` serves both the rules core and the classroom: the board decides checkmate,
//! stalemate and the automatic draws; the class (or its clock and arbiter) decides agreement,
//! resignation, time forfeit and the three-fouls loss, and records them in the same type.

use super::Color;
use core::fmt;

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move (将杀). A win.
    Checkmate,
    /// The side to move is not in check and has no legal move (逼和). A draw.
    Stalemate,
    /// Neither side can ever checkmate (K-K, K+B-K, K+N-K, bishops all on one colour). A draw.
    InsufficientMaterial,
    /// The same position (same side to move, same castling and en-passant possibilities) for the
    /// third time. A draw, automatic or claimable by the game's `DrawRules`.
    ThreefoldRepetition,
    /// The same position for the fifth time: a draw even where threefold is only claimable
    /// (FIDE Laws 9.6.1).
    FivefoldRepetition,
    /// A repetition draw in which every move of `checker` in the repeated cycle gave check (长将和).
    /// Reported instead of the plain repetition reason.
    PerpetualCheck {
        /// The side that gave all the checks.
        checker: Color,
    },
    /// Fifty moves by each side (100 half-moves) with no capture and no pawn move. A draw,
    /// automatic or claimable by the game's `DrawRules`.
    FiftyMoves,
    /// Seventy-five moves by each side with no capture and no pawn move: a draw even where the
    /// fifty-move rule is only claimable (FIDE Laws 9.6.2).
    SeventyFiveMoves,
    /// The players agreed to a draw after an offer (提和). A draw.
    Agreement,
    /// The loser resigned (认输). A win.
    Resignation,
    /// The loser's time ran out (超时判负) and the winner could still checkmate. A win.
    TimeForfeit,
    /// A flag fell, but the opponent has no mating material left: a draw (FIDE Laws 6.9).
    TimeForfeitNoMatingMaterial,
    /// The loser tried to leave or put their own king in check too often ("送王", three times by
    /// the class rule). A win.
    Fouls,
}

impl EndReason {
    /// One reason of each variant, in declaration order (for the tests of the words keyed by the
    /// reasons: their codes are compared with [`EndReason::CODES`], so a new variant needs one here).
    #[doc(hidden)]
    pub const SAMPLES: [EndReason; 13] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::InsufficientMaterial,
        EndReason::ThreefoldRepetition,
        EndReason::FivefoldRepetition,
        EndReason::PerpetualCheck { checker: Color::White },
        EndReason::FiftyMoves,
        EndReason::SeventyFiveMoves,
        EndReason::Agreement,
        EndReason::Resignation,
        EndReason::TimeForfeit,
        EndReason::TimeForfeitNoMatingMaterial,
        EndReason::Fouls,
    ];

    /// Every end reason's code, in declaration order (for the tests of the words keyed by it).
    pub const CODES: [&'static str; 13] = [
        "checkmate",
        "stalemate",
        "insufficient-material",
        "threefold-repetition",
        "fivefold-repetition",
        "perpetual-check",
        "fifty-moves",
        "seventy-five-moves",
        "agreement",
        "resignation",
        "time-forfeit",
        "timeout-vs-insufficient-material",
        "fouls",
    ];

    /// The stable kebab-case code (for the JS API; the UI's words are keyed by the reason).
    // Called, never copied: a crate that inlined it would hold the codes' strings once more (docs/crates.md).
    #[inline(never)]
    pub const fn code(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::InsufficientMaterial => "insufficient-material",
            EndReason::ThreefoldRepetition => "threefold-repetition",
            EndReason::FivefoldRepetition => "fivefold-repetition",
            EndReason::PerpetualCheck { .. } => "perpetual-check",
            EndReason::FiftyMoves => "fifty-moves",
            EndReason::SeventyFiveMoves => "seventy-five-moves",
            EndReason::Agreement => "agreement",
            EndReason::Resignation => "resignation",
            EndReason::TimeForfeit => "time-forfeit",
            EndReason::TimeForfeitNoMatingMaterial => "timeout-vs-insufficient-material",
            EndReason::Fouls => "fouls",
        }
    }

    /// Does this reason end the game with a winner (checkmate, resignation, time forfeit,
    /// fouls)? All the others are draws.
    pub const fn is_decisive(self) -> bool {
        matches!(self, EndReason::Checkmate | EndReason::Resignation | EndReason::TimeForfeit | EndReason::Fouls)
    }

    /// Is this an ending the position itself decides (mate, stalemate, material, repetition,
    /// move counting)? The others — agreement, resignation, time, fouls — are declared from
    /// outside the board, with `Game::conclude`.
    pub const fn is_decided_by_position(self) -> bool {
        !matches!(
            self,
            EndReason::Agreement | EndReason::Resignation | EndReason::TimeForfeit | EndReason::TimeForfeitNoMatingMaterial | EndReason::Fouls
        )
    }
}

impl fmt::Display for EndReason {
    /// The code; perpetual check adds the checking side: `perpetual-check by white`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EndReason::PerpetualCheck { checker } => write!(f, "{} by {checker}", self.code()),
            _ => f.write_str(self.code()),
        }
    }
}

/// A draw a player may claim when the `DrawRules` make it claimable rather than automatic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The current position has occurred three times.
    ThreefoldRepetition,
    /// A threefold repetition in which `checker` gave check with every move of the cycle.
    PerpetualCheck {
        /// The side that gave all the checks.
        checker: Color,
    },
    /// The last 100 half-moves had no capture and no pawn move.
    FiftyMoves,
}

impl DrawReason {
    /// The code of the matching `EndReason`.
    // Called, never copied: a crate that inlined it would hold the codes' strings once more (docs/crates.md).
    #[inline(never)]
    pub const fn code(self) -> &'static str {
        EndReason::from_draw(self).code()
    }
}

impl EndReason {
    /// The end reason a claimed draw is recorded with.
    pub const fn from_draw(draw: DrawReason) -> EndReason {
        match draw {
            DrawReason::ThreefoldRepetition => EndReason::ThreefoldRepetition,
            DrawReason::PerpetualCheck { checker } => EndReason::PerpetualCheck { checker },
            DrawReason::FiftyMoves => EndReason::FiftyMoves,
        }
    }
}

impl From<DrawReason> for EndReason {
    fn from(draw: DrawReason) -> EndReason {
        EndReason::from_draw(draw)
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        EndReason::from_draw(*self).fmt(f)
    }
}

/// How a game ended: the winner (none for a draw) and the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side that won, or `None` for a draw.
    pub winner: Option<Color>,
    pub reason: EndReason,
}

impl Outcome {
    /// `winner` won for `reason`.
    pub const fn win(winner: Color, reason: EndReason) -> Outcome {
        Outcome { winner: Some(winner), reason }
    }

    /// A draw for `reason`.
    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome { winner: None, reason }
    }

    /// Is it a draw?
    pub const fn is_draw(&self) -> bool {
        self.winner.is_none()
    }

    /// The side that lost, if any.
    pub fn loser(&self) -> Option<Color> {
        self.winner.map(|w| !w)
    }

    /// Does the winner agree with the reason (a winner exactly for the decisive reasons)?
    /// Outcomes built by the rules core always are; `Game::conclude` refuses those that are not.
    pub const fn is_consistent(&self) -> bool {
        self.winner.is_some() == self.reason.is_decisive()
    }

    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn pgn_result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The reason's stable code.
    // Called, never copied: a crate that inlined it would hold the codes' strings once more (docs/crates.md).
    #[inline(never)]
    pub const fn code(&self) -> &'static str {
        self.reason.code()
    }
}

impl fmt::Display for Outcome {
    /// `1-0 (checkmate)`, `1/2-1/2 (perpetual-check by white)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.pgn_result(), self.reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_stable_and_listed() {
        let codes: Vec<&str> = EndReason::SAMPLES.iter().map(|r| r.code()).collect();
        assert_eq!(codes, EndReason::CODES);
        for code in codes {
            assert!(code.chars().all(|c| c.is_ascii_lowercase() || c == '-'), "{code}");
        }
        assert_eq!(EndReason::TimeForfeitNoMatingMaterial.code(), "timeout-vs-insufficient-material");
        assert_eq!(DrawReason::PerpetualCheck { checker: Color::White }.code(), "perpetual-check");
        assert_eq!(DrawReason::FiftyMoves.to_string(), "fifty-moves");
    }

    #[test]
    fn decisive_reasons_have_winners() {
        let decisive: Vec<&str> = EndReason::SAMPLES.iter().filter(|r| r.is_decisive()).map(|r| r.code()).collect();
        assert_eq!(decisive, ["checkmate", "resignation", "time-forfeit", "fouls"]);
        let declared: Vec<&str> = EndReason::SAMPLES.iter().filter(|r| !r.is_decided_by_position()).map(|r| r.code()).collect();
        assert_eq!(declared, ["agreement", "resignation", "time-forfeit", "timeout-vs-insufficient-material", "fouls"]);
        assert!(Outcome::win(Color::Black, EndReason::Checkmate).is_consistent());
        assert!(!Outcome::draw(EndReason::Checkmate).is_consistent());
        assert!(!Outcome::win(Color::White, EndReason::Stalemate).is_consistent());
        assert!(Outcome::draw(EndReason::Stalemate).is_consistent());
    }

    #[test]
    fn pgn_results_and_display() {
        let mate = Outcome::win(Color::White, EndReason::Checkmate);
        assert_eq!((mate.pgn_result(), mate.loser(), mate.is_draw()), ("1-0", Some(Color::Black), false));
        assert_eq!(Outcome::win(Color::Black, EndReason::Resignation).pgn_result(), "0-1");
        let perpetual = Outcome::draw(DrawReason::PerpetualCheck { checker: Color::White }.into());
        assert_eq!(perpetual.to_string(), "1/2-1/2 (perpetual-check by white)");
        assert_eq!(perpetual.loser(), None);
        assert_eq!(mate.to_string(), "1-0 (checkmate)");
    }
}
