//! `<chess-clock>`: the clock's state and words (plain Rust), its public API (`api`) and its
//! custom-element side.

pub mod api;
pub mod state;
#[cfg(all(target_arch = "wasm32", feature = "clock"))]
pub mod widget;
