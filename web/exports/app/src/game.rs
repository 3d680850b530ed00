//! The `Game` handle for JavaScript: a chess game driven by SAN or UCI, with legal
//! destinations, kid-worded explanations of illegal moves, outcomes and PGN writing.
//! PGN reading too (`loadPgn`), which the teacher pages use.

use qitong::classroom::score_sheet::game_from_pgn;
use qitong::rules::{explain, parse_move_text, Game, Move, Outcome, Position, Role, SanError};
use qitong::rules::{DrawRules, PgnGame};
use qitong::ui::words::describe;
use qitong_exports::args;
use qitong_exports::convert::{object, parse_lang, parse_promotion, parse_square, position_from, square_name, square_names};
use qitong_exports::{ApiError, ErrorCode};
use wasm_bindgen::prelude::*;

/// A move as JavaScript sees it: `{ from, to, uci, san, piece, captured, promotion, kind }`
/// (`captured` and `promotion` are `undefined` when there is none); `kind` is `"normal"`,
/// `"double-step"`, `"en-passant"`, `"castle-king-side"` or `"castle-queen-side"`.
pub(crate) fn move_info(before: &Position, m: &Move) -> JsValue {
    use qitong::rules::{CastlingSide, MoveKind};
    let kind = match m.kind {
        MoveKind::Normal => "normal",
        MoveKind::DoubleStep => "double-step",
        MoveKind::EnPassant => "en-passant",
        MoveKind::Castle(CastlingSide::KingSide) => "castle-king-side",
        MoveKind::Castle(CastlingSide::QueenSide) => "castle-queen-side",
    };
    object(&[
        ("from", square_name(m.from)),
        ("to", square_name(m.to)),
        ("uci", m.to_uci().into()),
        ("san", before.san(m).into()),
        ("piece", m.role.name().into()),
        ("captured", m.capture.map(Role::name).into()),
        ("promotion", m.promotion.map(Role::name).into()),
        ("kind", kind.into()),
    ])
}

/// A game's end as JavaScript sees it: `{ winner: "white" | "black" | undefined, reason, result }`.
pub(crate) fn outcome_info(o: Outcome) -> JsValue {
    object(&[("winner", o.winner.map(|c| c.name()).into()), ("reason", o.reason.code().into()), ("result", o.pgn_result().into())])
}

/// `outcome_info`, or `null` while the game goes on.
pub(crate) fn outcome_or_null(o: Option<Outcome>) -> JsValue {
    o.map_or(JsValue::NULL, outcome_info)
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
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] fen: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "boolean")] drill: &JsValue,
    ) -> Result<JsGame, JsValue> {
        Ok(JsGame { game: Game::from_position(position_from(fen, args::opt_bool(drill, "drill", false)?)?) })
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
        let list = js_sys::Array::new();
        if !self.game.is_over() {
            for m in pos.legal_moves().iter() {
                list.push(&move_info(pos, m));
            }
        }
        Ok(list.into())
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
                map.set(&square_name(from), &square_names(&mut { dests }));
            }
        }
        map
    }

    /// Why `from`→`to` is or is not allowed: `{ legal: true, move }` or
    /// `{ legal: false, code, squares, message, permanent }`, the message kid-worded in `lang`
    /// (`"zh-CN"` by default, or `"en"`). Throws only for bad square names or arguments.
    pub fn explain(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] from: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] to: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] promotion: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] lang: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let (from, to) = (parse_square(from)?, parse_square(to)?);
        let promotion = parse_promotion(promotion)?;
        let lang = parse_lang(lang)?;
        let pos = self.game.position();
        Ok(match explain(pos, from, to, promotion) {
            Ok(m) => {
                object(&[("legal", true.into()), ("move", move_info(pos, &m)), ("squares", js_sys::Array::new().into()), ("permanent", false.into())])
            }
            Err(reason) => object(&[
                ("legal", false.into()),
                ("code", reason.code().into()),
                ("squares", square_names(&mut reason.squares())),
                ("message", describe(&reason, &reason.args(), lang).into()),
                ("permanent", reason.is_permanent().into()),
            ]),
        })
    }

    /// Plays a move given as SAN (forgiving: `0-0`, `Nf3+`, `马f3` …) or UCI (`g1f3`) and
    /// returns it as `{ from, to, uci, san, … }`. Throws `INVALID_MOVE`, `ILLEGAL_MOVE` or
    /// `GAME_OVER` with a clear message.
    pub fn play(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue) -> Result<JsValue, JsValue> {
        if let Some(outcome) = self.game.outcome() {
            return Err(ApiError::new(ErrorCode::GameOver, format!("the game is over: {outcome}")).into());
        }
        let text = args::string(text, "move")?;
        let pos = *self.game.position();
        let (m, _corrections) = parse_move_text(&pos, &text).map_err(|e| {
            let code = if matches!(e, SanError::Syntax { .. }) { ErrorCode::InvalidMove } else { ErrorCode::IllegalMove };
            ApiError::new(code, format!("'{}': {e}", text.trim()))
        })?;
        let info = move_info(&pos, &m);
        self.game.play(&m).map_err(|e| ApiError::new(ErrorCode::IllegalMove, e.to_string()))?;
        Ok(info)
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
        Ok(outcome_or_null(self.game.outcome()))
    }

    /// The game as PGN.
    pub fn pgn(&self) -> String {
        let info = qitong::classroom::score_sheet::GameInfo::default();
        qitong::classroom::score_sheet::pgn_game(&self.game, &info).to_pgn()
    }
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// Replaces the game by the first game of a PGN text. Throws `INVALID_PGN` (naming the
    /// line and move) and leaves the game unchanged when the text cannot be read.
    #[wasm_bindgen(js_name = loadPgn)]
    pub fn load_pgn(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] pgn: &JsValue) -> Result<(), JsValue> {
        let read = PgnGame::from_pgn(&args::string(pgn, "pgn")?).map_err(ApiError::from)?;
        let game = game_from_pgn(&read, DrawRules::CLASS).map_err(|e| ApiError::new(ErrorCode::InvalidPgn, format!("invalid PGN: {e}")))?;
        self.game = game;
        Ok(())
    }
}
