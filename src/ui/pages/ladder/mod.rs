//! The class ladder page: its state, storage and words (plain Rust) and its view (the teacher
//! module only).

pub mod state;
pub mod store;
pub mod words;
#[cfg(all(target_arch = "wasm32", feature = "teacher"))]
pub mod view;
