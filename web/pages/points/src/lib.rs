//! The points calculator page (points.html): its words, actions and render as a node tree (plain
//! Rust, tested natively) and its view (`view`, wasm32 only), mounted by `mountPoints` in the
//! students' app.
//!
//! A crate of the web side's split by feature (issue 30, docs/crates.md): it uses the view core
//! and the class rules' points, levels and awards, no other page.

pub mod action;
pub mod render;
#[cfg(target_arch = "wasm32")]
pub mod view;
pub mod words;
