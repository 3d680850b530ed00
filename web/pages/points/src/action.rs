//! What the points page's buttons ask for, typed: the render writes an action's text into
//! `data-act` (`lang`, `a-wins`, `draw`, `b-wins`) and the view parses it once; `Display` and
//! `FromStr` round-trip.

use crate::words::RESULTS;
use core::fmt;
use core::str::FromStr;
use qitong_classroom::points::Score;
use qitong_view::action::UnknownAction;

/// One button of the points page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Lang,
    /// The game's result, as what player A scored.
    Result(Score),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Lang => f.write_str("lang"),
            Action::Result(score) => f.write_str(RESULTS.iter().find(|(_, s)| s == score).map_or("", |(code, _)| code.key())),
        }
    }
}

impl FromStr for Action {
    type Err = UnknownAction;

    fn from_str(text: &str) -> Result<Action, UnknownAction> {
        if text == "lang" {
            return Ok(Action::Lang);
        }
        RESULTS.iter().find(|(code, _)| code.key() == text).map(|(_, score)| Action::Result(*score)).ok_or_else(|| UnknownAction(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips_through_its_text() {
        for action in [Action::Lang, Action::Result(Score::Win), Action::Result(Score::Draw), Action::Result(Score::Loss)] {
            let text = action.to_string();
            assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
        }
        assert_eq!(Action::Result(Score::Loss).to_string(), "b-wins");
    }

    #[test]
    fn unreadable_texts_are_refused_with_the_text() {
        for bad in ["", "a-win", "title", "lang:en"] {
            assert_eq!(bad.parse::<Action>(), Err(UnknownAction(bad.to_string())), "{bad:?}");
        }
    }
}
