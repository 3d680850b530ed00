//! What the player sends to an exercise (`Event`) and what it gets back (`Feedback`, `Status`),
//! and the star rules shared by the exercises.

use super::text::Text;
use super::words::Code;
use qitong_classroom::{class_game::Refusal, clock::ClockError, draw_offer::DrawOfferError, touch::TouchRefusal};
use qitong_rules::{Bitboard, EndReason, IllegalReason, Move, Piece, Role, Square};

/// Something the child (or the teacher) did. Each step kind reacts to the events that make sense
/// for it and ignores the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event<'a> {
    /// "Next" (readings, demos).
    Next,
    /// "Back" one move (demos).
    Back,
    /// "Try again": the step goes back to its own start.
    Retry,
    /// A move on the board (drag, two clicks or keyboard); `promotion` for a pawn reaching the
    /// last rank.
    #[allow(missing_docs)]
    Move { from: Square, to: Square, promotion: Option<Role> },
    /// A square tapped (find all moves).
    Tap(Square),
    /// A piece touched (class play, touch-move).
    Touch(Square),
    /// A piece adjusted with "j'adoube" (class play): the announcement and the touch at once.
    Adjust(Square),
    /// "I adjust" said (class play): the next piece touched is adjusted, not touched.
    AdjustMode,
    /// The draw-offer sign, two index fingers crossed (class play).
    OfferDraw,
    /// The chess clock pressed (class play).
    PressClock,
    /// Hands shaken before the game (class play).
    Handshake,
    /// A piece from the tray put on a square, or a piece on the board moved there (set-up).
    #[allow(missing_docs)]
    Place { square: Square, piece: Piece },
    /// A piece taken off the board back to the tray (set-up).
    Lift(Square),
    /// "Check my board" (set-up).
    Check,
    /// Yes or no (legal or not?).
    Answer(bool),
    /// Stalemate, checkmate or neither (is it stalemate?).
    Judge(Verdict),
    /// An option picked, from 0 (single-choice quiz, class vote).
    Choose(usize),
    /// An option ticked or unticked, from 0 (multiple-choice quiz).
    Toggle(usize),
    /// "Done" after ticking options (multiple-choice quiz).
    Submit,
    /// Text typed by the child (write the SAN, points calculator).
    Text(&'a str),
    /// The teacher shows the answer (class vote).
    Reveal,
    /// The computer's move (vs-computer), as the player got it from the engine.
    #[allow(missing_docs)]
    Reply { from: Square, to: Square, promotion: Option<Role> },
}

/// What a position is, for "is it stalemate?".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Not in check, and no legal move (逼和).
    Stalemate,
    /// In check, and no legal move (将杀).
    Checkmate,
    /// There is a legal move.
    Neither,
}

impl Verdict {
    /// `stalemate`, `checkmate` or `neither`.
    pub const fn code(self) -> &'static str {
        match self {
            Verdict::Stalemate => "stalemate",
            Verdict::Checkmate => "checkmate",
            Verdict::Neither => "neither",
        }
    }

    /// Reads a code of [`Verdict::code`].
    pub fn from_code(code: &str) -> Option<Verdict> {
        [Verdict::Stalemate, Verdict::Checkmate, Verdict::Neither].into_iter().find(|v| v.code() == code)
    }
}

/// Where a step stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Waiting for the child.
    Active,
    /// Done: `stars` 1-3 for an exercise, `None` for a step that is not scored (readings, demos,
    /// class play and votes).
    #[allow(missing_docs)]
    Complete { stars: Option<u8> },
    /// Failed (out of moves, piece lost): only "try again" helps.
    Failed,
}

/// How an event was taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Grade {
    /// Nothing happened (the event does not apply here, or the step is over).
    #[default]
    Ignored,
    /// Taken, and the step goes on (a move played, a star collected, a piece placed).
    Accepted,
    /// A right answer or move that does not finish the step yet.
    Correct,
    /// A wrong answer or move: the feedback says why; the step goes on.
    Wrong,
    /// The step is complete (see `Feedback::stars`).
    Complete,
    /// The step failed: only "try again" helps.
    Failed,
}

