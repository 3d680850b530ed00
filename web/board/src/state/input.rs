//! The board's input, as the state sees it: a press and a release on a square, the end of a
//! drag, Escape, and the promotion chooser's answer. What a press means (pick up, put down, a
//! move, a touch of an enemy piece, a steered board's tap) is decided here; the move itself is
//! `BoardState::attempt`'s.

use super::{BoardState, Response, Selection};
use crate::steer::Steered;
use crate::words::{pick_up_sentence, say, BoardText};
use qitong_classroom::touch::{Obligation, TouchRefusal};
use qitong_rules::{Bitboard, Role, Square};
use qitong_words::describe;

impl BoardState {
    /// A press (pointer down, Enter, Space) on `sq`.
    pub fn press(&mut self, sq: Square) -> Response {
        let mut r = Response::default();
        self.focus = sq;
        self.clear_bubble();
        self.put_down_on_release = false;
        self.tap_on_release = false;
        if self.promotion.is_some() {
            return self.choose_promotion(None);
        }
        // The tray's piece in hand goes where the child presses (the page says if it may).
        if let Some(piece) = self.in_hand {
            r.steered = Some(Steered::Drop { piece, to: sq });
            return r;
        }
        // Which pieces may be picked up, whether the board plays moves at all and touch-move:
        // the game's, or the page's on a steered board (`board::steer`).
        let (moves, touch, own) = match &self.steer {
            Some(steer) => (steer.moves, steer.touch_move, steer.draggable.contains(sq)),
            None if self.adjusting => {
                self.adjust(sq, &mut r);
                return r;
            }
            None if !self.can_move() => return r,
            None => (true, false, self.position().board().color_at(sq) == Some(self.position().turn())),
        };
        match self.selected {
            Some(from) if from == sq => {
                self.put_down_on_release = true;
                r.drag = Some(sq);
            }
            // Under touch-move the piece held must move: a second press is its move.
            _ if moves && own && !touch => self.select(sq, &mut r),
            Some(from) => self.attempt(from, sq, None, false, &mut r),
            None if self.steer.is_none() => self.touch_enemy(sq, &mut r),
            // The page's to decide: a piece on release (it may be dragged), else at once.
            None if own => {
                self.tap_on_release = true;
                r.drag = Some(sq);
            }
            None => r.steered = Some(Steered::Tap(sq)),
        }
        r
    }

    /// A release on `sq` without a drag, after a press on it.
    pub fn click_release(&mut self, sq: Square) -> Response {
        let mut r = Response::default();
        if core::mem::take(&mut self.put_down_on_release) && self.selected == Some(sq) {
            self.deselect(&mut r);
        }
        if core::mem::take(&mut self.tap_on_release) {
            r.steered = Some(Steered::Tap(sq));
        }
        r
    }

    /// The end of a drag of the piece from `from`: dropped on `to`, or off the board (`None`).
    pub fn drop_piece(&mut self, from: Square, to: Option<Square>) -> Response {
        let mut r = Response::default();
        self.hover = None;
        self.put_down_on_release = false;
        self.tap_on_release = false;
        match to {
            Some(to) if to == from => {}
            // A board that plays no moves: the page's drag (a set-up board moves the piece).
            Some(to) if self.steer.as_ref().is_some_and(|s| !s.moves) => r.steered = Some(Steered::Drag(from, to)),
            Some(to) => self.attempt(from, to, None, true, &mut r),
            None if self.selected.is_some() => self.deselect(&mut r),
            None => {}
        }
        r
    }

    /// Escape: put the piece down, close the chooser, the bubble and the drawing.
    pub fn cancel(&mut self) -> Response {
        let mut r = Response::default();
        self.clear_bubble();
        self.drawing = None;
        self.adjusting = false;
        self.in_hand = None;
        if self.promotion.take().is_some() {
            self.announce(say(BoardText::PromotionCancelled, &[], self.config.lang));
        }
        if self.selected.is_some() {
            self.deselect(&mut r);
        }
        r
    }

    pub(super) fn deselect(&mut self, r: &mut Response) {
        self.selected = None;
        // Under touch-move a piece put down is still touched: say it must still move.
        match self.game.reminder() {
            Some(still) if self.config.class_play => self.announce(describe(&still, &still.args(), self.config.lang)),
            _ => self.announce(say(BoardText::PutDown, &[], self.config.lang)),
        }
        r.select = Some(Selection { square: None, dests: Bitboard::EMPTY });
    }

    /// Picks up the own piece on `sq` (a touch, in class play).
    pub(super) fn select(&mut self, sq: Square, r: &mut Response) {
        if self.config.class_play {
            if let Err(refusal) = self.game.touch(sq) {
                let e = self.refusal_explanation(&refusal);
                self.refuse(e, Some(sq), r);
                return;
            }
        }
        let Some(piece) = self.board().piece_at(sq) else { return };
        self.selected = Some(sq);
        let dests = self.dests(sq);
        self.announce(pick_up_sentence(sq, piece, dests, self.config.lang));
        r.select = Some(Selection { square: Some(sq), dests });
        r.drag = Some(sq);
    }

    /// A press on an enemy piece with nothing picked up: in class play a touch that may oblige
    /// a capture; otherwise (and when it cannot be captured) the core's "not your turn".
    fn touch_enemy(&mut self, sq: Square, r: &mut Response) {
        let Some(_) = self.board().piece_at(sq) else { return };
        if self.config.class_play {
            if let Ok(Obligation::CapturePiece(target)) = self.game.touch(sq) {
                let role = self.position().board().role_at(target).unwrap_or(Role::Pawn);
                let must = TouchRefusal::MustCapture { square: target, role };
                let text = describe(&must, &must.args(), self.config.lang);
                self.note(text, Bitboard::from_square(target), Some(target));
                return;
            }
        }
        if let Err(reason) = self.position().explain(sq, sq, None) {
            let e = self.explanation(&reason, &reason.args(), reason.squares());
            self.refuse(e, Some(sq), r);
        }
    }

    /// The promotion chooser's answer: a piece, or `None` to cancel.
    pub fn choose_promotion(&mut self, role: Option<Role>) -> Response {
        let mut r = Response::default();
        let Some((from, to)) = self.promotion.take() else { return r };
        match role {
            Some(role) => self.attempt(from, to, Some(role), false, &mut r),
            None => {
                self.announce(say(BoardText::PromotionCancelled, &[], self.config.lang));
                self.deselect(&mut r);
            }
        }
        r
    }
}
