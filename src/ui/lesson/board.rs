//! The lesson player's board as a node tree: 64 square buttons (one in the tab order, arrows
//! move between them), pieces, stars, marks and arrows. What is marked comes from the player.

use crate::ui::board::markup::display_order;
use crate::ui::lesson::action::Action;
use crate::ui::lesson::node::{div, el, Node};
use crate::ui::lesson::words::{word, Word};
use crate::ui::board::pieces::piece_svg;
use crate::ui::words::{role_name, side_name};
use crate::lang::Lang;
use crate::rules::{Bitboard, Board, Color, Square};

/// What to mark on the board.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    pub selected: Option<Square>,
    pub dests: Bitboard,
    pub stars: Bitboard,
    pub found: Bitboard,
    /// Squares a feedback points at (the reason's squares, a broken rhyme line's piece).
    pub warn: Bitboard,
    /// Squares lit by the lesson (`highlight`) or by a good answer.
    pub lit: Bitboard,
    /// Arrows: from, to, and a colour class (`go`, `bad`, `info`, or a teacher's brush).
    pub arrows: Vec<(Square, Square, &'static str)>,
    /// The teacher's circles: a square and a brush.
    pub circles: Vec<(Square, &'static str)>,
}

/// The centre of `sq` in the arrow layer's 800×800 box, seen from `bottom`.
fn centre(sq: Square, bottom: Color) -> (i32, i32) {
    let (file, rank) = (i32::from(sq.file().index()), i32::from(sq.rank().index()));
    let (col, row) = match bottom {
        Color::White => (file, 7 - rank),
        Color::Black => (7 - file, rank),
    };
    (col * 100 + 50, row * 100 + 50)
}

fn arrow(from: Square, to: Square, bottom: Color, class: &'static str) -> Node {
    let (x1, y1) = centre(from, bottom);
    let (x2, y2) = centre(to, bottom);
    let (dx, dy) = (f64::from(x2 - x1), f64::from(y2 - y1));
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    // The shaft stops where the head begins; the head is a triangle 36 long, 44 wide.
    let bx = f64::from(x2) - ux * 36.0;
    let by = f64::from(y2) - uy * 36.0;
    let point = |x: f64, y: f64| format!("{},{}", x.round() as i32, y.round() as i32);
    let head = format!("{} {} {}", point(f64::from(x2), f64::from(y2)), point(bx - uy * 22.0, by + ux * 22.0), point(bx + uy * 22.0, by - ux * 22.0));
    el("g").class(class).children([
        el("line").attr("x1", x1.to_string()).attr("y1", y1.to_string()).attr("x2", (bx.round() as i32).to_string()).attr("y2", (by.round() as i32).to_string()),
        el("polygon").attr("points", head),
    ])
}

/// The board node. `focus` is the square in the tab order.
pub fn board_node(board: &Board, bottom: Color, marks: &Marks, focus: Square, lang: Lang) -> Node {
    let mut grid = div("lp-board").attr("role", "group").attr("aria-label", word(Word::Board, lang));
    for sq in display_order(bottom) {
        let mut class = String::from(if sq.is_light() { "lp-sq lp-light" } else { "lp-sq lp-dark" });
        let mut label = match board.piece_at(sq) {
            Some(p) => format!("{sq}, {}{}{}", side_name(p.color, lang), lang.pick("", " "), role_name(p.role, lang)),
            None => sq.to_string(),
        };
        for (set, name, key) in [
            (marks.stars, " lp-star", Some(Word::SquareStar)),
            (marks.found, " lp-found", Some(Word::SquareFound)),
            (marks.dests, " lp-dest", None),
            (marks.warn, " lp-warn", None),
            (marks.lit, " lp-lit", None),
        ] {
            if set.contains(sq) {
                class.push_str(name);
                if let Some(key) = key {
                    label.push_str(", ");
                    label.push_str(word(key, lang));
                }
            }
        }
        if marks.selected == Some(sq) {
            class.push_str(" lp-selected");
            label.push_str(", ");
            label.push_str(word(Word::SquareSelected, lang));
        }
        let mut button = el("button")
            .attr("type", "button")
            .class(&class)
            .attr("data-sq", sq.to_string())
            .attr("data-act", Action::Square(sq).to_string())
            .attr("tabindex", if sq == focus { "0" } else { "-1" })
            .attr("aria-label", label);
        if marks.selected == Some(sq) {
            button = button.attr("aria-pressed", "true");
        }
        if let Some(p) = board.piece_at(sq) {
            let mut piece = div("lp-piece").attr("data-piece", p.char().to_string());
            piece.svg = Some(piece_svg(p));
            button = button.child(piece);
        } else if marks.stars.contains(sq) {
            button = button.child(el("span").class("lp-star-icon").attr("aria-hidden", "true").text("★"));
        }
        grid = grid.child(button);
    }
    if !marks.arrows.is_empty() || !marks.circles.is_empty() {
        let svg = el("svg").class("lp-arrows").attr("viewBox", "0 0 800 800").attr("aria-hidden", "true");
        let circles = marks.circles.iter().map(|&(sq, class)| {
            let (x, y) = centre(sq, bottom);
            el("circle").class(class).attr("cx", x.to_string()).attr("cy", y.to_string()).attr("r", "44")
        });
        grid = grid.child(svg.children(marks.arrows.iter().map(|&(a, b, c)| arrow(a, b, bottom, c))).children(circles));
    }
    grid
}

/// The square `steps` away from `from` by an arrow key, as the board is seen from `bottom`.
pub fn step_focus(from: Square, key: &str, bottom: Color) -> Option<Square> {
    let (df, dr) = match key {
        "ArrowUp" => (0, 1),
        "ArrowDown" => (0, -1),
        "ArrowLeft" => (-1, 0),
        "ArrowRight" => (1, 0),
        _ => return None,
    };
    let flip = if bottom == Color::White { 1 } else { -1 };
    from.offset(df * flip, dr * flip)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_64_squares_one_focusable_and_marks_its_stars() {
        let marks = Marks { stars: Square::E4.into(), arrows: vec![(Square::A1, Square::A5, "go")], ..Marks::default() };
        let node = board_node(&Board::start(), Color::White, &marks, Square::E2, Lang::En);
        let squares: Vec<&Node> = node.walk().into_iter().filter(|n| n.get("data-sq").is_some()).collect();
        assert_eq!(squares.len(), 64);
        assert_eq!(squares[0].get("data-sq"), Some("a8"));
        assert_eq!(squares.iter().filter(|n| n.get("tabindex") == Some("0")).count(), 1);
        let e4 = node.find("data-sq", "e4").expect("e4");
        assert!(e4.get("class").is_some_and(|c| c.contains("lp-star")));
        assert_eq!(e4.get("aria-label"), Some("e4, star"));
        assert_eq!(node.find("data-sq", "e1").and_then(|n| n.get("aria-label")), Some("e1, White king"));
        assert!(node.walk().iter().any(|n| n.tag == "polygon"));
    }

    #[test]
    fn arrow_keys_follow_the_screen() {
        assert_eq!(step_focus(Square::E2, "ArrowUp", Color::White), Some(Square::E3));
        assert_eq!(step_focus(Square::E2, "ArrowUp", Color::Black), Some(Square::E1));
        assert_eq!(step_focus(Square::A1, "ArrowLeft", Color::White), None);
    }
}
