//! Small DOM helpers the views share: building elements from a `ui::node` tree (`tree`), the
//! page helpers (`page`) and listening to events (`listen`) (wasm32 only).

#[cfg(any(feature = "lessons", feature = "home"))]
pub mod browser;
pub mod listen;
pub mod tree;
#[cfg(any(feature = "board", feature = "clock"))]
pub mod page;
