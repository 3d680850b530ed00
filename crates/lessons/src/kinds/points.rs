//! `points-calculator`: two players' class points and a game result; the child works out how
//! many points player A gains or loses (SPEC §9), checked with `classroom::award`. A wrong
//! answer gets the table cell's formula; the right size with the wrong sign is told as such.

use super::{Label, Machine, Start};
use crate::error::{ErrorKind, Expect};
use crate::feedback::{Event, Feedback, Said, Status, Tries};
use crate::read::Reader;
use crate::text::Text;
use crate::words::Code;
use qitong_classroom::award::{award, Award};
use qitong_classroom::points::{Points, Score};
use qitong_format::toml::{Value, ValueKind};
use qitong_rules::Position;

/// The keys of a points-calculator step.
pub const KEYS: &[&str] = &["points", "result", "names"];

/// The instruction shown when the step has no `prompt`.
pub const PROMPT: Label = Label { zh: "算一算积分的变化。", en: "Work out the points change." };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "points = [100, 150]\nresult = \"1-0\"\n";

/// A points question: A's and B's points before the game, and A's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// Player A's points before the game.
    pub a: Points,
    /// Player B's points before the game.
    pub b: Points,
    /// What player A scored.
    pub score: Score,
    /// The players' names, if the lesson gives them.
    pub names: Option<(Text, Text)>,
    /// The table's verdict: A's change is `award.delta_a`.
    pub award: Award,
}

fn read_points(r: &mut Reader, value: &Value) -> Option<Points> {
    let parsed = match &value.kind {
        ValueKind::Integer(n) => Some(Points::from_whole(*n)),
        ValueKind::Float(x) => decimal_points(x.text()),
        ValueKind::String(s) => s.trim().parse().ok(),
        _ => {
            r.wrong_type("points", value, Expect::Points);
            return None;
        }
    };
    if parsed.is_none() {
        let shown = match &value.kind {
            ValueKind::Float(x) => x.text(),
            ValueKind::String(s) => s,
            _ => "",
        };
        r.bad_value("points", value.line, shown, Expect::Points);
    }
    parsed
}

/// Points from a TOML decimal as written: `12.5`, also `+12.50` (the float's own spelling, read
/// exactly, in tenths); an exponent, `inf` or a second decimal place is not points.
fn decimal_points(text: &str) -> Option<Points> {
    let text = text.strip_prefix('+').unwrap_or(text);
    let text = if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.') } else { text };
    text.parse().ok()
}

pub(crate) fn load(r: &mut Reader, _: &Start) -> Option<Spec> {
    if r.get("points").is_none() {
        r.missing("points");
    }
    let values = r.opt_list("points").unwrap_or_default();
    if !values.is_empty() && values.len() != 2 {
        r.report(r.line_of("points"), ErrorKind::OutOfRange { key: "points", value: values.len() as i64, min: 2, max: 2 });
    }
    let points: Vec<Option<Points>> = values.iter().take(2).map(|v| read_points(r, v)).collect();
    let score = match r.str("result").map(str::trim) {
        Some("1-0") => Some(Score::Win),
        Some("0-1") => Some(Score::Loss),
        Some("draw" | "1/2-1/2" | "½-½") => Some(Score::Draw),
        Some(other) => {
            r.bad_value("result", r.line_of("result"), other, Expect::Result);
            None
        }
        None => None,
    };
    let names = match r.opt_list("names") {
        Some(items) if items.len() == 2 => {
            let a = r.text_of("names", &items[0]);
            let b = r.text_of("names", &items[1]);
            a.zip(b)
        }
        Some(items) => {
            r.report(r.line_of("names"), ErrorKind::OutOfRange { key: "names", value: items.len() as i64, min: 2, max: 2 });
            None
        }
        None => None,
    };
    let (Some(Some(a)), Some(Some(b)), Some(score)) = (points.first().copied(), points.get(1).copied(), score) else {
        return None;
    };
    Some(Spec { a, b, score, names, award: award(a, b, score) })
}

/// Reads the child's answer: `25.1`, `+25.1`, `-25.1`, with full-width digits or a Unicode minus.
pub fn parse_answer(typed: &str) -> Option<Points> {
    let ascii: String = typed
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            '\u{2212}' => '-',
            '。' => '.',
            _ => c,
        })
        .collect();
    ascii.strip_prefix('+').unwrap_or(&ascii).parse().ok()
}

