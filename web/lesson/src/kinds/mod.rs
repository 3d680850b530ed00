//! Each step kind's view, a file per kind's rules module (`crates/lessons/src/kinds/<module>.rs`
//! has its rules, `<module>.rs` here what the player shows and lets the child do): its controls,
//! what it marks and allows on the board, how it takes a square pressed or a piece dragged, its
//! answers and their reveal, and its computer question. Every kind implements [`KindView`], whose
//! defaults are what most kinds do (nothing); `Exercise` implements it too, forwarding each method
//! to its kind by the one table (`for_each_kind!`), so that no other file of the player names a
//! kind. What only one kind or two have is a function below matching on those kinds (see "what
//! one kind or two have"). A kind the player's kind set leaves out (`Basics`) is a type with no values, so its arm of
//! the forwarding is dead and its view is not compiled in.

use crate::action::Action;
use crate::replay::Replay;
use crate::words::{word, word_with, Word};
use qitong_board::steer::Steer;
use qitong_lessons::lang::Lang;
use qitong_lessons::{Event, Exercise, Feedback, KindSet, Machine as _};
use qitong_rules::{Bitboard, Color, Position, Square};
use qitong_view::node::{button, div, el, Node};

mod class_play;
mod class_vote;
mod demo;
mod escape_check;
mod find_moves;
mod legal_or_not;
mod mate_in_one;
mod paint;
mod points;
mod puzzle;
mod quiz;
mod reading;
mod setup_board;
mod special_move;
mod stalemate;
mod star_drill;
mod tap_squares;
mod vs_computer;
mod write_san;

pub use vs_computer::Hint;

/// What a kind's view reads of the player (`Player::context` makes it): the views are below the
/// player's state, which calls them, so they are handed this and not the player.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    pub lang: Lang,
    /// The feedback on show.
    pub feedback: Option<&'a Feedback>,
    /// Projector mode is on (`present`).
    pub presenting: bool,
    /// The teacher revealed the answer.
    pub revealed: bool,
    /// The revealed answer's moves, as far as the board shows them.
    pub replay: Option<&'a Replay>,
    /// A verse's pinyin is on.
    pub pinyin: bool,
    /// A voice for the language exists (a verse can be read aloud).
    pub can_speak: bool,
    /// A vs-computer step's hint.
    pub hint: Hint,
}

/// What a square pressed on the step's board does.
#[derive(Debug, Clone, PartialEq)]
pub enum Press {
    /// What it does on a board whose pieces the child moves: the board's own click-click
    /// (`board::steer`; under touch-move the touch first, see `state::input`), and nothing
    /// elsewhere.
    Pick,
    /// This event for the step.
    Send(Event<'static>),
    /// Nothing.
    Nothing,
}

/// What the lesson player needs of a step kind beyond its rules. The defaults are a kind with no
/// controls, nothing of its own on the board and no answer to show.
pub trait KindView {
    /// Its controls under the prompt, added to `out`: counts, options, buttons
    /// (`done`: the step is complete, so they are disabled or gone).
    fn controls(&self, p: &Context, done: bool, out: &mut Vec<Node>) {
        let _ = (p, done, out);
    }

    /// Is the step read rather than done (no "try again"; "next" finishes it)?
    fn is_reading(&self) -> bool {
        false
    }

    /// What it marks on the board (stars, paint, found squares, its arrows), given the
    /// feedback on show.
    fn mark(&self, steer: &mut Steer, fb: Option<&Feedback>) {
        let _ = (steer, fb);
    }

    /// Does its board light the move just played (not where the move is the question)?
    fn lights_played(&self) -> bool {
        true
    }

    /// A square pressed (the set-up tray's piece in hand comes as a drop, `Action::Place`).
    fn press(&self, sq: Square) -> Press {
        let _ = sq;
        Press::Pick
    }

    /// Is a piece pressed first touched (touch-move: a class-play board)?
    fn touch_move(&self) -> bool {
        false
    }

    /// The answer, said first in the feedback when it is told (`p.revealed`: the
    /// teacher revealed it).
    fn answer_line(&self, p: &Context, fb: &Feedback) -> Option<String> {
        let _ = (p, fb);
        None
    }

    /// Does the feedback offer to start again (a game lost)?
    fn offers_start_again(&self) -> bool {
        false
    }

    /// A revealed answer's moves in words.
    fn answer_said(&self, replay: &Replay, lang: Lang) -> String {
        replay.moves_answer(lang)
    }

    /// Does a revealed answer keep the kind's own message (a verdict), not only the answer?
    fn reveal_keeps_message(&self) -> bool {
        false
    }

    /// Is the step waiting for the computer's move?
    fn waits_for_computer(&self) -> bool {
        false
    }

