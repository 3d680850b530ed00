//! 棋童 (qitong): a chess course for kids — a rules core, the classroom's rules and the lessons,
//! compiled to WebAssembly for a static site of lessons and embeddable widgets.
//!
//! This crate holds no code of its own any more (issue 30): the layers are crates under `crates/`,
//! the web side crates under `web/` (the views, their JavaScript API in `web/exports/`, one crate
//! per export group, and a crate per wasm module in `web/modules/`). It re-exports them under their
//! short names for the export crates, the integration tests (`tests/`), the examples, the fuzz
//! targets and the task runner, and keeps the tests that span several crates.

pub use qitong_classroom as classroom;
pub use qitong_format as format;
pub use qitong_lessons as lessons;
pub use qitong_lessons::lang;
pub use qitong_rules as rules;
// The lesson file forms (the lesson player's) and the API's stable error codes (the view core's).
pub use qitong_lesson_player::lesson_form;
pub use qitong_view::error_code;
pub mod ui;
