//! Each step kind's view, a file per kind's rules module (`crates/lessons/src/kinds/<module>.rs`
//! has its rules, `<module>.rs` here what the player shows and lets the child do): its controls,
//! what it marks and allows on the board, how it takes a square pressed or a piece dragged, its
//! answers and their reveal, and its computer question. Every kind implements [`KindView`], whose
//! defaults are what most kinds do (nothing); `Exercise` implements it too, forwarding each method
//! to its kind by the one table (`for_each_kind!`), so that no other file of the player names a
//! kind. A kind the build leaves out (`basics`) is a type with no values, so its arm of the
//! forwarding is dead and its view is not compiled in.

use crate::lang::Lang;
use crate::lessons::{Event, Exercise, Feedback};
use crate::rules::{Bitboard, Color, Piece, Position, Square};
use crate::ui::board::steer::Steer;
use crate::ui::lesson::action::Action;
use crate::ui::lesson::reveal::Replay;
use crate::ui::lesson::state::Player;
use crate::ui::lesson::words::{word, word_with, Word};
use crate::ui::node::{button, div, el, Node};

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

/// What a square pressed on the step's board does.
#[derive(Debug, Clone, PartialEq)]
pub enum Press {
    /// What it does on a board whose pieces the child moves (click-click, see
    /// `state::input`), and nothing elsewhere.
    Pick,
    /// This event for the step.
    Send(Event<'static>),
    /// Nothing.
    Nothing,
}

/// What the lesson player needs of a step kind beyond its rules. The defaults are a kind with no
/// controls, nothing of its own on the board and no answer to show.
pub trait KindView {
    /// Its controls under the prompt: counts, options, buttons, a tray (`done`: the step is
    /// complete, so they are disabled or gone).
    fn controls(&self, p: &Player, done: bool) -> Vec<Node> {
        let _ = (p, done);
        Vec::new()
    }

    /// The instruction when the step has none of its own and the kind's is not fixed (a
    /// puzzle's goal).
    fn prompt(&self, lang: Lang) -> Option<String> {
        let _ = lang;
        None
    }

    /// Is the step read rather than done (no "try again"; "next" finishes it)?
    fn is_reading(&self) -> bool {
        false
    }

    /// Its text, for reading aloud.
    fn read_aloud(&self, lang: Lang) -> Option<String> {
        let _ = lang;
        None
    }

    /// A board of its own rather than its position's (the set-up board, seen from White).
    fn own_board(&self) -> Option<Steer> {
        None
    }

    /// The side at the bottom of the board when the step starts at `pos`.
    fn bottom_side(&self, pos: &Position) -> Color {
        pos.turn()
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

    /// A square pressed, with the set-up tray's piece in hand if any.
    fn press(&self, sq: Square, tray: Option<Piece>) -> Press {
        let _ = (sq, tray);
        Press::Pick
    }

    /// A piece dragged: the events it sends, or `None` where it is a move.
    fn drag(&self, from: Square, to: Square) -> Option<Vec<Event<'static>>> {
        let _ = (from, to);
        None
    }

    /// Is a piece pressed first touched (touch-move: a class-play board)?
    fn touch_move(&self) -> bool {
        false
    }

    /// How many of `piece` its set-up tray still holds.
    fn tray_holds(&self, piece: Piece) -> usize {
        let _ = piece;
        0
    }

    /// The teacher typed the class's hands for option `index`.
    fn count_hands(&mut self, index: usize, text: &str) {
        let _ = (index, text);
    }

    /// The answer, said first in the feedback when it is told (`p.present.revealed`: the
    /// teacher revealed it).
    fn answer_line(&self, p: &Player, fb: &Feedback) -> Option<String> {
        let _ = (p, fb);
        None
    }

    /// A line under the feedback (a vote's show of hands).
    fn tally_line(&self, lang: Lang) -> Option<String> {
        let _ = lang;
        None
    }

    /// Does the feedback offer to start again (a game lost)?
    fn offers_start_again(&self) -> bool {
        false
    }

    /// What the revealed answer types after its moves (a move written down, a points change).
    fn typed_answer(&self) -> Vec<String> {
        Vec::new()
    }

