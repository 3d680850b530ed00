//! The `Game` handle for JavaScript: a chess game driven by SAN or UCI, with legal
//! destinations, kid-worded explanations of illegal moves, outcomes and PGN writing.
//! (`Game.loadPgn` and `perft` are teacher exports: `teacher_api.rs`.)

use super::convert::{parse_lang, parse_promotion, parse_square, position_from, to_js};
use super::error::{ApiError, ErrorCode};
use crate::rules::{explain, parse_move_text, Game, Move, Outcome, Position, Role, SanError};
use crate::ui::words::describe;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A move as JavaScript sees it.
#[derive(Serialize)]
pub(crate) struct MoveInfo {
    from: String,
    to: String,
    uci: String,
    san: String,
    piece: &'static str,
    captured: Option<&'static str>,
    promotion: Option<&'static str>,
    /// `"normal"`, `"double-step"`, `"en-passant"`, `"castle-king-side"` or `"castle-queen-side"`.
    kind: &'static str,
}

impl MoveInfo {
    pub(crate) fn new(before: &Position, m: &Move) -> MoveInfo {
        use crate::rules::{CastlingSide, MoveKind};
        MoveInfo {
            from: m.from.to_string(),
            to: m.to.to_string(),
            uci: m.to_uci(),
            san: before.san(m),
            piece: m.role.name(),
            captured: m.capture.map(Role::name),
            promotion: m.promotion.map(Role::name),
            kind: match m.kind {
                MoveKind::Normal => "normal",
                MoveKind::DoubleStep => "double-step",
                MoveKind::EnPassant => "en-passant",
                MoveKind::Castle(CastlingSide::KingSide) => "castle-king-side",
                MoveKind::Castle(CastlingSide::QueenSide) => "castle-queen-side",
            },
        }
    }
}

/// A game's end as JavaScript sees it: `{ winner: "white" | "black" | null, reason, result }`.
#[derive(Serialize)]
pub(crate) struct OutcomeInfo {
    winner: Option<&'static str>,
    reason: &'static str,
    result: &'static str,
}

impl From<Outcome> for OutcomeInfo {
    fn from(o: Outcome) -> OutcomeInfo {
        OutcomeInfo { winner: o.winner.map(|c| c.name()), reason: o.reason.code(), result: o.pgn_result() }
    }
}

/// The answer of `explain`: either the legal move, or why not.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Explanation {
    legal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    r#move: Option<MoveInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'static str>,
    squares: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    permanent: bool,
}

