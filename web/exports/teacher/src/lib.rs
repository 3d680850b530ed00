//! Teacher-only JS exports (`qitong_teacher_bg.wasm`): the class `Ladder` (roster, games, undo,
//! JSON/CSV files), `pointsAward` (the table cell behind a result, shown before the teacher
//! confirms it), `perft`, the check page's `checkLesson` and `checkCourse` (`check`) and
//! `mountCheck` (`check_page`). The students' app's module does not link this crate.
#![cfg(target_arch = "wasm32")]

mod check;
mod check_page;

pub use check::{check_course, check_lesson};
pub use check_page::mount_check;

use qitong_app_api::class::{points, score, standing_info};
use qitong_classroom::award::{award, Award};
use qitong_classroom::ladder::{Ladder, LadderError, StudentId, MAX_CSV_BYTES, MAX_JSON_BYTES};
use qitong_classroom::points::Score;
use qitong_exports::args;
use qitong_exports::convert::{object, parse_lang, position_from, to_js};
use qitong_exports::{ApiError, ErrorCode};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// An award as JavaScript sees it: `{ difference, amount, deltaA, deltaB, rounded,
/// explanation }`, the explanation being the table cell in words, e.g.
/// `D = 100.2, draw, D/4 = 25.05 → 25.1`.
fn award_info(a: Award) -> JsValue {
    object(&[
        ("difference", a.difference.to_f64().into()),
        ("amount", a.amount.to_f64().into()),
        ("deltaA", a.delta_a.to_f64().into()),
        ("deltaB", a.delta_b.to_f64().into()),
        ("rounded", a.was_rounded().into()),
        ("explanation", a.to_string().into()),
    ])
}

/// `pointsAward(a, b, score)`: what the game would change and which cell of the table applied
/// (the ladder's "shown before confirming" screen; the app's `pointsAfterGame` gives the totals).
#[wasm_bindgen(js_name = pointsAward)]
pub fn points_award(
    #[wasm_bindgen(unchecked_param_type = "number")] a: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] b: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] score_a: &JsValue,
) -> Result<JsValue, JsValue> {
    Ok(award_info(award(points(a, "a")?, points(b, "b")?, score(score_a)?)))
}

/// The deepest `perft` accepted from JavaScript: its counts stay far below 2^53, so the number
/// is exact.
const MAX_PERFT_DEPTH: u32 = 7;

/// `perft`'s default `maxPositions`: about what headless Chromium counts in 2 s on a page's main
/// thread. Measured with `benches/wasm/perft_budget.mjs` (release teacher module, Chromium 156,
/// this project's 2-core machine at load average 4-5, 2026-12-02): 7.5-12.6 M positions/s over
/// start, Kiwipete and positions 3-5 (the slowest, position 5, 7.5-9.2 M/s), so 2 s of the
/// slowest is 15 M. It lets through start depth 6 (5.1 M positions) and Kiwipete depth 5 (4.2 M),
/// and refuses start depth 7 (~124 M) and Kiwipete depth 6 (~198 M, ~50 s).
const DEFAULT_PERFT_POSITIONS: u64 = 15_000_000;

/// The largest `maxPositions` (`Number.MAX_SAFE_INTEGER`): any whole number up to it is exact.
const MAX_PERFT_POSITIONS: u64 = (1 << 53) - 1;

/// `perft(fen, depth, options?)`: the number of move paths of `depth` plies from `fen` ("start"
/// for the start position). `options.maxPositions` bounds the work: the count stops, and throws
/// `TOO_MUCH_WORK`, as soon as it would generate the moves of more positions than that (default
/// 15,000,000, about 2 s in Chromium), so a page's main thread never freezes; longer counts run
/// in `www/perft-worker.js` with a larger budget. Throws `INVALID_FEN`, or `INVALID_ARGUMENT`
/// (depth above 7, options not an object, `maxPositions` not a whole number from 1 to 2^53 − 1).
#[wasm_bindgen]
pub fn perft(
    #[wasm_bindgen(unchecked_param_type = "string")] fen: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] depth: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ maxPositions?: number } | null")] options: &JsValue,
) -> Result<f64, JsValue> {
    let depth = args::u32_in(depth, "depth", 0..=u32::MAX)?;
    let fen = args::string(fen, "fen")?;
    if depth > MAX_PERFT_DEPTH {
        return Err(ApiError::new(ErrorCode::InvalidArgument, format!("depth {depth} is too deep: at most {MAX_PERFT_DEPTH}")).into());
    }
    let max_positions = perft_budget(&args::options(options, "options")?)?;
    let pos = position_from(&JsValue::from_str(&fen), false)?;
    match pos.perft_within(depth, max_positions) {
        Some(nodes) => Ok(nodes as f64),
        None => Err(ApiError::new(
            ErrorCode::TooMuchWork,
            format!(
                "perft to depth {depth} needs the moves of more than {max_positions} positions (maxPositions): \
                 that would take too long here; run long counts off the main thread in perft-worker.js, \
                 with a larger maxPositions"
            ),
        )
        .into()),
    }
}

/// `options.maxPositions`, checked: absent → the default; a whole number from 1 to 2^53 − 1.
fn perft_budget(options: &args::Options) -> Result<u64, ApiError> {
    let value = options.get("maxPositions")?;
    if args::absent(&value) {
        return Ok(DEFAULT_PERFT_POSITIONS);
    }
    args::u64_in(&value, "maxPositions", 1..=MAX_PERFT_POSITIONS)
}