    /// The stars a revealed answer's route takes.
    fn replay_stars(&self) -> Bitboard {
        Bitboard::EMPTY
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

    /// The game so far and the computer's level, for its question.
    fn computer_game(&self) -> Option<(&[Position], u8)> {
        None
    }
}

/// `impl KindView for Exercise`, each method sent to the kind's own (the rows come from
/// `for_each_kind!`; a left-out kind's value derefs to its machine, and never exists).
macro_rules! forward_views {
    ($($name:literal => $variant:ident($m:ident::$machine:ident, $($rest:tt)*) $group:ident;)*) => {
        impl KindView for Exercise {
            fn controls(&self, p: &Player, done: bool) -> Vec<Node> {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::controls(k, p, done),)* }
            }
            fn prompt(&self, lang: Lang) -> Option<String> {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::prompt(k, lang),)* }
            }
            fn read_aloud(&self, lang: Lang) -> Option<String> {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::read_aloud(k, lang),)* }
            }
            fn is_reading(&self) -> bool {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::is_reading(k),)* }
            }
            fn own_board(&self) -> Option<Steer> {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::own_board(k),)* }
            }
            fn bottom_side(&self, pos: &Position) -> Color {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::bottom_side(k, pos),)* }
            }
            fn mark(&self, steer: &mut Steer, fb: Option<&Feedback>) {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::mark(k, steer, fb),)* }
            }
            fn lights_played(&self) -> bool {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::lights_played(k),)* }
            }
            fn press(&self, sq: Square, tray: Option<Piece>) -> Press {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::press(k, sq, tray),)* }
            }
            fn drag(&self, from: Square, to: Square) -> Option<Vec<Event<'static>>> {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::drag(k, from, to),)* }
            }
            fn touch_move(&self) -> bool {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::touch_move(k),)* }
            }
            fn tray_holds(&self, piece: Piece) -> usize {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::tray_holds(k, piece),)* }
            }
            fn count_hands(&mut self, index: usize, text: &str) {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::count_hands(k, index, text),)* }
            }
            fn answer_line(&self, p: &Player, fb: &Feedback) -> Option<String> {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::answer_line(k, p, fb),)* }
            }
            fn tally_line(&self, lang: Lang) -> Option<String> {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::tally_line(k, lang),)* }
            }
            fn offers_start_again(&self) -> bool {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::offers_start_again(k),)* }
            }
            fn typed_answer(&self) -> Vec<String> {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::typed_answer(k),)* }
            }
            fn replay_stars(&self) -> Bitboard {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::replay_stars(k),)* }
            }
            fn answer_said(&self, replay: &Replay, lang: Lang) -> String {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::answer_said(k, replay, lang),)* }
            }
            fn reveal_keeps_message(&self) -> bool {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::reveal_keeps_message(k),)* }
            }
            fn waits_for_computer(&self) -> bool {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::waits_for_computer(k),)* }
            }
            fn hint_allowed(&self) -> bool {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::hint_allowed(k),)* }
            }
            fn computer_game(&self) -> Option<(&[Position], u8)> {
                match self { $(Exercise::$variant(k) => <crate::lessons::kinds::$m::$machine as KindView>::computer_game(k),)* }
            }
        }
    };
}

crate::lessons::for_each_kind!(forward_views);

// ---- what several kinds draw ----------------------------------------------------------------

/// The options' numbers and words, "2. Black" (for an answer line or a tally).
fn option_names(choices: &[crate::lessons::kinds::quiz::Choice], picks: &[usize], lang: Lang) -> String {
    let names: Vec<String> = picks.iter().filter_map(|&i| Some(format!("{}. {}", i + 1, choices.get(i)?.text.get(lang)))).collect();
    names.join(lang.pick("；", "; "))
}

/// "The answer: …".
fn answer_is(names: &str, lang: Lang) -> String {
    word_with(Word::AnswerIs, &[("answer", names)], lang)
}

/// A question's options as buttons: pressed where picked, marked right or wrong by the
/// feedback, disabled once answered.
fn options(p: &Player, choices: &[crate::lessons::kinds::quiz::Choice], picked: &[bool], act: fn(usize) -> Action, answered: bool) -> Node {
    let fb_marks: &[usize] = p.feedback.as_ref().map_or(&[], |f| &f.marks);
    let good = p.present.revealed || p.feedback.as_ref().is_some_and(|f| f.grade == crate::lessons::Grade::Complete);
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
fn drill_counts(moves: u32, par: u32, left: Bitboard, word_left: Word, lang: Lang) -> Vec<Node> {
    let count = word_with(Word::MovesCount, &[("n", &moves.to_string()), ("par", &par.to_string())], lang);
    vec![el("p").class("lp-count").text(count), el("p").class("lp-count").text(word_with(word_left, &[("n", &left.count().to_string())], lang))]
}
