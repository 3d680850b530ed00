//! The points calculator page: its words and its render as a node tree (plain Rust) and its view.

pub mod render;
pub mod words;
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod view;
