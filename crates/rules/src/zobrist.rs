//! Zobrist hashing of positions for repetition detection. The keys come from a `const fn`
//! SplitMix64 generator evaluated on demand, so no key table is stored in the binary.

use super::{CastlingSide, Color, Position, Role};

/// The `index`-th output of a SplitMix64 generator with a fixed seed.
const fn key(index: u64) -> u64 {
    let mut z = 0x5171_7f0e_c0de_0001u64.wrapping_add((index + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Key of a piece on a square: 12 x 64 keys numbered from 0.
#[inline]
const fn piece_key(color: Color, role: Role, square: usize) -> u64 {
    key(((color.index() * 6 + role.index()) * 64 + square) as u64)
}

const BLACK_TO_MOVE: u64 = key(768);

const fn castling_key(color: Color, side: CastlingSide) -> u64 {
    key(769 + (2 * color.index() + side as usize) as u64)
}

/// Key of an en-passant file, 0..8.
const fn ep_key(file: u8) -> u64 {
    key(773 + file as u64)
}

impl Position {
    /// A 64-bit hash of what makes positions "the same" for threefold repetition: placement,
    /// side to move, castling rights, and the en-passant square only when an en-passant capture
    /// is actually legal (a double step nobody can answer does not change the hash).
    pub fn zobrist(&self) -> u64 {
        let b = self.board();
        let mut hash = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in b.by_role(role) & b.by_color(color) {
                    hash ^= piece_key(color, role, sq.index());
                }
            }
        }
        if self.turn() == Color::Black {
            hash ^= BLACK_TO_MOVE;
        }
        for (color, side) in self.castles().iter() {
            hash ^= castling_key(color, side);
        }
        if let Some(ep) = self.ep_square() {
            hash ^= ep_key(ep.file().index());
        }
        hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Mode, Square, Uci};

    fn play(pos: &Position, uci: &str) -> Position {
        let uci: Uci = uci.parse().expect("test move");
        pos.play(&pos.move_from_uci(&uci).expect("legal")).expect("legal")
    }

    #[test]
    fn keys_are_distinct() {
        let mut keys: Vec<u64> = (0..781).map(key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 781);
    }

    #[test]
    fn transpositions_match_and_phantom_en_passant_is_ignored() {
        let start = Position::new();
        let a = play(&play(&play(&play(&start, "g1f3"), "g8f6"), "f3g1"), "f6g8");
        assert_eq!(a.zobrist(), start.zobrist());
        // 1.e4 leaves an e.p. square nobody can use: same hash as reaching it another way.
        let e4 = play(&start, "e2e4");
        let other = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", Mode::Standard).expect("valid");
        assert_eq!(e4.zobrist(), other.zobrist());
        assert_ne!(e4.zobrist(), start.zobrist());
        // A usable e.p. square does change it.
        let ep = Position::from_fen("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2", Mode::Standard).expect("valid");
        let no_ep = Position::from_fen("4k3/8/8/3Pp3/8/8/8/4K3 w - - 0 2", Mode::Standard).expect("valid");
        assert_eq!(ep.ep_square(), Some(Square::E6));
        assert_ne!(ep.zobrist(), no_ep.zobrist());
    }
}