    /// May the child ask the computer for a hint now?
    fn hint_allowed(&self) -> bool {
        false
    }
}

/// `impl KindView for Exercise`, each method sent to the kind's own (the rows come from
/// `for_each_kind!`; a left-out kind's value derefs to its machine, and never exists).
macro_rules! forward_views {
    ($($name:literal => $variant:ident($m:ident::$machine:ident, $($rest:tt)*) $group:ident;)*) => {
        impl<K: KindSet> KindView for Exercise<K> {
            fn controls(&self, p: &Context, done: bool, out: &mut Vec<Node>) {
                match self { $(Exercise::$variant(k) => <qitong_lessons::kinds::$m::$machine as KindView>::controls(k, p, done, out),)* }
            }
            fn is_reading(&self) -> bool {
                match self { $(Exercise::$variant(k) => <qitong_lessons::kinds::$m::$machine as KindView>::is_reading(k),)* }
            }
            fn mark(&self, steer: &mut Steer, fb: Option<&Feedback>) {
                match self { $(Exercise::$variant(k) => <qitong_lessons::kinds::$m::$machine as KindView>::mark(k, steer, fb),)* }
            }
            fn lights_played(&self) -> bool {
                match self { $(Exercise::$variant(k) => <qitong_lessons::kinds::$m::$machine as KindView>::lights_played(k),)* }
            }
            fn press(&self, sq: Square) -> Press {
                match self { $(Exercise::$variant(k) => <qitong_lessons::kinds::$m::$machine as KindView>::press(k, sq),)* }
            }
            fn touch_move(&self) -> bool {
                match self { $(Exercise::$variant(k) => <qitong_lessons::kinds::$m::$machine as KindView>::touch_move(k),)* }
            }
            fn answer_line(&self, p: &Context, fb: &Feedback) -> Option<String> {
                match self { $(Exercise::$variant(k) => <qitong_lessons::kinds::$m::$machine as KindView>::answer_line(k, p, fb),)* }
            }
            fn offers_start_again(&self) -> bool {
                match self { $(Exercise::$variant(k) => <qitong_lessons::kinds::$m::$machine as KindView>::offers_start_again(k),)* }
            }
            fn answer_said(&self, replay: &Replay, lang: Lang) -> String {
                match self { $(Exercise::$variant(k) => <qitong_lessons::kinds::$m::$machine as KindView>::answer_said(k, replay, lang),)* }
            }
            fn reveal_keeps_message(&self) -> bool {
                match self { $(Exercise::$variant(k) => <qitong_lessons::kinds::$m::$machine as KindView>::reveal_keeps_message(k),)* }
            }
            fn waits_for_computer(&self) -> bool {
                match self { $(Exercise::$variant(k) => <qitong_lessons::kinds::$m::$machine as KindView>::waits_for_computer(k),)* }
            }
            fn hint_allowed(&self) -> bool {
                match self { $(Exercise::$variant(k) => <qitong_lessons::kinds::$m::$machine as KindView>::hint_allowed(k),)* }
            }
        }
    };
}

qitong_lessons::for_each_kind!(forward_views);

// ---- what one kind or two have -------------------------------------------------------------
// Each a `match` naming its kinds rather than a `KindView` method: a method's forwarding has an
// arm per row, ~300 bytes of wasm each where one kind has something to say (measured
// 2026-12-05: eleven such methods made the teacher page 400.9 KB, over its 400 KB budget).

/// The instruction when the step has none of its own and the kind's is not fixed (a puzzle's
/// goal).
pub fn prompt<K: KindSet>(exercise: &Exercise<K>, lang: Lang) -> Option<String> {
    match exercise {
        Exercise::Puzzle(z) => Some(puzzle::prompt(z, lang)),
        _ => None,
    }
}

/// The text of a verse or narration, for reading aloud.
pub fn read_aloud<K: KindSet>(exercise: &Exercise<K>, lang: Lang) -> Option<String> {
    match exercise {
        Exercise::Verse(r) | Exercise::Narration(r) => Some(reading::read_aloud(r, lang)),
        _ => None,
    }
}

/// A line under the feedback: a revealed vote's show of hands.
pub fn tally_line<K: KindSet>(exercise: &Exercise<K>, lang: Lang) -> Option<String> {
    match exercise {
        Exercise::ClassVote(v) => class_vote::tally_line(v, lang),
        _ => None,
    }
}

/// The teacher typed the class's hands for option `index` (a class vote).
pub fn count_hands<K: KindSet>(exercise: &mut Exercise<K>, index: usize, text: &str) {
    if let Exercise::ClassVote(v) = exercise {
        v.set_hands(index, text);
    }
}

/// A board of the kind's own rather than its position's (the set-up board, seen from White).
pub fn own_board<K: KindSet>(exercise: &Exercise<K>) -> Option<Steer> {
    match exercise {
        Exercise::SetupBoard(s) => Some(setup_board::own_board(s)),
        _ => None,
    }
}

/// A piece dragged: the events it sends, or `None` where it is a move (a set-up board moves
/// the piece).
pub fn drag<K: KindSet>(exercise: &Exercise<K>, from: Square, to: Square) -> Option<Vec<Event<'static>>> {
    match exercise {
        Exercise::SetupBoard(s) => Some(setup_board::drag(s, from, to)),
        _ => None,
    }
}

