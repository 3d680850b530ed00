//! A write-san step's view: the field for the move written down (which move of a line, and the
//! score sheet so far), the move's arrow once shown, and a revealed answer said in notation and
//! in words (a line: its score sheet).

use crate::kinds::{answer_is, text_input, Context, KindView};
use crate::replay::Replay;
use crate::words::{word, word_with, Word};
use qitong_board::shapes::Brush;
use qitong_board::steer::Steer;
use qitong_lessons::kinds::write_san::WriteSan;
use qitong_lessons::lang::Lang;
use qitong_lessons::{Feedback, Machine as _};
use qitong_view::node::{div, el, Node};

impl KindView for WriteSan {
    fn controls(&self, p: &Context, done: bool, out: &mut Vec<Node>) {
        let (label, sheet) = sheet(self, p.lang);
        out.push(text_input(label, p.lang, done));
        out.extend(sheet);
    }

    fn mark(&self, steer: &mut Steer, _fb: Option<&Feedback>) {
        if let Some(m) = self.shown() {
            steer.arrow(m.from, m.to, Brush::Green);
        }
    }

    fn answer_said(&self, replay: &Replay, lang: Lang) -> String {
        if !self.spec().line.is_empty() {
            return answer_is(&self.sheet().join(" "), lang);
        }
        let said = self.answer_text().concat() + lang.pick("（", " (") + &replay.moves_in_words(lang.pick("；", "; then "), lang);
        answer_is(&(said + lang.pick("）", ")")), lang)
    }
}

/// The label of the move to write (which of how many) and the score sheet written so far.
fn sheet(w: &WriteSan, lang: Lang) -> (String, Option<Node>) {
    let total = w.spec().line.len();
    if total == 0 {
        return (word(Word::SanLabel, lang).to_owned(), None);
    }
    let n = (w.moves_written() + 1).min(total);
    let label = word_with(Word::SanLineLabel, &[("n", &n.to_string()), ("total", &total.to_string())], lang);
    let rows = w.sheet().into_iter().map(|row| el("p").text(row));
    (label, Some(div("lp-sheet").attr("role", "group").attr("aria-label", word(Word::Sheet, lang)).children(rows)))
}
