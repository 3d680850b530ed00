//! The lesson player's side of a vs-computer step: when the step waits for the computer, the
//! question for the page's engine (`Out::AskComputer`); when the step is left or started again,
//! its cancellation (`Out::CancelComputer`). The answer comes back as `Action::Reply`. A hint is
//! the same question for the child's side at full strength, answered as `Action::HintMove`.

use super::{Out, Player};
use crate::kinds::{self, Hint, KindView};
use qitong_computer_client::MoveRequest;
use qitong_lessons::KindSet;
use qitong_rules::Uci;

/// A hint thinks briefly (play.html's 400 ms); a failed hint simply shows none.
const HINT_MOVETIME_MS: f64 = 400.0;

/// What the computer is asked in a vs-computer step: the computer client's one question (made
/// by `MoveRequest::after` the step's game), and whether it is for the child's hint.
#[derive(Debug, Clone, PartialEq)]
pub struct ComputerQuestion {
    pub request: MoveRequest,
    /// A hint for the child (answered as `Action::HintMove`), not the computer's own move.
    pub hint: bool,
}

impl<K: KindSet> Player<K> {
    /// Is a vs-computer step waiting for the computer's move?
    pub fn computer_thinking(&self) -> bool {
        self.exercise.as_ref().is_some_and(KindView::waits_for_computer)
    }

    /// Can the child ask for a hint (a vs-computer step, the child's turn)?
    pub fn can_hint(&self) -> bool {
        self.exercise.as_ref().is_some_and(KindView::hint_allowed)
    }

    /// The hint asked for: the computer at full strength plays the child's side.
    pub(super) fn ask_hint(&mut self) {
        if self.can_hint() && self.hint == Hint::None {
            self.hint = Hint::Looking;
            self.ask(true);
        }
    }

    /// The hint's move arrived: kept if it is still asked for and legal where the child is.
    pub(super) fn hint_found(&mut self, uci: Uci) {
        let found = self.position().and_then(|pos| pos.explain(uci.from, uci.to, uci.promotion).ok());
        if let (Hint::Looking, Some(m), true) = (self.hint, found, self.can_hint()) {
            self.hint = Hint::Move(m);
        }
    }

    /// The hint is gone (a move, a new try, another step): a question still open is void.
    pub(super) fn drop_hint(&mut self) {
        if self.hint == Hint::Looking {
            self.out.push(Out::CancelComputer);
        }
        self.hint = Hint::None;
    }

    /// The question for the computer when the step waits for its move.
    pub(super) fn ask_computer(&mut self) {
        if self.computer_thinking() {
            self.ask(false);
        }
    }

    fn ask(&mut self, hint: bool) {
        let Some((positions, level)) = self.exercise.as_ref().and_then(kinds::computer_game) else { return };
        let seed = self.tries.wrapping_mul(7919).wrapping_add(self.place.step as u32);
        let (level, movetime_ms) = if hint { (8, Some(HINT_MOVETIME_MS)) } else { (level, None) };
        let Some(request) = MoveRequest::after(positions, level, seed, movetime_ms) else { return };
        self.out.push(Out::AskComputer(ComputerQuestion { request, hint }));
    }

    /// Voids the computer's question when a vs-computer step is left or started again.
    pub(super) fn cancel_computer(&mut self) {
        if self.computer_thinking() {
            self.out.push(Out::CancelComputer);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Mode, Out, Player};
    use super::ComputerQuestion;
    use crate::render::render;
    use crate::steer::board_steer;
    use qitong_lessons::lang::Lang;
    use qitong_lessons::Grade;

    fn player() -> Player {
        let file = "lessons/examples/vs-computer.toml";
        let text = std::fs::read_to_string(format!("{}/{file}", concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))).expect("example");
        let mut p = Player::new(Mode::Lesson, Lang::En);
        p.set_course(Ok(Player::single_lesson(file, Some(&text))), "");
        p
    }