/// The game so far and the computer's level, for its question (a vs-computer step).
pub fn computer_game<K: KindSet>(exercise: &Exercise<K>) -> Option<(&[Position], u8)> {
    match exercise {
        Exercise::VsComputer(v) => Some(vs_computer::computer_game(v)),
        _ => None,
    }
}

/// What a revealed answer types after its moves (a move written down, a points change).
pub fn typed_answer<K: KindSet>(exercise: &Exercise<K>) -> Vec<String> {
    match exercise {
        Exercise::WriteSan(w) => w.answer_text(),
        Exercise::PointsCalculator(c) => c.answer_text(),
        _ => Vec::new(),
    }
}

/// The stars a revealed answer's route takes (a star drill's).
pub fn replay_stars<K: KindSet>(exercise: &Exercise<K>) -> Bitboard {
    match exercise {
        Exercise::StarDrill(d) => d.spec().stars,
        _ => Bitboard::EMPTY,
    }
}

/// The side at the bottom of the board when the step starts at `pos`: the side to move, or the
/// side a class-play child plays.
pub fn bottom_side<K: KindSet>(exercise: &Exercise<K>, pos: &Position) -> Color {
    match exercise {
        Exercise::ClassPlay(c) => c.side().unwrap_or(Color::White),
        _ => pos.turn(),
    }
}

// ---- what several kinds draw ----------------------------------------------------------------

/// The options' numbers and words, "2. Black" (for an answer line or a tally).
fn option_names(choices: &[qitong_lessons::kinds::quiz::Choice], picks: &[usize], lang: Lang) -> String {
    let names: Vec<String> = picks.iter().filter_map(|&i| Some(format!("{}. {}", i + 1, choices.get(i)?.text.get(lang)))).collect();
    names.join(lang.pick("；", "; "))
}

/// "The answer: …".
fn answer_is(names: &str, lang: Lang) -> String {
    word_with(Word::AnswerIs, &[("answer", names)], lang)
}

/// A question's options as buttons: pressed where picked, marked right or wrong by the
/// feedback, disabled once answered.
fn options(p: &Context, choices: &[qitong_lessons::kinds::quiz::Choice], picked: &[bool], act: fn(usize) -> Action, answered: bool) -> Node {
    let fb_marks: &[usize] = p.feedback.map_or(&[], |f| &f.marks);
    let good = p.revealed || p.feedback.is_some_and(|f| f.grade == qitong_lessons::Grade::Complete);
    let mut list = div("lp-options").attr("role", "group");
    for (i, choice) in choices.iter().enumerate() {
        let mut b = button("lp-option", act(i), &format!("{}. {}", i + 1, choice.text.get(p.lang)));
        if matches!(act(i), Action::Toggle(_)) || !picked.is_empty() {
            b = b.attr("aria-pressed", if picked.get(i).copied().unwrap_or(false) { "true" } else { "false" });
        }
        if fb_marks.contains(&i) {
            b = b.class(if good { "lp-right" } else { "lp-wrong" });
        }
        if answered {
            b = b.attr("disabled", "");
        }
        list = list.child(b);
    }
    list
}

/// A typed answer's field and its "check" button.
fn text_input(label: String, lang: Lang, done: bool) -> Node {
    let mut input = el("input")
        .attr("id", "lp-text")
        .attr("type", "text")
        .attr("autocomplete", "off")
        .attr("spellcheck", "false")
        .attr("data-enter", Action::Text.to_string())
        .class("lp-input");
    if done {
        input = input.attr("disabled", "");
    }
    div("lp-answer")
        .child(el("label").attr("for", "lp-text").text(label))
        .child(input)
        .child(button("lp-main lp-go", Action::Text, word(Word::Check, lang)).attr("data-input", "lp-text"))
}

/// "3 of 5 to find" while squares are to be found (find all moves, tap squares).
fn to_find(answer: Bitboard, found: Bitboard, lang: Lang) -> Node {
    let (total, left) = (answer.count(), (answer - found).count());
    el("p").class("lp-count").text(word_with(Word::MovesToFind, &[("n", &left.to_string()), ("total", &total.to_string())], lang))
}

/// A drill's moves against par and what is still to go (stars, squares to paint).
fn drill_counts(moves: u32, par: u32, left: Bitboard, word_left: Word, lang: Lang, out: &mut Vec<Node>) {
    let count = word_with(Word::MovesCount, &[("n", &moves.to_string()), ("par", &par.to_string())], lang);
    out.push(el("p").class("lp-count").text(count));
    out.push(el("p").class("lp-count").text(word_with(word_left, &[("n", &left.count().to_string())], lang)));
}
