//! The lesson player's side of a vs-computer step: when the step waits for the computer, the
//! question for the page's engine (`Out::AskComputer`); when the step is left or started again,
//! its cancellation (`Out::CancelComputer`). The answer comes back as `Action::Reply`.

use super::{Out, Player};
use crate::lessons::{Exercise, Machine as _};
use crate::rules::Position;

/// What the computer is asked in a vs-computer step: the position, the game's earlier
/// positions (for repetitions), the level and a seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputerQuestion {
    pub fen: String,
    pub history: Vec<String>,
    pub level: u8,
    pub seed: u32,
}

impl Player {
    /// Is a vs-computer step waiting for the computer's move?
    pub fn computer_thinking(&self) -> bool {
        matches!(&self.exercise, Some(Exercise::VsComputer(v)) if v.waiting())
    }

    /// The question for the computer when the step waits for its move.
    pub(super) fn ask_computer(&mut self) {
        let Some(Exercise::VsComputer(v)) = &self.exercise else { return };
        if !v.waiting() {
            return;
        }
        let positions = v.game().positions();
        let (earlier, now) = positions.split_at(positions.len().saturating_sub(1));
        let Some(now) = now.first() else { return };
        let history = earlier.iter().map(Position::fen).collect();
        let seed = self.tries.wrapping_mul(7919).wrapping_add(self.place.step as u32);
        self.out.push(Out::AskComputer(ComputerQuestion { fen: now.fen(), history, level: v.spec().level, seed }));
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
    use crate::lang::Lang;
    use crate::lessons::Grade;
    use crate::ui::lesson::render::render;
    use crate::ui::lesson::steer::board_steer;

    fn player() -> Player {
        let file = "lessons/examples/vs-computer.toml";
        let text = std::fs::read_to_string(format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))).expect("example");
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
        let q = question(&p).expect("asked").clone();
        assert_eq!((q.fen.as_str(), q.level, q.history.len()), ("4k3/8/4K3/7Q/8/8/8/8 b - - 1 1", 1, 1));
        assert!(board_steer(&p).expect("board").draggable.is_empty(), "nothing to pick up while it thinks");
        assert!(render(&p).walk().iter().any(|n| n.get("data-computer") == Some("thinking")));
        act(&mut p, "drag:e6:d6");
        assert_eq!(p.position().map(|pos| pos.board().king_of(crate::rules::Color::White)), Some(Some("e6".parse().expect("e6"))), "no move while waiting");
        act(&mut p, "reply:e8d8");
        assert!(!p.computer_thinking());
        let fb = p.feedback.as_ref().expect("feedback");
        assert_eq!((fb.code, fb.reply.map(|m| m.to_uci())), ("vs-your-move", Some("e8d8".to_string())));
        assert!(render(&p).all_text().contains("· 1 moves"));
    }

    #[test]
    fn retry_and_leaving_cancel_the_question_and_a_failed_computer_is_said() {
        let mut p = player();
        act(&mut p, "drag:h1:h5");
        p.out.clear();
        act(&mut p, "no-answer");
        assert_eq!(p.feedback.as_ref().map(|f| (f.grade, f.code)), Some((Grade::Wrong, "vs-no-answer")));
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
