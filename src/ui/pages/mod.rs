//! The site's pages that are not a widget, each a crate of its own (`web/pages/`, issue 30): the
//! ladder and points pages are re-exported here under their old paths, for their export crates.

pub use qitong_ladder_page as ladder;
pub use qitong_points_page as points;
