//! Browser views of the course. What a view shows is decided by plain Rust (unit-tested
//! natively); only the `*_view` modules touch the DOM, and they exist only on wasm32.

pub mod board_markup;
pub mod pieces;
pub mod words;

#[cfg(target_arch = "wasm32")]
pub mod board_view;

pub use board_markup::{board_markup, display_order};
pub use pieces::piece_svg;
