//! Squares a page lights: a step's scene, a feedback's squares, the move just played, the
//! pieces touched in class play.

use super::{flag_on, Extension};
use qitong_rules::{Bitboard, Square};

/// Its flag (`render::FLAGS`: class `lit`).
pub const LIT: u16 = 1 << 10;

/// The squares lit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lit(pub Bitboard);

impl Extension for Lit {
    fn flags(&self, sq: Square) -> u16 {
        flag_on(self.0, sq, LIT)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{testing::drawn, Marks};
    use super::*;

    #[test]
    fn a_lit_square_is_drawn_and_said() {
        let marks = Marks { lit: Lit(Square::C3.into()), ..Marks::default() };
        let lit = drawn(marks, Square::C3);
        assert!(lit.class_list().ends_with(" lit") && lit.label.ends_with("highlighted"), "{}", lit.label);
    }
}
