//! The `ClassGame` handle for JavaScript: a game under the class's rules (touch-move, fouls,
//! draw offers, clock, score sheet). Refusals are answers, not exceptions: each action returns
//! `{ ok: true, … }` or `{ ok: false, code, message, squares, foul }` with kid-worded text.

use crate::game::{move_info, outcome_info, outcome_or_null};
use qitong::classroom::class_game::{ClassGame, Refusal, Settings};
use qitong::classroom::score_sheet::{class_game_pgn, rows, GameInfo};
use qitong::classroom::touch::Obligation;
use qitong::rules::{DrawRules, Outcome, SanFormat};
use qitong::ui::words::{describe, Lang};
use qitong_exports::args;
use qitong_exports::convert::{millis, object, parse_lang, parse_promotion, parse_square, position_from, set, side, square_names};
use qitong_exports::{ApiError, ErrorCode};
use wasm_bindgen::prelude::*;

/// An action's answer: `{ ok, move?, code?, message?, squares, foul?, obligation?, outcome? }`
/// (the keys in this order; the optional ones only when they apply).
struct Answer {
    ok: bool,
    r#move: Option<JsValue>,
    code: Option<&'static str>,
    message: Option<String>,
    squares: Option<JsValue>,
    foul: Option<u8>,
    /// What touch-move obliges now: `{ kind: "free" | "move" | "capture" | "capture-with", squares }`.
    obligation: Option<Obligation>,
    outcome: Option<Outcome>,
}

fn obligation_info(o: Obligation) -> JsValue {
    let (kind, squares) = match o {
        Obligation::Free => ("free", square_names(&mut [].into_iter())),
        Obligation::MovePiece(s) => ("move", square_names(&mut [s].into_iter())),
        Obligation::CapturePiece(s) => ("capture", square_names(&mut [s].into_iter())),
        Obligation::CaptureWith { piece, target } => ("capture-with", square_names(&mut [piece, target].into_iter())),
    };
    object(&[("kind", kind.into()), ("squares", squares)])
}

