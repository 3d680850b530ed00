//! Small DOM helpers the views share: building elements from a `ui::node` tree (`tree`), the
//! page helpers (`page`), listening to events (`listen`) and scrolling into sight (`sight`)
//! (wasm32 only).

#[cfg(any(feature = "lessons", feature = "home"))]
pub mod browser;
pub mod listen;
pub mod sight;
pub mod tree;
#[cfg(any(feature = "board", feature = "clock", feature = "ladder"))]
pub mod page;
