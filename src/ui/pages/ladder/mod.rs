//! The class ladder page: its state, storage, words, actions and render (plain Rust) and its
//! view (the teacher module only).

pub mod action;
pub mod encoding;
pub mod render;
pub mod state;
pub mod store;
#[cfg(target_arch = "wasm32")]
pub mod view;
pub mod words;
