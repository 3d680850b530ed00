//! Small DOM helpers the views share: building elements from a `node` tree (`tree`), the page
//! helpers (`page`), listening to events (`listen`), scrolling into sight (`sight`) and the
//! browser's storage and address (`browser`) (wasm32 only).

pub mod browser;
pub mod listen;
pub mod page;
pub mod sight;
pub mod tree;
