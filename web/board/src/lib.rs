//! `<chess-board>`: its state and the small functions that change it (`state`, `game`, `tools`),
//! its settings (`config`), the marks a page steering it adds (`extensions`), what it draws (`render`, `skeleton`, `shapes`, `markup`, `pieces`, `board.css`)
//! and says (`words`), its public API (`api`: attributes, methods, events), its saved game (`journal`) and class play (`class_play`) — plain Rust,
//! tested natively — and `widget`, the DOM side (wasm32 only).
//!
//! No cargo feature: what only some boards do is an extension their caller chooses
//! (`widget::Extensions`, cm-chessboard's manner) — the computer opponent (`opponent`, its DOM
//! side `widget::opponent`) and the move box's typed moves, both `<chess-board>`'s — so that a
//! module whose boards never use them (the lesson player's) does not link them.
//!
//! A crate of the web side's split by feature (issue 30, docs/crates.md): it uses the view core,
//! the shared words and the computer client; the lesson player, the pages and the exports use it.

pub mod api;
pub mod class_play;
pub mod config;
pub mod extensions;
pub mod fit;
pub mod game;
pub mod journal;
pub mod markup;
pub mod opponent;
pub mod pieces;
pub mod render;
pub mod shapes;
pub mod skeleton;
pub mod state;
// The page that steers the board is part of the board's one state machine (`state::steer`).
pub use state::steer;
pub mod tools;
pub mod words;

/// `pieces::piece_svg` for the views above the board (home, the lesson player, the play page),
/// called, never copied: the pictures are a leaf function, which rustc instantiates in every
/// crate that calls it, and LLVM then keeps each crate's copy of its 7.4 KB of SVG text
/// (docs/crates.md, the board's slice).
#[inline(never)]
pub fn piece_picture(piece: qitong_rules::Piece) -> &'static str {
    pieces::piece_svg(piece)
}

/// The board's DOM side (wasm32 only): what a module does not call, the linker leaves out.
#[cfg(target_arch = "wasm32")]
pub mod view;
#[cfg(target_arch = "wasm32")]
pub mod widget;
