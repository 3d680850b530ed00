//! The board's game-level changes: a new position, class play switched on or off, take-backs,
//! flipping, and moves typed in the move box or played by the page (`move(sanOrUci)`).

use crate::journal::{JournaledGame, ReplayError};
use crate::state::{slides_of, BoardState, Explanation, Played, Response};
use crate::words::{say, square_list, BoardText};
use qitong_classroom::class_game::{Refusal, Settings};
use qitong_rules::{parse_move_text, FenError, IllegalReason, Move, Role, SanError, SanPlus, Square};
use qitong_view::choices::read_fen;
use qitong_view::error_code::ErrorCode;
use qitong_words::{describe, side_name};

/// What a typed move turned out to be, short of a legal move.
enum Typed {
    /// A pawn move to the last rank with no piece named: ask with the chooser.
    Promotion(Square, Square),
    /// Not a move at all (`INVALID_MOVE`): the board's `move-text-unreadable`.
    Unreadable(Explanation),
    /// A move, but not one that can be played (`ILLEGAL_MOVE`).
    Refused(Explanation),
}

/// Why the page's `move(sanOrUci)` was not played: the JS error code and the explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveTextError {
    /// `INVALID_MOVE` (not readable), `ILLEGAL_MOVE` or `GAME_OVER`.
    pub js_code: ErrorCode,
    pub explanation: Explanation,
}

impl BoardState {
    /// Replaces the position (the history, selection, marks and shapes go).
    pub fn set_position(&mut self, fen: Option<&str>) -> Result<(), FenError> {
        let start = read_fen(fen)?;
        self.game = JournaledGame::new(start, self.settings());
        self.reset_view();
        self.shapes.clear();
        self.announce(format!("{} {}", say(BoardText::NewPosition, &[], self.config.lang), self.turn_text()));
        Ok(())
    }

    /// A saved game goes on: its journal (`JournaledGame::journal`) replayed from `start` under
    /// the board's rules. On a refusal nothing changes.
    pub fn resume(&mut self, start: Option<&str>, journal: &str) -> Result<(), ReplayError> {
        let unreadable = || ReplayError { index: 0, word: start.unwrap_or_default().to_string() };
        let start = read_fen(start).map_err(|_| unreadable())?;
        self.game = JournaledGame::replay(start, self.settings(), journal)?;
        self.reset_view();
        self.shapes.clear();
        self.speak_again();
        Ok(())
    }

    /// The game's journal, to save it by (see [`BoardState::resume`]).
    pub fn journal(&self) -> String {
        self.game.journal()
    }

    pub(super) fn turn_text(&self) -> String {
        say(BoardText::ToMove, &[("side", side_name(self.position().turn(), self.config.lang))], self.config.lang)
    }

    pub(super) fn reset_view(&mut self) {
        self.version += 1;
        self.selected = None;
        self.last_move = self.game.game().history().last().copied();
        self.promotion = None;
        self.drawing = None;
        self.adjusting = false;
        self.clear_bubble();
    }

    pub(super) fn settings(&self) -> Settings {
        if self.config.class_play {
            Settings::CLASS
        } else {
            Settings::FREE
        }
    }

    /// Class play was switched on or off: the same game goes on under the other rules.
    pub fn apply_rules(&mut self) {
        let game = self.game.game();
        let mut replay = JournaledGame::new(*game.start_position(), self.settings());
        let replayed = game.history().iter().all(|m| replay.attempt(m.from, m.to, m.promotion, 0).is_ok());
        self.game = if replayed { replay } else { JournaledGame::new(*self.position(), self.settings()) };
        self.reset_view();
    }

