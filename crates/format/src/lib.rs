//! Plain-text data formats shared by the classroom and the lessons.
//!
//! All are small and dependency-free on purpose: the whole wasm app has a 120 KB gzip budget.

pub mod csv;
pub mod json;
pub mod toml;
