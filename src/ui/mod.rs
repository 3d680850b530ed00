//! Browser views of the course, one folder per feature. What a view shows is decided by plain
//! Rust (unit-tested natively); only the `view`, `widget` and `player` modules and `dom` touch
//! the DOM, and they exist only on wasm32. The view core (`node`, `markup`, `texts`, `css`,
//! `dom`) is its own crate, `qitong-view` (web/view), and so are the shared words and the elements'
//! API tables (`words`, `element_api`: `qitong-words`, web/words) and the computer's port
//! (`computer`: `qitong-computer-client`, web/computer), `<chess-clock>` (`clock`: `qitong-clock`,
//! web/clock), `<chess-board>` (`board`: `qitong-board`, web/board) and the home page (`home`:
//! `qitong-home`, web/home) and the lesson player (`lesson`: `qitong-lesson-player`, web/lesson), re-exported here under their old paths.

pub use qitong_board as board;
pub use qitong_clock as clock;
pub use qitong_computer_client as computer;
pub mod css;
#[cfg(target_arch = "wasm32")]
pub use qitong_view::dom;
pub use qitong_words::element_api;
pub mod element_modules;
pub use qitong_home as home;
pub use qitong_lesson_player as lesson;
pub use qitong_view::markup;
pub use qitong_view::node;
pub mod pages;
pub mod read;
pub use qitong_view::texts;
pub use qitong_words as words;

pub use board::markup::{board_markup, display_order};
pub use board::piece_picture as piece_svg;