/// The longest name or date text copied into the wasm (a name is 40 characters at most, a date
/// 32; longer ones up to this are refused by the ladder with its own message).
const MAX_TEXT_BYTES: usize = 4096;

fn ladder_error(e: LadderError) -> JsValue {
    ApiError::new(ErrorCode::Ladder, format!("{e}")).into()
}

fn student_id(id: &JsValue) -> Result<StudentId, JsValue> {
    StudentId::new(args::u32_in(id, "student id", 1..=u32::MAX)?)
        .ok_or_else(|| ApiError::new(ErrorCode::InvalidArgument, "student ids start at 1").into())
}

/// A recorded game as JavaScript sees it (serde-wasm-bindgen: the teacher module is not the
/// size-critical one).
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
    /// An empty ladder, or one read from its JSON export (throws `INVALID_IMPORT`, or
    /// `TOO_LARGE` for a text over 8 MiB, `MAX_JSON_BYTES`).
    #[wasm_bindgen(constructor)]
    pub fn new(#[wasm_bindgen(unchecked_optional_param_type = "string")] json: &JsValue) -> Result<JsLadder, JsValue> {
        let ladder = match args::opt_string_at_most(json, "json", MAX_JSON_BYTES)? {
            Some(text) => Ladder::from_json(&text).map_err(import_error)?,
            None => Ladder::new(),
        };
        Ok(JsLadder { ladder })
    }

    /// Adds a student (0 points); returns the new id.
    #[wasm_bindgen(js_name = addStudent)]
    pub fn add_student(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] name: &JsValue) -> Result<u32, JsValue> {
        self.ladder.add_student(&args::string_at_most(name, "name", MAX_TEXT_BYTES)?).map(StudentId::get).map_err(ladder_error)
    }

    #[wasm_bindgen(js_name = renameStudent)]
    pub fn rename_student(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] id: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] name: &JsValue,
    ) -> Result<(), JsValue> {
        self.ladder.rename_student(student_id(id)?, &args::string_at_most(name, "name", MAX_TEXT_BYTES)?).map_err(ladder_error)
    }

    /// Removes a student without recorded games.
    #[wasm_bindgen(js_name = removeStudent)]
    pub fn remove_student(&mut self, #[wasm_bindgen(unchecked_param_type = "number")] id: &JsValue) -> Result<(), JsValue> {
        self.ladder.remove_student(student_id(id)?).map(|_| ()).map_err(ladder_error)
    }

    /// The roster in standings order: `[{ id, rank, name, points, games, wins, draws, losses, standing }]`.
    pub fn standings(&self, #[wasm_bindgen(unchecked_optional_param_type = "string")] lang: &JsValue) -> Result<JsValue, JsValue> {
        let lang = parse_lang(lang)?;
        let list = js_sys::Array::new();
        for r in self.ladder.standings() {
            let s = r.student;
            list.push(&object(&[
                ("id", s.id().get().into()),
                ("rank", r.rank.into()),
                ("name", s.name().into()),
                ("points", s.points().to_f64().into()),
                ("games", s.games().into()),
                ("wins", s.wins().into()),
                ("draws", s.draws().into()),
                ("losses", s.losses().into()),
                ("standing", standing_info(s.standing(), lang)),
            ]));
        }
        Ok(list.into())
    }

    /// What recording the game would change (nothing is changed).
    #[wasm_bindgen(js_name = previewGame)]
    pub fn preview_game(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] a: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] b: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] score_a: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let preview = self.ladder.preview_game(student_id(a)?, student_id(b)?, score(score_a)?).map_err(ladder_error)?;
        Ok(award_info(preview.award))
    }

    /// Records a game in which `a` scored `score` (1, 0.5, 0) on `date` (free text).
    #[wasm_bindgen(js_name = recordGame)]
    pub fn record_game(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] a: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] b: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] score_a: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] date: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let record = self
            .ladder
            .record_game(student_id(a)?, student_id(b)?, score(score_a)?, &args::string_at_most(date, "date", MAX_TEXT_BYTES)?)
            .map_err(ladder_error)?;
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
    /// says what and where; a text over 8 MiB (`MAX_JSON_BYTES`, above anything the browser's
    /// storage keeps) throws `TOO_LARGE` before it is copied into the wasm.
    #[wasm_bindgen(js_name = importJson)]
    pub fn import_json(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] text: &JsValue) -> Result<(), JsValue> {
        self.ladder.import_json(&args::string_at_most(text, "text", MAX_JSON_BYTES)?).map_err(import_error)
    }

    /// Replaces the ladder by a roster CSV (and optionally a history CSV); atomic like
    /// `importJson`; `TOO_LARGE` for either text over 4 MiB (`MAX_CSV_BYTES`).
    #[wasm_bindgen(js_name = importCsv)]
    pub fn import_csv(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] roster: &JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] history: &JsValue,
    ) -> Result<(), JsValue> {
        let roster = args::string_at_most(roster, "roster", MAX_CSV_BYTES)?;
        let history = args::opt_string_at_most(history, "history", MAX_CSV_BYTES)?;
        self.ladder.import_csv(&roster, history.as_deref()).map_err(import_error)
    }
}

fn import_error(e: impl core::fmt::Display) -> JsValue {
    ApiError::new(ErrorCode::InvalidImport, format!("{e}")).into()
}

fn record_info(r: &qitong_classroom::ladder::GameRecord) -> RecordInfo {
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
