//! The home page (the course map, progress, certificates): what it shows (`state`, `render`) and
//! its DOM side (`view`, the home module only).

pub mod render;
pub mod state;
#[cfg(all(target_arch = "wasm32", feature = "home"))]
pub mod view;
