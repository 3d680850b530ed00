//! The play-a-friend page: the saved game and the page's words (plain Rust) and its view.

pub mod saved;
pub mod words;
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod view;
