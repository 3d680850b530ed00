//! The static board (`mountBoard`) as `qitong_view::node` trees: 64 squares in screen order, each with its
//! shade, name and piece; and the squares' display order, which `<chess-board>` shares.

use crate::pieces::piece_svg;
use qitong_rules::{Board, Color, File, Rank, Square};
use qitong_view::node::{div, Node};

/// The squares in the order they are drawn, left to right and top to bottom, for a board seen
/// from `bottom`'s side: a8 … h1 for White, h1 … a8 for Black.
pub fn display_order(bottom: Color) -> impl Iterator<Item = Square> {
    (0..64usize).map(move |i| {
        let (row, column) = (i / 8, i % 8);
        let (file, rank) = match bottom {
            Color::White => (column, 7 - row),
            Color::Black => (7 - column, row),
        };
        Square::from_coords(File::ALL[file], Rank::ALL[rank])
    })
}

/// The children of a board element showing `board` from `bottom`'s side, as `qitong_view::node` trees.
///
/// Each square is `<div class="qt-square qt-light|qt-dark" data-square="e4">`, holding
/// `<div class="qt-piece" data-piece="K">` with the piece's drawing when a piece stands there.
pub fn board_markup(board: &Board, bottom: Color) -> Vec<Node> {
    display_order(bottom)
        .map(|sq| {
            let shade = if sq.is_light() { "qt-light" } else { "qt-dark" };
            let square = div("qt-square").class(shade).attr("data-square", sq.to_string());
            match board.piece_at(sq) {
                Some(piece) => square.child(Node { svg: Some(piece_svg(piece)), ..div("qt-piece").attr("data-piece", piece.char().to_string()) }),
                None => square,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn white_sees_a8_top_left_and_h1_bottom_right() {
        let order: Vec<Square> = display_order(Color::White).collect();
        assert_eq!(order.len(), 64);
        assert_eq!(order[0], Square::A8);
        assert_eq!(order[7], Square::H8);
        assert_eq!(order[56], Square::A1);
        assert_eq!(order[63], Square::H1);
    }

    #[test]
    fn black_sees_the_board_turned_around() {
        let order: Vec<Square> = display_order(Color::Black).collect();
        assert_eq!(order[0], Square::H1);
        assert_eq!(order[56], Square::H8);
        assert_eq!(order[63], Square::A8);
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(sorted, Square::all().collect::<Vec<_>>());
    }

    /// The nodes as markup, for the checks below (the DOM gets them through `dom::tree`).
    fn html(nodes: &[Node]) -> String {
        nodes
            .iter()
            .map(|n| {
                let attrs: String = n.attrs.iter().map(|(k, v)| format!(" {k}=\"{v}\"")).collect();
                format!("<{}{attrs}>{}{}</{}>", n.tag, n.svg.unwrap_or(""), html(&n.children), n.tag)
            })
            .collect()
    }

    #[test]
    fn start_position_has_64_shaded_squares_and_32_pieces() {
        let html = html(&board_markup(&Board::start(), Color::White));
        assert_eq!(html.matches(r#"<div class="qt-square "#).count(), 64);
        assert_eq!(html.matches("qt-light").count(), 32);
        assert_eq!(html.matches("qt-dark").count(), 32);
        assert_eq!(html.matches(r#"class="qt-piece""#).count(), 32);
        assert_eq!(html.matches("<svg").count(), 32);
        // The right-hand corner nearest each player is light; a1 is dark.
        assert!(html.contains(r#"qt-square qt-light" data-square="h1""#));
        assert!(html.contains(r#"qt-square qt-dark" data-square="a1""#));
        assert!(html.contains(r#"data-square="e1"><div class="qt-piece" data-piece="K">"#));
        assert!(html.contains(r#"data-square="d8"><div class="qt-piece" data-piece="q">"#));
    }

    #[test]
    fn empty_squares_hold_no_piece() {
        let board = Board::from_placement("8/8/8/8/4k3/8/8/4K3").expect("valid placement");
        let html = html(&board_markup(&board, Color::White));
        assert_eq!(html.matches(r#"class="qt-piece""#).count(), 2);
        assert!(html.contains(r#"data-square="e4"><div class="qt-piece" data-piece="k">"#));
        assert!(html.contains(r#"data-square="e2"></div>"#));
    }
}
