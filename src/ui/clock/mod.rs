//! `<chess-clock>`: the clock's state and words and its shadow DOM's tree (plain Rust), its
//! public API (`api`) and its custom-element side.

pub mod api;
pub mod skeleton;
pub mod state;
#[cfg(all(target_arch = "wasm32", feature = "clock"))]
pub mod widget;
