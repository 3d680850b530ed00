//! The `<chess-board>`'s state as one plain value, and the small functions that change it: press
//! and release on squares, drops, the promotion choice (`state::input`), typed moves, position,
//! flip (`game`), shapes (`tools`).
//!
//! No chess rules here: the legal destinations, the verdict on an attempt, its explanation and
//! the move itself all come from the rules core through `classroom::ClassGame` (in free play
//! with `Settings::FREE`). Each function returns a [`Response`] saying what the page must be
//! told (events) — the DOM layer dispatches them, plays sounds and schedules one redraw.
//! A legal move is not played at once: it comes back as a [`Proposal`] so that the page can veto
//! it (the cancelable `move` event) before [`BoardState::commit`] plays it.

use crate::config::{Config, Highlight};
use crate::journal::JournaledGame;
use crate::shapes::Shape;
use crate::steer::{Steer, Steered};
use crate::words::{move_sentence, pick_up_sentence, say, BoardText, MoveFacts};
use qitong_classroom::class_game::{ClassGame, Refusal, Settings};
use qitong_rules::{attacks, Bitboard, Color, IllegalReason, Move, MoveKind, Outcome, Piece, Position, ReasonArg, Role, SanPlus, Square};
use qitong_words::{describe, side_name, Words};

/// The reason for a refusal, as the page and the child get it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    /// The core's stable code (`pinned`, `touch-move-must-move`, `move-text-unreadable` ...).
    pub code: &'static str,
    /// The squares it names (marked on the board).
    pub squares: Bitboard,
    /// The kid-worded sentence in the board's language.
    pub message: String,
}

/// A piece picked up (`square`) with its destinations, or put down (`None`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selection {
    pub square: Option<Square>,
    pub dests: Bitboard,
}

/// A legal move waiting for the page's consent.
#[derive(Debug, Clone)]
pub struct Proposal {
    pub(super) version: u64,
    pub(super) next: Box<JournaledGame>,
    pub mv: Move,
    pub san: String,
    pub uci: String,
    /// The position after the move.
    pub fen: String,
    pub(super) animate: bool,
}

/// How a game ended, for the `game-over` event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameOver {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// The core's `EndReason` code.
    pub reason: &'static str,
    pub winner: Option<Color>,
    pub message: String,
}

/// A move that was played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    pub mv: Move,
    pub san: String,
    pub uci: String,
    pub fen: String,
    pub facts: MoveFacts,
    pub game_over: Option<GameOver>,
}

/// What a state change asks the page to hear about.
#[derive(Debug, Clone, Default)]
pub struct Response {
    /// Fire `select`.
    pub select: Option<Selection>,
    /// Fire the cancelable `move`, then `commit` or `reject`.
    pub proposal: Option<Proposal>,
    /// Fire `illegal-move`.
    pub refusal: Option<Explanation>,
    /// Fire `game-over` (a class game lost on fouls).
    pub game_over: Option<GameOver>,
    /// A drag may start from this square.
    pub drag: Option<Square>,
    /// Tell the page that steers the board (`board::steer`).
    pub steered: Option<Steered>,
}

/// The explanation bubble: its text and the square it points at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bubble {
    pub text: String,
    pub anchor: Option<Square>,
    /// A refusal (warning look) or a note (touch-move reminder, j'adoube).
    pub refusal: bool,
}

/// Everything the board shows and remembers.
#[derive(Debug, Clone)]
pub struct BoardState {
    pub config: Config,
    /// The game, with the journal a page saves it by (`board::journal`).
    pub(super) game: JournaledGame,
    pub(super) version: u64,
    pub(super) selected: Option<Square>,
    /// The press was on the piece already selected: a release without a drag puts it down.
    pub(super) put_down_on_release: bool,
    /// A steered board's press on a piece the page decides about: its release is a tap.
    pub(super) tap_on_release: bool,
    pub(super) last_move: Option<Move>,
    pub(super) bubble: Option<Bubble>,
    pub(super) marks: Bitboard,
    pub(super) shapes: Vec<Shape>,
    pub(super) drawing: Option<Shape>,
    pub(super) promotion: Option<(Square, Square)>,
    pub(super) focus: Square,
    pub(super) hover: Option<Square>,
    pub(super) pen: bool,
    pub(super) adjusting: bool,
    /// Pieces to slide on the next redraw (from, to).
    pub(super) slides: Vec<(Square, Square)>,
    /// The latest announcement and a counter that changes with each one.
    pub(super) status: String,
    pub(super) status_seq: u32,
    /// The page's rules in place of the game's (`board::steer`).
    pub(super) steer: Option<Steer>,
    /// The set-up tray's piece taken, to put on the next square pressed (`state::tray`).
    pub(super) in_hand: Option<Piece>,
}

