//! The exact distance to mate of king and two rooks against a bare king, by retrograde analysis
//! like the one-piece mates (`distance.rs`): every position of the four pieces, solved backwards
//! from the mates. The bare king may take an unprotected rook; the position after that is read
//! from the king-and-rook table. The two rooks are one pair (the lower square first), so the table
//! holds 64 × 2016 × 64 positions a side. Native only, like the proofs.

use super::distance::{self, coords, king_steps, NONE};
use std::sync::OnceLock;

/// The pairs of distinct squares, lower first.
const PAIRS: usize = 64 * 63 / 2;
/// Positions per side to move: white king, the rooks' pair, black king.
const SIZE: usize = 64 * PAIRS * 64;
/// `Geometry::between` of two squares on no common line or column.
const UNALIGNED: u64 = u64::MAX;

/// The pair's number of two distinct squares, in either order.
fn pair(a: usize, b: usize) -> usize {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    hi * (hi - 1) / 2 + lo
}

fn index(wk: usize, a: usize, b: usize, bk: usize) -> usize {
    (wk * PAIRS + pair(a, b)) * 64 + bk
}

fn bit(sq: usize) -> u64 {
    1 << sq
}

/// The squares of a bitboard, lowest first.
fn squares(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let sq = set.trailing_zeros() as usize;
            set &= set - 1;
            sq
        })
    })
}

/// The board's lines, worked out once: the table visits millions of positions, and the
/// validator runs unoptimised (`cargo xtask lessons`), so every test is a lookup.
struct Geometry {
    /// The squares one king step away.
    king: [u64; 64],
    /// The squares strictly between two squares on a line or column, or `UNALIGNED`.
    between: Vec<[u64; 64]>,
    /// A rook's rays, each from its square outwards.
    rays: Vec<[Vec<usize>; 4]>,
    /// Each pair number's squares.
    pairs: Vec<(usize, usize)>,
}

impl Geometry {
    fn new() -> Self {
        let king = std::array::from_fn(|sq| king_steps(sq).fold(0, |set, to| set | bit(to)));
        let ray = |sq: usize, (df, dr): (i32, i32)| {
            let (f, r) = coords(sq);
            (1..8)
                .map(move |n| (f + n * df, r + n * dr))
                .take_while(|(f, r)| (0..8).contains(f) && (0..8).contains(r))
                .map(|(f, r)| (r * 8 + f) as usize)
        };
        const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let rays: Vec<[Vec<usize>; 4]> = (0..64).map(|sq| DIRS.map(|d| ray(sq, d).collect())).collect();
        let between = (0..64)
            .map(|from| {
                let mut row = [UNALIGNED; 64];
                for line in &rays[from] {
                    let mut passed = 0;
                    for &to in line {
                        row[to] = passed;
                        passed |= bit(to);
                    }
                }
                row
            })
            .collect();
        let pairs = (1..64).flat_map(|hi| (0..hi).map(move |lo| (lo, hi))).collect();
        Geometry { king, between, rays, pairs }
    }

    /// Does the rook on `from` attack `target` past the pieces of `occupied` (never the black
    /// king: it cannot hide behind itself)? `occupied` is never empty (the white king).
    fn rook_attacks(&self, from: usize, target: usize, occupied: u64) -> bool {
        self.between[from][target] & occupied == 0
    }

    /// Is the black king on `bk` in check from either rook?
    fn in_check(&self, wk: usize, a: usize, b: usize, bk: usize) -> bool {
        self.rook_attacks(a, bk, bit(wk) | bit(b)) || self.rook_attacks(b, bk, bit(wk) | bit(a))
    }

