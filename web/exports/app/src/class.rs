//! The classroom for JavaScript: `pointsAfterGame`, levels and the `Clock` handle. (The class
//! `Ladder` and `pointsAward`, the table cell behind a result, are teacher exports: `teacher_api.rs`.)

use qitong::classroom::award::points_after_game;
use qitong::classroom::clock::{Clock, ClockState, TimeControl};
use qitong::classroom::levels::Standing;
use qitong::classroom::points::{Points, Score};
use qitong::ui::words::Lang;
use qitong_exports::args;
use qitong_exports::convert::{millis, object, parse_lang, side};
use qitong_exports::{ApiError, ErrorCode};
use wasm_bindgen::prelude::*;

pub fn points(x: &JsValue, which: &str) -> Result<Points, ApiError> {
    Points::from_f64(args::finite(x, which)?).map_err(|e| ApiError::new(ErrorCode::InvalidArgument, format!("{which}: {e}")))
}

pub fn score(x: &JsValue) -> Result<Score, ApiError> {
    Score::from_f64(args::finite(x, "score")?).map_err(|e| ApiError::new(ErrorCode::InvalidArgument, format!("score: {e}")))
}

/// `pointsAfterGame(a, b, score)`: both players' totals `{ a, b }` after a game in which `a`
/// scored `score` (1, 0.5 or 0), by the handout's table. Throws `INVALID_ARGUMENT` for any
/// other score, a non-finite number, or points that are not a multiple of 0.1.
#[wasm_bindgen(js_name = pointsAfterGame)]
pub fn points_after_game_js(
    #[wasm_bindgen(unchecked_param_type = "number")] a: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] b: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] score_a: &JsValue,
) -> Result<JsValue, JsValue> {
    let (after_a, after_b) = points_after_game(points(a, "a")?, points(b, "b")?, score(score_a)?);
    Ok(object(&[("a", after_a.to_f64().into()), ("b", after_b.to_f64().into())]))
}

/// A standing as JavaScript sees it: `{ level, provisional, text, progress }`, `text` being
/// the level with the provisional mark and `progress` e.g. "还差 35 分升到 29级" / "35 more
/// points to Level 29", in the language asked for.
pub fn standing_info(standing: Standing, lang: Lang) -> JsValue {
    object(&[
        ("level", lang.pick(standing.level.to_zh(), standing.level.to_en()).into()),
        ("provisional", standing.provisional.into()),
        ("text", lang.pick(standing.to_zh(), standing.to_en()).into()),
        ("progress", lang.pick(standing.progress_zh(), standing.progress_en()).into()),
    ])
}

/// `levelOf(points, games, lang?)`: the level for a total (无级别 below 100, then 30级 … 1级),
/// provisional under 50 games.
#[wasm_bindgen(js_name = levelOf)]
pub fn level_of(
    #[wasm_bindgen(unchecked_param_type = "number")] total: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] games: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string")] lang: &JsValue,
) -> Result<JsValue, JsValue> {
    let lang = parse_lang(lang)?;
    let games = args::u32_in(games, "games", 0..=1_000_000)?;
    Ok(standing_info(Standing::new(points(total, "points")?, games), lang))
}

fn clock_error(e: qitong::classroom::clock::ClockError) -> JsValue {
    // The kid-worded text is keyed on the clock's own code.
    ApiError::new(ErrorCode::InvalidArgument, e.to_string()).with_reason(e.code()).into()
}

/// A chess clock: `new Clock("5+3")`. Time is given by the caller in milliseconds
/// (`performance.now()`), so the clock itself never reads the system time.
#[wasm_bindgen(js_name = Clock)]
pub struct JsClock {
    clock: Clock,
}

#[wasm_bindgen(js_class = Clock)]
impl JsClock {
    /// A clock for a time control like `10+5` (minutes + seconds increment) or `5d3` (delay).
    #[wasm_bindgen(constructor)]
    pub fn new(#[wasm_bindgen(unchecked_param_type = "string")] control: &JsValue) -> Result<JsClock, JsValue> {
        // Refused by its length before it is copied (issue 29: 805 MB trapped the module), and
        // so the message repeats at most a short text.
        let tc: TimeControl = args::string_at_most(control, "timeControl", args::MAX_TIME_CONTROL_BYTES)?
            .parse()
            .map_err(|e| ApiError::new(ErrorCode::InvalidArgument, format!("{e}")))?;
        Ok(JsClock { clock: Clock::new(tc) })
    }

    /// `side` ("white"/"black") presses at `now`. Black's first press starts White's time.
    pub fn press(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] now: &JsValue,
    ) -> Result<(), JsValue> {
        self.clock.press(side(side_name)?, millis(now)?).map_err(clock_error)
    }

    /// Looks at the clock; returns the side whose flag fell, if any.
    pub fn tick(&mut self, #[wasm_bindgen(unchecked_param_type = "number")] now: &JsValue) -> Result<Option<String>, JsValue> {
        Ok(self.clock.tick(millis(now)?).map_err(clock_error)?.map(|c| c.name().to_string()))
    }

    /// Milliseconds left for `side` at `now`.
    pub fn remaining(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] now: &JsValue,
    ) -> Result<f64, JsValue> {
        Ok(self.clock.remaining(side(side_name)?, millis(now)?) as f64)
    }

    /// `"not-started"`, `"running"`, `"paused"` or `"stopped"`.
    pub fn state(&self) -> String {
        match self.clock.state() {
            ClockState::NotStarted => "not-started",
            ClockState::Running { .. } => "running",
            ClockState::Paused { .. } => "paused",
            ClockState::Stopped => "stopped",
        }
        .to_string()
    }

    /// The side whose time runs (or would run on resume), if any.
    pub fn running(&self) -> Option<String> {
        self.clock.running().map(|c| c.name().to_string())
    }

    /// The arbiter pauses (e.g. for a repetition claim).
    pub fn pause(&mut self, #[wasm_bindgen(unchecked_param_type = "number")] now: &JsValue) -> Result<(), JsValue> {
        self.clock.pause(millis(now)?).map_err(clock_error)
    }

    pub fn resume(&mut self, #[wasm_bindgen(unchecked_param_type = "number")] now: &JsValue) -> Result<(), JsValue> {
        self.clock.resume(millis(now)?).map_err(clock_error)
    }
}
