//! Plain-text data formats shared by the classroom and the lessons.

pub mod toml;
