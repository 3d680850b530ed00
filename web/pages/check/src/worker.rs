//! The check page's worker (wasm32, teacher module only): `www/check-worker.js`, a module worker
//! that loads this same module and answers `[id, fileName, text]` with `[id, report]` (a
//! [`Report`] encoded) or `[id, null, why]` when it could not check (its wasm failed to load).
//! The page's view (`view.rs`) listens to its `message` and `error` events.

use super::report::Report;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

/// The worker's script, beside check.html (the page is not embedded elsewhere: same origin).
const SCRIPT: &str = "check-worker.js";

/// Starts the worker (its script and wasm load in the background; a failure comes as an
/// `error` event, or as an answer without a report).
pub fn start() -> Result<Worker, JsValue> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    Worker::new_with_options(SCRIPT, &options)
}

/// Asks `worker` to check `text` as the file `file_name`, as question `id`.
pub fn ask(worker: &Worker, id: u32, file_name: &str, text: &str) -> Result<(), JsValue> {
    let question = js_sys::Array::of3(&JsValue::from(id), &JsValue::from_str(file_name), &JsValue::from_str(text));
    worker.post_message(&question)
}

/// An answer: its question's id, and the report (`None`: the worker could not check).
pub fn answer(event: &web_sys::Event) -> Option<(u32, Option<Report>)> {
    let data = event.dyn_ref::<MessageEvent>()?.data();
    let data = data.dyn_ref::<js_sys::Array>()?;
    let id = data.get(0).as_f64()? as u32;
    Some((id, data.get(1).as_string().and_then(|r| Report::decode(&r))))
}
