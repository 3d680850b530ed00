//! The board's tools around the moves: teacher annotations (right-drag, pen mode), "j'adoube"
//! in class play, keyboard focus and the hover preview of a destination.

use crate::config::Highlight;
use crate::shapes::{toggle, Brush, Shape};
use crate::state::{BoardState, Response};
use crate::words::{say, BoardText};
use qitong_rules::{Bitboard, Color, Square};

impl BoardState {
    // ---- drawing -------------------------------------------------------------------------

    pub fn set_shapes(&mut self, shapes: Vec<Shape>) {
        self.shapes = shapes;
    }

    pub fn clear_shapes(&mut self) {
        self.shapes.clear();
        self.drawing = None;
    }

    /// A right-drag (or a pen stroke) starts on `sq`.
    pub fn start_drawing(&mut self, sq: Square, brush: Brush) {
        self.drawing = Some(Shape::between(sq, sq, brush));
    }

    /// The drawing pointer is over `sq` (`None`: off the board).
    pub fn move_drawing(&mut self, sq: Option<Square>) {
        if let (Some(shape), Some(sq)) = (self.drawing, sq) {
            self.drawing = Some(Shape::between(shape.orig, sq, shape.brush));
        }
    }

    /// The stroke ends on `sq`: the shape is added (or removed, when drawn again); a steered
    /// board hands it to the page instead.
    pub fn finish_drawing(&mut self, sq: Option<Square>) -> Response {
        let mut r = Response::default();
        if let (Some(shape), Some(sq)) = (self.drawing.take(), sq) {
            let shape = Shape::between(shape.orig, sq, shape.brush);
            if self.steer.is_some() {
                r.steered = Some(crate::steer::Steered::Draw(shape));
            } else {
                toggle(&mut self.shapes, shape);
            }
        }
        r
    }

    pub fn toggle_pen(&mut self) {
        self.pen = !self.pen;
        self.drawing = None;
    }

    // ---- j'adoube, focus, hover ----------------------------------------------------------

    /// The "I adjust" button: the next press adjusts a piece instead of touching it.
    pub fn toggle_adjust(&mut self) {
        self.adjusting = !self.adjusting && self.config.class_play;
        if self.adjusting {
            self.note(say(BoardText::AdjustPick, &[], self.config.lang), Bitboard::EMPTY, None);
        } else {
            self.clear_bubble();
        }
    }

    pub(super) fn adjust(&mut self, sq: Square, r: &mut Response) {
        self.adjusting = false;
        let mover = self.position().turn();
        match self.game.adjust(mover, sq) {
            Ok(()) => {
                let text = say(BoardText::Adjusted, &[("square", &sq.to_string())], self.config.lang);
                self.note(text, Bitboard::from_square(sq), Some(sq));
            }
            Err(refusal) => {
                let e = self.refusal_explanation(&refusal);
                self.refuse(e, Some(sq), r);
            }
        }
    }

    /// Moves the keyboard focus by whole squares as the board is seen (right, down).
    pub fn move_focus(&mut self, right: i8, down: i8) -> Square {
        let (dx, dy) = match self.config.orientation {
            Color::White => (right, -down),
            Color::Black => (-right, down),
        };
        let file = (self.focus.file().index() as i8 + dx).clamp(0, 7) as u8;
        let rank = (self.focus.rank().index() as i8 + dy).clamp(0, 7) as u8;
        self.focus = Square::from_index(rank * 8 + file).unwrap_or(self.focus);
        self.focus
    }

    /// The bubble's close button.
    pub fn dismiss_bubble(&mut self) {
        self.clear_bubble();
    }

    pub fn set_focus(&mut self, sq: Square) {
        self.focus = sq;
    }

    /// The pointer or focus is over `sq`: a destination there previews the move.
    pub fn set_hover(&mut self, sq: Option<Square>) {
        self.hover = sq;
    }

    /// The piece to preview faintly on the hovered destination.
    pub fn preview(&self) -> Option<(Square, qitong_rules::Piece)> {
        let (from, to) = (self.selected?, self.hover?);
        let dests = self.dests(from);
        if self.config.highlight == Highlight::Off || !dests.contains(to) {
            return None;
        }
        Some((to, self.board().piece_at(from)?))
    }
}
