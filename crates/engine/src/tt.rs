//! The transposition table: what earlier searches learnt about a position (its best move, a
//! score and whether that score is exact or a bound), keyed by the Zobrist hash. Its size in
//! megabytes is the caller's choice (a browser tab wants a few, a UCI match more).

use crate::score::{MATE, MAX_PLY};
use qitong_rules::Move;
#[cfg(test)]
use qitong_rules::{Role, Square};

/// What a stored score means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true score.
    Exact,
    /// At least this (the search failed high: a cut).
    Lower,
    /// At most this (every move failed low).
    Upper,
}

/// A move packed in 16 bits: from, to and the promotion piece. Matched against the legal moves
/// of the position when read back, so a stale or colliding entry never yields an illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PackedMove(u16);

impl PackedMove {
    pub const NONE: PackedMove = PackedMove(0);

    pub fn new(m: &Move) -> PackedMove {
        let promo = m.promotion.map_or(0, |r| r.index() as u16);
        PackedMove(m.from.index() as u16 | (m.to.index() as u16) << 6 | promo << 12)
    }

    /// Does this packed move name `m`?
    pub fn is(self, m: &Move) -> bool {
        self != PackedMove::NONE && self == PackedMove::new(m)
    }

    /// The from and to squares and the promotion role.
    #[cfg(test)]
    pub fn parts(self) -> (Option<Square>, Option<Square>, Option<Role>) {
        let promo = match self.0 >> 12 {
            0 => None,
            i => Role::ALL.get(i as usize).copied(),
        };
        (Square::from_index((self.0 & 63) as u8), Square::from_index((self.0 >> 6 & 63) as u8), promo)
    }
}

/// One slot: 16 bytes.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: PackedMove,
    score: i16,
    depth: i8,
    /// 0 = empty, 1 = exact, 2 = lower, 3 = upper.
    bound: u8,
    /// The search that wrote it: older entries are replaced first.
    age: u8,
}

/// What a probe found.
#[derive(Debug, Clone, Copy)]
pub struct Hit {
    pub mv: PackedMove,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// The table itself: a power-of-two number of entries.
pub struct Table {
    entries: Vec<Entry>,
    age: u8,
}

/// The default size: small enough for a browser tab on a school tablet.
pub const DEFAULT_MB: usize = 16;

impl Table {
    /// A table of at most `mb` megabytes (at least one entry, at most 1 GB's worth).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.clamp(0, 1024) * 1024 * 1024;
        let wanted = (bytes / core::mem::size_of::<Entry>()).max(1);
        // The largest power of two that fits, so that the index is a mask.
        let count = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table { entries: vec![Entry::default(); count], age: 0 }
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.age = 0;
    }

    /// Marks the start of a new search, so that this search's entries win over older ones.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry for `key`, with a mate score made relative to the probing node at `ply`.
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let e = self.entries.get(self.index(key))?;
        if e.bound == 0 || e.key != key {
            return None;
        }
        let bound = match e.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit { mv: e.mv, score: from_tt(i32::from(e.score), ply), depth: i32::from(e.depth), bound })
    }

    /// Stores a result. A mate score is stored as "mate from this node" so that it reads right
    /// wherever the position is met again.
    pub fn store(&mut self, key: u64, ply: usize, mv: PackedMove, score: i32, depth: i32, bound: Bound) {
        let age = self.age;
        let i = self.index(key);
        let Some(e) = self.entries.get_mut(i) else { return };
        // Keep a deeper result of this search for the same position; replace anything else.
        if e.bound != 0 && e.key == key && e.age == age && i32::from(e.depth) > depth && bound != Bound::Exact {
            return;
        }
        let keep_move = e.key == key && mv == PackedMove::NONE;
        *e = Entry {
            key,
            mv: if keep_move { e.mv } else { mv },
            score: to_tt(score, ply).clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.clamp(-1, 127) as i8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            age,
        };
    }
}

/// Mate scores count plies from the root in the search, from the node in the table.
fn to_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE - MAX_PLY as i32 {
        score + ply
    } else if score <= -MATE + MAX_PLY as i32 {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    let ply = ply as i32;
    if score >= MATE - MAX_PLY as i32 {
        score - ply
    } else if score <= -MATE + MAX_PLY as i32 {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::Position;

    #[test]
    fn sizes_are_powers_of_two_within_the_budget() {
        assert_eq!(Table::new(1).len(), 65_536);
        assert_eq!(Table::new(0).len(), 1);
        assert!(Table::new(16).len() * 16 <= 16 * 1024 * 1024);
    }

    #[test]
    fn stores_and_finds_with_mate_scores_moved_by_ply() {
        let mut t = Table::new(1);
        let m = Position::new().legal_moves()[0];
        t.store(42, 3, PackedMove::new(&m), MATE - 5, 4, Bound::Exact);
        let hit = t.probe(42, 1).expect("stored");
        assert!(hit.mv.is(&m));
        assert_eq!(hit.score, MATE - 3);
        assert_eq!((hit.depth, hit.bound), (4, Bound::Exact));
        assert!(t.probe(43, 1).is_none());
        t.clear();
        assert!(t.probe(42, 1).is_none());
        let (from, to, promo) = PackedMove::new(&m).parts();
        assert_eq!((from, to, promo), (Some(m.from), Some(m.to), None));
    }
}
