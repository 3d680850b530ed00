//! Squares found (squares to tap, every square a piece reaches): each one found is marked, and
//! said, as the child finds it.

use super::{flag_on, Extension};
use qitong_rules::{Bitboard, Square};

/// Its flag (`render::FLAGS`: class `found`).
pub const FOUND: u16 = 1 << 9;

/// The squares found so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Found(pub Bitboard);

impl Extension for Found {
    fn flags(&self, sq: Square) -> u16 {
        flag_on(self.0, sq, FOUND)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{testing::drawn, Marks};
    use super::*;

    #[test]
    fn a_square_found_is_marked_and_said() {
        let marks = Marks { found: Found(Square::D4.into()), ..Marks::default() };
        let found = drawn(marks, Square::D4);
        assert!(found.class_list().ends_with(" found") && found.label.ends_with("found"), "{} / {}", found.class_list(), found.label);
        assert_eq!(drawn(marks, Square::D5).flags, 0);
    }
}
