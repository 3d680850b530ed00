//! A revealed answer that moves pieces (puzzle, paint drill, mate in one, special move, ways out
//! of check), played on the board one move at a time with an arrow for each, and the sentence
//! that names it in words (not notation: it is shown long before stage 20 teaches notation).
//! Pure: the player steps it (`Action::ShowMore`), the page's timer paces it.

use crate::lang::Lang;
use crate::lessons::{Event, Exercise, Feedback, Machine as _};
use crate::rules::{Bitboard, Color, Move, Position};
use crate::ui::board::shapes::Brush;
use crate::ui::board::steer::Steer;
use crate::ui::lesson::words::{word_with, Word};
use crate::ui::words::{role_name, side_name};

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
}

impl Replay {
    /// Plays the answer's `events` on `exercise` (started over), keeping every move and reply;
    /// the exercise ends answered. Also returns the last feedback.
    pub fn play(exercise: &mut Exercise, events: &[Event]) -> (Option<Replay>, Option<Feedback>) {
        exercise.retry();
        let (mut plies, mut last) = (Vec::new(), None);
        for event in events {
            let before = exercise.position();
            let fb = exercise.handle(event);
            if let (Some(before), Some(mv)) = (before, fb.played) {
                plies.push(Ply { before, mv });
                if let Some(reply) = fb.reply {
                    // `play`, not the inlined `play_unchecked`: one copy of the move maker in the wasm.
                    plies.push(Ply { before: before.play(&mv).unwrap_or(before), mv: reply });
                }
            }
            last = Some(fb);
        }
        let end = exercise.position();
        let replay = end.filter(|_| exercise.moves_pieces() && !plies.is_empty()).map(|end| Replay { plies, end, shown: 0 });
        (replay, last)
    }

    /// Is there a move still to play?
    pub fn more(&self) -> bool {
        self.shown < self.plies.len()
    }

    /// The board at this point of the replay, the arrows of the moves played and of the next
    /// one (green: the child's side, red: the other side); a paint drill shows its squares
    /// painted from the start, the route coming move by move.
    pub fn steer(&self, steer: &mut Steer) {
        let pos = self.plies.get(self.shown).map_or(&self.end, |p| &p.before);
        steer.board = *pos.board();
        steer.turn = pos.turn();
        steer.draggable = Bitboard::EMPTY;
        steer.selected = None;
        steer.dests = Bitboard::EMPTY;
        let mine = self.side();
        for ply in self.plies.iter().take(self.shown + 1) {
            let brush = if ply.before.board().color_at(ply.mv.from) == mine { Brush::Green } else { Brush::Red };
            steer.arrow(ply.mv.from, ply.mv.to, brush);
        }
    }

    fn side(&self) -> Option<Color> {
        let first = self.plies.first()?;
        first.before.board().color_at(first.mv.from)
    }

