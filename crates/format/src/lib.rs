//! Plain-text data formats shared by the classroom and the lessons.
//!
//! All are small and dependency-free on purpose: every byte is downloaded by the pages (budgeted
//! per page, docs/performance.md "Site budgets").

pub mod csv;
pub mod json;
pub mod toml;