    fn act(p: &mut Player, text: &str) {
        p.act(text.parse().unwrap_or_else(|e| panic!("{e}")), None);
    }

    fn question(p: &Player) -> Option<&ComputerQuestion> {
        p.out.iter().rev().find_map(|o| if let Out::AskComputer(q) = o { Some(q) } else { None })
    }

    #[test]
    fn a_move_asks_the_computer_and_its_reply_is_played() {
        let mut p = player();
        assert!(render(&p).all_text().contains("Goal: checkmate the king. 3 stars within 3 moves."));
        act(&mut p, "drag:h1:h5");
        assert!(p.computer_thinking());
        let q = question(&p).expect("asked").request.clone();
        assert_eq!((q.fen.as_str(), q.level, q.history.len(), q.movetime_ms), ("4k3/8/4K3/7Q/8/8/8/8 b - - 1 1", 1, 1, None));
        assert!(board_steer(&p).expect("board").draggable.is_empty(), "nothing to pick up while it thinks");
        assert!(render(&p).walk().iter().any(|n| n.get("data-computer") == Some("thinking")));
        act(&mut p, "drag:e6:d6");
        assert_eq!(
            p.position().map(|pos| pos.board().king_of(qitong_rules::Color::White)),
            Some(Some("e6".parse().expect("e6"))),
            "no move while waiting"
        );
        act(&mut p, "reply:e8d8");
        assert!(!p.computer_thinking());
        let fb = p.feedback.as_ref().expect("feedback");
        assert_eq!((fb.code.as_str(), fb.reply.map(|m| m.to_uci())), ("vs-your-move", Some("e8d8".to_string())));
        assert!(render(&p).all_text().contains("· 1 moves"));
    }

    #[test]
    fn a_hint_asks_at_full_strength_is_shown_in_words_and_goes_with_the_next_move() {
        let mut p = player();
        p.out.clear();
        act(&mut p, "hint");
        let q = question(&p).expect("asked").clone();
        assert_eq!(
            (q.request.level, q.hint, q.request.fen.as_str(), q.request.movetime_ms),
            (8, true, "4k3/8/4K3/8/8/8/8/7Q w - - 0 1", Some(400.0))
        );
        act(&mut p, "hint-move:h1h5");
        assert!(render(&p).all_text().contains("Hint: the white queen goes to h5"), "{}", render(&p).all_text());
        assert!(board_steer(&p).expect("board").shapes.len() == 1, "its arrow");
        act(&mut p, "drag:h1:h5");
        assert_eq!(p.hint, super::Hint::None);
        act(&mut p, "hint-move:h5h7");
        assert_eq!(p.hint, super::Hint::None, "an answer nobody waits for is dropped");
        act(&mut p, "reply:e8d8");
        act(&mut p, "take-back");
        assert_eq!(p.position().map(|pos| pos.fen()), Some("4k3/8/4K3/8/8/8/8/7Q w - - 0 1".to_string()), "the move and the answer taken back");
        assert!(render(&p).all_text().contains("Move taken back"));
    }

    #[test]
    fn retry_and_leaving_cancel_the_question_and_a_failed_computer_is_said() {
        let mut p = player();
        act(&mut p, "drag:h1:h5");
        p.out.clear();
        act(&mut p, "no-answer");
        assert_eq!(p.feedback.as_ref().map(|f| (f.grade, f.code)), Some((Grade::Wrong, qitong_lessons::Code::VsNoAnswer.into())));
        act(&mut p, "reply:a1a2");
        assert!(p.computer_thinking(), "an illegal reply leaves the step waiting");
        act(&mut p, "retry");
        assert_eq!(p.out.first(), Some(&Out::CancelComputer));
        assert!(!p.computer_thinking() && question(&p).is_none(), "the child moves first again");
        act(&mut p, "drag:h1:h5");
        p.out.clear();
        act(&mut p, "next");
        assert_eq!(p.out.first(), Some(&Out::CancelComputer));
        assert_eq!(p.place.step, 1);
    }
}
