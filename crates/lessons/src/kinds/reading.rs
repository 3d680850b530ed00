//! `verse` and `narration`: lines of text (verse lines with pinyin for the ruby text), maybe
//! with a board; done when the child presses "next".

use super::{Label, Machine, Start};
use crate::error::ErrorKind;
use crate::feedback::{Event, Feedback, Status};
use crate::read::Reader;
use crate::text::{is_han, syllables, Line};
use crate::words::Code;
use qitong_format::toml::ValueKind;
use qitong_rules::Position;

/// The keys of a reading step.
pub const KEYS: &[&str] = &["lines"];

/// No default instruction: the step's own text says what to do.
pub const PROMPT: Label = Label::NONE;

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "lines = [{ zh = \"车走直线\", en = \"The rook goes straight\", pinyin = \"jū zǒu zhí xiàn\" }]\n";

/// What a reading shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The lines, in order.
    pub lines: Vec<Line>,
    /// A verse (口诀): every line has pinyin.
    pub verse: bool,
    /// The board shown beside the text, if any.
    pub position: Option<Position>,
}

/// Loads a `verse`: its lines all have pinyin.
pub(crate) fn load_verse(r: &mut Reader, start: &Start) -> Option<Spec> {
    load(r, true, start.scene.position)
}

/// Loads a `narration`.
pub(crate) fn load_narration(r: &mut Reader, start: &Start) -> Option<Spec> {
    load(r, false, start.scene.position)
}

/// Reads `lines = [{ zh, en, pinyin }, …]`; a verse needs pinyin on every line, one syllable
/// per Chinese character.
fn load(r: &mut Reader, verse: bool, position: Option<Position>) -> Option<Spec> {
    if r.get("lines").is_none() {
        r.missing("lines");
    }
    let values = r.opt_list("lines")?;
    if values.is_empty() {
        r.report(r.line_of("lines"), ErrorKind::EmptyList { key: "lines" });
    }
    let mut lines = Vec::new();
    for value in values {
        let Some(line) = r.line_value("lines", value) else { continue };
        match &line.pinyin {
            None if verse => r.report(value.line, ErrorKind::MissingPinyin),
            Some(pinyin) => {
                let characters = line.text.zh.chars().filter(|&c| is_han(c)).count();
                let syllables = syllables(pinyin).len();
                if characters != syllables {
                    r.report(value.line, ErrorKind::PinyinCount { characters, syllables });
                }
            }
            None => {}
        }
        lines.push(line);
    }
    if !values.iter().all(|v| matches!(v.kind, ValueKind::Table(_))) {
        return None;
    }
    Some(Spec { lines, verse, position })
}

/// A reading in progress.
#[derive(Debug, Clone)]
pub struct Reading {
    spec: Spec,
    done: bool,
}

impl Machine for Reading {
    type Spec = Spec;

    fn new(spec: Spec) -> Reading {
        Reading { spec, done: false }
    }

    fn spec(&self) -> &Spec {
        &self.spec
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match event {
            Event::Next if !self.done => {
                self.done = true;
                Feedback::complete(Code::Read, None)
            }
            _ => Feedback::ignored(),
        }
    }

    fn status(&self) -> Status {
        if self.done {
            Status::Complete { stars: None }
        } else {
            Status::Active
        }
    }

    fn position(&self) -> Option<Position> {
        self.spec.position
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, one_step};
    use super::*;
    use crate::feedback::Grade;
    use crate::kinds::Exercise;

    const VERSE: &str = r#"
kind = "verse"
fen = "8/8/8/8/8/8/8/R7"
drill = true
lines = [
  { zh = "城堡通行整棋盘，", en = "The castle rides the whole board,", pinyin = "chéng bǎo tōng xíng zhěng qí pán，" },
  { zh = "横竖格数不受限。", en = "along rows and columns, as far as it likes.", pinyin = "héng shù gé shù bú shòu xiàn。" },
]
"#;

    #[test]
    fn verse_completes_on_next_and_retries_to_its_start() {
        let step = one_step(VERSE);
        let mut ex = Exercise::new(&step);
        assert!(ex.position().is_some());
        assert_eq!(ex.handle(&Event::Tap(qitong_rules::Square::A1)).grade, Grade::Ignored);
        let fb = ex.handle(&Event::Next);
        assert_eq!((fb.grade, fb.stars), (Grade::Complete, None));
        assert_eq!(ex.status(), Status::Complete { stars: None });
        ex.handle(&Event::Retry);
        assert_eq!(ex.status(), Status::Active);
        let (Exercise::Verse(reading) | Exercise::Narration(reading)) = &ex else { panic!("a reading") };
        assert_eq!(reading.spec().lines[0].ruby()[0], ("城".to_string(), Some("chéng")));
    }

    #[test]
    fn verse_lines_need_pinyin_with_one_syllable_per_character() {
        let no_pinyin = "kind = \"verse\"\nlines = [{ zh = \"车\", en = \"rook\" }]\n";
        assert_eq!(errors_of(no_pinyin), ["2: step 1: every verse line needs its pinyin: pinyin = \"…\""]);
        let short = "kind = \"narration\"\nlines = [{ zh = \"车马\", en = \"rook\", pinyin = \"jū\" }]\n";
        assert_eq!(errors_of(short), ["2: step 1: the pinyin needs one syllable per character, separated by spaces: 2 characters but 1 syllables"]);
        let narration = "kind = \"narration\"\nlines = [{ zh = \"车\", en = \"rook\" }]\n";
        assert!(errors_of(narration).is_empty());
    }
}
