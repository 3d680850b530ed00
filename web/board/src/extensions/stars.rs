//! Stars to collect (a star drill, and a revealed route's stars still left): a star drawn on
//! each square, and said.

use super::{flag_on, Extension};
use qitong_rules::{Bitboard, Square};

/// Its flag (`render::FLAGS`: class `star`).
pub const STAR: u16 = 1 << 8;

/// The squares with a star.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stars(pub Bitboard);

impl Extension for Stars {
    fn flags(&self, sq: Square) -> u16 {
        flag_on(self.0, sq, STAR)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{testing::drawn, Marks};
    use super::*;

    #[test]
    fn a_star_is_drawn_and_said_on_its_square_only() {
        let marks = Marks { stars: Stars(Square::E4.into()), ..Marks::default() };
        let star = drawn(marks, Square::E4);
        assert!(star.class_list().ends_with(" star") && star.label.ends_with("star"), "{} / {}", star.class_list(), star.label);
        assert_eq!(drawn(marks, Square::E5).flags, 0);
    }
}
