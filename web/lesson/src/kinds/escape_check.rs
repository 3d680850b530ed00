//! A ways-out-of-check step's view: its revealed answers are alternatives, said with "or".

use crate::kinds::{answer_is, KindView};
use crate::replay::Replay;
use qitong_lessons::kinds::escape_check::EscapeCheck;
use qitong_lessons::lang::Lang;

impl KindView for EscapeCheck {
    fn answer_said(&self, replay: &Replay, lang: Lang) -> String {
        answer_is(&replay.moves_in_words(lang.pick("；或者", "; or "), lang), lang)
    }
}
