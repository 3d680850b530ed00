//! The class ladder page (ladder.html): its state, storage, words, actions and render (plain Rust,
//! tested natively) and its view (`view`, wasm32 only), mounted by `mountLadder` in the ladder
//! module and the teacher module.
//!
//! A crate of the web side's split by feature (issue 30, docs/crates.md): it uses the view core
//! and the layers (the class rules' ladder, points and levels; the JSON and CSV readers), no other
//! page. The play page leaves a finished game for it under `qitong_classroom::ladder::PENDING_KEY`.

pub mod action;
pub mod encoding;
pub mod picked;
pub mod render;
pub mod state;
pub mod store;
#[cfg(target_arch = "wasm32")]
pub mod view;
pub mod words;
