//! What every wasm module's exports share (issue 30): the stable error codes ([`ErrorCode`],
//! [`ApiError`]), the argument checks (`args`) and conversions (`convert`) at the JavaScript
//! boundary, the course texts that the lesson player and the home page read (`course`), the
//! allocator, and [`start`], which each module's own start calls (`web/modules/`).
//!
//! Every export returns `Result<_, JsValue>`: bad input throws a JS `Error` whose `code`
//! property is one of [`ErrorCode`]'s stable strings, never a wasm trap. The exports themselves
//! are in one crate per group (`web/exports/*`): a module exports what it links, so it leaves an
//! export group out by not depending on its crate.
#![cfg(target_arch = "wasm32")]

mod allocator;
pub mod args;
pub mod convert;
pub mod course;
mod error;

pub use error::{ApiError, ErrorCode};
pub use qitong::lesson_form::LessonForm;

use wasm_bindgen::JsCast;

/// What a module's own `#[wasm_bindgen(start)]` calls once, when it is instantiated: Rust panics
/// then reach the browser console with their message instead of an anonymous `unreachable`
/// trap, and the lesson player and the home page read lesson files in the module's `form`
/// (`None` in the modules that read none), so that it links only that reader and that way of
/// showing a problem.
pub fn start(form: Option<LessonForm>) {
    console_error_panic_hook::set_once();
    if let Some(form) = form {
        qitong::lesson_form::choose(form);
    }
}

/// For the modules with boards, after [`start`]: a board's first position needs the move tables
/// (a few milliseconds to fill), filled in a task of their own, queued before the page's own
/// start, not inside it (issue 27).
pub fn fill_move_tables_soon() {
    if let Some(window) = web_sys::window() {
        let fill = wasm_bindgen::closure::Closure::once_into_js(qitong::rules::attacks::init);
        let _ = window.set_timeout_with_callback(fill.unchecked_ref());
    }
}
