//! `<chess-clock>`: the clock's state and words (plain Rust) and its custom-element side.

pub mod state;
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod widget;