    /// The answer in words: a paint drill's route and the squares it never reaches, else each
    /// move ("White's rook goes from e2 to e5 and takes the queen").
    pub fn sentence(&self, exercise: &Exercise, lang: Lang) -> String {
        let square = |sq: crate::rules::Square| sq.to_string();
        if let Exercise::Paint(d) = exercise {
            let first = &self.plies[0];
            let piece = first.before.board().role_at(first.mv.from).map_or("", |r| role_name(r, lang));
            let mut route = square(first.mv.from);
            for ply in &self.plies {
                route.push_str(" → ");
                route.push_str(&square(ply.mv.to));
            }
            let mut said = word_with(Word::Route, &[("piece", piece), ("route", &route)], lang);
            let never = d.spec().area & !d.spec().goal;
            if never.any() {
                let names = crate::lessons::kinds::tap_squares::square_names(never, lang.pick("、", ", "));
                said.push_str(&word_with(Word::Unreachable, &[("squares", &names)], lang));
            }
            return said;
        }
        // The ways out of check are each other's alternatives, not a line of play.
        let between = match exercise {
            Exercise::EscapeCheck(_) => lang.pick("；或者", "; or "),
            _ => lang.pick("；", "; then "),
        };
        let mut said = String::new();
        for ply in &self.plies {
            if !said.is_empty() {
                said.push_str(between);
            }
            move_words(&mut said, &ply.before, &ply.mv, lang);
        }
        word_with(Word::AnswerIs, &[("answer", &said)], lang)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::lesson::state::{Mode, Player};

    fn revealed(file: &str, step: usize) -> Player {
        let text = std::fs::read_to_string(format!("{}/lessons/{file}", env!("CARGO_MANIFEST_DIR"))).expect("file");
        let mut p = Player::new(Mode::Lesson, Lang::En);
        p.set_course(Ok(Player::single_lesson(&format!("lessons/{file}"), Some(&text))), "");
        for _ in 1..step {
            p.act("next".parse().expect("next"), None);
        }
        p.set_present(true);
        p.act("show".parse().expect("show"), None);
        p
    }

    #[test]
    fn a_puzzle_reveal_plays_the_move_and_the_reply_with_their_arrows_and_says_them() {
        let mut p = revealed("value/trades.toml", 2);
        let replay = p.present.replay.clone().expect("a replay");
        assert_eq!(replay.plies.len(), 2, "the rook takes, the pawn takes back");
        let steer = crate::ui::lesson::steer::board_steer(&p).expect("a board");
        assert_eq!(steer.board.role_at(crate::rules::Square::E2), Some(crate::rules::Role::Rook), "the start first");
        assert_eq!(steer.shapes.len(), 1);
        assert_eq!(steer.shapes[0].brush, Brush::Green);
        let en = replay.sentence(p.exercise.as_ref().expect("a step"), Lang::En);
        assert_eq!(en, "The answer: White's rook goes from e2 to e5 and takes the queen; then Black's pawn goes from d6 to e5 and takes the rook");
        assert!(replay.sentence(p.exercise.as_ref().expect("a step"), Lang::Zh).starts_with("答案：白方的车从 e2 走到 e5，吃掉后；黑方的兵"));
        p.act("show-more".parse().expect("show-more"), None);
        p.act("show-more".parse().expect("show-more"), None);
        let steer = crate::ui::lesson::steer::board_steer(&p).expect("a board");
        assert_eq!(steer.board.role_at(crate::rules::Square::E5), Some(crate::rules::Role::Pawn), "the end");
        assert_eq!(steer.shapes.iter().map(|s| s.brush).collect::<Vec<_>>(), [Brush::Green, Brush::Red]);
        assert!(!p.present.replay.as_ref().expect("a replay").more());
    }

    #[test]
    fn every_kind_with_an_answer_to_move_reveals_it_in_words() {
        let said = |file: &str, step: usize| {
            let p = revealed(file, step);
            let replay = p.present.replay.as_ref().unwrap_or_else(|| panic!("{file} {step}: a replay"));
            replay.sentence(p.exercise.as_ref().expect("a step"), Lang::En)
        };
        assert_eq!(said("examples/mate-in-one.toml", 1), "The answer: White's rook goes from a1 to a8");
        assert_eq!(said("examples/special-move.toml", 1), "The answer: White's king goes from e1 to g1");
        assert_eq!(said("examples/special-move.toml", 3), "The answer: White's pawn goes from e7 to e8 and becomes a queen");
        let ways = said("examples/escape-check.toml", 1);
        assert_eq!(ways.matches("; or ").count(), 2, "three ways: {ways}");
        assert!(ways.contains("White's bishop goes from b5 to e8 and takes the rook"), "{ways}");
        let stalemate = revealed("examples/is-stalemate.toml", 1);
        assert!(stalemate.present.replay.is_none(), "nothing moves");
        let text = crate::ui::lesson::render::render(&stalemate).all_text();
        assert!(text.contains("The answer: Stalemate"), "{text}");
    }

    #[test]
    fn a_paint_reveal_names_the_route_and_the_square_never_reached() {
        let p = revealed("knight/paint.toml", 2);
        let replay = p.present.replay.as_ref().expect("a replay");
        let en = replay.sentence(p.exercise.as_ref().expect("a step"), Lang::En);
        assert!(en.starts_with("The answer: the knight's route a1 → b3 → "), "{en}");
        assert!(en.ends_with("It can never reach b2."), "{en}");
        assert!(replay.sentence(p.exercise.as_ref().expect("a step"), Lang::Zh).contains("b2 去不了"));
    }
}
