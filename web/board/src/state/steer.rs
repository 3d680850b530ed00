//! A board steered by a page with rules of its own (the lesson player): the page says what the
//! board shows (any arrangement of pieces: drills, set-up boards), which pieces may be picked up
//! or dragged and where they may go, the squares it marks and its arrows; the board keeps the
//! one selection, keyboard focus and promotion chooser, plays click-click and drag itself
//! (chessground's `movable`) and reports the finished move, or the child's taps, drags and
//! drawings where the page decides. Input, drawing, the ARIA grid, the live region and sizing
//! stay the board's own.

use super::{BoardState, Response};
use crate::extensions::{clock::ClockFaces, tray::Tray, Marks};
use crate::shapes::{Brush, Shape};
use crate::words::{say, BoardText};
use qitong_rules::{Bitboard, Board, Color, Piece, Role, Square};

/// What the page lets the board show and do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Steer {
    pub board: Board,
    /// The side to move (`data-turn`), when the arrangement has one.
    pub turn: Color,
    /// Pieces a press may pick up or drag (a press elsewhere is a tap at once).
    pub draggable: Bitboard,
    /// The board plays the moves itself (`moves`): click-click and drag pick up, put down and
    /// finish a move, a pawn reaching its last rank asks for its piece, and the page hears the
    /// move ([`Steered::Move`]). Off, every press and drag is the page's ([`Steered::Tap`],
    /// [`Steered::Drag`]): a set-up board, a square to find.
    pub moves: bool,
    /// Where each piece may go (chessground's `movable.dests`): dots when it is picked up.
    /// A move elsewhere is still the page's to explain.
    pub dests: Vec<(Square, Bitboard)>,
    /// Touch-move (class play): a piece pressed with nothing held is touched first, by the
    /// page ([`Steered::Tap`]), which picks it up ([`BoardState::pick_up`]) when the touch is
    /// taken; a second press is always the move.
    pub touch_move: bool,
    /// What the page adds to the squares (`board::extensions`: stars, found, paint, lit, warn).
    pub marks: Marks,
    /// The set-up tray under the board (`extensions::tray`): its pieces go down as
    /// [`Steered::Drop`].
    pub tray: Option<Tray>,
    /// A class-play step's clock faces under the board (`extensions::clock`).
    pub clock: Option<ClockFaces>,
    pub shapes: Vec<Shape>,
    /// The right button (and the pen) draws shapes: the page gets them as [`Steered::Draw`].
    pub drawing: bool,
    pub pen: bool,
    /// The status line says whose turn it is: a game position's does; an arrangement being set
    /// up or a lone piece's drill has no turn to speak of, and its line stays empty.
    pub says_turn: bool,
}

impl Steer {
    /// The board `board` with nothing movable or marked.
    pub fn showing(board: Board, turn: Color) -> Steer {
        Steer {
            board,
            turn,
            draggable: Bitboard::EMPTY,
            moves: false,
            dests: Vec::new(),
            touch_move: false,
            marks: Marks::default(),
            tray: None,
            clock: None,
            shapes: Vec::new(),
            drawing: false,
            pen: false,
            says_turn: false,
        }
    }

    /// Does the board draw parts under itself (the tray, the clock's faces)?
    pub fn draws_under(&self) -> bool {
        self.tray.is_some() || self.clock.is_some()
    }

    /// Adds an arrow (or a circle, `from == to`).
    pub fn arrow(&mut self, from: Square, to: Square, brush: Brush) {
        self.shapes.push(Shape::between(from, to, brush));
    }

    /// Where the piece on `from` may go.
    pub fn dests_of(&self, from: Square) -> Bitboard {
        self.dests.iter().find(|(sq, _)| *sq == from).map_or(Bitboard::EMPTY, |(_, dests)| *dests)
    }

    /// Does `from`→`to` take a pawn to its last rank by a move it may make (the chooser first)?
    /// A pawn's move onto the first or last rank is always onto its own last one.
    fn promotes(&self, from: Square, to: Square) -> bool {
        self.board.role_at(from) == Some(Role::Pawn) && matches!(to.rank().index(), 0 | 7) && self.dests_of(from).contains(to)
    }
}

