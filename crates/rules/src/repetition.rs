//! Finding repetitions in a game's positions, and whether a repetition was a perpetual check
//! (长将和): every move of one side in the repeated cycle gave check.

use super::{Color, Position};

/// How often the last position of a game has occurred.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Repetition {
    /// Occurrences of the last position, itself included (1 = no repetition).
    pub count: usize,
    /// The index (in the game's positions) of its earliest occurrence.
    pub first: usize,
}

/// Are `a` and `b` the same position for the repetition rules: same placement, side to move,
/// castling rights and en-passant *possibility* (a double step nobody can answer en passant
/// leaves no trace)? The move counters do not matter.
pub(crate) fn same_position(a: &Position, b: &Position) -> bool {
    a.board() == b.board() && a.turn() == b.turn() && a.castles() == b.castles() && a.ep_square() == b.ep_square()
}

/// Counts the occurrences of the last of `positions` (whose Zobrist keys are `keys`, one per
/// position). Only the stretch since the last capture or pawn move can repeat it, and only every
/// second position has the same side to move, so that is all it looks at. A key match is
/// confirmed by comparing the positions, so a hash collision cannot fake a repetition.
pub(crate) fn repetition(positions: &[Position], keys: &[u64]) -> Repetition {
    let Some(last) = positions.len().checked_sub(1) else {
        return Repetition { count: 0, first: 0 };
    };
    let (Some(current), Some(&key)) = (positions.get(last), keys.get(last)) else {
        return Repetition { count: 0, first: 0 };
    };
    let reversible = usize::try_from(current.halfmoves()).unwrap_or(usize::MAX);
    let oldest = last.saturating_sub(reversible);
    let mut count = 1;
    let mut first = last;
    let mut index = last;
    while index >= oldest + 2 {
        index -= 2;
        let matches = keys.get(index) == Some(&key) && positions.get(index).is_some_and(|earlier| same_position(earlier, current));
        if matches {
            count += 1;
            first = index;
        }
    }
    Repetition { count, first }
}

/// For a repetition cycle running from `positions[first]` to the last position: the side every
/// one of whose moves in the cycle gave check, if there is one. Should both sides have checked
/// with every move (a cycle of cross-checks), the side that made the last move is named.
pub(crate) fn perpetual_checker(positions: &[Position], first: usize) -> Option<Color> {
    let cycle = positions.get(first..)?;
    if cycle.len() < 2 {
        return None;
    }
    let mut always_checked = [true, true];
    for pair in cycle.windows(2) {
        if let [before, after] = pair {
            if !after.is_check() {
                always_checked[before.turn().index()] = false;
            }
        }
    }
    let last_mover = !cycle.last()?.turn();
    [last_mover, !last_mover].into_iter().find(|side| always_checked[side.index()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Mode, Uci};

    fn line(fen: &str, moves: &[&str]) -> Vec<Position> {
        let mut positions = vec![Position::from_fen(fen, Mode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))];
        for uci in moves {
            let pos = positions[positions.len() - 1];
            let uci: Uci = uci.parse().unwrap_or_else(|e| panic!("{uci}: {e}"));
            let m = pos.move_from_uci(&uci).unwrap_or_else(|e| panic!("{e}"));
            positions.push(pos.play_unchecked(&m));
        }
        positions
    }

    fn keys(positions: &[Position]) -> Vec<u64> {
        positions.iter().map(Position::zobrist).collect()
    }

    #[test]
    fn counts_knight_shuffles() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let once = line(start, &shuffle);
        assert_eq!(repetition(&once, &keys(&once)), Repetition { count: 2, first: 0 });
        let twice: Vec<&str> = shuffle.iter().chain(shuffle.iter()).copied().collect();
        let twice = line(start, &twice);
        assert_eq!(repetition(&twice, &keys(&twice)), Repetition { count: 3, first: 0 });
        let moved = line(start, &shuffle[..3]);
        assert_eq!(repetition(&moved, &keys(&moved)).count, 1);
        assert_eq!(perpetual_checker(&twice, 0), None);
    }

    #[test]
    fn a_forged_key_match_is_not_a_repetition() {
        let positions = line("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &["g1f3", "g8f6"]);
        let forged = vec![7u64; positions.len()];
        assert_eq!(repetition(&positions, &forged).count, 1);
        assert_eq!(repetition(&[], &[]).count, 0);
    }

    #[test]
    fn halfmove_clock_limits_the_search() {
        // The counters differ but the placements repeat: still the same position.
        let positions = line("4k3/8/8/8/8/8/8/4K2R w K - 7 30", &["h1h2", "e8d8", "h2h1", "d8e8"]);
        let rep = repetition(&positions, &keys(&positions));
        // Moving the rook lost the castling right: not the same position as the start.
        assert_eq!(rep.count, 1);
    }

    #[test]
    fn names_the_checking_side() {
        let checks = line("6k1/6p1/8/7Q/8/8/r4PPP/6K1 w - - 0 1", &["h5e8", "g8h7", "e8h5", "h7g8"]);
        assert_eq!(repetition(&checks, &keys(&checks)), Repetition { count: 2, first: 0 });
        assert_eq!(perpetual_checker(&checks, 0), Some(Color::White));
        assert_eq!(perpetual_checker(&checks, 4), None);
        assert_eq!(perpetual_checker(&checks, 9), None);
    }
}
