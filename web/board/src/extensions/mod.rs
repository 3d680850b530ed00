//! What a page adds to a board it steers, a file per mark (cm-chessboard's `extensions/`): stars
//! to collect (`stars`), squares found (`found`), squares painted and the area outside a drill
//! (`paint`), squares lit (`lit`) and squares a feedback warns about (`warn`). The board's state
//! knows none of them: a steered board carries their state in its `Steer`'s `marks`, and the
//! render asks each for its flags in its one pass over the squares (`render::square_views`).
//! The set-up tray stays the lesson player's own control beside the board: it is no mark on a
//! square, and a piece from it lands by the board's `square_under`.

pub mod found;
pub mod lit;
pub mod paint;
pub mod stars;
pub mod warn;

use qitong_rules::{Bitboard, Square};

/// A mark a page adds to the squares of a board it steers.
pub trait Extension {
    /// Its flags on `sq` (`render::FLAGS`: the class drawn and the word said).
    fn flags(&self, sq: Square) -> u16;
}

/// The extensions' state on a steered board, one field per extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Marks {
    pub stars: stars::Stars,
    pub found: found::Found,
    pub paint: paint::Paint,
    pub lit: lit::Lit,
    pub warn: warn::Warn,
}

impl Extension for Marks {
    fn flags(&self, sq: Square) -> u16 {
        self.stars.flags(sq) | self.found.flags(sq) | self.paint.flags(sq) | self.lit.flags(sq) | self.warn.flags(sq)
    }
}

/// `flag` where `squares` holds `sq`, else none.
fn flag_on(squares: Bitboard, sq: Square, flag: u16) -> u16 {
    if squares.contains(sq) {
        flag
    } else {
        0
    }
}

#[cfg(test)]
mod testing {
    use super::Marks;
    use qitong_rules::Square;

    /// The square `sq` as a steered board with `marks` draws it, in English (the extensions'
    /// tests). A test module, so that the render's use of the extensions stays one way.
    pub(super) fn drawn(marks: Marks, sq: Square) -> crate::render::SquareView {
        let config = crate::config::Config { lang: qitong_words::Lang::En, ..crate::config::Config::default() };
        let mut state = crate::state::BoardState::new(config);
        let mut steer = crate::steer::Steer::showing(qitong_rules::Board::empty(), qitong_rules::Color::White);
        steer.marks = marks;
        state.steer(Some(steer));
        crate::render::square_views(&state).into_iter().find(|v| v.square == sq).expect("every square is drawn")
    }
}
