//! The play page, a friend or the computer: the saved game, the choices against the computer,
//! the page's words, the hint's words, actions and render (plain Rust) and its view.

pub mod action;
pub mod hint_words;
pub mod render;
pub mod render_versus;
pub mod saved;
pub mod versus;
#[cfg(target_arch = "wasm32")]
pub mod view;
pub mod words;
