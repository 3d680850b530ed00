//! 棋童 (qitong): a chess course for kids — a rules core, the classroom's rules and the lessons,
//! compiled to WebAssembly for a static site of lessons and embeddable widgets.
//!
//! This crate is the web side: the browser views (`ui`); their JavaScript API is in `web/exports/`, one crate per export group. The
//! layers below are crates of their own under `crates/`, re-exported here under their short names.

pub use qitong_classroom as classroom;
pub use qitong_format as format;
pub use qitong_lessons as lessons;
pub use qitong_lessons::lang;
pub use qitong_rules as rules;
pub use qitong_rules::sort;
// The API's stable error codes, below every view (the board chooses them, the exports throw them).
pub use qitong_lesson_player::lesson_form;
pub use qitong_view::error_code;
pub mod ui;
