//! What the child (or the teacher) asks the lesson player to do: one typed message per button,
//! key and drag, as todomvc's `ControllerMessage`. Its text form (`next`, `sq:e4`, `choose:1`)
//! is what a button carries in `data-act` and what `act()` takes from a page script; `Display`
//! and `FromStr` round-trip.

use core::fmt;
use core::str::FromStr;
use qitong_board::shapes::Brush;
use qitong_lessons::{Event, Verdict};
use qitong_rules::{Piece, Square, Uci};

/// One thing the player can be asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// The next step (or the lesson's end).
    Next,
    /// The step before.
    Back,
    /// Try the step again.
    Retry,
    /// The course map.
    Map,
    /// The other language.
    Lang,
    /// Pinyin on or off.
    Pinyin,
    /// Read the verse or narration aloud.
    Speak,
    /// Open a lesson of the map: stage and lesson indices.
    Open { stage: usize, lesson: usize },
    /// The lesson again, from its first step.
    Again,
    /// The next lesson of the course.
    NextLesson,
    /// A square pressed (click, tap, Enter on a focused square).
    Square(Square),
    /// A piece dragged from one square to another (on a board that plays no moves: the set-up
    /// board moves it; from a script, a move).
    Drag(Square, Square),
    /// A move finished on the board (click-click or a drag, the promotion piece chosen on the
    /// board's own chooser).
    Move(Uci),
    /// A piece of the board's set-up tray put on a square (pressed there with the piece in
    /// hand, or dragged there: `Steered::Drop`).
    Place(Piece, Square),
    /// "Check" a set-up board or a tapped set.
    Check,
    /// "Done" with a multi-choice answer.
    Submit,
    /// The typed answer (its text is the action's value).
    Text,
    /// "Allowed" (true) or "not allowed" (false) for a legal-or-not step.
    Legal(bool),
    /// Stalemate, checkmate or neither.
    Judge(Verdict),
    /// A single-choice option (from 0).
    Choose(usize),
    /// A multi-choice option toggled (from 0).
    Toggle(usize),
    /// A class vote's answer shown.
    Reveal,
    /// A class vote's show of hands for an option (the count is the action's value).
    Hands(usize),
    /// A demonstration's next move.
    DemoNext,
    /// A demonstration's move back.
    DemoBack,
    /// Ask to forget the progress.
    Reset,
    /// Keep the progress after all.
    ResetNo,
    /// Forget the progress.
    ResetYes,
    /// Read a progress code (the code is the action's value).
    Import,
    /// Projector mode on or off.
    Present,
    /// Full screen.
    Fullscreen,
    /// Show or hide the answer (projector mode).
    Show,
    /// The revealed answer's next move played (the page's timer paces it).
    ShowMore,
    /// The pen on or off (projector mode).
    Pen,
    /// An arrow (or, from a square to itself, a circle) drawn or taken away.
    Shape { from: Square, to: Square, brush: Brush },
    /// Every drawing cleared.
    Clear,
    /// The teacher's "next" (a clicker's PageDown).
    PageNext,
    /// The teacher's "back" (a clicker's PageUp).
    PageBack,
    /// The notes above the player closed.
    CloseNotes,
    /// The computer's move in a vs-computer step (from the page's engine worker).
    Reply(Uci),
    /// The computer could not answer (its worker failed).
    NoAnswer,
    /// Take back: a wrong move's line shown, or a vs-computer step's last move.
    TakeBack,
    /// A hint in a vs-computer step.
    Hint,
    /// The hint's move (from the page's engine worker).
    HintMove(Uci),
    /// A class rule's button on a class-play board.
    ClassRule(ClassRule),
}

/// The class rules' buttons beside a class-play board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClassRule {
    /// "I adjust" (j'adoube).
    Adjust,
    /// The draw offer, index fingers crossed.
    OfferDraw,
    /// The chess clock.
    PressClock,
    /// Shake hands.
    Handshake,
}

impl ClassRule {
    /// What the button tells the step.
    pub fn event(self) -> Event<'static> {
        match self {
            ClassRule::Adjust => Event::AdjustMode,
            ClassRule::OfferDraw => Event::OfferDraw,
            ClassRule::PressClock => Event::PressClock,
            ClassRule::Handshake => Event::Handshake,
        }
    }
}

