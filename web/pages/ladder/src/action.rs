//! What the ladder page's buttons ask for, typed: the render writes an action's text into
//! `data-act` (`score:0.5`, `rename:3`, `add-missing:小明`) and the view parses it once;
//! `Display` and `FromStr` round-trip.

use core::fmt;
use core::str::FromStr;
use qitong_classroom::ladder::StudentId;
use qitong_classroom::points::Score;
use qitong_view::action::UnknownAction;

/// One button of the ladder page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// The other language.
    Lang,
    /// Add the student typed into the add form.
    Add,
    /// Add a student the play page's game names but the roster lacks.
    AddMissing(String),
    /// Start renaming a student.
    Rename(StudentId),
    RenameSave,
    RenameCancel,
    /// Ask whether to remove a student.
    Remove(StudentId),
    /// The record form's result: what White scored.
    Score(Score),
    ConfirmRecord,
    /// Ask whether to take back the last recorded game.
    Undo,
    /// Ask whether to start a fresh ladder over an unreadable stored one.
    Fresh,
    /// The answer to the question asked.
    Yes,
    No,
    DismissPending,
    RosterMore,
    HistoryAll,
    Print,
}

/// The actions without an argument, with their text: one list for both directions.
const PLAIN: [(Action, &str); 14] = [
    (Action::Lang, "lang"),
    (Action::Add, "add"),
    (Action::RenameSave, "rename-save"),
    (Action::RenameCancel, "rename-cancel"),
    (Action::ConfirmRecord, "confirm-record"),
    (Action::Undo, "undo"),
    (Action::Fresh, "fresh"),
    (Action::Yes, "yes"),
    (Action::No, "no"),
    (Action::DismissPending, "dismiss-pending"),
    (Action::RosterMore, "roster-more"),
    (Action::HistoryAll, "history-all"),
    (Action::Print, "print"),
    (Action::Score(Score::Draw), "score:0.5"),
];

/// What White scored, as the result buttons say it.
const SCORES: [(Score, &str); 3] = [(Score::Win, "1"), (Score::Draw, "0.5"), (Score::Loss, "0")];

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::AddMissing(name) => write!(f, "add-missing:{name}"),
            Action::Rename(id) => write!(f, "rename:{id}"),
            Action::Remove(id) => write!(f, "remove:{id}"),
            Action::Score(score) => {
                let arg = SCORES.iter().find(|(s, _)| s == score).map_or("", |(_, a)| a);
                write!(f, "score:{arg}")
            }
            plain => f.write_str(PLAIN.iter().find(|(a, _)| a == plain).map_or("", |(_, t)| t)),
        }
    }
}

impl FromStr for Action {
    type Err = UnknownAction;

    fn from_str(text: &str) -> Result<Action, UnknownAction> {
        if let Some((action, _)) = PLAIN.iter().find(|(_, t)| *t == text) {
            return Ok(action.clone());
        }
        let unknown = || UnknownAction(text.to_string());
        // The first ':' found byte by byte, not by `split_once`, whose char searcher would be
        // compiled once more for this crate (docs/crates.md).
        let colon = text.bytes().position(|b| b == b':').ok_or_else(unknown)?;
        let (verb, arg) = (&text[..colon], &text[colon + 1..]);
        let id = || arg.parse::<StudentId>().map_err(|_| unknown());
        match verb {
            // A name may hold any character, a colon too: the rest of the text is the name.
            "add-missing" if !arg.is_empty() => Ok(Action::AddMissing(arg.to_string())),
            "rename" => Ok(Action::Rename(id()?)),
            "remove" => Ok(Action::Remove(id()?)),
            "score" => SCORES.iter().find(|(_, a)| *a == arg).map(|(s, _)| Action::Score(*s)).ok_or_else(unknown),
            _ => Err(unknown()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(n: u32) -> StudentId {
        StudentId::new(n).expect("a valid id")
    }

    #[test]
    fn every_action_round_trips_through_its_text() {
        let mut all: Vec<Action> = PLAIN.iter().map(|(a, _)| a.clone()).collect();
        all.extend([
            Action::AddMissing("小明: A班".into()),
            Action::Rename(id(3)),
            Action::Remove(id(12)),
            Action::Score(Score::Win),
            Action::Score(Score::Loss),
        ]);
        for action in all {
            let text = action.to_string();
            assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
        }
    }

    #[test]
    fn the_texts_are_the_ones_the_page_and_its_tests_use() {
        assert_eq!(Action::Score(Score::Draw).to_string(), "score:0.5");
        assert_eq!(Action::Score(Score::Win).to_string(), "score:1");
        assert_eq!(Action::Rename(id(7)).to_string(), "rename:7");
        assert_eq!("add-missing:Bo".parse(), Ok(Action::AddMissing("Bo".into())));
        assert_eq!("confirm-record".parse(), Ok(Action::ConfirmRecord));
    }

    #[test]
    fn unreadable_texts_are_refused_with_the_text() {
        for bad in ["", "nope", "lang:1", "rename:", "rename:x", "remove:0", "score:2", "add-missing:", "yes:no"] {
            assert_eq!(bad.parse::<Action>(), Err(UnknownAction(bad.to_string())), "{bad:?}");
        }
    }
}
