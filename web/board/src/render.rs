//! What the board looks like for a state, as plain data the DOM layer copies over: per square
//! (in screen order) its piece, its marks as CSS classes and its spoken label; the promotion
//! chooser and the bubble with their places; the coordinates.
//!
//! Every mark has its own shape as well as its colour (dot, ring, outline, dashes, hatching), so
//! that colour is never the only signal; the labels say the same in words.

use crate::config::Highlight;
use crate::extensions::{found::FOUND, lit::LIT, paint::OUTSIDE, paint::PAINTED, stars::STAR, Extension as _};
use crate::markup::display_order;
use crate::state::BoardState;
use crate::steer::Steer;
use crate::words::{piece_name, BoardText};
use qitong_rules::{Bitboard, Color, File, Piece, Rank, Role, Square};
use qitong_words::Lang;

pub const SELECTED: u16 = 1;
pub const DEST: u16 = 1 << 1;
pub const CAPTURE: u16 = 1 << 2;
pub const LAST: u16 = 1 << 3;
pub const CHECK: u16 = 1 << 4;
pub const MARK: u16 = 1 << 5;
pub const ATTACKED: u16 = 1 << 6;
pub const TOUCHED: u16 = 1 << 7;
/// Each flag's CSS class and the label that says it (flags 8 to 12 are a steered board's
/// marks, its page's extensions': `board::extensions`).
const FLAGS: [(u16, &str, BoardText); 13] = [
    (SELECTED, "selected", BoardText::Selected),
    (DEST, "dest", BoardText::CanMoveHere),
    (CAPTURE, "capture", BoardText::CanCapture),
    (LAST, "last", BoardText::LastMove),
    (CHECK, "check", BoardText::InCheck),
    (MARK, "mark", BoardText::Marked),
    (ATTACKED, "attacked", BoardText::Attacked),
    (TOUCHED, "touched", BoardText::Touched),
    (STAR, "star", BoardText::Star),
    (FOUND, "found", BoardText::Found),
    (LIT, "lit", BoardText::Lit),
    (PAINTED, "painted", BoardText::Painted),
    (OUTSIDE, "off-area", BoardText::Outside),
];

/// One square as drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareView {
    pub square: Square,
    pub piece: Option<Piece>,
    pub flags: u16,
    pub label: String,
}

impl SquareView {
    /// `sq light selected dest` — the classes of the square's cell.
    pub fn class_list(&self) -> String {
        let mut classes = String::from(if self.square.is_light() { "sq light" } else { "sq dark" });
        for (flag, class, _) in FLAGS {
            if self.flags & flag != 0 {
                classes.push(' ');
                classes.push_str(class);
            }
        }
        classes
    }
}

/// The spoken name of a square: `e4 白兵，已选中` / `e4, white pawn, selected`.
pub fn square_label(square: Square, piece: Option<Piece>, flags: u16, lang: Lang) -> String {
    let sep = lang.pick("，", ", ");
    let mut label = square.to_string();
    label.push_str(lang.pick(" ", ", "));
    match piece {
        Some(p) => label.push_str(&piece_name(p, lang)),
        None => label.push_str(BoardText::Empty.text(lang)),
    }
    for (flag, _, text) in FLAGS {
        // A capture destination is said once, as a capture.
        if flags & flag != 0 && !(flag == DEST && flags & CAPTURE != 0) {
            label.push_str(sep);
            label.push_str(text.text(lang));
        }
    }
    label
}

