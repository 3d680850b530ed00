//! `computerMove`: the engine's move for a position, in the computer's own module
//! (`qitong_computer`), which `www/computer-worker.js` runs off the page's thread. Pages reach it
//! through `www/qitong-computer.js`; no other module links the search.
#![cfg(target_arch = "wasm32")]

use core::cell::RefCell;
use core::sync::atomic::AtomicBool;
use qitong::rules::{Mode, Position};
use qitong_engine::{Engine, Job, Level, Score, SearchError, SearchLimits};
use qitong_exports::args;
use qitong_exports::{ApiError, ErrorCode};
use wasm_bindgen::prelude::*;

/// The transposition table's size: small enough for a phone's worker, ample for a second's search.
const TABLE_MB: usize = 8;
/// The longest game history read (positions before this one): far above any real game.
const MAX_HISTORY: usize = 2_000;
/// The deepest fixed depth asked for.
const MAX_DEPTH: u32 = 64;
/// The longest thinking time asked for: a minute.
const MAX_MOVETIME_MS: f64 = 60_000.0;

thread_local! {
    // One engine per worker, kept between moves: its table remembers the game's earlier searches.
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
}

/// `computerMove(fen, { level, seed, movetimeMs, history, depth })`: the move the computer plays
/// at `level` (1–8, default 8) in `fen` (`"start"` for the start position), thinking at most
/// `movetimeMs` (default: the level's own, about a second at level 8) and, with `depth` (1–64),
/// no deeper than that (benchmarks and tests), with `history` the FENs of
/// the game's earlier positions (oldest first, for draws by repetition). Returns
/// `{ uci, san, score: { cp } | { mate }, depth, nodes, timeMs }`. Throws `INVALID_FEN`,
/// `INVALID_ARGUMENT`, or `GAME_OVER` (with `reason` `checkmate` or `stalemate`) when there is
/// no move to make.
#[wasm_bindgen(js_name = computerMove)]
pub fn computer_move(
    #[wasm_bindgen(unchecked_param_type = "string")] fen: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ level?: number, seed?: number, movetimeMs?: number, depth?: number, history?: string[] } | null")]
    options: &JsValue,
) -> Result<JsValue, JsValue> {
    let request = Request::read(fen, options)?;
    let history: Vec<u64> = request.history.iter().map(Position::zobrist).collect();
    let job = Job {
        position: &request.position,
        history: &history,
        limits: SearchLimits { depth: request.depth, nodes: None, movetime_ms: Some(request.movetime_ms) },
        level: request.level,
        seed: request.seed,
    };
    let stop = AtomicBool::new(false);
    let now = js_sys::Date::now;
    let result = ENGINE.with(|cell| {
        let mut slot = cell.borrow_mut();
        let engine = slot.get_or_insert_with(|| Engine::new(TABLE_MB));
        engine.search(&job, &now, &stop, &mut |_| {})
    });
    let found = result.map_err(|error| no_move(&request.position, error))?;
    let answer = js_sys::Object::new();
    set(&answer, "uci", &found.uci.as_str().into());
    set(&answer, "san", &request.position.san(&found.best).into());
    let score = js_sys::Object::new();
    match found.score {
        Score::Cp(cp) => set(&score, "cp", &cp.into()),
        Score::Mate(moves) => set(&score, "mate", &moves.into()),
    }
    set(&answer, "score", &score);
    set(&answer, "depth", &found.depth.into());
    set(&answer, "nodes", &(found.nodes as f64).into());
    set(&answer, "timeMs", &found.time_ms.into());
    Ok(answer.into())
}

/// `newGame()`: forgets what earlier searches learnt, so that the next game's moves depend only
/// on its own positions and seed.
#[wasm_bindgen(js_name = newGame)]
pub fn new_game() {
    ENGINE.with(|cell| {
        if let Some(engine) = cell.borrow_mut().as_mut() {
            engine.clear();
        }
    });
}

/// A request, checked: nothing is coerced, every bad part refused by name.
struct Request {
    position: Position,
    level: Level,
    seed: u64,
    movetime_ms: f64,
    /// A fixed depth (benchmarks, tests): the same nodes as natively at level 8.
    depth: Option<u32>,
    history: Vec<Position>,
}

impl Request {
    fn read(fen: &JsValue, options: &JsValue) -> Result<Request, ApiError> {
        let position = read_position(fen, "fen")?;
        if !args::absent(options) && (!options.is_object() || options.is_function()) {
            return Err(ApiError::wrong_type("options must be an object"));
        }
        let get = |key: &str| -> Result<JsValue, ApiError> {
            if args::absent(options) {
                Ok(JsValue::UNDEFINED)
            } else {
                args::property(options, key, "options")
            }
        };
        let level = match args::opt_u32_in(&get("level")?, "level", 1..=8)? {
            Some(n) => Level::new(n as u8).unwrap_or(Level::MAX),
            None => Level::MAX,
        };
        let seed = args::opt_u32_in(&get("seed")?, "seed", 0..=u32::MAX)?.map_or(0, u64::from);
        let movetime = get("movetimeMs")?;
        let movetime_ms = if args::absent(&movetime) {
            level.suggested_movetime_ms()
        } else {
            let ms = args::finite(&movetime, "movetimeMs")?;
            if !(1.0..=MAX_MOVETIME_MS).contains(&ms) {
                return Err(ApiError::new(ErrorCode::InvalidArgument, "movetimeMs must be from 1 to 60000"));
            }
            ms
        };
        let depth = args::opt_u32_in(&get("depth")?, "depth", 1..=MAX_DEPTH)?;
        let history_value = get("history")?;
        let history = if args::absent(&history_value) {
            Vec::new()
        } else {
            let items = args::array(&history_value, "history")?;
            if items.len() > MAX_HISTORY {
                return Err(ApiError::new(ErrorCode::InvalidArgument, format!("history must have at most {MAX_HISTORY} positions")));
            }
            items.iter().enumerate().map(|(i, fen)| read_position(fen, &format!("history[{i}]"))).collect::<Result<_, _>>()?
        };
        Ok(Request { position, level, seed, movetime_ms, depth, history })
    }
}

/// A FEN string (or `"start"`) as a position with kings, as in a game.
fn read_position(fen: &JsValue, name: &str) -> Result<Position, ApiError> {
    let text = args::string(fen, name)?;
    match text.trim() {
        "" | "start" => Ok(Position::new()),
        fen => Position::from_fen(fen, Mode::Standard).map_err(|e| ApiError::new(ErrorCode::InvalidFen, format!("{name}: invalid FEN: {e}"))),
    }
}

/// Why there is no move: the game is over.
fn no_move(position: &Position, error: SearchError) -> ApiError {
    let reason = match error {
        SearchError::NoLegalMoves if position.is_check() => "checkmate",
        SearchError::NoLegalMoves => "stalemate",
        SearchError::GameOver(outcome) => outcome.code(),
    };
    ApiError::new(ErrorCode::GameOver, format!("no move to make: {error}")).with_reason(reason)
}

fn set(object: &js_sys::Object, key: &str, value: &JsValue) {
    // Setting a property of a fresh plain object cannot fail.
    let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), value);
}
