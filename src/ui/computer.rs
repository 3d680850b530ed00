//! The views' way to the computer opponent: a port over the `{ computerMove, cancelComputer }`
//! object a page's JS shell hands in (`www/qitong-computer.js`, whose worker runs the engine), so
//! that no view links the search and a page that never plays the computer never loads it.

use js_sys::{Array, Function, Promise, Reflect};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

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

/// Why there is no move: the JS error's `code` (`GAME_OVER`, `WORKER_ERROR`, …) and message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputerError {
    pub code: String,
    pub message: String,
}

/// The port. Clones share one generation: `cancel` on any silences every reply asked before it.
#[derive(Clone)]
pub struct Computer {
    ask: Function,
    cancel: Function,
    generation: Rc<Cell<u32>>,
}

impl Computer {
    /// From an object with the functions `computerMove` and `cancelComputer`, else `None`.
    pub fn from_js(value: &JsValue) -> Option<Computer> {
        let function = |name: &str| Reflect::get(value, &JsValue::from_str(name)).ok()?.dyn_into::<Function>().ok();
        if !value.is_object() {
            return None;
        }
        Some(Computer { ask: function("computerMove")?, cancel: function("cancelComputer")?, generation: Rc::default() })
    }

    /// Asks for a move. `on_reply` runs once with the answer — later, when the worker has thought
    /// — unless [`Computer::cancel`] is called first; then it never runs.
    pub fn ask(&self, request: &MoveRequest, on_reply: impl FnOnce(Result<ComputerReply, ComputerError>) + 'static) {
        self.ask_boxed(request, Box::new(on_reply));
    }

    /// [`Computer::ask`]'s body, compiled once for every caller's closure (the JS glue of a
    /// closure is ~2 KB of wasm per type).
    fn ask_boxed(&self, request: &MoveRequest, on_reply: Box<dyn FnOnce(Result<ComputerReply, ComputerError>)>) {
        let asked_in = self.generation.get();
        let generation = Rc::clone(&self.generation);
        let settle = Closure::once_into_js(move |fulfilled: bool, value: JsValue| {
            if generation.get() == asked_in {
                on_reply(if fulfilled { reply(&value) } else { Err(error(&value)) });
            }
        });
        let settle: Function = settle.unchecked_into();
        let promise = self.ask.call2(&JsValue::NULL, &JsValue::from_str(&request.fen), &options(request));
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

    /// Cancels every move asked for: their replies never arrive, and the worker stops thinking.
    pub fn cancel(&self) {
        self.generation.set(self.generation.get().wrapping_add(1));
        let _ = self.cancel.call0(&JsValue::NULL);
    }
}

fn options(request: &MoveRequest) -> JsValue {
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
    object.into()
}

fn text(value: &JsValue, key: &str) -> Option<String> {
    Reflect::get(value, &JsValue::from_str(key)).ok()?.as_string()
}

fn reply(value: &JsValue) -> Result<ComputerReply, ComputerError> {
    match (text(value, "uci"), text(value, "san")) {
        (Some(uci), Some(san)) => Ok(ComputerReply { uci, san }),
        _ => Err(ComputerError { code: "WORKER_ERROR".into(), message: "the computer's answer had no move".into() }),
    }
}

fn error(value: &JsValue) -> ComputerError {
    ComputerError {
        code: text(value, "code").unwrap_or_else(|| "WORKER_ERROR".into()),
        message: text(value, "message").unwrap_or_else(|| "the computer could not answer".into()),
    }
}