/// The action names without an argument, with their text: one list for both directions.
const PLAIN: [(Action, &str); 37] = [
    (Action::Next, "next"),
    (Action::Back, "back"),
    (Action::Retry, "retry"),
    (Action::Map, "map"),
    (Action::Lang, "lang"),
    (Action::Pinyin, "pinyin"),
    (Action::Speak, "speak"),
    (Action::Again, "again"),
    (Action::NextLesson, "next-lesson"),
    (Action::Check, "check"),
    (Action::Submit, "submit"),
    (Action::Text, "text"),
    (Action::Reveal, "reveal"),
    (Action::DemoNext, "demo-next"),
    (Action::DemoBack, "demo-back"),
    (Action::Reset, "reset"),
    (Action::ResetNo, "reset-no"),
    (Action::ResetYes, "reset-yes"),
    (Action::Import, "import"),
    (Action::Present, "present"),
    (Action::Fullscreen, "fullscreen"),
    (Action::Show, "show"),
    (Action::ShowMore, "show-more"),
    (Action::Pen, "pen"),
    (Action::Clear, "clear"),
    (Action::PageNext, "page-next"),
    (Action::PageBack, "page-back"),
    (Action::CloseNotes, "close-notes"),
    (Action::NoAnswer, "no-answer"),
    (Action::TakeBack, "take-back"),
    (Action::Hint, "hint"),
    (Action::Legal(true), "legal:1"),
    (Action::Legal(false), "legal:0"),
    (Action::ClassRule(ClassRule::Adjust), "adjust"),
    (Action::ClassRule(ClassRule::OfferDraw), "offer-draw"),
    (Action::ClassRule(ClassRule::PressClock), "press-clock"),
    (Action::ClassRule(ClassRule::Handshake), "handshake"),
];

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Open { stage, lesson } => write!(f, "open:{stage}:{lesson}"),
            Action::Square(sq) => write!(f, "sq:{sq}"),
            Action::Drag(from, to) => write!(f, "drag:{from}:{to}"),
            Action::Place(piece, to) => write!(f, "place:{}:{to}", piece.char()),
            Action::Move(uci) => write!(f, "move:{uci}"),
            Action::Judge(v) => write!(f, "judge:{}", v.code()),
            Action::Choose(i) => write!(f, "choose:{i}"),
            Action::Toggle(i) => write!(f, "toggle:{i}"),
            Action::Hands(i) => write!(f, "hands:{i}"),
            Action::Shape { from, to, brush } => write!(f, "shape:{from}:{to}:{}", brush.name()),
            Action::Reply(uci) => write!(f, "reply:{uci}"),
            Action::HintMove(uci) => write!(f, "hint-move:{uci}"),
            plain => {
                let (_, text) = PLAIN.iter().find(|(a, _)| *a == plain).ok_or(fmt::Error)?;
                f.write_str(text)
            }
        }
    }
}

/// A text that names no action (or an action with an unreadable argument).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseActionError(pub String);

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a lesson action: '{}' (next, back, sq:e4, choose:1, …)", self.0)
    }
}

impl std::error::Error for ParseActionError {}

fn square(text: &str) -> Option<Square> {
    Square::from_ascii(text.as_bytes())
}

