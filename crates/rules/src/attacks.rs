//! Attack sets of every piece: leaper tables built by `const fn`, slider attacks by magic
//! bitboards whose lookup tables are filled once, lazily, at first use (nothing big is shipped in
//! the binary), and the `between` / `ray` line helpers.

use super::magic::{relevant_mask, slide, BISHOP_DIRS, BISHOP_MAGICS, ROOK_DIRS, ROOK_MAGICS};
use super::{Bitboard, Color, Piece, Role, Square};
use std::sync::OnceLock;

const fn leaper_table(steps: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut i = 0;
    while i < 64 {
        let (file, rank) = ((i % 8) as i8, (i / 8) as i8);
        let mut bits = 0u64;
        let mut j = 0;
        while j < steps.len() {
            let (f, r) = (file + steps[j].0, rank + steps[j].1);
            if 0 <= f && f < 8 && 0 <= r && r < 8 {
                bits |= 1 << (r * 8 + f);
            }
            j += 1;
        }
        table[i] = Bitboard(bits);
        i += 1;
    }
    table
}

static KNIGHT_ATTACKS: [Bitboard; 64] = leaper_table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
static KING_ATTACKS: [Bitboard; 64] = leaper_table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);
static PAWN_ATTACKS: [[Bitboard; 64]; 2] = [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])];

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT_ATTACKS[sq.index() & 63]
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING_ATTACKS[sq.index() & 63]
}

/// Squares a pawn of `color` on `sq` attacks (its diagonal capture squares).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color.index() & 1][sq.index() & 63]
}

/// Squares a rook on `sq` attacks, given the occupied squares (blockers are included).
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    tables().rook(sq, occupied)
}

/// Squares a bishop on `sq` attacks, given the occupied squares (blockers are included).
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    tables().bishop(sq, occupied)
}

/// Squares a queen on `sq` attacks, given the occupied squares (blockers are included).
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    let t = tables();
    t.rook(sq, occupied) | t.bishop(sq, occupied)
}

/// Squares `piece` on `sq` attacks (for a pawn: its capture squares, not its pushes).
pub fn attacks(piece: Piece, sq: Square, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => pawn_attacks(piece.color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    tables().between(a, b)
}

/// The whole line (edge to edge) through `a` and `b` when they share a rank, file or diagonal,
/// else empty. Used for pins: a pinned piece may only move along the line through its king.
#[inline]
pub fn ray(a: Square, b: Square) -> Bitboard {
    tables().ray(a, b)
}

/// Are `a`, `b` and `c` on one rank, file or diagonal?
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    ray(a, b).contains(c)
}

/// Where one square's slice of the shared slider table starts, and how to index it.
#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    factor: u64,
    offset: u32,
    shift: u32,
}

impl Magic {
    #[inline(always)]
    fn index(&self, occupied: Bitboard) -> usize {
        self.offset as usize + ((occupied.0 & self.mask).wrapping_mul(self.factor) >> self.shift) as usize
    }
}

/// The lookup tables filled at start-up (about 900 KB of memory, none of it in the binary).
pub(crate) struct Tables {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    sliders: Box<[Bitboard]>,
    between: Box<[[Bitboard; 64]; 64]>,
    rays: Box<[[Bitboard; 64]; 64]>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The slider and line tables, filled on first use. Hot loops fetch this once and keep the
/// reference, so the "already filled?" check is not paid per lookup.
#[inline]
pub(crate) fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::new)
}

/// Fills the lookup tables now rather than on the first move generation (optional; for callers
/// who want the few milliseconds spent at a moment of their choosing).
pub fn init() {
    tables();
}

impl Tables {
    fn new() -> Tables {
        let mut sliders = Vec::with_capacity(107_648);
        let rook = fill_magics(&ROOK_DIRS, &ROOK_MAGICS, &mut sliders);
        let bishop = fill_magics(&BISHOP_DIRS, &BISHOP_MAGICS, &mut sliders);
        let mut between = Box::new([[Bitboard::EMPTY; 64]; 64]);
        let mut rays = Box::new([[Bitboard::EMPTY; 64]; 64]);
        for a in Square::all() {
            for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
                let from_a = slide(a, 0, dirs);
                for b in Bitboard(from_a) {
                    let b_bit = 1u64 << b.index();
                    between[a.index()][b.index()] = Bitboard(slide(a, b_bit, dirs) & slide(b, 1 << a.index(), dirs));
                    rays[a.index()][b.index()] = Bitboard((from_a & slide(b, 0, dirs)) | b_bit | 1 << a.index());
                }
            }
        }
        Tables { rook, bishop, sliders: sliders.into_boxed_slice(), between, rays }
    }

    #[inline(always)]
    pub(crate) fn rook(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.sliders[self.rook[sq.index() & 63].index(occupied)]
    }

    #[inline(always)]
    pub(crate) fn bishop(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        self.sliders[self.bishop[sq.index() & 63].index(occupied)]
    }

    #[inline(always)]
    pub(crate) fn between(&self, a: Square, b: Square) -> Bitboard {
        self.between[a.index() & 63][b.index() & 63]
    }

    #[inline(always)]
    pub(crate) fn ray(&self, a: Square, b: Square) -> Bitboard {
        self.rays[a.index() & 63][b.index() & 63]
    }
}