    /// The squares a rook on `from` slides to, stopping before `occupied`.
    fn slides(&self, from: usize, occupied: u64) -> impl Iterator<Item = usize> + '_ {
        self.rays[from].iter().flat_map(move |line| line.iter().copied().take_while(move |&sq| occupied & bit(sq) == 0))
    }

    /// What the black king's moves lead to, the white king and the rooks on `wk`, `a`, `b`.
    fn replies(&self, rook: &[u8], wk: usize, a: usize, b: usize, bk: usize) -> Replies {
        let (mut quiet, mut captures) = (0u8, None::<u8>);
        for to in squares(self.king[bk] & !self.king[wk]) {
            if to == a || to == b {
                let other = if to == a { b } else { a };
                // Protected by the other rook (the white king's guard is excluded above).
                if self.rook_attacks(other, to, bit(wk)) {
                    continue;
                }
                let plies = rook[distance::index(wk, other, to)];
                if plies == NONE {
                    return Replies::Draws;
                }
                captures = Some(captures.map_or(plies, |c| c.max(plies)));
            } else if !self.in_check(wk, a, b, to) {
                quiet += 1;
            }
        }
        Replies::Moves { quiet, captures }
    }
}

/// What the black king's moves lead to.
enum Replies {
    /// It takes a rook into a drawn king-and-rook ending.
    Draws,
    /// Its moves to empty squares, and the most plies to mate after any capture it has.
    Moves { quiet: u8, captures: Option<u8> },
}

/// Plies to mate from every position, White (the side with the rooks) to move.
fn solve() -> Vec<u8> {
    let geo = Geometry::new();
    let rook = distance::table(false);
    let mut white = vec![NONE; SIZE];
    // Black positions: the quiet replies still to be refuted (NONE: never lost, or solved), and
    // the plies its captures lead to (a lost position is as long as its longest line).
    let mut left = vec![NONE; SIZE];
    let mut capture_plies = vec![0u8; SIZE];
    // Positions by their plies to mate: even for Black to move, odd for White.
    let mut by_plies: Vec<Vec<u32>> = Vec::new();
    let put = |by_plies: &mut Vec<Vec<u32>>, plies: u8, i: usize| {
        let plies = usize::from(plies);
        if by_plies.len() <= plies {
            by_plies.resize(plies + 1, Vec::new());
        }
        by_plies[plies].push(i as u32);
    };
    for wk in 0..64 {
        for &(a, b) in &geo.pairs {
            if wk == a || wk == b {
                continue;
            }
            for bk in squares(!(geo.king[wk] | bit(wk) | bit(a) | bit(b))) {
                let i = index(wk, a, b, bk);
                match geo.replies(rook, wk, a, b, bk) {
                    Replies::Draws => {}
                    // Mated; a stalemate stays a draw.
                    Replies::Moves { quiet: 0, captures: None } => {
                        if geo.in_check(wk, a, b, bk) {
                            put(&mut by_plies, 0, i);
                        }
                    }
                    // Every move takes a rook into a lost ending.
                    Replies::Moves { quiet: 0, captures: Some(plies) } => put(&mut by_plies, plies + 1, i),
                    Replies::Moves { quiet, captures } => {
                        left[i] = quiet;
                        capture_plies[i] = captures.unwrap_or(0);
                    }
                }
            }
        }
    }
    let mut plies = 0;
    while plies < by_plies.len() {
        let level = std::mem::take(&mut by_plies[plies]);
        for i in level {
            let i = i as usize;
            let (bk, (a, b), wk) = (i % 64, geo.pairs[i / 64 % PAIRS], i / 64 / PAIRS);
            if plies % 2 == 1 {
                // Black's king moves into this position, from a square next to `bk`.
                for from in squares(geo.king[bk] & !geo.king[wk] & !(bit(a) | bit(b))) {
                    let j = index(wk, a, b, from);
                    if left[j] == NONE || left[j] == 0 {
                        continue;
                    }
                    left[j] -= 1;
                    if left[j] == 0 {
                        let lost = (plies as u8).max(capture_plies[j]) + 1;
                        put(&mut by_plies, lost, j);
                    }
                }
            } else {
                // White's moves into this position: its king or a rook came back from a square
                // it reaches from here; Black was not in check before.
                let mut earlier = |k: usize, x: usize, y: usize| {
                    if !geo.in_check(k, x, y, bk) {
                        let j = index(k, x, y, bk);
                        if white[j] == NONE {
                            white[j] = plies as u8 + 1;
                            put(&mut by_plies, plies as u8 + 1, j);
                        }
                    }
                };
                for from in squares(geo.king[wk] & !geo.king[bk] & !(bit(a) | bit(b))) {
                    earlier(from, a, b);
                }
                let occupied = bit(wk) | bit(a) | bit(b) | bit(bk);
                for from in geo.slides(a, occupied) {
                    earlier(wk, from, b);
                }
                for from in geo.slides(b, occupied) {
                    earlier(wk, a, from);
                }
            }
        }
        plies += 1;
    }
    white
}

