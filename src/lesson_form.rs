//! The form in which this module reads lesson files: TOML as teachers write them, or — in the
//! modules of the site's own pages, cargo feature `compiled` — the compiled form that the site
//! ships beside each file (`course.json`, `rook/moves.json`: `qitong_format::toml::to_tree`,
//! written by `cargo xtask dist` and `serve`), so that those modules carry no TOML reader
//! (9.8 KB gzipped of the lesson page's module, measured 2026-12-03; issue 14).

use crate::lessons::ReadDocument;

/// Reads a lesson file's text in this module's form.
#[cfg(not(feature = "compiled"))]
pub const READ: ReadDocument = crate::format::toml::parse;
/// Reads a lesson file's text in this module's form.
#[cfg(feature = "compiled")]
pub const READ: ReadDocument = crate::format::toml::from_tree;
