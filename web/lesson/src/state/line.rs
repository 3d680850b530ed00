//! A wrong move seen through: the exercise keeps its own position (the child tries again from
//! there), while the board shows the wrong move and the other side's answer to it until the child
//! taps the board or presses "take them back". Nothing is timed, so the take-back is the child's
//! (and a browser test's) own step.

use super::Player;
use qitong_lessons::{Feedback, Grade, KindSet};
use qitong_rules::Position;

impl<K: KindSet> Player<K> {
    /// After a move judged wrong that the exercise did not keep: the line to show, from
    /// `before` (the position the move was played in).
    pub(super) fn show_line(&mut self, before: Option<Position>, feedback: &Feedback) {
        self.line = None;
        let (Some(pos), Some(m), Grade::Wrong) = (before, feedback.played, feedback.grade) else { return };
        if self.position() != Some(pos) {
            return;
        }
        let Ok(after) = pos.play(&m) else { return };
        self.line = Some(feedback.reply.and_then(|r| after.play(&r).ok()).unwrap_or(after));
    }

    /// Takes the shown line back: the board is the exercise's again, the words stay and the
    /// arrows and marks of the moves go (they would point at pieces that stand elsewhere now).
    /// False when no line was shown.
    pub(super) fn take_back_line(&mut self) -> bool {
        if self.line.take().is_none() {
            return false;
        }
        if let Some(fb) = self.feedback.as_mut() {
            (fb.played, fb.reply) = (None, None);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::state::{Mode, Player};
    use crate::steer::board_steer;
    use qitong_lessons::lang::Lang;
    use qitong_rules::{Role, Square};

    #[test]
    fn a_wrong_move_and_its_answer_stay_on_the_board_until_a_tap_takes_them_back() {
        let lesson =
            "title = { zh = \"逃\", en = \"Run\" }\n\n[[step]]\nkind = \"puzzle\"\nfen = \"4k3/8/8/3p4/2p5/1B6/8/4K3 w - - 0 1\"\ngoal = \"safe\"\n";
        let mut p = Player::new(Mode::Lesson, Lang::Zh);
        p.set_course(Ok(Player::single_lesson("t/run.toml", Some(lesson))), "");
        let start = p.position();
        p.act("drag:b3:c4".parse().expect("action"), None);
        let steer = board_steer(&p).expect("a board");
        assert_eq!(
            (steer.board.role_at(Square::C4), steer.board.role_at(Square::D5), steer.board.role_at(Square::B3)),
            (Some(Role::Pawn), None, None),
            "dxc4 on the board"
        );
        assert!(steer.draggable.is_empty(), "nothing to move while the line is shown");
        let said = crate::words::feedback_message(p.feedback.as_ref().expect("feedback"), p.position().as_ref(), Lang::Zh);
        assert_eq!(said, "看：黑兵吃掉c4上的象，你的象就被吃掉了。");
        assert_eq!(p.position(), start, "the exercise stays where it was");
        p.act("sq:h8".parse().expect("action"), None);
        let steer = board_steer(&p).expect("a board");
        assert_eq!(steer.board.role_at(Square::B3), Some(Role::Bishop), "taken back");
        assert!(steer.shapes.is_empty() && !p.out.contains(&crate::state::Out::PickUp(Square::H8)), "no arrow left, nothing picked up by the tap");
        assert!(steer.draggable.contains(Square::B3) && steer.moves, "the board plays again");
    }
}