/// What a feedback says, by whose words: the lesson's own ([`Code`], `lessons::words`), or a
/// reason of the rules core or the classroom (worded by `qitong_words`, keyed by its type).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Said {
    /// Nothing to say.
    #[default]
    Nothing,
    /// A lesson code.
    Lesson(Code),
    /// The rules core's reason for an illegal move (its `args()` fill the wording).
    Illegal(IllegalReason),
    /// A touch-move refusal or reminder.
    Touch(TouchRefusal),
    /// A draw offer refused.
    DrawOffer(DrawOfferError),
    /// A press of the chess clock refused.
    Clock(ClockError),
    /// A move before pressing the clock (the classroom's `Refusal::WaitForPress`).
    WaitForPress,
}

impl Said {
    /// The stable name of what is said (`star-collected`, `path-blocked`, …; empty for nothing):
    /// for tests and messages, never for looking up words.
    pub fn as_str(self) -> &'static str {
        match self {
            Said::Nothing => "",
            Said::Lesson(code) => code.as_str(),
            Said::Illegal(reason) => reason.code(),
            Said::Touch(refusal) => refusal.code(),
            Said::DrawOffer(error) => error.code(),
            Said::Clock(error) => error.code(),
            Said::WaitForPress => Refusal::WaitForPress.code(),
        }
    }

    /// The lesson code said, if it is one.
    pub const fn lesson(self) -> Option<Code> {
        match self {
            Said::Lesson(code) => Some(code),
            _ => None,
        }
    }
}

impl From<Code> for Said {
    fn from(code: Code) -> Said {
        Said::Lesson(code)
    }
}

impl From<TouchRefusal> for Said {
    fn from(refusal: TouchRefusal) -> Said {
        Said::Touch(refusal)
    }
}

impl From<DrawOfferError> for Said {
    fn from(error: DrawOfferError) -> Said {
        Said::DrawOffer(error)
    }
}

impl From<ClockError> for Said {
    fn from(error: ClockError) -> Said {
        Said::Clock(error)
    }
}

impl PartialEq<Code> for Said {
    fn eq(&self, code: &Code) -> bool {
        *self == Said::Lesson(*code)
    }
}

/// The answer to one event: what to show and say. Never just "wrong": a wrong move carries the
/// core's reason or the scripted refutation, a wrong answer the teacher's feedback.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Feedback {
    /// How the event was taken.
    pub grade: Grade,
    /// What to say: a lesson code (`star-collected`, `mate-not-check`, …), the rules core's
    /// reason for an illegal move, or a classroom refusal.
    pub code: Said,
    /// Squares to point at.
    pub squares: Bitboard,
    /// The child's move, as played.
    pub played: Option<Move>,
    /// The opponent's move after it: a scripted reply, or the refutation of a wrong move.
    pub reply: Option<Move>,
    /// The lesson's own words (a quiz option's feedback, an explanation, a caption).
    pub text: Option<Text>,
    /// Values for the wording of `code` (`left`, `line`, `formula`, …), language-neutral.
    pub args: Vec<(&'static str, String)>,
    /// How the game ended, when it did with this event (a demo's or a class game's last move, a
    /// game against the computer): said after the code's words, in the words of the ending.
    pub end: Option<EndReason>,
    /// Option numbers (from 0) to mark: wrong picks or missed answers.
    pub marks: Vec<usize>,
    /// Stars earned when the step completes: 1-3, or `None` for steps that are not scored.
    pub stars: Option<u8>,
}

impl Feedback {
    /// Nothing to do.
    pub fn ignored() -> Feedback {
        Feedback::default()
    }

    /// An event taken, with what to say.
    pub fn accepted(code: impl Into<Said>) -> Feedback {
        Feedback { code: code.into(), grade: Grade::Accepted, ..Feedback::default() }
    }

