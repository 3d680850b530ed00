//! What the play page's buttons ask for, typed: the render writes an action's text into
//! `data-act` (`tc:5+3`, `resign:white`, `notation:san`, `saved:continue`) and the view parses
//! it once; `Display` and `FromStr` round-trip.

use crate::versus::{Opponent, SideChoice};
use crate::words::{NOTATIONS, TIME_CONTROLS};
use core::fmt;
use core::str::FromStr;
use qitong_engine::Level;
use qitong_rules::Color;
use qitong_view::action::UnknownAction;

/// What the players decide about the game saved on this computer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SavedChoice {
    Continue,
    /// A new game: asks first whether to throw the saved one away.
    New,
    Keep,
    Discard,
}

const SAVED: [(SavedChoice, &str); 4] =
    [(SavedChoice::Continue, "continue"), (SavedChoice::New, "new"), (SavedChoice::Keep, "keep"), (SavedChoice::Discard, "discard")];

/// One button (or link) of the play page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Lang,
    /// Projector mode on or off.
    Present,
    /// One of [`TIME_CONTROLS`].
    TimeControl(&'static str),
    /// Black starts the clock.
    Start,
    /// The mover presses the clock.
    Press,
    /// A draw offered.
    Offer,
    /// The offer accepted (true) or declined.
    Answer(bool),
    /// A side asks to resign (confirmed next).
    Resign(Color),
    ResignYes,
    ResignNo,
    /// One of [`NOTATIONS`]' names, for the score sheet.
    Notation(&'static str),
    Print,
    /// A new game after the result.
    New,
    Saved(SavedChoice),
    /// A resumed game's paused clock set going.
    ResumeClock,
    /// The result left for the class ladder (the link goes on to it).
    Ladder,
    /// Play a friend or the computer.
    Opponent(Opponent),
    /// The side the child plays against the computer.
    Side(SideChoice),
    /// The computer's level.
    Level(Level),
    /// The class's rules against the computer, on or off.
    ClassRules,
    /// The game against the computer begins.
    Begin,
    /// The computer shows a good move.
    Hint,
    /// The child's last move (and the computer's reply) taken back.
    TakeBack,
    /// The computer is asked again after it failed.
    Retry,
}

const PLAIN: [(Action, &str); 18] = [
    (Action::Lang, "lang"),
    (Action::Present, "present"),
    (Action::Start, "start"),
    (Action::Press, "press"),
    (Action::Offer, "offer"),
    (Action::Answer(true), "answer:yes"),
    (Action::Answer(false), "answer:no"),
    (Action::ResignYes, "resign-yes"),
    (Action::ResignNo, "resign-no"),
    (Action::Print, "print"),
    (Action::New, "new"),
    (Action::ResumeClock, "resume-clock"),
    (Action::Ladder, "ladder"),
    (Action::ClassRules, "class-rules"),
    (Action::Begin, "begin"),
    (Action::Hint, "hint"),
    (Action::TakeBack, "take-back"),
    (Action::Retry, "retry"),
];

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::TimeControl(tc) => write!(f, "tc:{tc}"),
            Action::Resign(color) => write!(f, "resign:{}", color.name()),
            Action::Notation(name) => write!(f, "notation:{name}"),
            Action::Saved(choice) => write!(f, "saved:{}", SAVED.iter().find(|(c, _)| c == choice).map_or("", |(_, t)| t)),
            Action::Opponent(opponent) => write!(f, "opponent:{}", opponent.name()),
            Action::Side(side) => write!(f, "side:{}", side.name()),
            Action::Level(level) => write!(f, "level:{level}"),
            plain => f.write_str(PLAIN.iter().find(|(a, _)| a == plain).map_or("", |(_, t)| t)),
        }
    }
}

impl FromStr for Action {
    type Err = UnknownAction;

    fn from_str(text: &str) -> Result<Action, UnknownAction> {
        if let Some((action, _)) = PLAIN.iter().find(|(_, t)| *t == text) {
            return Ok(*action);
        }
        let unknown = || UnknownAction(text.to_string());
        let (verb, arg) = text.split_once(':').ok_or_else(unknown)?;
        let action = match verb {
            "tc" => TIME_CONTROLS.iter().find(|tc| **tc == arg).map(|tc| Action::TimeControl(tc)),
            "resign" => [Color::White, Color::Black].into_iter().find(|c| c.name() == arg).map(Action::Resign),
            "notation" => NOTATIONS.iter().find(|(name, _)| *name == arg).map(|(name, _)| Action::Notation(name)),
            "saved" => SAVED.iter().find(|(_, t)| *t == arg).map(|(c, _)| Action::Saved(*c)),
            "opponent" => Opponent::from_name(arg).map(Action::Opponent),
            "side" => SideChoice::from_name(arg).map(Action::Side),
            // One digit, as written (not `Level`'s forgiving parse, which adds 1 KB to the wasm).
            "level" => match arg.as_bytes() {
                [digit @ b'1'..=b'8'] => Level::new(digit - b'0').map(Action::Level),
                _ => None,
            },
            _ => None,
        };
        action.ok_or_else(unknown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips_through_its_text() {
        let mut all: Vec<Action> = PLAIN.iter().map(|(a, _)| *a).collect();
        all.extend(TIME_CONTROLS.map(Action::TimeControl));
        all.extend(NOTATIONS.map(|(name, _)| Action::Notation(name)));
        all.extend([Action::Resign(Color::White), Action::Resign(Color::Black)]);
        all.extend(SAVED.map(|(c, _)| Action::Saved(c)));
        all.extend(Opponent::ALL.map(Action::Opponent));
        all.extend(SideChoice::ALL.map(Action::Side));
        all.extend(Level::all().map(Action::Level));
        for action in all {
            let text = action.to_string();
            assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
        }
    }

    #[test]
    fn the_texts_are_the_ones_the_page_and_its_tests_use() {
        assert_eq!(Action::Resign(Color::White).to_string(), "resign:white");
        assert_eq!(Action::TimeControl("5+3").to_string(), "tc:5+3");
        assert_eq!("notation:figurine".parse(), Ok(Action::Notation("figurine")));
        assert_eq!("saved:continue".parse(), Ok(Action::Saved(SavedChoice::Continue)));
        assert_eq!("answer:no".parse(), Ok(Action::Answer(false)));
        assert_eq!("level:8".parse(), Ok(Action::Level(Level::MAX)));
        assert_eq!(Action::Opponent(Opponent::Computer).to_string(), "opponent:computer");
        assert_eq!(Action::Side(SideChoice::Random).to_string(), "side:random");
    }

    #[test]
    fn unreadable_texts_are_refused_with_the_text() {
        for bad in [
            "",
            "go",
            "tc:1+1",
            "tc:",
            "resign:red",
            "notation:pgn",
            "saved:maybe",
            "answer:maybe",
            "press:1",
            "level:9",
            "level:03",
            "level: 3",
            "side:red",
            "opponent:robot",
        ] {
            assert_eq!(bad.parse::<Action>(), Err(UnknownAction(bad.to_string())), "{bad:?}");
        }
    }
}