/// What the child did on a steered board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Steered {
    /// A click, a tap or Enter on a square the board does not play on itself.
    Tap(Square),
    /// A piece dragged from one square to another, on a board that plays no moves.
    Drag(Square, Square),
    /// A move finished on a board that plays them (with the piece chosen for a promotion).
    Move { from: Square, to: Square, promotion: Option<Role> },
    /// A shape drawn (right-drag, or the pen).
    Draw(Shape),
    /// The tray's piece put on a square: pressed with the piece in hand, or dragged there.
    Drop { piece: Piece, to: Square },
}

impl BoardState {
    /// Hands the board to the page's rules (see [`Steer`]); `None` gives it back to the game.
    /// A piece held stays held while the page shows the same pieces and lets it move.
    pub fn steer(&mut self, steer: Option<Steer>) {
        let quiet = |steer: &Option<Steer>| steer.as_ref().is_some_and(|s| !s.says_turn);
        let was_quiet = quiet(&self.steer);
        // The piece held (or waiting for its promotion piece) stays while the page shows the
        // same pieces and still lets it move.
        let held = self.selected.or(self.promotion.map(|(from, _)| from));
        let kept = match (held, &self.steer, &steer) {
            (Some(sq), Some(old), Some(new)) => new.moves && new.draggable.contains(sq) && old.board == new.board && old.turn == new.turn,
            _ => false,
        };
        // The tray's piece stays in hand while the tray still offers it.
        let hand = self.in_hand.filter(|&piece| steer.as_ref().and_then(|s| s.tray.as_ref()).is_some_and(|t| t.offers(piece)));
        if !kept {
            self.put_down();
        }
        self.in_hand = hand;
        self.pen = steer.as_ref().is_some_and(|s| s.pen);
        if steer.as_ref().is_none_or(|s| !s.drawing) {
            self.drawing = None;
        }
        self.steer = steer;
        if was_quiet != quiet(&self.steer) {
            self.announce_turn();
        }
    }

    pub fn steered(&self) -> Option<&Steer> {
        self.steer.as_ref()
    }

    /// The pieces as shown: the page's arrangement when steered, else the game's position.
    pub fn board(&self) -> &Board {
        match &self.steer {
            Some(s) => &s.board,
            None => self.position().board(),
        }
    }

    /// May a right-drag (or the pen) draw now?
    pub fn may_draw(&self) -> bool {
        self.steer.as_ref().is_none_or(|s| s.drawing)
    }

    /// The page took a touch (touch-move): the piece on `sq` is picked up, if it may move.
    pub fn pick_up(&mut self, sq: Square) -> Response {
        let mut r = Response::default();
        if self.steer.as_ref().is_some_and(|s| s.moves && s.draggable.contains(sq)) {
            self.select(sq, &mut r);
        }
        r
    }

    /// The page puts down any piece held (on the board, or the tray's in hand) and closes the
    /// chooser (a new step, "try again").
    pub fn put_down(&mut self) {
        self.in_hand = None;
        self.selected = None;
        self.promotion = None;
        self.put_down_on_release = false;
        self.tap_on_release = false;
    }

    /// `from`→`to` on a board that plays moves: the chooser first for a pawn reaching its
    /// last rank, else the page hears the move (and judges it: a wrong one is its to explain).
    pub(super) fn steered_attempt(&mut self, from: Square, to: Square, promotion: Option<Role>, r: &mut Response) {
        self.selected = None;
        self.put_down_on_release = false;
        if promotion.is_none() && self.steer.as_ref().is_some_and(|s| s.promotes(from, to)) {
            self.promotion = Some((from, to));
            self.announce(say(BoardText::Promotion, &[], self.config.lang));
            return;
        }
        r.steered = Some(Steered::Move { from, to, promotion });
    }
}

#[cfg(test)]
mod tests;
