//! The views' one way to the computer opponent — the board's `opponent="computer"`, the play
//! page and the lesson player's vs-computer steps all ask through it: a port over the
//! `{ computerMove }` a page's JS shell hands in (`www/qitong-computer.js`, whose worker runs the
//! engine), so that no view links the search and a page that never plays the computer never
//! loads it. Each asker cancels its own questions only (a question id and an `AbortSignal` each),
//! and a failure comes back as a typed code.

use js_sys::{Array, Function, Promise, Reflect};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::AbortController;

/// A question for the computer: its move in `fen` at `level` (1–8).
#[derive(Debug, Clone, PartialEq)]
pub struct MoveRequest {
    pub fen: String,
    pub level: u8,
    /// The same seed, position and history give the same move at the node-limited levels 1–7.
    pub seed: u32,
    /// `None`: the level's own thinking time.
    pub movetime_ms: Option<f64>,
    /// The FENs of the game's earlier positions, oldest first (repetitions).
    pub history: Vec<String>,
}

/// The computer's move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputerReply {
    pub uci: String,
    pub san: String,
}

/// Why the computer gave no move, as the JS port's `code` says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ComputerErrorCode {
    /// The question was cancelled (by its asker, or by a page-wide `cancelComputer()`).
    Cancelled,
    /// The worker or the engine's module could not load, or answered nonsense.
    WorkerError,
    /// No answer within the port's time limit (a stalled download).
    Timeout,
    /// The position has no move (checkmate or stalemate).
    GameOver,
    /// Any other code: a port of the page's own that refused the question.
    Other,
}

impl ComputerErrorCode {
    fn from_code(code: &str) -> ComputerErrorCode {
        match code {
            "CANCELLED" => ComputerErrorCode::Cancelled,
            "WORKER_ERROR" => ComputerErrorCode::WorkerError,
            "TIMEOUT" => ComputerErrorCode::Timeout,
            "GAME_OVER" => ComputerErrorCode::GameOver,
            _ => ComputerErrorCode::Other,
        }
    }
}

/// Why there is no move: the code and the JS error's code and message as they came.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputerError {
    pub code: ComputerErrorCode,
    /// The JS error's own `code` (for the console).
    pub js_code: String,
    pub message: String,
}

/// The questions one asker (a board, a lesson player, the play page) has pending.
#[derive(Default)]
struct Questions {
    /// Raised by `cancel`: a reply asked for before it is dropped.
    generation: Cell<u32>,
    /// The signal of this generation's questions: `abort()` cancels them in the port.
    controller: RefCell<Option<AbortController>>,
}

impl Questions {
    fn abort_all(&self) {
        if let Some(controller) = self.controller.take() {
            controller.abort();
        }
    }
}

impl Drop for Questions {
    /// An asker that goes away takes its questions with it: the worker stops thinking for it.
    fn drop(&mut self) {
        self.abort_all();
    }
}

/// The port of one asker. Each `from_js` has questions of its own, so that cancelling one
/// board's question never cancels another's on the same page (each question carries its own
/// `AbortSignal`); clones share them.
#[derive(Clone)]
pub struct Computer {
    ask: Function,
    questions: Rc<Questions>,
}

impl Computer {
    /// From an object with the function `computerMove` (a `cancelComputer` beside it, which
    /// earlier pages passed, is not needed: each question is cancelled by its own signal), else
    /// `None`.
    pub fn from_js(value: &JsValue) -> Option<Computer> {
        if !value.is_object() {
            return None;
        }
        let ask = Reflect::get(value, &JsValue::from_str("computerMove")).ok()?.dyn_into::<Function>().ok()?;
        Some(Computer { ask, questions: Rc::default() })
    }

    /// Asks for a move. `on_reply` runs once with the answer — later, when the worker has thought
    /// — unless [`Computer::cancel`] is called first; then it never runs.
    pub fn ask(&self, request: &MoveRequest, on_reply: impl FnOnce(Result<ComputerReply, ComputerError>) + 'static) {
        self.ask_boxed(request, Box::new(on_reply));
    }