/// Appends every square's attack slice to `table` and returns the per-square index parameters.
fn fill_magics(dirs: &[(i8, i8); 4], magics: &[u64; 64], table: &mut Vec<Bitboard>) -> [Magic; 64] {
    let ray_table: [[u64; 64]; 4] = dirs.map(|dir| core::array::from_fn(|i| slide(Square::new_unchecked(i as u8), 0, &[dir; 4])));
    let mut out = [Magic::default(); 64];
    for sq in Square::all() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let magic = Magic { mask, factor: magics[sq.index()], offset: table.len() as u32, shift: 64 - bits };
        table.resize(table.len() + (1 << bits), Bitboard::EMPTY);
        let mut subset: u64 = 0;
        loop {
            // Each empty-board ray, cut off behind its nearest blocker.
            let mut attacks = Bitboard::EMPTY;
            for (dir, rays) in dirs.iter().zip(&ray_table) {
                let ray = rays[sq.index()];
                let blockers = Bitboard(ray & subset);
                // Rays towards higher square indices meet their nearest blocker at the lowest bit.
                let upward = dir.1 > 0 || (dir.1 == 0 && dir.0 > 0);
                let nearest = if upward { blockers.first() } else { blockers.last() };
                attacks.0 |= match nearest {
                    Some(blocker) => ray & !rays[blocker.index()],
                    None => ray,
                };
            }
            let slot = &mut table[magic.index(Bitboard(subset))];
            // The magics are verified by a test; a collision here would be a wrong constant.
            debug_assert!(slot.0 == 0 || *slot == attacks, "magic collision on {sq}");
            *slot = attacks;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        out[sq.index()] = magic;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bb(squares: &[Square]) -> Bitboard {
        squares.iter().copied().collect()
    }

    #[test]
    fn leapers() {
        assert_eq!(knight_attacks(Square::A1), bb(&[Square::B3, Square::C2]));
        assert_eq!(knight_attacks(Square::E4).count(), 8);
        assert_eq!(king_attacks(Square::H8), bb(&[Square::G8, Square::G7, Square::H7]));
        assert_eq!(pawn_attacks(Color::White, Square::E4), bb(&[Square::D5, Square::F5]));
        assert_eq!(pawn_attacks(Color::Black, Square::A7), bb(&[Square::B6]));
        assert_eq!(pawn_attacks(Color::White, Square::H8), Bitboard::EMPTY);
    }

    #[test]
    fn sliders_match_the_reference_walk() {
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..2000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occ = Bitboard(state & state.rotate_left(17));
            for sq in Square::all() {
                assert_eq!(rook_attacks(sq, occ).0, slide(sq, occ.0, &ROOK_DIRS));
                assert_eq!(bishop_attacks(sq, occ).0, slide(sq, occ.0, &BISHOP_DIRS));
            }
        }
        assert_eq!(rook_attacks(Square::A1, Bitboard::EMPTY).count(), 14);
        assert_eq!(queen_attacks(Square::D4, Bitboard::EMPTY).count(), 27);
    }

    #[test]
    fn lines() {
        assert_eq!(between(Square::A1, Square::D4), bb(&[Square::B2, Square::C3]));
        assert_eq!(between(Square::E1, Square::E2), Bitboard::EMPTY);
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(between(Square::H1, Square::E1), bb(&[Square::F1, Square::G1]));
        assert_eq!(ray(Square::B2, Square::C3), between(Square::A1, Square::H8) | bb(&[Square::A1, Square::H8]));
        assert_eq!(ray(Square::E4, Square::E6), Bitboard::from_file(Square::E1.file()));
        assert_eq!(ray(Square::A1, Square::B3), Bitboard::EMPTY);
        assert!(aligned(Square::A1, Square::C3, Square::H8));
        assert!(!aligned(Square::A1, Square::C3, Square::H7));
    }
}
