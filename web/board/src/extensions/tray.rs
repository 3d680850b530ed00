//! The set-up tray under a board being set up (the rhyme's lesson): the pieces still to place,
//! each with how many are left. A piece taken from it is in the board's hand
//! (`BoardState::in_hand`, chessground's drop mode) until a square is pressed; or it is dragged
//! from the tray onto a square (`widget::tray`). Either way the page hears `Steered::Drop`.

use super::AroundText;
use crate::pieces::piece_svg;
use crate::words::piece_name;
use qitong_rules::Piece;
use qitong_view::node::{div, el, Node};
use qitong_words::Lang;

/// The tray's pieces, and whether it may be used.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tray {
    /// Each piece and how many of it are left, in the tray's order.
    pub pieces: Vec<(Piece, usize)>,
    /// Pieces may be taken (the set-up is not done).
    pub open: bool,
}

impl Tray {
    /// How many of `piece` are left.
    pub fn left(&self, piece: Piece) -> usize {
        self.pieces.iter().find(|(p, _)| *p == piece).map_or(0, |&(_, left)| left)
    }

    /// `piece` may be taken now.
    pub fn offers(&self, piece: Piece) -> bool {
        self.open && self.left(piece) > 0
    }
}

/// The tray as drawn: a labelled group with a caption and a button per piece (`data-tray`, its
/// FEN letter), pressed while that piece is in hand, disabled when none is left.
pub fn tray_view(tray: &Tray, in_hand: Option<Piece>, lang: Lang) -> Node {
    let caption = AroundText::Tray.text(lang);
    let mut group = div("tray").attr("role", "group").attr("aria-label", caption).child(el("p").text(caption));
    for &(piece, left) in &tray.pieces {
        let label = qitong_words::fill(AroundText::TrayPiece.text(lang), &[("piece", &piece_name(piece, lang)), ("n", &left.to_string())]);
        let mut button = el("button")
            .attr("type", "button")
            .class("tray-piece")
            .attr("data-tray", piece.char().to_string())
            .attr("aria-label", label)
            .attr("aria-pressed", if in_hand == Some(piece) { "true" } else { "false" });
        if !tray.offers(piece) {
            button = button.attr("disabled", "");
        }
        let mut picture = el("span").class("tray-image");
        picture.svg = Some(piece_svg(piece));
        let count = el("span").class("tray-left").attr("aria-hidden", "true").text(left.to_string());
        group = group.child(button.child(picture).child(count));
    }
    group
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::{Color, Role};

    fn tray() -> Tray {
        Tray { pieces: vec![(Role::King.of(Color::White), 1), (Role::Pawn.of(Color::White), 0)], open: true }
    }

    #[test]
    fn each_piece_says_how_many_are_left_and_an_empty_one_is_disabled() {
        let view = tray_view(&tray(), Some(Role::King.of(Color::White)), Lang::En);
        assert_eq!(view.get("aria-label"), Some("Piece box: pick a piece, then a square"));
        let king = view.find("data-tray", "K").expect("the king's button");
        assert_eq!((king.get("aria-label"), king.get("aria-pressed"), king.get("disabled")), (Some("white king, 1 left"), Some("true"), None));
        let pawn = view.find("data-tray", "P").expect("the pawn's button");
        assert_eq!((pawn.get("aria-pressed"), pawn.get("disabled")), (Some("false"), Some("")));
        assert_eq!(tray_view(&tray(), None, Lang::Zh).find("data-tray", "K").and_then(|k| k.get("aria-label")), Some("白王，还有 1 个"));
    }

    #[test]
    fn a_closed_tray_offers_nothing() {
        let closed = Tray { open: false, ..tray() };
        assert!(tray().offers(Role::King.of(Color::White)) && !tray().offers(Role::Pawn.of(Color::White)));
        assert!(!closed.offers(Role::King.of(Color::White)));
        assert!(tray_view(&closed, None, Lang::En).walk().iter().filter(|n| n.tag == "button").all(|b| b.get("disabled").is_some()));
    }
}
