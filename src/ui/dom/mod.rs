//! Small DOM helpers the views share: building elements (`page`) and listening to events
//! (`listen`) (wasm32 only).

pub mod listen;
#[cfg(feature = "board")]
pub mod page;