/// The 64 squares as drawn, left to right and top to bottom.
pub fn square_views(state: &BoardState) -> Vec<SquareView> {
    if let Some(steer) = state.steered() {
        return steered_views(state, steer);
    }
    let pos = state.position();
    let (dests, captures) = match (state.selected(), state.config.highlight) {
        (Some(from), Highlight::Legal | Highlight::Attacks) => (state.dests(from), state.capture_dests(from)),
        _ => (Bitboard::EMPTY, Bitboard::EMPTY),
    };
    let last = state.last_move().map_or(Bitboard::EMPTY, |m| Bitboard::from_square(m.from).with(m.to));
    let check = state.checked_king().map_or(Bitboard::EMPTY, Bitboard::from_square);
    let touched: Bitboard = if state.config.class_play { state.game().touched().iter().copied().collect() } else { Bitboard::EMPTY };
    let attacked = state.attacked();
    let lang = state.config.lang;
    display_order(state.config.orientation)
        .map(|sq| {
            let mut flags = 0;
            for (set, flag) in [
                (state.selected().map_or(Bitboard::EMPTY, Bitboard::from_square), SELECTED),
                (dests, DEST),
                (captures, CAPTURE),
                (last, LAST),
                (check, CHECK),
                (state.marks(), MARK),
                (attacked, ATTACKED),
                (touched, TOUCHED),
            ] {
                if set.contains(sq) {
                    flags |= flag;
                }
            }
            let piece = pos.board().piece_at(sq);
            SquareView { square: sq, piece, flags, label: square_label(sq, piece, flags, lang) }
        })
        .collect()
}

/// The squares of a board steered by the page: its pieces, its selection and marks.
fn steered_views(state: &BoardState, steer: &Steer) -> Vec<SquareView> {
    let board = &steer.board;
    let held = state.selected();
    let dests = held.map_or(Bitboard::EMPTY, |sq| state.dests(sq));
    let captures = held.and_then(|sq| board.color_at(sq)).map_or(Bitboard::EMPTY, |c| dests & board.by_color(!c));
    let selected = held.map_or(Bitboard::EMPTY, Bitboard::from_square);
    let lang = state.config.lang;
    display_order(state.config.orientation)
        .map(|sq| {
            // The board's own selection, then what the page's extensions add.
            let mut flags = steer.marks.flags(sq);
            for (set, flag) in [(selected, SELECTED), (dests, DEST), (captures, CAPTURE)] {
                if set.contains(sq) {
                    flags |= flag;
                }
            }
            let piece = board.piece_at(sq);
            SquareView { square: sq, piece, flags, label: square_label(sq, piece, flags, lang) }
        })
        .collect()
}

/// Where a square is drawn: (column, row) from the top left, for `bottom`'s side at the bottom.
pub fn screen_cell(sq: Square, bottom: Color) -> (u8, u8) {
    let (file, rank) = (sq.file().index(), sq.rank().index());
    match bottom {
        Color::White => (file, 7 - rank),
        Color::Black => (7 - file, rank),
    }
}

/// The square drawn at (column, row) from the top left.
pub fn square_at_cell(column: u8, row: u8, bottom: Color) -> Option<Square> {
    if column > 7 || row > 7 {
        return None;
    }
    let (file, rank) = match bottom {
        Color::White => (column, 7 - row),
        Color::Black => (7 - column, row),
    };
    Some(Square::from_coords(File::ALL[usize::from(file)], Rank::ALL[usize::from(rank)]))
}

/// The square under a point given as fractions (0..1) of the board's width and height.
pub fn square_at_point(x: f64, y: f64, bottom: Color) -> Option<Square> {
    if !(0.0..1.0).contains(&x) || !(0.0..1.0).contains(&y) {
        return None;
    }
    square_at_cell((x * 8.0) as u8, (y * 8.0) as u8, bottom)
}

/// The promotion chooser: the four pieces in a column over the promotion square's file,
/// starting at the edge where the pawn arrives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromotionView {
    pub column: u8,
    /// The column starts at the top edge (else it rises from the bottom edge).
    pub from_top: bool,
    pub pieces: [Piece; 4],
}

pub fn promotion_view(state: &BoardState) -> Option<PromotionView> {
    let (_, to) = state.promotion()?;
    let color = state.position().turn();
    let (column, row) = screen_cell(to, state.config.orientation);
    let pieces = Role::PROMOTIONS.map(|role| role.of(color));
    Some(PromotionView { column, from_top: row == 0, pieces })
}

