//! `<chess-board>`: its state and the small functions that change it (`state`, `game`, `tools`),
//! its settings (`config`), what it draws (`render`, `skeleton`, `shapes`, `markup`, `pieces`, `board.css`)
//! and says (`words`), its public API (`api`: attributes, methods, events), its saved game (`journal`) and class play (`class_play`) — plain Rust,
//! tested natively — and `widget`, the DOM side (wasm32 only).

pub mod api;
pub mod class_play;
pub mod config;
pub mod fit;
pub mod game;
pub mod journal;
pub mod markup;
pub mod pieces;
pub mod render;
pub mod shapes;
pub mod skeleton;
pub mod state;
// The page that steers the board is part of the board's one state machine (`state::steer`).
pub use state::steer;
pub mod tools;
pub mod words;

/// The board's DOM side: in the wasm modules with the `board` feature (the app and the lessons).
#[cfg(target_arch = "wasm32")]
pub mod view;
#[cfg(all(target_arch = "wasm32", feature = "board"))]
pub mod widget;
