//! A revealed answer's moves (`Replay`: the child's and the other side's replies), played on the
//! board one at a time with an arrow for each, and said in words (not notation: it is shown long
//! before stage 20 teaches notation). Below the kinds' views, which say their answers with it;
//! `reveal` plays a kind's answer into one.

use crate::words::{word_with, Word};
use qitong_board::shapes::Brush;
use qitong_board::steer::Steer;
use qitong_lessons::lang::Lang;
use qitong_rules::{Bitboard, Color, Move, Position};
use qitong_words::{role_name, side_name};

/// One move of the answer and the position it is played from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    pub before: Position,
    pub mv: Move,
}

/// The answer's moves (the child's and the other side's replies), and how many are on show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    pub plies: Vec<Ply>,
    pub end: Position,
    /// Moves played on the board so far: 0 shows the start with the first move's arrow.
    pub shown: usize,
    /// A star drill's stars, taken as the route reaches them.
    pub stars: Bitboard,
}

impl Replay {
    /// Is there a move still to play?
    pub fn more(&self) -> bool {
        self.shown < self.plies.len()
    }

    /// The board at this point of the replay, the arrows of the moves played and of the next
    /// one (green: the child's side, red: the other side); a paint drill shows its squares
    /// painted from the start, the route coming move by move; a star drill's stars go as they
    /// are reached.
    pub fn steer(&self, steer: &mut Steer) {
        let pos = self.plies.get(self.shown).map_or(&self.end, |p| &p.before);
        steer.board = *pos.board();
        steer.turn = pos.turn();
        steer.draggable = Bitboard::EMPTY;
        steer.moves = false;
        steer.dests.clear();
        if self.stars.any() {
            steer.marks.stars.0 = self.stars_left();
        }
        let mine = self.side();
        for ply in self.plies.iter().take(self.shown + 1) {
            let brush = if ply.before.board().color_at(ply.mv.from) == mine { Brush::Green } else { Brush::Red };
            steer.arrow(ply.mv.from, ply.mv.to, brush);
        }
    }

    /// A star drill's stars still on the board at this point of the replay: only the child's
    /// moves take one, as in the drill itself (a scripted reply may land on a star and leave it).
    pub fn stars_left(&self) -> Bitboard {
        let mine = self.side();
        let taking = self.plies.iter().take(self.shown).filter(|ply| ply.before.board().color_at(ply.mv.from) == mine);
        taking.fold(self.stars, |left, ply| left.without(ply.mv.to))
    }

    /// The child's moves played so far (the other side's replies not counted).
    pub fn moves_shown(&self) -> usize {
        let mine = self.side();
        self.plies.iter().take(self.shown).filter(|ply| ply.before.board().color_at(ply.mv.from) == mine).count()
    }

    fn side(&self) -> Option<Color> {
        let first = self.plies.first()?;
        first.before.board().color_at(first.mv.from)
    }

    /// "The answer: " and each move in words, one after the other.
    pub fn moves_answer(&self, lang: Lang) -> String {
        word_with(Word::AnswerIs, &[("answer", &self.moves_in_words(lang.pick("；", "; then "), lang))], lang)
    }

    /// Each move in words, `between` them.
    pub fn moves_in_words(&self, between: &str, lang: Lang) -> String {
        let mut said = String::new();
        for (i, ply) in self.plies.iter().enumerate() {
            if i > 0 {
                said.push_str(between);
            }
            move_words(&mut said, &ply.before, &ply.mv, lang);
        }
        said
    }

    /// A drill's answer as one piece's route ("the knight's route a1 → b3 → …"), when each of
    /// its moves (the other side's replies aside) starts where the last one ended.
    pub fn route(&self, lang: Lang) -> Option<String> {
        let (mine, first) = (self.side(), self.plies.first()?);
        let mut route = first.mv.from.to_string();
        let mut at = first.mv.from;
        for ply in self.plies.iter().filter(|p| p.before.board().color_at(p.mv.from) == mine) {
            if ply.mv.from != at {
                return None;
            }
            at = ply.mv.to;
            route.push_str(" → ");
            route.push_str(&at.to_string());
        }
        let piece = first.before.board().role_at(first.mv.from).map_or("", |r| role_name(r, lang));
        Some(word_with(Word::Route, &[("piece", piece), ("route", &route)], lang))
    }
}

/// One move in words, added to `said`: whose piece goes where, what it takes, what it becomes.
fn move_words(said: &mut String, before: &Position, mv: &Move, lang: Lang) {
    let side = before.board().color_at(mv.from).map_or("", |c| side_name(c, lang));
    let (from, to) = (mv.from.to_string(), mv.to.to_string());
    said.push_str(&word_with(Word::MoveSaid, &[("side", side), ("piece", role_name(mv.role, lang)), ("from", &from), ("to", &to)], lang));
    for (word, role) in [(Word::Takes, mv.capture), (Word::Becomes, mv.promotion)] {
        if let Some(role) = role {
            said.push_str(&word_with(word, &[("piece", role_name(role, lang))], lang));
        }
    }
}