    /// [`Computer::ask`]'s body, compiled once for every caller's closure (the JS glue of a
    /// closure is ~2 KB of wasm per type).
    fn ask_boxed(&self, request: &MoveRequest, on_reply: Box<dyn FnOnce(Result<ComputerReply, ComputerError>)>) {
        let questions = &self.questions;
        let asked_in = questions.generation.get();
        // Weak: a pending question does not keep its asker's questions alive.
        let mine = Rc::downgrade(questions);
        let settle = Closure::once_into_js(move |fulfilled: bool, value: JsValue| {
            if mine.upgrade().is_some_and(|mine| mine.generation.get() == asked_in) {
                on_reply(if fulfilled { reply(&value) } else { Err(error(&value)) });
            }
        });
        let settle: Function = settle.unchecked_into();
        let options = options(request);
        let mut controller = questions.controller.borrow_mut();
        if controller.is_none() {
            *controller = AbortController::new().ok();
        }
        if let Some(controller) = controller.as_ref() {
            let _ = Reflect::set(&options, &JsValue::from_str("signal"), &controller.signal());
        }
        drop(controller);
        let promise = self.ask.call2(&JsValue::NULL, &JsValue::from_str(&request.fen), &options);
        // A throwing or non-promise answer settles as a failed one, through the same path.
        let promise = match promise {
            Ok(value) => Promise::resolve(&value),
            Err(thrown) => Promise::reject(&thrown),
        };
        // `then(onFulfilled, onRejected)`: both halves of one closure that runs once (and frees itself).
        let then = Reflect::get(&promise, &JsValue::from_str("then")).ok().and_then(|f| f.dyn_into::<Function>().ok());
        if let Some(then) = then {
            let fulfilled = settle.bind1(&JsValue::NULL, &JsValue::TRUE);
            let rejected = settle.bind1(&JsValue::NULL, &JsValue::FALSE);
            let _ = then.call2(&promise, &fulfilled, &rejected);
        }
    }

    /// Cancels every move this asker asked for: their replies never arrive, and the worker stops
    /// thinking about them. Other askers' questions on the page go on.
    pub fn cancel(&self) {
        let questions = &self.questions;
        questions.generation.set(questions.generation.get().wrapping_add(1));
        questions.abort_all();
    }
}

fn options(request: &MoveRequest) -> js_sys::Object {
    let object = js_sys::Object::new();
    let set = |key: &str, value: JsValue| {
        let _ = Reflect::set(&object, &JsValue::from_str(key), &value);
    };
    set("level", request.level.into());
    set("seed", request.seed.into());
    if let Some(ms) = request.movetime_ms {
        set("movetimeMs", ms.into());
    }
    set("history", request.history.iter().map(|fen| JsValue::from_str(fen)).collect::<Array>().into());
    object
}

fn text(value: &JsValue, key: &str) -> Option<String> {
    Reflect::get(value, &JsValue::from_str(key)).ok()?.as_string()
}

fn reply(value: &JsValue) -> Result<ComputerReply, ComputerError> {
    match (text(value, "uci"), text(value, "san")) {
        (Some(uci), Some(san)) => Ok(ComputerReply { uci, san }),
        _ => Err(ComputerError {
            code: ComputerErrorCode::WorkerError,
            js_code: "WORKER_ERROR".into(),
            message: "the computer's answer had no move".into(),
        }),
    }
}

/// A rejection without a code (a module that could not be imported, a thrown TypeError) is the
/// worker's failure.
fn error(value: &JsValue) -> ComputerError {
    let js_code = text(value, "code").unwrap_or_else(|| "WORKER_ERROR".into());
    ComputerError {
        code: ComputerErrorCode::from_code(&js_code),
        js_code,
        message: text(value, "message").unwrap_or_else(|| "the computer could not answer".into()),
    }
}
