//! Small DOM helpers the views share: building elements (`page`) and listening to events
//! (`listen`) (wasm32 only).

pub mod listen;
#[cfg(any(feature = "board", feature = "clock"))]
pub mod page;