    /// A right answer that does not finish the step.
    pub fn correct(code: impl Into<Said>) -> Feedback {
        Feedback { code: code.into(), grade: Grade::Correct, ..Feedback::default() }
    }

    /// A wrong answer or move, with what to say.
    pub fn wrong(code: impl Into<Said>) -> Feedback {
        Feedback { code: code.into(), grade: Grade::Wrong, ..Feedback::default() }
    }

    /// An illegal move: the core's reason, its code and squares.
    pub fn illegal(reason: IllegalReason) -> Feedback {
        Feedback { grade: Grade::Wrong, code: Said::Illegal(reason), squares: reason.squares(), ..Feedback::default() }
    }

    /// The step is complete with `stars`.
    pub fn complete(code: impl Into<Said>, stars: Option<u8>) -> Feedback {
        Feedback { code: code.into(), grade: Grade::Complete, stars, ..Feedback::default() }
    }

    /// The step failed.
    pub fn failed(code: impl Into<Said>) -> Feedback {
        Feedback { code: code.into(), grade: Grade::Failed, ..Feedback::default() }
    }

    /// The rules core's reason, when the move was illegal.
    pub fn reason(&self) -> Option<IllegalReason> {
        match self.code {
            Said::Illegal(reason) => Some(reason),
            _ => None,
        }
    }

    /// Adds squares to point at.
    pub fn with_squares(mut self, squares: Bitboard) -> Feedback {
        self.squares |= squares;
        self
    }

    /// Sets the child's move as played.
    pub fn with_played(mut self, m: Move) -> Feedback {
        self.played = Some(m);
        self
    }

    /// Sets the opponent's reply or refutation.
    pub fn with_reply(mut self, m: Option<Move>) -> Feedback {
        self.reply = m;
        self
    }

    /// Sets the lesson's own words.
    pub fn with_text(mut self, text: Option<&Text>) -> Feedback {
        self.text = text.cloned();
        self
    }

    /// Sets how the game ended.
    pub fn with_end(mut self, end: EndReason) -> Feedback {
        self.end = Some(end);
        self
    }

    /// Adds a value for the wording.
    pub fn with_arg(mut self, name: &'static str, value: impl ToString) -> Feedback {
        self.args.push((name, value.to_string()));
        self
    }
}

/// Stars for an exercise answered after `mistakes` wrong tries: 3, 2, then 1.
pub fn stars_for_mistakes(mistakes: u32) -> u8 {
    3u8.saturating_sub(mistakes.min(2) as u8)
}

/// Stars for a drill finished in `moves` moves against `par` (lichess Learn's rule): 3 within
/// par, 2 within par + max(1, par / 8), else 1.
pub fn stars_for_moves(moves: u32, par: u32) -> u8 {
    if moves <= par {
        3
    } else if moves <= par + (par / 8).max(1) {
        2
    } else {
        1
    }
}

/// Counts wrong tries and turns them into stars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tries {
    /// Wrong answers or moves so far.
    pub mistakes: u32,
}

impl Tries {
    /// One more wrong try; passes `feedback` through.
    pub fn miss(&mut self, feedback: Feedback) -> Feedback {
        self.mistakes += 1;
        feedback
    }

    /// The stars now earned.
    pub fn stars(&self) -> u8 {
        stars_for_mistakes(self.mistakes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stars_by_moves_follow_lichess_learn() {
        assert_eq!(stars_for_moves(3, 3), 3);
        assert_eq!(stars_for_moves(4, 3), 2);
        assert_eq!(stars_for_moves(5, 3), 1);
        assert_eq!(stars_for_moves(18, 16), 2);
        assert_eq!(stars_for_moves(19, 16), 1);
    }

    #[test]
    fn stars_by_mistakes() {
        assert_eq!((0..4).map(stars_for_mistakes).collect::<Vec<_>>(), [3, 2, 1, 1]);
        assert_eq!(Verdict::from_code("checkmate"), Some(Verdict::Checkmate));
        assert_eq!(Verdict::from_code("mate"), None);
    }
}
