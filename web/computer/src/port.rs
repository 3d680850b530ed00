//! The port (wasm32 only): questions asked over the page's `{ computerMove }`, one open per asker,
//! each cancelled by its own `AbortSignal`, the answers read back into the crate's typed reply and error.

use crate::{ComputerError, ComputerReply, MoveRequest};
use js_sys::{Array, Function, Promise, Reflect};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::AbortController;

/// One asker's question (a board, a lesson player, the play page): at most one is open.
#[derive(Default)]
struct Questions {
    /// The number of the last question asked; raised by every `ask` and `cancel`, so that only
    /// the last one asked, and not cancelled, is ever answered.
    current: Cell<u32>,
    /// Is the last question still waiting for its answer?
    open: Cell<bool>,
    /// The open question's signal: `abort()` cancels it in the port (the worker stops thinking).
    controller: RefCell<Option<AbortController>>,
}

impl Questions {
    /// Voids the open question, if any: its answer is dropped and the port stops on it.
    fn void(&self) {
        self.current.set(self.current.get().wrapping_add(1));
        self.open.set(false);
        if let Some(controller) = self.controller.take() {
            controller.abort();
        }
    }
}

impl Drop for Questions {
    /// An asker that goes away takes its question with it: the worker stops thinking for it.
    fn drop(&mut self) {
        self.void();
    }
}

/// The port of one asker. Each `from_js` has a question of its own, so that cancelling one
/// board's question never cancels another's on the same page (each question carries its own
/// `AbortSignal`); clones share it.
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
    /// — unless [`Computer::cancel`] is called or another move is asked for first: then it never
    /// runs (the earlier question is cancelled in the port). One question is open at a time.
    pub fn ask(&self, request: &MoveRequest, on_reply: impl FnOnce(Result<ComputerReply, ComputerError>) + 'static) {
        self.ask_boxed(request, Box::new(on_reply));
    }

    /// [`Computer::ask`]'s body, compiled once for every caller's closure (the JS glue of a
    /// closure is ~2 KB of wasm per type).
    fn ask_boxed(&self, request: &MoveRequest, on_reply: Box<dyn FnOnce(Result<ComputerReply, ComputerError>)>) {
        let questions = &self.questions;
        questions.void();
        let asked_in = questions.current.get();
        questions.open.set(true);
        // Weak: a pending question does not keep its asker's questions alive.
        let mine = Rc::downgrade(questions);
        let settle = Closure::once_into_js(move |fulfilled: bool, value: JsValue| {
            let Some(mine) = mine.upgrade() else { return };
            if mine.current.get() == asked_in {
                mine.open.set(false);
                mine.controller.take();
                on_reply(if fulfilled { reply(&value) } else { Err(error(&value)) });
            }
        });
        let settle: Function = settle.unchecked_into();
        let options = options(request);
        let controller = AbortController::new().ok();
        if let Some(controller) = controller.as_ref() {
            let _ = Reflect::set(&options, &JsValue::from_str("signal"), &controller.signal());
        }
        *questions.controller.borrow_mut() = controller;
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

    /// Cancels the move this asker asked for: its reply never arrives, and the worker stops
    /// thinking about it. Other askers' questions on the page go on.
    pub fn cancel(&self) {
        self.questions.void();
    }

    /// Is this asker's question still waiting for its answer?
    pub fn asking(&self) -> bool {
        self.questions.open.get()
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
    ComputerReply::from_answer(text(value, "uci"), text(value, "san"))
}

fn error(value: &JsValue) -> ComputerError {
    ComputerError::from_rejection(text(value, "code"), text(value, "message"))
}
