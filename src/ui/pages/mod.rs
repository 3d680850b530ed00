//! The site's pages that are not a widget: play a friend, the points calculator, the class ladder,
//! "Check my lesson".

pub mod check;
pub mod ladder;
pub mod play;
pub mod points;
