//! The classroom for JavaScript: `pointsAfterGame` and the points preview, levels, the class
//! `Ladder` handle (roster, games, undo, JSON/CSV files) and the `Clock` handle.

use super::error::{ApiError, ErrorCode};
use super::convert::{millis, parse_lang, side, to_js};
use crate::classroom::award::{award, points_after_game, Award};
use crate::classroom::clock::{Clock, ClockState, TimeControl};
use crate::classroom::ladder::{Ladder, LadderError, StudentId};
use crate::classroom::levels::Standing;
use crate::classroom::points::{Points, Score};
use crate::ui::words::Lang;
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn points(x: f64, which: &str) -> Result<Points, ApiError> {
    Points::from_f64(x).map_err(|e| ApiError::new(ErrorCode::InvalidArgument, format!("{which}: {e}")))
}

fn score(x: f64) -> Result<Score, ApiError> {
    Score::from_f64(x).map_err(|e| ApiError::new(ErrorCode::InvalidArgument, format!("score: {e}")))
}

#[derive(Serialize)]
struct Totals {
    a: f64,
    b: f64,
}

/// `pointsAfterGame(a, b, score)`: both players' totals after a game in which `a` scored
/// `score` (1, 0.5 or 0), by the handout's table. Throws `INVALID_ARGUMENT` for any other
/// score, a non-finite number, or points that are not a multiple of 0.1.
#[wasm_bindgen(js_name = pointsAfterGame)]
pub fn points_after_game_js(a: f64, b: f64, score_a: f64) -> Result<JsValue, JsValue> {
    let (after_a, after_b) = points_after_game(points(a, "a")?, points(b, "b")?, score(score_a)?);
    to_js(&Totals { a: after_a.to_f64(), b: after_b.to_f64() })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AwardInfo {
    difference: f64,
    amount: f64,
    delta_a: f64,
    delta_b: f64,
    rounded: bool,
    /// The table cell in words, e.g. `D = 100.2, draw, D/4 = 25.05 → 25.1`.
    explanation: String,
}

impl From<Award> for AwardInfo {
    fn from(a: Award) -> AwardInfo {
        AwardInfo {
            difference: a.difference.to_f64(),
            amount: a.amount.to_f64(),
            delta_a: a.delta_a.to_f64(),
            delta_b: a.delta_b.to_f64(),
            rounded: a.was_rounded(),
            explanation: a.to_string(),
        }
    }
}

/// `pointsAward(a, b, score)`: what the game would change and which cell of the table applied
/// (for the calculator and a "shown before confirming" screen).
#[wasm_bindgen(js_name = pointsAward)]
pub fn points_award(a: f64, b: f64, score_a: f64) -> Result<JsValue, JsValue> {
    to_js(&AwardInfo::from(award(points(a, "a")?, points(b, "b")?, score(score_a)?)))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StandingInfo {
    level: String,
    provisional: bool,
    /// The level's text with the provisional mark, in the language asked for.
    text: String,
    /// "还差 35 分升到 29级" / "35 more points to Level 29".
    progress: String,
}

fn standing_info(standing: Standing, lang: Lang) -> StandingInfo {
    StandingInfo {
        level: lang.pick(standing.level.to_zh(), standing.level.to_en()),
        provisional: standing.provisional,
        text: lang.pick(standing.to_zh(), standing.to_en()),
        progress: lang.pick(standing.progress_zh(), standing.progress_en()),
    }
}

/// `levelOf(points, games, lang?)`: the level for a total (无级别 below 100, then 30级 … 1级),
/// provisional under 50 games.
#[wasm_bindgen(js_name = levelOf)]
pub fn level_of(total: f64, games: u32, lang: Option<String>) -> Result<JsValue, JsValue> {
    let lang = parse_lang(lang)?;
    to_js(&standing_info(Standing::new(points(total, "points")?, games), lang))
}

fn ladder_error(e: LadderError) -> JsValue {
    ApiError::new(ErrorCode::Ladder, format!("{e}")).into()
}

fn student_id(id: u32) -> Result<StudentId, JsValue> {
    StudentId::new(id).ok_or_else(|| ApiError::new(ErrorCode::InvalidArgument, "student ids start at 1").into())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StudentInfo {
    id: u32,
    rank: usize,
    name: String,
    points: f64,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    standing: StandingInfo,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RecordInfo {
    date: String,
    a: u32,
    b: u32,
    score: f64,
    a_before: f64,
    b_before: f64,
    a_after: f64,
    b_after: f64,
    delta_a: f64,
}

/// The class ladder, kept by the page in the browser's storage as its JSON export.
#[wasm_bindgen(js_name = Ladder)]
pub struct JsLadder {
    ladder: Ladder,
}

#[wasm_bindgen(js_class = Ladder)]
impl JsLadder {
    /// An empty ladder, or one read from its JSON export (throws `INVALID_IMPORT`).
    #[wasm_bindgen(constructor)]
    pub fn new(json: Option<String>) -> Result<JsLadder, JsValue> {
        let ladder = match json {
            Some(text) => Ladder::from_json(&text).map_err(import_error)?,
            None => Ladder::new(),
        };
        Ok(JsLadder { ladder })
    }

    /// Adds a student (0 points); returns the new id.
    #[wasm_bindgen(js_name = addStudent)]
    pub fn add_student(&mut self, name: &str) -> Result<u32, JsValue> {
        self.ladder.add_student(name).map(StudentId::get).map_err(ladder_error)
    }

    #[wasm_bindgen(js_name = renameStudent)]
    pub fn rename_student(&mut self, id: u32, name: &str) -> Result<(), JsValue> {
        self.ladder.rename_student(student_id(id)?, name).map_err(ladder_error)
    }

    /// Removes a student without recorded games.
    #[wasm_bindgen(js_name = removeStudent)]
    pub fn remove_student(&mut self, id: u32) -> Result<(), JsValue> {
        self.ladder.remove_student(student_id(id)?).map(|_| ()).map_err(ladder_error)
    }

    /// The roster in standings order: `[{ id, rank, name, points, games, wins, draws, losses, standing }]`.
    pub fn standings(&self, lang: Option<String>) -> Result<JsValue, JsValue> {
        let lang = parse_lang(lang)?;
        let list: Vec<StudentInfo> = self
            .ladder
            .standings()
            .into_iter()
            .map(|r| StudentInfo {
                id: r.student.id().get(),
                rank: r.rank,
                name: r.student.name().to_string(),
                points: r.student.points().to_f64(),
                games: r.student.games(),
                wins: r.student.wins(),
                draws: r.student.draws(),
                losses: r.student.losses(),
                standing: standing_info(r.student.standing(), lang),
            })
            .collect();
        to_js(&list)
    }

    /// What recording the game would change (nothing is changed).
    #[wasm_bindgen(js_name = previewGame)]
    pub fn preview_game(&self, a: u32, b: u32, score_a: f64) -> Result<JsValue, JsValue> {
        let preview = self.ladder.preview_game(student_id(a)?, student_id(b)?, score(score_a)?).map_err(ladder_error)?;
        to_js(&AwardInfo::from(preview.award))
    }

    /// Records a game in which `a` scored `score` (1, 0.5, 0) on `date` (free text).
    #[wasm_bindgen(js_name = recordGame)]
    pub fn record_game(&mut self, a: u32, b: u32, score_a: f64, date: &str) -> Result<JsValue, JsValue> {
        let record = self.ladder.record_game(student_id(a)?, student_id(b)?, score(score_a)?, date).map_err(ladder_error)?;
        let info = record_info(record);
        to_js(&info)
    }

    /// Takes back the last recorded game, restoring both totals exactly.
    #[wasm_bindgen(js_name = undoLast)]
    pub fn undo_last(&mut self) -> Result<JsValue, JsValue> {
        let record = self.ladder.undo_last().map_err(ladder_error)?;
        to_js(&record_info(&record))
    }

    /// Every recorded game, oldest first.
    pub fn history(&self) -> Result<JsValue, JsValue> {
        let list: Vec<RecordInfo> = self.ladder.history().iter().map(record_info).collect();
        to_js(&list)
    }

    #[wasm_bindgen(js_name = toJson)]
    pub fn to_json(&self) -> String {
        self.ladder.to_json()
    }

    #[wasm_bindgen(js_name = rosterCsv)]
    pub fn roster_csv(&self) -> String {
        self.ladder.roster_csv()
    }

    #[wasm_bindgen(js_name = historyCsv)]
    pub fn history_csv(&self) -> String {
        self.ladder.history_csv()
    }

    /// Replaces the ladder by a JSON export. On any error nothing changes and `INVALID_IMPORT`
    /// says what and where.
    #[wasm_bindgen(js_name = importJson)]
    pub fn import_json(&mut self, text: &str) -> Result<(), JsValue> {
        self.ladder.import_json(text).map_err(import_error)
    }

    /// Replaces the ladder by a roster CSV (and optionally a history CSV); atomic like `importJson`.
    #[wasm_bindgen(js_name = importCsv)]
    pub fn import_csv(&mut self, roster: &str, history: Option<String>) -> Result<(), JsValue> {
        self.ladder.import_csv(roster, history.as_deref()).map_err(import_error)
    }
}

fn import_error(e: impl core::fmt::Display) -> JsValue {
    ApiError::new(ErrorCode::InvalidImport, format!("{e}")).into()
}

fn record_info(r: &crate::classroom::ladder::GameRecord) -> RecordInfo {
    RecordInfo {
        date: r.date.clone(),
        a: r.a.get(),
        b: r.b.get(),
        score: match r.score {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        },
        a_before: r.a_before.to_f64(),
        b_before: r.b_before.to_f64(),
        a_after: r.a_after().to_f64(),
        b_after: r.b_after().to_f64(),
        delta_a: r.delta_a.to_f64(),
    }
}


fn clock_error(e: crate::classroom::clock::ClockError) -> JsValue {
    let err: JsValue = ApiError::new(ErrorCode::InvalidArgument, e.to_string()).into();
    // The kid-worded text is keyed on the clock's own code.
    let _ = js_sys::Reflect::set(&err, &JsValue::from_str("reason"), &JsValue::from_str(e.code()));
    err
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
    pub fn new(control: &str) -> Result<JsClock, JsValue> {
        let tc: TimeControl =
            control.parse().map_err(|e| ApiError::new(ErrorCode::InvalidArgument, format!("{e}")))?;
        Ok(JsClock { clock: Clock::new(tc) })
    }

    /// `side` ("white"/"black") presses at `now`. Black's first press starts White's time.
    pub fn press(&mut self, side_name: &str, now: f64) -> Result<(), JsValue> {
        self.clock.press(side(side_name)?, millis(now)?).map_err(clock_error)
    }

    /// Looks at the clock; returns the side whose flag fell, if any.
    pub fn tick(&mut self, now: f64) -> Result<Option<String>, JsValue> {
        Ok(self.clock.tick(millis(now)?).map_err(clock_error)?.map(|c| c.name().to_string()))
    }

    /// Milliseconds left for `side` at `now`.
    pub fn remaining(&self, side_name: &str, now: f64) -> Result<f64, JsValue> {
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
    pub fn pause(&mut self, now: f64) -> Result<(), JsValue> {
        self.clock.pause(millis(now)?).map_err(clock_error)
    }

    pub fn resume(&mut self, now: f64) -> Result<(), JsValue> {
        self.clock.resume(millis(now)?).map_err(clock_error)
    }
}

