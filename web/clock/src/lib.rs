//! `<chess-clock>`: the clock's state and words and its shadow DOM's tree (plain Rust), its
//! public API (`api`) and its custom-element side (`widget`, wasm32 only).
//!
//! A crate of the web side's split by feature (issue 30, docs/crates.md): it uses the view core,
//! the shared words and the class rules' clock, not the board (a `fen` attribute is read by the
//! view core's `choices::read_fen`, as the board reads it).

pub mod api;
pub mod skeleton;
pub mod state;
#[cfg(target_arch = "wasm32")]
pub mod widget;
