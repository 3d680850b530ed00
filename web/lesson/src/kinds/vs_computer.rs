//! A vs-computer step's view: its goal, its opponent and the moves so far, a hint and a
//! take-back on the child's turn, "start again" after a lost game; and its question for the
//! computer while the step waits for its move (`state::computer` asks it).

use crate::action::Action;
use crate::kinds::{Context, KindView};
use crate::words::{move_words, word, word_with, Word};
use qitong_lessons::kinds::vs_computer::{Goal, VsComputer};
use qitong_lessons::{Machine as _, Status};
use qitong_rules::{Move, Position};
use qitong_view::node::{button, div, el, Node};

/// A vs-computer step's hint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    None,
    /// Asked for: the computer looks for a good move for the child.
    Looking,
    /// The move found, for the child's position now.
    Move(Move),
}

impl KindView for VsComputer {
    /// `data-computer` says whether the computer is thinking (for the page's tests and styles).
    fn controls(&self, p: &Context, _done: bool, out: &mut Vec<Node>) {
        let (lang, spec) = (p.lang, self.spec());
        let gain = match spec.goal {
            Goal::WinMaterial { gain } => gain,
            _ => 0,
        };
        let goal = qitong_words::fill(spec.goal.label().get(lang), &[("n", &spec.moves.to_string()), ("gain", &gain.to_string())]);
        let name = qitong_engine::Level::new(spec.level).map_or("", |l| lang.pick(l.name_zh(), l.name_en()));
        let thinking = if self.waits_for_computer() { "thinking" } else { "ready" };
        out.push(el("p").class("lp-question lp-goal").attr("data-computer", thinking).text(goal));
        out.push(el("p").class("lp-count").text(word_with(
            Word::Opponent,
            &[("name", name), ("level", &spec.level.to_string()), ("n", &self.moves().to_string())],
            lang,
        )));
        // A hint and a take-back on the child's turn; a won game keeps its moves.
        let mut row = div("lp-row");
        if self.hint_allowed() {
            row = row.child(button("lp-small", Action::Hint, word(Word::Hint, lang)));
        }
        if self.moves() > 0 && !self.waits_for_computer() && !matches!(self.status(), Status::Complete { .. }) {
            row = row.child(button("lp-small", Action::TakeBack, word(Word::TakeBack, lang)));
        }
        if !row.children.is_empty() {
            out.push(row);
        }
        let hint = match p.hint {
            Hint::None => None,
            Hint::Looking => Some(word(Word::HintLooking, lang).to_owned()),
            // Said in words: the vs-computer steps come before notation is taught.
            Hint::Move(m) => Some(word_with(Word::HintSays, &[("move", &move_words(&m, spec.side, lang))], lang)),
        };
        out.extend(hint.map(|h| el("p").class("lp-hint").attr("role", "status").text(h)));
    }

    fn offers_start_again(&self) -> bool {
        self.status() == Status::Failed
    }

    fn waits_for_computer(&self) -> bool {
        self.waiting()
    }

    fn hint_allowed(&self) -> bool {
        self.status() == Status::Active && !self.waiting()
    }
}

/// The game so far and the computer's level, for its question.
pub(super) fn computer_game(v: &VsComputer) -> (&[Position], u8) {
    (v.game().positions(), v.spec().level)
}
