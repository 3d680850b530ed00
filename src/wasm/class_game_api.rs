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
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// Settings from JavaScript; every field optional (class play by default).
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct SettingsInput {
    touch_move: Option<bool>,
    /// 0 turns the foul count off.
    foul_limit: Option<u8>,
    /// Repetition and fifty moves must be claimed.
    tournament: Option<bool>,
    /// A time control like `"10+5"`.
    clock: Option<String>,
    take_backs: Option<bool>,
    drill: Option<bool>,
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
    /// `new ClassGame(fen?, { touchMove, foulLimit, tournament, clock, takeBacks, drill }?, lang?)`.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>, settings: JsValue, lang: Option<String>) -> Result<JsClassGame, JsValue> {
        let input: SettingsInput = if settings.is_undefined() || settings.is_null() {
            SettingsInput::default()
        } else {
            serde_wasm_bindgen::from_value(settings).map_err(ApiError::from)?
        };
        let clock = match input.clock.as_deref() {
            Some(tc) => Some(tc.parse().map_err(|e| ApiError::new(ErrorCode::InvalidArgument, format!("{e}")))?),
            None => None,
        };
        let defaults = Settings::CLASS;
        let settings = Settings {
            touch_move: input.touch_move.unwrap_or(defaults.touch_move),
            foul_limit: input.foul_limit.map_or(defaults.foul_limit, |n| (n > 0).then_some(n)),
            draw_rules: if input.tournament.unwrap_or(false) { DrawRules::TOURNAMENT } else { DrawRules::CLASS },
            clock,
            take_backs: input.take_backs.unwrap_or(defaults.take_backs),
        };
        let start = position_from(fen, input.drill.unwrap_or(false))?;
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

    /// Legal destinations still allowed by touch-move, as `{ "g1": ["f3", "h3"], … }`.
    #[wasm_bindgen(js_name = allowedDests)]
    pub fn allowed_dests(&self) -> Result<JsValue, JsValue> {
        let mut map: std::collections::BTreeMap<String, Vec<String>> = Default::default();
        for m in self.game.allowed_moves().iter() {
            map.entry(m.from.to_string()).or_default().push(m.to.to_string());
        }
        to_js(&map)
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
        #[derive(Deserialize, Default)]
        #[serde(default)]
        struct InfoInput {
            event: String,
            date: String,
            white: String,
            black: String,
            round: String,
        }
        let input: InfoInput = if info.is_undefined() || info.is_null() {
            InfoInput::default()
        } else {
            serde_wasm_bindgen::from_value(info).map_err(ApiError::from)?
        };
        let info = GameInfo {
            event: input.event,
            date: input.date,
            white: input.white,
            black: input.black,
            round: input.round,
            time_control: None,
        };
        Ok(class_game_pgn(&self.game, &info))
    }
}
