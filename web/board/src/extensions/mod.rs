//! What a page adds to a board it steers, a file per extension (cm-chessboard's `extensions/`).
//!
//! Marks on the squares: stars to collect (`stars`), squares found (`found`), squares painted
//! and the area outside a drill (`paint`), squares lit (`lit`) and squares a feedback warns about
//! (`warn`). The board's state knows none of them: a steered board carries their state in its
//! `Steer`'s `marks`, and the render asks each for its flags in its one pass over the squares
//! (`render::square_views`).
//!
//! Parts around the board: the set-up tray (`tray`) and a class-play step's clock faces
//! (`clock`), drawn under the board by [`around`] from the `Steer`'s `tray` and `clock`. Only a
//! board built with them draws them (`widget::Extensions::around`, the lesson player's), so
//! `<chess-board>`'s module does not link them.

pub mod clock;
pub mod found;
pub mod lit;
pub mod paint;
pub mod stars;
pub mod tray;
pub mod warn;

use crate::steer::Steer;
use qitong_rules::{Bitboard, Piece, Square};
use qitong_view::node::Node;
use qitong_view::texts::texts;
use qitong_words::Lang;

texts! {
    /// The words of the parts around a steered board (`tray`, `clock`), templates filled by
    /// `qitong_words::fill`: their own table, linked only with them.
    pub enum AroundText {
        Tray = "tray" => ("棋子盒：选一个棋子，再点棋盘上的格子", "Piece box: pick a piece, then a square"),
        TrayPiece = "tray-piece" => ("{piece}，还有 {n} 个", "{piece}, {n} left"),
        Clock = "clock" => ("棋钟", "Chess clock"),
    }
}

/// The styles of the parts around a steered board, added to the board's own.
pub const AROUND_CSS: &str = qitong_view::css::minified_css!(include_str!("around.css"));

/// What a steered board draws under itself: the clock's faces, then the tray (with the piece
/// in the board's hand pressed).
pub fn around(steer: &Steer, in_hand: Option<Piece>, lang: Lang) -> Vec<Node> {
    let clock = steer.clock.as_ref().map(|c| clock::clock_view(c, lang));
    let tray = steer.tray.as_ref().map(|t| tray::tray_view(t, in_hand, lang));
    clock.into_iter().chain(tray).collect()
}

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
