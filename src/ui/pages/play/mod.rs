//! The play-a-friend page: the saved game, the page's words, actions and render (plain Rust) and
//! its view.

pub mod action;
pub mod render;
pub mod saved;
pub mod words;
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod view;
