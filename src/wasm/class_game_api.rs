//! The `ClassGame` handle for JavaScript: a game under the class's rules (touch-move, fouls,
//! draw offers, clock, score sheet). Refusals are answers, not exceptions: each action returns
//! `{ ok: true, … }` or `{ ok: false, code, message, squares, foul }` with kid-worded text.

use super::error::{ApiError, ErrorCode};
use super::convert::{millis, parse_lang, parse_promotion, parse_square, position_from, side, to_js};
use super::game_api::{MoveInfo, OutcomeInfo};
use crate::classroom::class_game::{ClassGame, Refusal, Settings};
use crate::classroom::score_sheet::{class_game_pgn, rows, GameInfo};
use crate::classroom::touch::Obligation;
use crate::rules::{DrawRules, SanFormat};
use crate::ui::words::{describe, Lang};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A property of a plain options object (`undefined` when `options` is not an object).
fn option(options: &JsValue, key: &str) -> JsValue {
    if options.is_object() {
        js_sys::Reflect::get(options, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

fn bool_option(options: &JsValue, key: &str, default: bool) -> Result<bool, JsValue> {
    let v = option(options, key);
    if v.is_undefined() || v.is_null() {
        return Ok(default);
    }
    v.as_bool().ok_or_else(|| ApiError::new(ErrorCode::InvalidArgument, format!("{key} must be true or false")).into())
}

fn string_option(options: &JsValue, key: &str) -> Result<Option<String>, JsValue> {
    let v = option(options, key);
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.as_string().map(Some).ok_or_else(|| ApiError::new(ErrorCode::InvalidArgument, format!("{key} must be a string")).into())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Answer {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    r#move: Option<MoveInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    squares: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    foul: Option<u8>,
    /// What touch-move obliges now: `{ kind: "free" | "move" | "capture" | "capture-with", … }`.
    #[serde(skip_serializing_if = "Option::is_none")]
    obligation: Option<ObligationInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outcome: Option<OutcomeInfo>,
}

#[derive(Serialize)]
struct ObligationInfo {
    kind: &'static str,
    squares: Vec<String>,
}

impl From<Obligation> for ObligationInfo {
    fn from(o: Obligation) -> ObligationInfo {
        let (kind, squares) = match o {
            Obligation::Free => ("free", vec![]),
            Obligation::MovePiece(s) => ("move", vec![s]),
            Obligation::CapturePiece(s) => ("capture", vec![s]),
            Obligation::CaptureWith { piece, target } => ("capture-with", vec![piece, target]),
        };
        ObligationInfo { kind, squares: squares.iter().map(ToString::to_string).collect() }
    }
}

impl Answer {
    fn ok() -> Answer {
        Answer { ok: true, r#move: None, code: None, message: None, squares: vec![], foul: None, obligation: None, outcome: None }
    }

    fn refused(r: &Refusal, lang: Lang) -> Answer {
        let foul = match r {
            Refusal::Illegal { foul, .. } => *foul,
            _ => None,
        };
        Answer {
            ok: false,
            code: Some(r.code()),
            message: Some(describe(r.code(), &r.args(), lang)),
            squares: r.squares().map(|s| s.to_string()).collect(),
            foul,
            ..Answer::ok()
        }
    }
}



/// A game under the class's rules.
#[wasm_bindgen(js_name = ClassGame)]
pub struct JsClassGame {
    game: ClassGame,
    lang: Lang,
}

#[wasm_bindgen(js_class = ClassGame)]
impl JsClassGame {
    /// `new ClassGame(fen?, { touchMove, foulLimit, tournament, clock, takeBacks, drill }?, lang?)`:
    /// class play by default; `foulLimit: 0` turns the foul count off; `clock: "10+5"`.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>, options: JsValue, lang: Option<String>) -> Result<JsClassGame, JsValue> {
        let clock = match string_option(&options, "clock")? {
            Some(tc) => Some(tc.parse().map_err(|e| ApiError::new(ErrorCode::InvalidArgument, format!("{e}")))?),
            None => None,
        };
        let defaults = Settings::CLASS;
        let fouls = option(&options, "foulLimit");
        let foul_limit = match fouls.as_f64() {
            None if fouls.is_undefined() || fouls.is_null() => defaults.foul_limit,
            Some(n) if (0.0..=255.0).contains(&n) && n.fract() == 0.0 => (n > 0.0).then_some(n as u8),
            _ => return Err(ApiError::new(ErrorCode::InvalidArgument, "foulLimit must be a whole number from 0 to 255").into()),
        };
        let settings = Settings {
            touch_move: bool_option(&options, "touchMove", defaults.touch_move)?,
            foul_limit,
            draw_rules: if bool_option(&options, "tournament", false)? { DrawRules::TOURNAMENT } else { DrawRules::CLASS },
            clock,
            take_backs: bool_option(&options, "takeBacks", defaults.take_backs)?,
        };
        let start = position_from(fen, bool_option(&options, "drill", false)?)?;
        Ok(JsClassGame { game: ClassGame::new(start, settings), lang: parse_lang(lang)? })
    }

    pub fn fen(&self) -> String {
        self.game.position().fen()
    }

    pub fn turn(&self) -> String {
        self.game.turn().name().to_string()
    }

    /// Fouls ("送王" attempts) counted for `side`.
    pub fn fouls(&self, side_name: &str) -> Result<u8, JsValue> {
        Ok(self.game.fouls(side(side_name)?))
    }

    /// `null`, or `{ winner, reason, result }`.
    pub fn outcome(&self) -> Result<JsValue, JsValue> {
        match self.game.outcome() {
            Some(o) => to_js(&OutcomeInfo::from(o)),
            None => Ok(JsValue::NULL),
        }
    }

    /// The side to move touches (selects) a piece; answers with the obligation or the refusal.
    pub fn touch(&mut self, square: &str) -> Result<JsValue, JsValue> {
        let sq = parse_square(square)?;
        let answer = match self.game.touch(sq) {
            Ok(o) => Answer { obligation: Some(o.into()), ..Answer::ok() },
            Err(r) => Answer::refused(&r, self.lang),
        };
        to_js(&answer)
    }

    /// Legal destinations still allowed by touch-move, as a `Map` from square to squares.
    #[wasm_bindgen(js_name = allowedDests)]
    pub fn allowed_dests(&self) -> js_sys::Map {
        let map = js_sys::Map::new();
        let moves = self.game.allowed_moves();
        for from in self.game.position().board().occupied() {
            let dests: js_sys::Array =
                moves.iter().filter(|m| m.from == from).map(|m| JsValue::from_str(&m.to.to_string())).collect();
            if dests.length() > 0 {
                map.set(&JsValue::from_str(&from.to_string()), &dests);
            }
        }
        map
    }

    /// Tries a move at `now` (ms). Answers `{ ok: true, move, outcome }` or the refusal.
    pub fn attempt(&mut self, from: &str, to: &str, promotion: Option<String>, now: f64) -> Result<JsValue, JsValue> {
        let (from, to, promotion, now) = (parse_square(from)?, parse_square(to)?, parse_promotion(promotion)?, millis(now)?);
        let before = *self.game.position();
        let answer = match self.game.attempt(from, to, promotion, now) {
            Ok(m) => Answer {
                r#move: Some(MoveInfo::new(&before, &m)),
                outcome: self.game.outcome().map(OutcomeInfo::from),
                ..Answer::ok()
            },
            Err(r) => Answer { outcome: self.game.outcome().map(OutcomeInfo::from), ..Answer::refused(&r, self.lang) },
        };
        to_js(&answer)
    }

    /// "J'adoube": `side` adjusts the piece on `square`.
    pub fn adjust(&self, side_name: &str, square: &str) -> Result<JsValue, JsValue> {
        let answer = match self.game.adjust(side(side_name)?, parse_square(square)?) {
            Ok(()) => Answer::ok(),
            Err(r) => Answer::refused(&r, self.lang),
        };
        to_js(&answer)
    }

    fn answer_of(&self, result: Result<(), Refusal>) -> Result<JsValue, JsValue> {
        let answer = match result {
            Ok(()) => Answer { outcome: self.game.outcome().map(OutcomeInfo::from), ..Answer::ok() },
            Err(r) => Answer::refused(&r, self.lang),
        };
        to_js(&answer)
    }

    #[wasm_bindgen(js_name = offerDraw)]
    pub fn offer_draw(&mut self, side_name: &str) -> Result<JsValue, JsValue> {
        let result = self.game.offer_draw(side(side_name)?);
        self.answer_of(result)
    }

    #[wasm_bindgen(js_name = acceptDraw)]
    pub fn accept_draw(&mut self, side_name: &str, now: f64) -> Result<JsValue, JsValue> {
        let result = self.game.accept_draw(side(side_name)?, millis(now)?).map(|_| ());
        self.answer_of(result)
    }

    #[wasm_bindgen(js_name = declineDraw)]
    pub fn decline_draw(&mut self, side_name: &str) -> Result<JsValue, JsValue> {
        let result = self.game.decline_draw(side(side_name)?);
        self.answer_of(result)
    }

    /// Always refused, with the reason: a draw offer cannot be taken back.
    #[wasm_bindgen(js_name = withdrawDraw)]
    pub fn withdraw_draw(&self, side_name: &str) -> Result<JsValue, JsValue> {
        let result = self.game.withdraw_draw(side(side_name)?);
        self.answer_of(result)
    }

    pub fn resign(&mut self, side_name: &str, now: f64) -> Result<JsValue, JsValue> {
        let result = self.game.resign(side(side_name)?, millis(now)?).map(|_| ());
        self.answer_of(result)
    }

    #[wasm_bindgen(js_name = claimDraw)]
    pub fn claim_draw(&mut self, now: f64) -> Result<JsValue, JsValue> {
        let result = self.game.claim_draw(millis(now)?).map(|_| ());
        self.answer_of(result)
    }

    /// Black presses the clock to start the game.
    #[wasm_bindgen(js_name = startClock)]
    pub fn start_clock(&mut self, now: f64) -> Result<JsValue, JsValue> {
        let result = self.game.start_clock(millis(now)?);
        self.answer_of(result)
    }

    /// Checks the clock at `now`; returns the outcome if a flag fell (or the game is over).
    pub fn tick(&mut self, now: f64) -> Result<JsValue, JsValue> {
        match self.game.tick(millis(now)?) {
            Some(o) => to_js(&OutcomeInfo::from(o)),
            None => Ok(JsValue::NULL),
        }
    }

    /// Milliseconds left for `side` at `now` (`null` without a clock).
    pub fn remaining(&self, side_name: &str, now: f64) -> Result<Option<f64>, JsValue> {
        let color = side(side_name)?;
        let now = millis(now)?;
        Ok(self.game.clock().map(|c| c.remaining(color, now) as f64))
    }

    /// The score sheet as rows `[{ number, white, black }]` in `"san"`, `"figurine"` or `"chinese"`.
    #[wasm_bindgen(js_name = scoreSheet)]
    pub fn score_sheet(&self, notation: Option<String>) -> Result<JsValue, JsValue> {
        let format = match notation.as_deref().unwrap_or("san") {
            "san" => SanFormat::STANDARD,
            "figurine" => SanFormat::FIGURINES,
            "chinese" => SanFormat::CHINESE,
            other => {
                return Err(ApiError::new(ErrorCode::InvalidArgument, format!("'{other}': use san, figurine or chinese")).into())
            }
        };
        #[derive(Serialize)]
        struct Row {
            number: u32,
            white: Option<String>,
            black: Option<String>,
        }
        let list: Vec<Row> = rows(self.game.game(), format, self.game.offered_with())
            .into_iter()
            .map(|r| Row { number: r.number, white: r.white, black: r.black })
            .collect();
        to_js(&list)
    }

    /// The PGN with the class's tags: `pgn({ event, date, white, black, round }?)`.
    pub fn pgn(&self, info: JsValue) -> Result<String, JsValue> {
        let text = |key| string_option(&info, key).map(Option::unwrap_or_default);
        let info = GameInfo {
            event: text("event")?,
            date: text("date")?,
            white: text("white")?,
            black: text("black")?,
            round: text("round")?,
            time_control: None,
        };
        Ok(class_game_pgn(&self.game, &info))
    }
}