/// A points question being answered.
#[derive(Debug, Clone)]
pub struct PointsCalculator {
    spec: Spec,
    tries: Tries,
    status: Status,
}

impl PointsCalculator {
    /// What a right answer types: A's change (the teacher's reveal types it).
    pub fn answer_text(&self) -> Vec<String> {
        vec![self.spec.award.delta_a.to_string()]
    }

    fn answer(&mut self, typed: &str) -> Feedback {
        let Some(given) = parse_answer(typed) else {
            return Feedback::wrong(Code::PointsUnreadable).with_arg("typed", typed.trim());
        };
        let award = &self.spec.award;
        let fb = |code: Said| {
            Feedback::wrong(code)
                .with_arg("formula", award.row.formula(award.column))
                .with_arg("d", award.difference)
                .with_arg("answer", award.delta_a)
        };
        if given == award.delta_a {
            let stars = self.tries.stars();
            self.status = Status::Complete { stars: Some(stars) };
            let done = Feedback::complete(Code::PointsCorrect, Some(stars));
            return Feedback { args: fb(Said::Nothing).args, ..done };
        }
        let code = if given == Points::ZERO - award.delta_a { Code::PointsWrongSign } else { Code::PointsWrong };
        self.tries.miss(fb(code.into()))
    }
}

impl Machine for PointsCalculator {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> PointsCalculator {
        PointsCalculator { spec, tries: Tries::default(), status: Status::Active }
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match *event {
            Event::Text(typed) => self.answer(typed),
            _ => Feedback::ignored(),
        }
    }

    fn position(&self) -> Option<Position> {
        None
    }

    /// No events: the answer is typed text (`answer_text`).
    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        Some(Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, one_step};
    use super::super::Exercise;
    use super::*;
    use crate::feedback::Grade;

    #[test]
    fn a_draw_between_unequal_players() {
        // D = 100.2: the lower player (A) gains D/4 = 25.05, rounded to 25.1.
        let mut ex = Exercise::new(&one_step("kind = \"points-calculator\"\npoints = [0, \"100.2\"]\nresult = \"draw\"\n"));
        let fb = ex.handle(&Event::Text("-25.1"));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Wrong, "points-wrong-sign"));
        let fb = ex.handle(&Event::Text("25"));
        assert_eq!(fb.code.as_str(), "points-wrong");
        assert!(fb.args.contains(&("formula", "D/4".to_string())));
        let fb = ex.handle(&Event::Text("＋２５.１"));
        assert_eq!((fb.grade, fb.stars), (Grade::Complete, Some(1)));
    }

    #[test]
    fn the_winner_gains_what_the_loser_loses() {
        let mut ex = Exercise::new(&one_step("kind = \"points-calculator\"\npoints = [150, 50]\nresult = \"0-1\"\nnames = [{ zh = \"小明\", en = \"Ming\" }, { zh = \"小红\", en = \"Hong\" }]\n"));
        assert_eq!(ex.handle(&Event::Text("abc")).code.as_str(), "points-unreadable");
        assert_eq!(ex.handle(&Event::Text("−50")).stars, Some(3));
    }

    #[test]
    fn decimals_are_read_as_written() {
        let points = |text: &str| decimal_points(text).map(|p| p.to_string());
        assert_eq!(
            (points("12.5"), points("+12.50"), points("-0.5"), points("3.0")),
            (Some("12.5".into()), Some("12.5".into()), Some("-0.5".into()), Some("3".into()))
        );
        assert_eq!((points("1.25"), points("1e3"), points("inf")), (None, None, None));
    }

    #[test]
    fn points_and_results_are_checked() {
        assert_eq!(
            errors_of("kind = \"points-calculator\"\npoints = [1.25, 0]\nresult = \"win\"\n"),
            [
                "2: step 1: \"points\" = \"1.25\" cannot be read: expected points with at most one decimal, such as 12.5",
                "3: step 1: \"result\" = \"win\" cannot be read: expected 1-0, 0-1 or draw",
            ]
        );
    }
}