/// A chess game: `new Game()`, `new Game(fen)`, `new Game(fen, true)` for a drill position.
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    game: Game,
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// Starts from `fen` (default: the start position). Throws `INVALID_FEN` with the reason.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>, drill: Option<bool>) -> Result<JsGame, JsValue> {
        Ok(JsGame { game: Game::from_position(position_from(fen, drill.unwrap_or(false))?) })
    }

    /// The current position's FEN.
    pub fn fen(&self) -> String {
        self.game.position().fen()
    }

    /// `"white"` or `"black"`: whose move it is.
    pub fn turn(&self) -> String {
        self.game.position().turn().name().to_string()
    }

    /// Is the side to move in check?
    #[wasm_bindgen(js_name = isCheck)]
    pub fn is_check(&self) -> bool {
        self.game.position().is_check()
    }

    /// Every legal move: `[{ from, to, uci, san, piece, captured, promotion, kind }]`.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Result<JsValue, JsValue> {
        let pos = self.game.position();
        let moves: Vec<MoveInfo> = if self.game.is_over() {
            Vec::new()
        } else {
            pos.legal_moves().iter().map(|m| MoveInfo::new(pos, m)).collect()
        };
        to_js(&moves)
    }

    /// Legal destinations as a `Map` from square to squares (`"e2" → ["e3", "e4"]`).
    pub fn dests(&self) -> js_sys::Map {
        let map = js_sys::Map::new();
        if self.game.is_over() {
            return map;
        }
        let pos = self.game.position();
        for from in pos.board().by_color(pos.turn()) {
            let dests = pos.dests(from);
            if dests.any() {
                let list: js_sys::Array = dests.map(|sq| JsValue::from_str(&sq.to_string())).collect();
                map.set(&JsValue::from_str(&from.to_string()), &list);
            }
        }
        map
    }

    /// Why `from`→`to` is or is not allowed: `{ legal: true, move }` or
    /// `{ legal: false, code, squares, message, permanent }`, the message kid-worded in `lang`
    /// (`"zh-CN"` by default, or `"en"`). Throws only for bad square names or arguments.
    pub fn explain(&self, from: &str, to: &str, promotion: Option<String>, lang: Option<String>) -> Result<JsValue, JsValue> {
        let (from, to) = (parse_square(from)?, parse_square(to)?);
        let promotion = parse_promotion(promotion)?;
        let lang = parse_lang(lang)?;
        let pos = self.game.position();
        let answer = match explain(pos, from, to, promotion) {
            Ok(m) => Explanation {
                legal: true,
                r#move: Some(MoveInfo::new(pos, &m)),
                code: None,
                squares: Vec::new(),
                message: None,
                permanent: false,
            },
            Err(reason) => Explanation {
                legal: false,
                r#move: None,
                code: Some(reason.code()),
                squares: reason.squares().map(|sq| sq.to_string()).collect(),
                message: Some(describe(reason.code(), &reason.args(), lang)),
                permanent: reason.is_permanent(),
            },
        };
        to_js(&answer)
    }

    /// Plays a move given as SAN (forgiving: `0-0`, `Nf3+`, `马f3` …) or UCI (`g1f3`) and
    /// returns it as `{ from, to, uci, san, … }`. Throws `INVALID_MOVE`, `ILLEGAL_MOVE` or
    /// `GAME_OVER` with a clear message.
    pub fn play(&mut self, text: &str) -> Result<JsValue, JsValue> {
        if let Some(outcome) = self.game.outcome() {
            return Err(ApiError::new(ErrorCode::GameOver, format!("the game is over: {outcome}")).into());
        }
        let pos = *self.game.position();
        let (m, _corrections) = parse_move_text(&pos, text).map_err(|e| {
            let code = if matches!(e, SanError::Syntax { .. }) { ErrorCode::InvalidMove } else { ErrorCode::IllegalMove };
            ApiError::new(code, format!("'{}': {e}", text.trim()))
        })?;
        let info = MoveInfo::new(&pos, &m);
        self.game.play(&m).map_err(|e| ApiError::new(ErrorCode::IllegalMove, e.to_string()))?;
        to_js(&info)
    }

    /// Takes back the last move; returns its UCI, or `null` at the start.
    pub fn undo(&mut self) -> Option<String> {
        self.game.undo().map(|m| m.to_uci())
    }

    /// The moves played, in SAN.
    pub fn history(&self) -> Vec<String> {
        self.game.history().iter().zip(self.game.positions()).map(|(m, before)| before.san(m)).collect()
    }

    /// `null` while the game goes on, else `{ winner, reason, result }`.
    pub fn outcome(&self) -> Result<JsValue, JsValue> {
        match self.game.outcome() {
            Some(o) => to_js(&OutcomeInfo::from(o)),
            None => Ok(JsValue::NULL),
        }
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        let info = crate::classroom::score_sheet::GameInfo::default();
        crate::classroom::score_sheet::pgn_game(&self.game, &info).to_pgn()
    }
}

impl JsGame {
    /// For exports defined elsewhere (`Game.loadPgn` is a teacher export).
    #[cfg_attr(not(feature = "teacher"), allow(dead_code))]
    pub(super) fn replace_game(&mut self, game: Game) {
        self.game = game;
    }
}
