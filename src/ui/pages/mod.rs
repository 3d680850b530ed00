//! The site's pages that are not a widget: play a friend, the points calculator, the class ladder,
//! "Check my lesson".

pub mod check;
pub mod ladder;
pub mod play;
pub mod points;

/// A `data-act` text that names none of a page's actions (the pages' `Action`s refuse it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownAction(pub String);

impl core::fmt::Display for UnknownAction {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "not an action of this page: '{}'", self.0)
    }
}

impl std::error::Error for UnknownAction {}