fn table() -> &'static [u8] {
    static TWO_ROOKS: OnceLock<Vec<u8>> = OnceLock::new();
    TWO_ROOKS.get_or_init(solve)
}

/// Plies to mate with perfect play on both sides, the white king, the rooks and the black king on
/// these squares (0-63, a1 = 0) and White to move; `None` when not won (or not legal).
pub(super) fn plies(wk: usize, a: usize, b: usize, bk: usize) -> Option<u32> {
    if [wk, a, b].contains(&bk) || wk == a || wk == b || a == b || [wk, a, b, bk].iter().any(|&s| s >= 64) {
        return None;
    }
    let plies = table()[index(wk, a, b, bk)];
    (plies != NONE).then_some(u32::from(plies))
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::{Mode, Position};

    fn moves(fen: &str) -> Option<u32> {
        let pos = Position::from_fen(fen, Mode::Standard).expect("fen");
        distance::perfect_mate(&pos, pos.turn())
    }

    #[test]
    fn the_longest_mate_is_seven_moves() {
        // The endgame tables' maximum: king and two rooks mate in at most 7 moves (13 plies).
        let most = table().iter().filter(|&&p| p != NONE).max().copied();
        assert_eq!(most, Some(13));
        // Two of the longest, from the corner; Stockfish 15.1 at depth 36 says mate in 7 too.
        assert_eq!(moves("8/8/8/8/3k4/8/8/KRR5 w - - 0 1"), Some(7));
        assert_eq!(moves("8/8/8/4k3/8/8/8/KRR5 w - - 0 1"), Some(7));
    }

    #[test]
    fn the_distances_agree_with_an_engine() {
        // Positions checked with Stockfish 15.1 (depth 30), which gives the same count.
        assert_eq!(moves("8/8/5k2/8/8/8/RR6/K7 w - - 0 1"), Some(5));
        assert_eq!(moves("8/3R4/8/5k2/8/1R2K3/8/8 w - - 0 1"), Some(4));
        // mates/two-rooks steps 5 and 7.
        assert_eq!(moves("8/4k3/R7/8/8/8/8/1R4K1 w - - 0 1"), Some(2));
        assert_eq!(moves("8/8/8/8/3k4/8/2R5/1R4K1 w - - 0 1"), Some(6));
        // Step 6: Stockfish's first count is 7, but its own counts after 1.Ra5+ (each reply mated
        // in 5 at most: 1…Kd4 2.Rg4+ Kd3 3.Ra3+ Kc2 4.Rg2+ Kb1 5.Kg1 Kc1 6.Ra1#) give the table's 6.
        assert_eq!(moves("8/8/8/4k3/8/8/8/R5RK w - - 0 1"), Some(6));
        // Black with the rooks: the same, turned over.
        assert_eq!(moves("r5rk/8/8/8/4K3/8/8/8 b - - 0 1"), Some(6));
        // The bare king to move, or a rook and a knight: not this table.
        assert_eq!(moves("8/8/8/4k3/8/8/8/R5RK b - - 0 1"), None);
        assert_eq!(moves("8/8/8/4k3/8/8/8/R5NK w - - 0 1"), None);
    }

    #[test]
    fn the_edge_an_unprotected_rook_and_illegal_squares() {
        // Mate in one on the edge.
        assert_eq!(plies(sq("g1"), sq("a7"), sq("h1"), sq("d8")), Some(1));
        // The king next to an unprotected rook, White to move: still won (the rook steps away).
        assert!(plies(sq("a1"), sq("e5"), sq("h8"), sq("d6")).is_some());
        // Illegal: two pieces on one square.
        assert_eq!(plies(sq("a1"), sq("a1"), sq("h8"), sq("e6")), None);
    }

    fn sq(name: &str) -> usize {
        let b = name.as_bytes();
        usize::from(b[1] - b'1') * 8 + usize::from(b[0] - b'a')
    }
}
