//! The site's pages that are not a widget: play a friend, the points calculator, the class ladder,
//! "Check my lesson". The ladder, points and play pages are crates of their own (`web/pages/`, issue 30),
//! re-exported here under their old paths.

pub mod check;
pub use qitong_ladder_page as ladder;
pub use qitong_play_page as play;
pub use qitong_points_page as points;

/// A `data-act` text that names none of a page's actions: the view core's, shared by every page.
pub use qitong_view::action::UnknownAction;
