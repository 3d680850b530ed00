//! 棋童 (qitong): a chess course for kids — a rules core, the classroom's rules and the lessons,
//! compiled to WebAssembly for a static site of lessons and embeddable widgets.

pub mod classroom;
pub mod format;
pub mod lang;
pub mod lessons;
pub mod rules;
pub mod sort;
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
