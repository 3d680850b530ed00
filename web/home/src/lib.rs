//! The home page (the course map, progress, certificates): what it shows (`state`, `render`) and
//! its DOM side (`view`, wasm32 only).
//!
//! A crate of the web side's split by feature (issue 30, docs/crates.md): it uses the view core
//! (the pieces on the map among it), the shared words and the course, not the board or the
//! lesson player.

pub mod render;
pub mod state;
#[cfg(target_arch = "wasm32")]
pub mod view;
