//! The points calculator page: its words (plain Rust) and its view.

pub mod words;
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod view;