impl Answer {
    fn ok() -> Answer {
        Answer { ok: true, r#move: None, code: None, message: None, squares: None, foul: None, obligation: None, outcome: None }
    }

    fn refused(r: &Refusal, lang: Lang) -> Answer {
        let foul = match r {
            Refusal::Illegal { foul, .. } => *foul,
            _ => None,
        };
        Answer {
            ok: false,
            code: Some(r.code()),
            message: Some(describe(r, &r.args(), lang)),
            squares: Some(square_names(&mut r.squares())),
            foul,
            ..Answer::ok()
        }
    }

    fn into_js(self) -> JsValue {
        let answer = object(&[("ok", self.ok.into())]);
        if let Some(m) = self.r#move {
            set(&answer, "move", &m);
        }
        if let Some(code) = self.code {
            set(&answer, "code", &code.into());
        }
        if let Some(message) = self.message {
            set(&answer, "message", &message.into());
        }
        set(&answer, "squares", &self.squares.unwrap_or_else(|| js_sys::Array::new().into()));
        if let Some(foul) = self.foul {
            set(&answer, "foul", &foul.into());
        }
        if let Some(o) = self.obligation {
            set(&answer, "obligation", &obligation_info(o));
        }
        if let Some(o) = self.outcome {
            set(&answer, "outcome", &outcome_info(o));
        }
        answer
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
    /// class play by default; `foulLimit: 0` turns the foul count off; `clock: "10+5"` (`TOO_LARGE`
    /// over 64 bytes).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string")] fen: &JsValue,
        #[wasm_bindgen(
            unchecked_optional_param_type = "{ touchMove?: boolean, foulLimit?: number, tournament?: boolean, clock?: string, takeBacks?: boolean, drill?: boolean }"
        )]
        options: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] lang: &JsValue,
    ) -> Result<JsClassGame, JsValue> {
        let options = args::options(options, "options")?;
        // Measured before it is copied, like `new Clock`'s (issue 29: 805 MB trapped the wasm).
        let clock = match args::opt_string_at_most(&options.get("clock")?, "clock", args::MAX_TIME_CONTROL_BYTES)? {
            Some(tc) => Some(tc.parse().map_err(|e| ApiError::new(ErrorCode::InvalidArgument, format!("{e}")))?),
            None => None,
        };
        let defaults = Settings::CLASS;
        let foul_limit = match args::opt_u32_in(&options.get("foulLimit")?, "foulLimit", 0..=255)? {
            None => defaults.foul_limit,
            Some(n) => (n > 0).then_some(n as u8),
        };
        let settings = Settings {
            touch_move: options.boolean("touchMove", defaults.touch_move)?,
            foul_limit,
            draw_rules: if options.boolean("tournament", false)? { DrawRules::TOURNAMENT } else { DrawRules::CLASS },
            clock,
            take_backs: options.boolean("takeBacks", defaults.take_backs)?,
        };
        let start = position_from(fen, options.boolean("drill", false)?)?;
        Ok(JsClassGame { game: ClassGame::new(start, settings), lang: parse_lang(lang)? })
    }

    pub fn fen(&self) -> String {
        self.game.position().fen()
    }

    pub fn turn(&self) -> String {
        self.game.turn().name().to_string()
    }

    /// Fouls ("送王" attempts) counted for `side`.
    pub fn fouls(&self, #[wasm_bindgen(unchecked_param_type = "string")] side_name: &JsValue) -> Result<u8, JsValue> {
        Ok(self.game.fouls(side(side_name)?))
    }

    /// `null`, or `{ winner, reason, result }`.
    pub fn outcome(&self) -> Result<JsValue, JsValue> {
        Ok(outcome_or_null(self.game.outcome()))
    }

    /// The side to move touches (selects) a piece; answers with the obligation or the refusal.
    pub fn touch(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] square: &JsValue) -> Result<JsValue, JsValue> {
        let sq = parse_square(square)?;
        let answer = match self.game.touch(sq) {
            Ok(o) => Answer { obligation: Some(o), ..Answer::ok() },
            Err(r) => Answer::refused(&r, self.lang),
        };
        Ok(answer.into_js())
    }

    /// Legal destinations still allowed by touch-move, as a `Map` from square to squares.
    #[wasm_bindgen(js_name = allowedDests)]
    pub fn allowed_dests(&self) -> js_sys::Map {
        let map = js_sys::Map::new();
        let moves = self.game.allowed_moves();
        for from in self.game.position().board().occupied() {
            let mut dests = moves.iter().filter(|m| m.from == from).map(|m| m.to).peekable();
            if dests.peek().is_some() {
                map.set(&qitong_exports::convert::square_name(from), &square_names(&mut dests));
            }
        }
        map
    }

    /// Tries a move at `now` (ms). Answers `{ ok: true, move, outcome }` or the refusal.
    pub fn attempt(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] from: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] to: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | undefined")] promotion: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] now: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let (from, to, promotion, now) = (parse_square(from)?, parse_square(to)?, parse_promotion(promotion)?, millis(now)?);
        let before = *self.game.position();
        let answer = match self.game.attempt(from, to, promotion, now) {
            Ok(m) => Answer { r#move: Some(move_info(&before, &m)), outcome: self.game.outcome(), ..Answer::ok() },
            Err(r) => Answer { outcome: self.game.outcome(), ..Answer::refused(&r, self.lang) },
        };
        Ok(answer.into_js())
    }

    /// "J'adoube": `side` adjusts the piece on `square`.
    pub fn adjust(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] square: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let answer = match self.game.adjust(side(side_name)?, parse_square(square)?) {
            Ok(()) => Answer::ok(),
            Err(r) => Answer::refused(&r, self.lang),
        };
        Ok(answer.into_js())
    }

    fn answer_of(&self, result: Result<(), Refusal>) -> Result<JsValue, JsValue> {
        let answer = match result {
            Ok(()) => Answer { outcome: self.game.outcome(), ..Answer::ok() },
            Err(r) => Answer::refused(&r, self.lang),
        };
        Ok(answer.into_js())
    }

    #[wasm_bindgen(js_name = offerDraw)]
    pub fn offer_draw(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] side_name: &JsValue) -> Result<JsValue, JsValue> {
        let result = self.game.offer_draw(side(side_name)?);
        self.answer_of(result)
    }

    #[wasm_bindgen(js_name = acceptDraw)]
    pub fn accept_draw(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] now: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let result = self.game.accept_draw(side(side_name)?, millis(now)?).map(|_| ());
        self.answer_of(result)
    }

    #[wasm_bindgen(js_name = declineDraw)]
    pub fn decline_draw(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] side_name: &JsValue) -> Result<JsValue, JsValue> {
        let result = self.game.decline_draw(side(side_name)?);
        self.answer_of(result)
    }

    /// Always refused, with the reason: a draw offer cannot be taken back.
    #[wasm_bindgen(js_name = withdrawDraw)]
    pub fn withdraw_draw(&self, #[wasm_bindgen(unchecked_param_type = "string")] side_name: &JsValue) -> Result<JsValue, JsValue> {
        let result = self.game.withdraw_draw(side(side_name)?);
        self.answer_of(result)
    }

    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] now: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let result = self.game.resign(side(side_name)?, millis(now)?).map(|_| ());
        self.answer_of(result)
    }

    /// `claimDraw(side, now)`: `side` claims a repetition or fifty-move draw, only on its own
    /// turn (refused `draw-claim-not-your-turn`).
    #[wasm_bindgen(js_name = claimDraw)]
    pub fn claim_draw(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] now: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let result = self.game.claim_draw(side(side_name)?, millis(now)?).map(|_| ());
        self.answer_of(result)
    }

    /// `pressClock(side, now)`: `side` presses the clock after its move (SPEC §7: move, offer a
    /// draw if you like, press); with a clock of this game the opponent's time starts.
    #[wasm_bindgen(js_name = pressClock)]
    pub fn press_clock(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] now: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let result = self.game.press_clock(side(side_name)?, millis(now)?);
        self.answer_of(result)
    }

    /// Black presses the clock to start the game.
    #[wasm_bindgen(js_name = startClock)]
    pub fn start_clock(&mut self, #[wasm_bindgen(unchecked_param_type = "number")] now: &JsValue) -> Result<JsValue, JsValue> {
        let result = self.game.start_clock(millis(now)?);
        self.answer_of(result)
    }

    /// Checks the clock at `now`; returns the outcome if a flag fell (or the game is over).
    pub fn tick(&mut self, #[wasm_bindgen(unchecked_param_type = "number")] now: &JsValue) -> Result<JsValue, JsValue> {
        Ok(outcome_or_null(self.game.tick(millis(now)?)))
    }

    /// Milliseconds left for `side` at `now` (`null` without a clock).
    pub fn remaining(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] now: &JsValue,
    ) -> Result<Option<f64>, JsValue> {
        let color = side(side_name)?;
        let now = millis(now)?;
        Ok(self.game.clock().map(|c| c.remaining(color, now) as f64))
    }

    /// The score sheet as rows `[{ number, white, black }]` in `"san"`, `"figurine"` or `"chinese"`.
    #[wasm_bindgen(js_name = scoreSheet)]
    pub fn score_sheet(&self, #[wasm_bindgen(unchecked_optional_param_type = "string")] notation: &JsValue) -> Result<JsValue, JsValue> {
        let format = match args::opt_string(notation, "notation")?.as_deref().unwrap_or("san") {
            "san" => SanFormat::STANDARD,
            "figurine" => SanFormat::FIGURINES,
            "chinese" => SanFormat::CHINESE,
            other => return Err(ApiError::new(ErrorCode::InvalidArgument, format!("'{other}': use san, figurine or chinese")).into()),
        };
        let list = js_sys::Array::new();
        for r in rows(self.game.game(), format, self.game.offered_with()) {
            list.push(&object(&[("number", r.number.into()), ("white", r.white.into()), ("black", r.black.into())]));
        }
        Ok(list.into())
    }

    /// The PGN with the class's tags: `pgn({ event, date, white, black, round }?)`.
    pub fn pgn(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "{ event?: string, date?: string, white?: string, black?: string, round?: string }")]
        info: &JsValue,
    ) -> Result<String, JsValue> {
        let info = args::options(info, "info")?;
        let text = |key| info.string(key).map(Option::unwrap_or_default);
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