fn one_char(text: &str) -> Option<char> {
    let mut chars = text.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        if let Some((action, _)) = PLAIN.iter().find(|(_, t)| *t == text) {
            return Ok(*action);
        }
        let Some((name, rest)) = text.split_once(':') else { return Err(ParseActionError(text.to_string())) };
        let args: Vec<&str> = rest.split(':').collect();
        let action = match (name, args.as_slice()) {
            ("open", [stage, lesson]) => stage.parse().ok().zip(lesson.parse().ok()).map(|(stage, lesson)| Action::Open { stage, lesson }),
            ("sq", [sq]) => square(sq).map(Action::Square),
            ("drag", [from, to]) => square(from).zip(square(to)).map(|(from, to)| Action::Drag(from, to)),
            ("place", [piece, to]) => one_char(piece).and_then(Piece::from_char).zip(square(to)).map(|(piece, to)| Action::Place(piece, to)),
            ("move", [uci]) => uci.parse().ok().map(Action::Move),
            ("judge", [verdict]) => Verdict::from_code(verdict).map(Action::Judge),
            ("choose", [i]) => i.parse().ok().map(Action::Choose),
            ("toggle", [i]) => i.parse().ok().map(Action::Toggle),
            ("hands", [i]) => i.parse().ok().map(Action::Hands),
            ("reply", [uci]) => uci.parse().ok().map(Action::Reply),
            ("hint-move", [uci]) => uci.parse().ok().map(Action::HintMove),
            // A drawing's brush may be left out: green.
            ("shape", [from, to]) => square(from).zip(square(to)).map(|(from, to)| Action::Shape { from, to, brush: Brush::Green }),
            ("shape", [from, to, brush]) => {
                square(from).zip(square(to)).zip(brush.parse().ok()).map(|((from, to), brush)| Action::Shape { from, to, brush })
            }
            _ => None,
        };
        action.ok_or_else(|| ParseActionError(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::{Color, Role};

    fn every_kind() -> Vec<Action> {
        let (e2, e4) = (Square::from_ascii(b"e2").expect("e2"), Square::from_ascii(b"e4").expect("e4"));
        let knight = Piece { color: Color::Black, role: Role::Knight };
        let mut all: Vec<Action> = PLAIN.iter().map(|(a, _)| *a).collect();
        all.extend([
            Action::Open { stage: 3, lesson: 12 },
            Action::Square(e4),
            Action::Drag(e2, e4),
            Action::Place(knight, e4),
            Action::Move(Uci { from: e2, to: e4, promotion: None }),
            Action::Move(Uci { from: e2, to: e4, promotion: Some(Role::Queen) }),
            Action::Judge(Verdict::Stalemate),
            Action::Judge(Verdict::Checkmate),
            Action::Choose(0),
            Action::Toggle(7),
            Action::Hands(2),
            Action::Shape { from: e2, to: e4, brush: Brush::Red },
            Action::Shape { from: e4, to: e4, brush: Brush::Yellow },
            Action::Reply(Uci { from: e2, to: e4, promotion: None }),
            Action::Reply(Uci { from: e2, to: e4, promotion: Some(Role::Knight) }),
            Action::HintMove(Uci { from: e2, to: e4, promotion: None }),
        ]);
        all
    }

    #[test]
    fn every_action_round_trips_through_its_text() {
        for action in every_kind() {
            let text = action.to_string();
            assert_eq!(text.parse::<Action>(), Ok(action), "{text}");
        }
    }

    #[test]
    fn the_texts_are_the_ones_buttons_and_scripts_use() {
        assert_eq!("next".parse(), Ok(Action::Next));
        assert_eq!("sq:e4".parse::<Action>().map(|a| a.to_string()), Ok("sq:e4".to_string()));
        assert_eq!("place:n:e4".parse::<Action>().map(|a| a.to_string()), Ok("place:n:e4".to_string()));
        assert_eq!("legal:1".parse(), Ok(Action::Legal(true)));
        assert_eq!("judge:neither".parse(), Ok(Action::Judge(Verdict::Neither)));
        let (e2, e4) = (Square::from_ascii(b"e2").expect("e2"), Square::from_ascii(b"e4").expect("e4"));
        assert_eq!("shape:e2:e4".parse(), Ok(Action::Shape { from: e2, to: e4, brush: Brush::Green }));
    }

    #[test]
    fn unreadable_texts_are_refused_with_the_text() {
        for bad in [
            "",
            "nxt",
            "sq:",
            "sq:z9",
            "sq:e4:e5",
            "open:1",
            "open:a:b",
            "choose:-1",
            "tray:Q",
            "place:QQ:e4",
            "move:e2e4x",
            "judge:maybe",
            "legal:2",
            "shape:e2",
            "shape:e2:e4:pink",
            "next:1",
            "drag:e2:e4:e6",
            "reply:e2",
            "reply:e2e4x",
        ] {
            assert_eq!(bad.parse::<Action>(), Err(ParseActionError(bad.to_string())), "{bad:?}");
        }
    }
}