/// The bubble: its text, and whether it sits over the top or the bottom of the board (it covers
/// about three rows) — where it hides fewer of the squares it talks about (on a tie, away from
/// the square the child tried).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BubbleView {
    pub text: String,
    pub at_top: bool,
    pub refusal: bool,
}

pub fn bubble_view(state: &BoardState) -> Option<BubbleView> {
    let bubble = state.bubble()?;
    let bottom = state.config.orientation;
    let row = |sq: Square| screen_cell(sq, bottom).1;
    let under_top = state.marks().filter(|&sq| row(sq) <= 2).count();
    let under_bottom = state.marks().filter(|&sq| row(sq) >= 5).count();
    let at_top = match under_top.cmp(&under_bottom) {
        core::cmp::Ordering::Less => true,
        core::cmp::Ordering::Greater => false,
        core::cmp::Ordering::Equal => bubble.anchor.is_none_or(|sq| row(sq) > 2),
    };
    Some(BubbleView { text: bubble.text.clone(), at_top, refusal: bubble.refusal })
}

/// The coordinate characters: files left to right, ranks top to bottom.
pub fn coordinate_labels(bottom: Color) -> ([char; 8], [char; 8]) {
    let mut files = ['a'; 8];
    let mut ranks = ['1'; 8];
    for i in 0..8u8 {
        if let Some(sq) = square_at_cell(i, 7 - i, bottom) {
            files[usize::from(i)] = sq.file().char();
            ranks[usize::from(7 - i)] = sq.rank().char();
        }
    }
    (files, ranks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn view_of(views: &[SquareView], sq: Square) -> &SquareView {
        views.iter().find(|v| v.square == sq).expect("every square is drawn")
    }

    #[test]
    fn the_start_position_is_drawn_from_whites_side_with_labels() {
        let state = BoardState::default();
        let views = square_views(&state);
        assert_eq!(views.len(), 64);
        assert_eq!(views[0].square, Square::A8);
        assert_eq!(views[63].square, Square::H1);
        assert_eq!(views[63].class_list(), "sq light", "the right-hand corner is light");
        assert_eq!(view_of(&views, Square::E1).label, "e1 白王");
        assert_eq!(view_of(&views, Square::E4).label, "e4 空格");
        assert_eq!(views.iter().filter(|v| v.piece.is_some()).count(), 32);
    }

    #[test]
    fn a_picked_up_piece_shows_dots_rings_and_says_them() {
        let mut state = BoardState::new(Config { lang: Lang::En, ..Config::default() });
        state.set_position(Some("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")).expect("fen");
        state.press(Square::E4);
        let views = square_views(&state);
        assert_eq!(view_of(&views, Square::E4).class_list(), "sq light selected");
        assert_eq!(view_of(&views, Square::E5).class_list(), "sq dark dest");
        assert_eq!(view_of(&views, Square::D5).class_list(), "sq light dest capture");
        assert_eq!(view_of(&views, Square::D5).label, "d5, black pawn, can capture");
        assert_eq!(view_of(&views, Square::E5).label, "e5, empty, can move here");
        assert_eq!(view_of(&views, Square::E4).label, "e4, white pawn, selected");
        assert_eq!(views.iter().filter(|v| v.flags & DEST != 0).count(), 2);
    }

    #[test]
    fn without_highlighting_no_destinations_are_shown() {
        let mut state = BoardState::new(Config { highlight: Highlight::Off, ..Config::default() });
        state.press(Square::G1);
        assert!(square_views(&state).iter().all(|v| v.flags & (DEST | CAPTURE) == 0));
        assert_eq!(state.selected(), Some(Square::G1));
    }

    #[test]
    fn the_attacks_highlight_shows_every_attacked_square() {
        let mut state = BoardState::new(Config { highlight: Highlight::Attacks, ..Config::default() });
        state.set_position(Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")).expect("fen");
        state.press(Square::A1);
        let views = square_views(&state);
        let attacked: Vec<Square> = views.iter().filter(|v| v.flags & ATTACKED != 0).map(|v| v.square).collect();
        assert_eq!(attacked.len(), 7 + 4, "the a-file, and b1 to e1 where its own king stands");
        assert!(view_of(&views, Square::E1).flags & ATTACKED != 0, "a defended own piece counts as attacked");
    }

    #[test]
    fn check_and_last_move_are_marked() {
        let mut state = BoardState::default();
        for mv in ["f3", "e5", "g4", "Qh4"] {
            state.play_text(mv).expect("legal");
        }
        let views = square_views(&state);
        assert!(view_of(&views, Square::E1).flags & CHECK != 0);
        assert!(view_of(&views, Square::D8).flags & LAST != 0 && view_of(&views, Square::H4).flags & LAST != 0);
        assert!(view_of(&views, Square::E1).label.ends_with("被将军"));
    }

    #[test]
    fn black_at_the_bottom_turns_everything_around() {
        assert_eq!(screen_cell(Square::A1, Color::White), (0, 7));
        assert_eq!(screen_cell(Square::A1, Color::Black), (7, 0));
        assert_eq!(square_at_cell(7, 7, Color::Black), Some(Square::A8));
        assert_eq!(square_at_point(0.99, 0.99, Color::White), Some(Square::H1));
        assert_eq!(square_at_point(0.0, 0.0, Color::Black), Some(Square::H1));
        assert_eq!(square_at_point(1.0, 0.5, Color::White), None);
        assert_eq!(square_at_point(-0.01, 0.5, Color::White), None);
        let (files, ranks) = coordinate_labels(Color::Black);
        assert_eq!(files.iter().collect::<String>(), "hgfedcba");
        assert_eq!(ranks.iter().collect::<String>(), "12345678");
        let (files, ranks) = coordinate_labels(Color::White);
        assert_eq!(files.iter().collect::<String>(), "abcdefgh");
        assert_eq!(ranks.iter().collect::<String>(), "87654321");
    }

    #[test]
    fn the_promotion_chooser_stands_on_the_promotion_file() {
        let mut state = BoardState::default();
        state.set_position(Some("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")).expect("fen");
        state.press(Square::B7);
        state.press(Square::B8);
        let view = promotion_view(&state).expect("chooser open");
        assert_eq!((view.column, view.from_top), (1, true));
        assert_eq!(view.pieces.map(|p| p.role), [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]);
        let mut flipped = state.clone();
        flipped.flip();
        assert_eq!(promotion_view(&flipped).map(|v| (v.column, v.from_top)), Some((6, false)));
    }

    #[test]
    fn the_bubble_avoids_what_it_explains() {
        let mut state = BoardState::default();
        state.press(Square::F1);
        state.press(Square::C4);
        let bubble = bubble_view(&state).expect("path blocked");
        assert!(bubble.refusal && bubble.at_top, "f1, e2 and c4 are in the bottom half");
        assert!(bubble.text.contains("e2"), "{}", bubble.text);
        // f2 to f5: f5 is in the middle rows, f2 would be hidden at the bottom.
        state.set_position(Some("4k3/8/8/8/8/8/5P2/4K3 w - - 0 1")).expect("fen");
        state.press(Square::F2);
        state.press(Square::F5);
        assert_eq!(bubble_view(&state).map(|b| b.at_top), Some(true));
        // a7 to a8 in the corner and back: a tie goes away from the tried square.
        state.set_position(Some("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")).expect("fen");
        state.press(Square::A1);
        state.press(Square::B8);
        assert_eq!(bubble_view(&state).map(|b| b.at_top), Some(false));
        // The pinned knight: e7 above, e1, e2 and c3 below: the top half has fewer.
        state.set_position(Some("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1")).expect("fen");
        state.press(Square::E2);
        state.press(Square::C3);
        assert_eq!(bubble_view(&state).map(|b| b.at_top), Some(true));
    }
}