impl Default for BoardState {
    fn default() -> BoardState {
        BoardState::new(Config::default())
    }
}

impl BoardState {
    pub fn new(config: Config) -> BoardState {
        let settings = if config.class_play { Settings::CLASS } else { Settings::FREE };
        let mut state = BoardState {
            config,
            game: JournaledGame::new(Position::new(), settings),
            version: 0,
            selected: None,
            put_down_on_release: false,
            tap_on_release: false,
            last_move: None,
            bubble: None,
            marks: Bitboard::EMPTY,
            shapes: Vec::new(),
            drawing: None,
            promotion: None,
            focus: Square::E2,
            hover: None,
            pen: false,
            adjusting: false,
            slides: Vec::new(),
            status: String::new(),
            status_seq: 0,
            steer: None,
            in_hand: None,
        };
        state.announce_turn();
        state
    }

    // ---- reading -------------------------------------------------------------------------

    pub fn game(&self) -> &ClassGame {
        &self.game
    }
    pub fn position(&self) -> &Position {
        self.game.position()
    }
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }
    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }
    pub fn bubble(&self) -> Option<&Bubble> {
        self.bubble.as_ref()
    }
    pub fn marks(&self) -> Bitboard {
        self.marks
    }
    pub fn shapes(&self) -> &[Shape] {
        match &self.steer {
            Some(steer) => &steer.shapes,
            None => &self.shapes,
        }
    }
    pub fn drawing(&self) -> Option<Shape> {
        self.drawing
    }
    pub fn promotion(&self) -> Option<(Square, Square)> {
        self.promotion
    }
    pub fn focus(&self) -> Square {
        self.focus
    }
    pub fn hover(&self) -> Option<Square> {
        self.hover
    }
    pub fn pen(&self) -> bool {
        self.pen
    }
    pub fn adjusting(&self) -> bool {
        self.adjusting
    }
    pub fn status(&self) -> (&str, u32) {
        (&self.status, self.status_seq)
    }
    /// Changes with every new position (moves, take-backs, `setPosition`).
    pub fn version(&self) -> u64 {
        self.version
    }
    /// The slides to animate, emptied by reading them.
    pub fn take_slides(&mut self) -> Vec<(Square, Square)> {
        core::mem::take(&mut self.slides)
    }

    /// May the child move pieces now (not read-only, not over, not the computer's turn)?
    pub fn can_move(&self) -> bool {
        !self.config.readonly && self.game.outcome().is_none() && !self.computer_to_move()
    }

    /// Where the piece on `from` may go now: the core's legal moves, narrowed by touch-move in
    /// class play.
    pub fn dests(&self, from: Square) -> Bitboard {
        if let Some(steer) = &self.steer {
            return steer.dests_of(from);
        }
        if !self.can_move() {
            return Bitboard::EMPTY;
        }
        self.game.allowed_moves().iter().filter(|m| m.from == from).map(|m| m.to).collect()
    }

    /// The destinations that capture (a ring rather than a dot).
    pub fn capture_dests(&self, from: Square) -> Bitboard {
        if !self.can_move() {
            return Bitboard::EMPTY;
        }
        self.game.allowed_moves().iter().filter(|m| m.from == from && m.is_capture()).map(|m| m.to).collect()
    }

    /// Every square the selected piece attacks (the "attacks" highlight, for the verses).
    pub fn attacked(&self) -> Bitboard {
        match (self.config.highlight, self.selected) {
            (Highlight::Attacks, Some(sq)) => match self.position().board().piece_at(sq) {
                Some(piece) => attacks::attacks(piece, sq, self.position().board().occupied()),
                None => Bitboard::EMPTY,
            },
            _ => Bitboard::EMPTY,
        }
    }

    /// The king in check, if any.
    pub fn checked_king(&self) -> Option<Square> {
        let pos = self.position();
        if pos.is_check() {
            pos.king_of(pos.turn())
        } else {
            None
        }
    }

    // ---- announcements -------------------------------------------------------------------

    pub(super) fn announce(&mut self, text: String) {
        self.status = text;
        self.status_seq = self.status_seq.wrapping_add(1);
    }

    /// The language changed: say the board's situation again in the new one (the bubble, in the
    /// old language, closes; a refusal is said again when the child tries again).
    pub fn speak_again(&mut self) {
        self.clear_bubble();
        let lang = self.config.lang;
        if let Some(outcome) = self.game.outcome() {
            let over = self.game_over_report(outcome, None);
            self.announce(over.message);
        } else if let Some(sq) = self.selected {
            if let Some(piece) = self.board().piece_at(sq) {
                self.announce(pick_up_sentence(sq, piece, self.dests(sq), lang));
            }
        } else if let Some(still) = self.game.reminder().filter(|_| self.config.class_play) {
            self.announce(describe(&still, &still.args(), lang));
        } else {
            self.announce_turn();
        }
    }

    /// Says whose turn it is (the status line's first words); a board steered without a turn
    /// says nothing.
    pub fn announce_turn(&mut self) {
        let side = side_name(self.position().turn(), self.config.lang);
        let quiet = self.steer.as_ref().is_some_and(|s| !s.says_turn);
        self.announce(if quiet { String::new() } else { say(BoardText::ToMove, &[("side", side)], self.config.lang) });
    }

    pub(super) fn clear_bubble(&mut self) {
        self.bubble = None;
        self.marks = Bitboard::EMPTY;
    }

    pub(super) fn explanation(&self, what: &dyn Words, args: &[(&str, ReasonArg)], squares: Bitboard) -> Explanation {
        Explanation { code: what.code(), squares, message: describe(what, args, self.config.lang) }
    }

    /// Shows a refusal: the bubble and marks (when explaining is on) and the announcement.
    pub(super) fn refuse(&mut self, explanation: Explanation, anchor: Option<Square>, r: &mut Response) {
        if self.config.explain {
            self.marks = explanation.squares;
            self.bubble = Some(Bubble { text: explanation.message.clone(), anchor, refusal: true });
            self.announce(explanation.message.clone());
        } else {
            self.announce(say(BoardText::Refused, &[], self.config.lang));
        }
        r.refusal = Some(explanation);
    }

    /// Shows a note (not a refusal): touch-move reminders, j'adoube.
    pub(super) fn note(&mut self, text: String, squares: Bitboard, anchor: Option<Square>) {
        self.marks = squares;
        self.bubble = Some(Bubble { text: text.clone(), anchor, refusal: false });
        self.announce(text);
    }

    pub(super) fn refusal_explanation(&self, refusal: &Refusal) -> Explanation {
        let mut e = self.explanation(refusal, &refusal.args(), refusal.squares());
        if let Refusal::Illegal { foul: Some(count), .. } = refusal {
            e.message.push(' ');
            e.message.push_str(&qitong_words::foul(*count, self.game.settings().foul_limit, self.config.lang));
        }
        e
    }

    pub(super) fn game_over_report(&self, outcome: Outcome, last_mover: Option<Color>) -> GameOver {
        let lang = self.config.lang;
        // `{winner}` of the perpetual-check sentence is the side that kept giving check.
        let named = match outcome.reason {
            qitong_rules::EndReason::PerpetualCheck { checker } => Some(checker),
            _ => outcome.winner.or(last_mover),
        };
        let args: Vec<(&str, ReasonArg)> = named.map(|c| ("winner", ReasonArg::Color(c))).into_iter().collect();
        GameOver { result: outcome.pgn_result(), reason: outcome.code(), winner: outcome.winner, message: describe(&outcome.reason, &args, lang) }
    }

    // ---- playing -------------------------------------------------------------------------

    /// Asks the core about `from`→`to`: a proposal, the promotion chooser, or a refusal.
    pub(super) fn attempt(&mut self, from: Square, to: Square, promotion: Option<Role>, dragged: bool, r: &mut Response) {
        if self.steer.is_some() {
            return self.steered_attempt(from, to, promotion, r);
        }
        let before = *self.position();
        let mut next = self.game.clone();
        match next.attempt(from, to, promotion, 0) {
            Ok(mv) => r.proposal = Some(self.proposal(next, mv, &before, !dragged)),
            Err(Refusal::Illegal { reason: IllegalReason::PromotionMissing { .. }, .. }) => {
                self.promotion = Some((from, to));
                self.announce(say(BoardText::Promotion, &[], self.config.lang));
            }
            Err(refusal) => {
                let mover = before.turn();
                self.game = next;
                let e = self.refusal_explanation(&refusal);
                self.refuse(e, Some(to), r);
                if let Some(outcome) = self.game.outcome() {
                    self.selected = None;
                    let over = self.game_over_report(outcome, Some(mover));
                    self.announce(over.message.clone());
                    r.game_over = Some(over);
                }
            }
        }
    }

    /// A legal move played on `next` (a copy of the game), waiting for the page's consent.
    pub(super) fn proposal(&self, next: JournaledGame, mv: Move, before: &Position, animate: bool) -> Proposal {
        let fen = next.position().fen();
        let san = SanPlus::from_move(before, &mv).to_string();
        Proposal { version: self.version, next: Box::new(next), mv, san, uci: mv.to_uci(), fen, animate }
    }

    /// Plays a proposed move the page did not veto. `None` when the position changed meanwhile
    /// (the page set another position or played a move while the event was being handled).
    pub fn commit(&mut self, proposal: Proposal) -> Option<Played> {
        if proposal.version != self.version {
            return None;
        }
        let before = *self.position();
        self.game = *proposal.next;
        let mv = proposal.mv;
        if proposal.animate {
            self.slides = slides_of(&mv);
        }
        Some(self.after_move(&before, mv, proposal.san, proposal.uci, proposal.fen))
    }

    /// The page vetoed the proposal: the piece goes back and is put down.
    pub fn reject(&mut self, _proposal: Proposal) {
        self.selected = None;
        self.put_down_on_release = false;
    }

    fn after_move(&mut self, before: &Position, mv: Move, san: String, uci: String, fen: String) -> Played {
        self.version += 1;
        self.last_move = Some(mv);
        self.selected = None;
        self.promotion = None;
        self.put_down_on_release = false;
        self.clear_bubble();
        self.focus = mv.to;
        let facts = MoveFacts {
            mover: before.turn(),
            role: mv.role,
            from: mv.from,
            to: mv.to,
            captured: mv.capture,
            en_passant: mv.kind == MoveKind::EnPassant,
            castle: mv.castling_side(),
            promotion: mv.promotion,
            check: self.position().is_check(),
        };
        let mut text = move_sentence(&facts, self.config.lang);
        let game_over = self.game.outcome().map(|o| self.game_over_report(o, Some(before.turn())));
        if let Some(over) = &game_over {
            text.push(' ');
            text.push_str(&over.message);
        }
        self.announce(text);
        Played { mv, san, uci, fen, facts, game_over }
    }
}

/// The pieces that slide in a move: the mover, and the rook when castling.
pub(super) fn slides_of(mv: &Move) -> Vec<(Square, Square)> {
    let mut slides = vec![(mv.from, mv.to)];
    if let Some((rook_from, rook_to)) = mv.rook_squares() {
        slides.push((rook_from, rook_to));
    }
    slides
}

mod input;
mod opponent;
pub mod steer;
#[cfg(test)]
mod tests;
mod tray;
