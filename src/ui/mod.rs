//! The browser views of the course, re-exported under their old paths from their crates under
//! `web/` (issue 30, docs/crates.md), for the export crates and the tests that still name them:
//! `<chess-board>` (`board`: `qitong-board`), `<chess-clock>` (`clock`: `qitong-clock`), the
//! computer's port (`computer`: `qitong-computer-client`), the home page (`home`: `qitong-home`),
//! the lesson player (`lesson`: `qitong-lesson-player`), the shared words and the elements' API
//! tables (`words`, `element_api`: `qitong-words`), the view core's `dom` (`qitong-view`) and the
//! ladder and points pages (`pages`). What is left here is what spans the crates: the elements'
//! JS modules (`element_modules`, read by `cargo xtask codegen`) and tests over several crates.

pub use qitong_board as board;
pub use qitong_clock as clock;
pub use qitong_computer_client as computer;
#[cfg(test)]
mod css;
#[cfg(target_arch = "wasm32")]
pub use qitong_view::dom;
pub use qitong_words::element_api;
pub mod element_modules;
pub use qitong_home as home;
pub use qitong_lesson_player as lesson;
pub mod pages;
pub use qitong_words as words;