    /// Takes back the last move (free play only): the move taken back, or the refusal's code.
    pub fn undo(&mut self) -> Result<Undone, &'static str> {
        let mv = self.game.undo().map_err(|refusal| refusal.code())?;
        let san = SanPlus::from_move(self.position(), &mv).to_string();
        self.reset_view();
        self.slides = slides_of(&mv).into_iter().map(|(a, b)| (b, a)).collect();
        self.announce(say(BoardText::TookBack, &[("san", &san)], self.config.lang));
        Ok((mv, san))
    }

    /// Turns the board around.
    pub fn flip(&mut self) {
        self.config.orientation = !self.config.orientation;
        let side = side_name(self.config.orientation, self.config.lang);
        self.announce(say(BoardText::Turned, &[("side", side)], self.config.lang));
    }

    // ---- typed moves ---------------------------------------------------------------------

    /// A move typed in the move box (SAN or UCI): proposed like a move made with the pieces, or
    /// explained.
    pub fn type_move(&mut self, text: &str) -> Response {
        let mut r = Response::default();
        self.clear_bubble();
        if self.config.readonly {
            return r;
        }
        if let Some(outcome) = self.game.outcome() {
            let e = self.explanation(&Refusal::GameOver(outcome), &[], qitong_rules::Bitboard::EMPTY);
            self.refuse(e, None, &mut r);
            return r;
        }
        match self.read_typed(text) {
            Ok((from, to, promotion)) => {
                self.selected = None;
                self.attempt(from, to, promotion, false, &mut r);
            }
            Err(Typed::Promotion(from, to)) => {
                self.selected = None;
                self.promotion = Some((from, to));
                self.announce(say(BoardText::Promotion, &[], self.config.lang));
            }
            Err(Typed::Unreadable(e) | Typed::Refused(e)) => {
                let anchor = e.squares.first();
                self.refuse(e, anchor, &mut r);
            }
        }
        r
    }

    /// The page plays a move (`move(sanOrUci)`): played at once (no `move` event, no veto), or
    /// refused with nothing changed (no fouls are counted for the page's moves).
    pub fn play_text(&mut self, text: &str) -> Result<Played, MoveTextError> {
        if let Some(outcome) = self.game.outcome() {
            let explanation = self.explanation(&Refusal::GameOver(outcome), &[], qitong_rules::Bitboard::EMPTY);
            return Err(MoveTextError { js_code: ErrorCode::GameOver, explanation });
        }
        let (from, to, promotion) = self.read_typed(text).map_err(|typed| match typed {
            Typed::Promotion(from, to) => {
                let reason = IllegalReason::PromotionMissing { from, to };
                let explanation = self.explanation(&reason, &reason.args(), reason.squares());
                MoveTextError { js_code: ErrorCode::IllegalMove, explanation }
            }
            Typed::Unreadable(explanation) => MoveTextError { js_code: ErrorCode::InvalidMove, explanation },
            Typed::Refused(explanation) => MoveTextError { js_code: ErrorCode::IllegalMove, explanation },
        })?;
        self.play_squares(from, to, promotion)
    }

    /// The computer opponent's move, in UCI: played at once, as the page's moves are. Read
    /// without the forgiving SAN reader, which the lesson modules' boards do not otherwise need
    /// (7 KB of wasm).
    pub fn play_uci(&mut self, uci: &str) -> Result<Played, MoveTextError> {
        let said = BoardText::MoveTextUnreadable;
        let message = say(said, &[("text", uci)], self.config.lang);
        let unreadable = || MoveTextError {
            js_code: ErrorCode::InvalidMove,
            explanation: Explanation { code: said.key(), squares: qitong_rules::Bitboard::EMPTY, message: message.clone() },
        };
        let parsed: qitong_rules::Uci = uci.parse().map_err(|_| unreadable())?;
        if let Some(outcome) = self.game.outcome() {
            let explanation = self.explanation(&Refusal::GameOver(outcome), &[], qitong_rules::Bitboard::EMPTY);
            return Err(MoveTextError { js_code: ErrorCode::GameOver, explanation });
        }
        self.play_squares(parsed.from, parsed.to, parsed.promotion)
    }

    /// Plays the move `from`-`to` (promoting to `promotion`) at once, or explains the refusal.
    fn play_squares(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Result<Played, MoveTextError> {
        let before = *self.position();
        let mut next = self.game.clone();
        match next.attempt(from, to, promotion, 0) {
            Ok(mv) => {
                let proposal = self.proposal(next, mv, &before, true);
                // The version cannot have changed in between: this commit always plays.
                self.commit(proposal).ok_or(MoveTextError {
                    js_code: ErrorCode::IllegalMove,
                    explanation: Explanation {
                        code: BoardText::Refused.key(),
                        squares: qitong_rules::Bitboard::EMPTY,
                        message: say(BoardText::Refused, &[], self.config.lang),
                    },
                })
            }
            Err(refusal) => Err(MoveTextError { js_code: ErrorCode::IllegalMove, explanation: self.refusal_explanation(&refusal) }),
        }
    }

    /// Reads a typed move: its squares, or what is wrong with it in the core's words.
    fn read_typed(&self, text: &str) -> Result<(Square, Square, Option<Role>), Typed> {
        match parse_move_text(self.position(), text) {
            Ok((m, _)) => Ok((m.from, m.to, m.promotion)),
            Err(err) => Err(self.typed_error(&err, text)),
        }
    }

    fn typed_error(&self, err: &SanError, text: &str) -> Typed {
        let lang = self.config.lang;
        let board_says = |text: BoardText, args: &[(&str, &str)], squares| Explanation { code: text.key(), squares, message: say(text, args, lang) };
        let unreadable = || Typed::Unreadable(board_says(BoardText::MoveTextUnreadable, &[("text", text.trim())], qitong_rules::Bitboard::EMPTY));
        let explained = |from: Square, to: Square, promotion: Option<Role>| match self.position().explain(from, to, promotion) {
            Err(IllegalReason::PromotionMissing { from, to }) => Typed::Promotion(from, to),
            Err(reason) => {
                Typed::Refused(Explanation { code: reason.code(), squares: reason.squares(), message: describe(&reason, &reason.args(), lang) })
            }
            Ok(_) => unreadable(),
        };
        // A promotion written wrong, said in the words of the core's reason of its kind: they name
        // no square, and the board marks none (the squares below only stand in).
        let core_says = |reason: IllegalReason| Typed::Refused(self.explanation(&reason, &[], qitong_rules::Bitboard::EMPTY));
        let (from, to) = (Square::A7, Square::A8);
        match err {
            SanError::Syntax { .. } | SanError::CaptureMismatch { .. } => unreadable(),
            // Of several such pieces, the one whose reason says most (a blocked path rather
            // than "a bishop does not move like that").
            SanError::IllegalMove { to, pieces, .. } => match pieces
                .iter()
                .find(|&&from| !matches!(self.position().explain(from, *to, None), Err(IllegalReason::CannotMoveThatWay { .. })))
                .or(pieces.first())
            {
                Some(&from) => explained(from, *to, None),
                None => Typed::Refused(board_says(BoardText::MoveTextNoPiece, &[("to", &to.to_string())], qitong_rules::Bitboard::from_square(*to))),
            },
            SanError::Ambiguous { candidates, .. } => {
                let squares = candidates.iter().copied().collect();
                Typed::Refused(board_says(BoardText::MoveTextAmbiguous, &[("squares", &square_list(squares, lang))], squares))
            }
            SanError::IllegalUci { uci } => explained(uci.from, uci.to, uci.promotion),
            SanError::NotAPromotion { .. } => core_says(IllegalReason::PromotionNotAPromotion { from, to, role: Role::Queen }),
            SanError::MissingPromotion { .. } => core_says(IllegalReason::PromotionMissing { from, to }),
            SanError::PromotionNotAllowed { role } => core_says(IllegalReason::PromotionNotAllowed { from, to, role: *role }),
        }
    }
}

/// The take-back's undone move, for the caller: the move and its SAN before it was undone.
pub type Undone = (Move, String);
