//! What the page views share about their actions: each view names its actions in `data-act`
//! ([`crate::node::action_button`]) and parses the text back into its own `Action`, refusing one
//! that is none of its own with [`UnknownAction`].

/// A `data-act` text that names none of a page's actions (the pages' `Action`s refuse it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownAction(pub String);

impl core::fmt::Display for UnknownAction {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "not an action of this page: '{}'", self.0)
    }
}

impl std::error::Error for UnknownAction {}
