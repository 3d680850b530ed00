//! A ways-out-of-check step's view: its revealed answers are alternatives, said with "or".

use crate::lang::Lang;
use crate::lessons::kinds::escape_check::EscapeCheck;
use crate::ui::lesson::kinds::{answer_is, KindView};
use crate::ui::lesson::replay::Replay;

impl KindView for EscapeCheck {
    fn answer_said(&self, replay: &Replay, lang: Lang) -> String {
        answer_is(&replay.moves_in_words(lang.pick("；或者", "; or "), lang), lang)
    }
}
