//! Squares a page's feedback points at (a wrong tap, the piece a wrong move loses): drawn and
//! said as the board's own refusal marks.

use super::{flag_on, Extension};
use crate::render::MARK;
use qitong_rules::{Bitboard, Square};

/// The squares warned about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Warn(pub Bitboard);

impl Extension for Warn {
    fn flags(&self, sq: Square) -> u16 {
        flag_on(self.0, sq, MARK)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{testing::drawn, Marks};
    use super::*;

    #[test]
    fn a_square_warned_about_looks_like_a_refusal_mark() {
        let marks = Marks { warn: Warn(Square::D4.into()), ..Marks::default() };
        let warned = drawn(marks, Square::D4);
        assert!(warned.class_list().ends_with(" mark") && warned.label.ends_with("look here"), "{}", warned.label);
    }
}
