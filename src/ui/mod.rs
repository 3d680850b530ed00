//! Browser views of the course, one folder per feature. What a view shows is decided by plain
//! Rust (unit-tested natively); only the `view`, `widget` and `player` modules and `dom` touch
//! the DOM, and they exist only on wasm32.

pub mod board;
pub mod clock;
#[cfg(all(target_arch = "wasm32", feature = "board"))]
pub mod computer;
pub mod css;
#[cfg(all(target_arch = "wasm32", any(feature = "board", feature = "clock", feature = "home", feature = "ladder")))]
pub mod dom;
pub mod element_api;
pub mod home;
pub mod lesson;
pub mod markup;
pub mod node;
pub mod pages;
pub mod texts;
pub mod words;
#[cfg(test)]
mod words_sources;

pub use board::markup::{board_markup, display_order};
pub use board::pieces::piece_svg;
