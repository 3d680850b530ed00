//! Move ordering: alpha-beta cuts the most when the best move comes first. The hash move first,
//! then captures and promotions by MVV-LVA (most valuable victim, least valuable attacker),
//! then the two killer moves of the ply (quiet moves that cut before at this depth), then the
//! other quiet moves by their history (how often they cut anywhere).

use crate::score::MAX_PLY;
use crate::tt::PackedMove;
use qitong_rules::{Color, Move, MoveList, Role};

const HASH_MOVE: i32 = 1_000_000;
const GOOD_TACTIC: i32 = 100_000;
const KILLER: [i32; 2] = [90_000, 80_000];
/// Histories stay below the killers' and tactics' ranks.
const HISTORY_MAX: i32 = 50_000;

/// Victim values for MVV-LVA, by `Role::index()` (the king is never captured).
const VICTIM: [i32; 6] = [1, 3, 3, 5, 9, 0];

/// The ordering heuristics learnt during one search.
pub struct Ordering {
    killers: Vec<[Option<Move>; 2]>,
    /// By side, from square, to square.
    history: Vec<i32>,
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering::new()
    }
}

impl Ordering {
    pub fn new() -> Ordering {
        Ordering { killers: vec![[None; 2]; MAX_PLY + 1], history: vec![0; 2 * 64 * 64] }
    }

    /// Forgets all (each search starts afresh, so a search depends only on the table and its
    /// input: determinism).
    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill(0);
    }

    fn history_index(turn: Color, m: &Move) -> usize {
        turn.index() * 4096 + m.from.index() * 64 + m.to.index()
    }

    /// A quiet move `m` caused a cut at `ply` with `depth` left: remember it.
    pub fn record_cut(&mut self, turn: Color, m: &Move, ply: usize, depth: i32) {
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(*m) {
                k[1] = k[0];
                k[0] = Some(*m);
            }
        }
        let i = Ordering::history_index(turn, m);
        if let Some(h) = self.history.get_mut(i) {
            *h += depth * depth;
            if *h > HISTORY_MAX {
                // Halve them all: recent cuts matter more than old ones.
                self.history.iter_mut().for_each(|h| *h /= 2);
            }
        }
    }

    /// The ordering key of each move (higher first), in the same order as `moves`.
    pub fn scores(&self, moves: &MoveList, turn: Color, hash_move: PackedMove, ply: usize, out: &mut [i32]) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        for (m, key) in moves.iter().zip(out.iter_mut()) {
            *key = if hash_move.is(m) {
                HASH_MOVE
            } else if is_tactical(m) {
                GOOD_TACTIC + mvv_lva(m)
            } else if killers[0] == Some(*m) {
                KILLER[0]
            } else if killers[1] == Some(*m) {
                KILLER[1]
            } else {
                self.history.get(Ordering::history_index(turn, m)).copied().unwrap_or(0)
            };
        }
    }
}

/// Captures and promotions: the moves quiescence searches.
#[inline]
pub fn is_tactical(m: &Move) -> bool {
    m.capture.is_some() || m.promotion == Some(Role::Queen)
}

/// Most valuable victim first; among equal victims, the least valuable attacker first. A
/// promotion counts as capturing the piece it becomes.
pub fn mvv_lva(m: &Move) -> i32 {
    let victim = m.capture.map_or(0, |r| VICTIM[r.index()]) + m.promotion.map_or(0, |r| VICTIM[r.index()]);
    victim * 16 - VICTIM[m.role.index()].max(1)
}

/// Swaps the best-keyed remaining move to position `i` and returns it: sorting lazily, since a
/// cut often comes after the first move or two.
pub fn pick(moves: &mut [Move], keys: &mut [i32], i: usize) -> Option<Move> {
    let len = moves.len().min(keys.len());
    if i >= len {
        return None;
    }
    let mut best = i;
    for j in i + 1..len {
        if keys[j] > keys[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    keys.swap(i, best);
    Some(moves[i])
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::{Mode, Position};

    #[test]
    fn hash_move_then_captures_by_victim_then_killers() {
        // White can take a queen with a pawn or a rook, or a pawn with the rook.
        let pos = Position::from_fen("4k3/8/8/3q4/4P3/3p4/8/3RK3 w - - 0 1", Mode::Standard).expect("test FEN");
        let mut moves = pos.legal_moves();
        let mut keys = vec![0; moves.len()];
        let mut ordering = Ordering::new();
        let quiet = moves.iter().copied().find(|m| m.role == Role::Rook && !is_tactical(m)).expect("a quiet move");
        ordering.record_cut(Color::White, &quiet, 0, 3);
        let hash = moves.iter().copied().find(|m| m.role == Role::King).expect("a king move");
        ordering.scores(&moves, Color::White, PackedMove::new(&hash), 0, &mut keys);
        let order: Vec<String> = (0..4).filter_map(|i| pick(&mut moves, &mut keys, i)).map(|m| m.to_uci()).collect();
        assert_eq!(order, [hash.to_uci(), "e4d5".into(), "d1d3".into(), quiet.to_uci()]);
    }
}
