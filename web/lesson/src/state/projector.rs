//! Projector mode's part of the lesson player (`lesson::present` has the `Presenter` it owns,
//! the keys and the teacher's buttons): switching it, the answer's reveal, the keys.

use super::{Out, Player, Screen};
use crate::action::Action;
use crate::kinds::KindView;
use crate::present::{key_action, KeyPlace};
use crate::reveal::Replay;
use qitong_lessons::{KindSet, Said};

/// Projector mode's part of the player: switching it, the answer's reveal, the keys.
impl<K: KindSet> Player<K> {
    /// Projector mode on or off (the button, the `present` attribute, `?present`).
    pub fn set_present(&mut self, on: bool) {
        if self.present.on != on {
            self.present.on = on;
            self.present.pen = false;
            self.out.push(Out::Present);
        }
    }

    /// Can the step's answer be hidden and revealed (projector mode, a question step)?
    pub fn can_show(&self) -> bool {
        self.present.on && self.exercise.as_ref().is_some_and(|e| e.answer_events().is_some())
    }

    /// Reveals the step's answer (the exercise answered rightly, without recording stars: the
    /// class answered, not this computer's child), or hides it again (the step starts over).
    pub(crate) fn show(&mut self) {
        if !self.can_show() {
            return;
        }
        let Some(exercise) = self.exercise.as_mut() else { return };
        exercise.retry();
        self.feedback = None;
        self.out.push(Out::PutDown);
        self.present.revealed = !self.present.revealed;
        self.present.replay = None;
        if self.present.revealed {
            let events = exercise.answer_events().unwrap_or_default();
            let (replay, last) = Replay::play(exercise, &events);
            if replay.as_ref().is_some_and(Replay::more) {
                self.out.push(Out::ShowMore);
            }
            self.present.replay = replay;
            // The answer and its reason, without the stars or the praise of a child's answer
            // (the class may have said otherwise): the renderer names the answer itself.
            self.feedback = last.map(|fb| {
                let code = if exercise.reveal_keeps_message() { fb.code } else { Said::Nothing };
                qitong_lessons::Feedback { stars: None, code, ..fb }
            });
        }
    }

    /// The revealed answer's next move, and another after a pause while any is left.
    pub(crate) fn show_more(&mut self) {
        let Some(replay) = self.present.replay.as_mut().filter(|r| r.more()) else { return };
        replay.shown += 1;
        if replay.more() {
            self.out.push(Out::ShowMore);
        }
    }

    /// What a key does in projector mode, where the focus is `place` (`dragging`: a piece is
    /// being dragged). None: the key is the page's.
    pub fn present_key(&self, key: &str, place: KeyPlace, modifiers: bool, dragging: bool) -> Option<Action> {
        if !self.present.on || !matches!(self.screen, Screen::Step | Screen::Done) {
            return None;
        }
        key_action(key, place, dragging, modifiers).filter(|&a| a != Action::Show || self.can_show())
    }
}
