//! The home page (the course map, progress, certificates): what it shows (`state`, `render`) and
//! its DOM side (`view`, the home module only).

pub mod render;
pub mod state;
#[cfg(target_arch = "wasm32")]
pub mod view;
