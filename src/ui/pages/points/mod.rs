//! The points calculator page: its words, actions and render as a node tree (plain Rust) and its
//! view.

pub mod action;
pub mod render;
#[cfg(target_arch = "wasm32")]
pub mod view;
pub mod words;
