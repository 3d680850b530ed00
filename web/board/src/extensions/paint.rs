//! A paint drill's squares: the ones painted so far, and those outside the area the piece may
//! use (hatched), each drawn and said.

use super::{flag_on, Extension};
use qitong_rules::{Bitboard, Square};

/// Its flags (`render::FLAGS`: classes `painted` and `off-area`).
pub const PAINTED: u16 = 1 << 11;
pub const OUTSIDE: u16 = 1 << 12;

/// The squares painted and those outside the drill's area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Paint {
    pub painted: Bitboard,
    pub outside: Bitboard,
}

impl Extension for Paint {
    fn flags(&self, sq: Square) -> u16 {
        flag_on(self.painted, sq, PAINTED) | flag_on(self.outside, sq, OUTSIDE)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{testing::drawn, Marks};
    use super::*;

    #[test]
    fn painted_squares_and_the_area_outside_are_drawn_and_said() {
        let paint = Paint { painted: Square::A1.into(), outside: Square::D4.into() };
        let marks = Marks { paint, ..Marks::default() };
        let painted = drawn(marks, Square::A1);
        assert!(painted.class_list().ends_with(" painted") && painted.label.ends_with("painted"), "{}", painted.label);
        let outside = drawn(marks, Square::D4);
        assert!(outside.class_list().ends_with(" off-area") && outside.label.ends_with("outside the area"), "{}", outside.label);
        assert_eq!(drawn(marks, Square::B2).flags, 0);
    }
}
