//! `demo`: a scripted sequence of moves played with "next" (and "back"), each with an optional
//! caption — a repetition played out, the fifty-move counter running, a perpetual check. The
//! game's end (by the class rules: repetition and fifty moves end the game) is reported, and
//! `expect` lets the validator check it.

use super::special_move::legal_move;
use super::{Label, Machine, Start};
use crate::error::{ErrorKind, Expect};
use crate::feedback::{Event, Feedback, Status};
use crate::read::Reader;
use crate::text::Text;
use crate::words::Code;
use qitong_format::toml::ValueKind;
use qitong_rules::{EndReason, Game, Move, Position, Uci};

/// The keys of a demo step.
pub const KEYS: &[&str] = &["moves", "expect"];

/// The instruction shown when the step has no `prompt`.
pub const PROMPT: Label = Label { zh: "按“走下一步”看演示。", en: "Press \"Play next move\" to watch." };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "moves = [\"e2e4\", \"e7e5\"]\n";

/// The keys of a move given as a table.
const MOVE_KEYS: &[&str] = &["move", "zh", "en"];

/// A demo: the start and the moves with their captions.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The position before the first move.
    pub start: Position,
    /// Each move with its caption, if any.
    pub moves: Vec<(Move, Option<Text>)>,
}

/// Reads one item of `moves`: `"e2e4"` or `{ move = "e2e4", zh = "…", en = "…" }`.
fn read_item(r: &mut Reader, value: &qitong_format::toml::Value) -> Option<(Uci, usize, Option<Text>)> {
    match &value.kind {
        ValueKind::String(s) => match s.trim().parse::<Uci>() {
            Ok(uci) => Some((uci, value.line, None)),
            Err(_) => {
                r.bad_value("moves", value.line, s, Expect::Move);
                None
            }
        },
        ValueKind::Table(table) => {
            let mut inner = r.nested(table, MOVE_KEYS);
            let uci = inner.one_move("move", true);
            let caption = if inner.get("zh").is_some() || inner.get("en").is_some() { inner.own_text("moves") } else { None };
            inner.finish();
            Some((uci?, value.line, caption))
        }
        _ => {
            r.wrong_type("moves", value, Expect::Move);
            None
        }
    }
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let scene = start.scene;
    if r.get("moves").is_none() {
        r.missing("moves");
    }
    let values = r.opt_list("moves").unwrap_or_default();
    if values.is_empty() && r.get("moves").is_some() {
        r.report(r.line_of("moves"), ErrorKind::EmptyList { key: "moves" });
    }
    let items: Vec<_> = values.iter().filter_map(|v| read_item(r, v)).collect();
    let expect = r.opt_str("expect").map(str::trim);
    if let Some(code) = expect.filter(|c| *c != "none" && !EndReason::CODES.contains(c)) {
        r.bad_value("expect", r.line_of("expect"), code, Expect::EndCode);
    }
    let start = scene.position?;
    let mut game = Game::from_position(start);
    let mut moves = Vec::new();
    for (uci, line, caption) in items {
        if let Some(outcome) = game.outcome() {
            r.report(line, ErrorKind::DemoEndDiffers { expected: "none".into(), actual: Some(outcome.reason.code()) });
            return None;
        }
        let m = legal_move(r, "moves", line, game.position(), uci)?;
        // `m` is legal and the game is not over, so playing it cannot fail.
        game.play(&m).ok()?;
        moves.push((m, caption));
    }
    let end = game.outcome().map(|o| o.reason.code());
    if let Some(expected) = expect.filter(|e| *e != end.unwrap_or("none")) {
        if expected == "none" || EndReason::CODES.contains(&expected) {
            r.report(r.line_of("expect"), ErrorKind::DemoEndDiffers { expected: expected.to_owned(), actual: end });
        }
    }
    Some(Spec { start, moves })
}

/// A demo being watched.
#[derive(Debug, Clone)]
pub struct Demo {
    spec: Spec,
    game: Game,
}

impl Demo {
    /// The game so far: its moves, positions, repetitions and outcome.
    pub fn game(&self) -> &Game {
        &self.game
    }

    fn next(&mut self) -> Feedback {
        let ply = self.game.ply();
        let Some((m, caption)) = self.spec.moves.get(ply) else {
            return Feedback::ignored();
        };
        if self.game.play(m).is_err() {
            return Feedback::ignored();
        }
        let pos = self.game.position();
        let fb = if ply + 1 == self.spec.moves.len() {
            let done = Feedback::complete(Code::DemoEnd, None);
            match self.game.outcome() {
                Some(outcome) => done.with_end(outcome.reason),
                None => done,
            }
        } else {
            Feedback::accepted(Code::DemoMove)
        };
        fb.with_played(*m).with_text(caption.as_ref()).with_arg("halfmoves", pos.halfmoves()).with_arg("repetitions", self.game.repetitions())
    }
}

impl Machine for Demo {
    type Spec = Spec;

    fn new(spec: Spec) -> Demo {
        Demo { game: Game::from_position(spec.start), spec }
    }

    fn spec(&self) -> &Spec {
        &self.spec
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match event {
            Event::Next => self.next(),
            Event::Back => match self.game.undo() {
                Some(m) => Feedback::accepted(Code::DemoBack).with_played(m),
                None => Feedback::ignored(),
            },
            _ => Feedback::ignored(),
        }
    }

    /// A demo steps back and forth also once it has played every move.
    fn handle(&mut self, event: &Event) -> Feedback {
        self.react(event)
    }

    fn status(&self) -> Status {
        if self.game.ply() == self.spec.moves.len() {
            Status::Complete { stars: None }
        } else {
            Status::Active
        }
    }

    fn position(&self) -> Option<Position> {
        Some(*self.game.position())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, one_step, play};
    use super::super::Exercise;
    use super::*;
    use crate::feedback::Grade;

    const REPETITION: &str = r#"kind = "demo"
expect = "threefold-repetition"
moves = [
  "g1f3", "g8f6", "f3g1", "f6g8",
  "g1f3", "g8f6", "f3g1",
  { move = "f6g8", zh = "同样的局面第三次出现：和棋！", en = "The same position for the third time: a draw!" },
]
"#;

    #[test]
    fn a_repetition_played_out_and_back() {
        let mut ex = Exercise::new(&one_step(REPETITION));
        let fb = play(&mut ex, &[Event::Next; 7]);
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Accepted, "demo-move"));
        assert_eq!(ex.handle(&Event::Back).code.as_str(), "demo-back");
        play(&mut ex, &[Event::Next]);
        let fb = ex.handle(&Event::Next);
        assert_eq!((fb.grade, fb.stars), (Grade::Complete, None));
        assert_eq!(fb.end, Some(qitong_rules::EndReason::ThreefoldRepetition));
        assert_eq!(fb.text.map(|t| t.en), Some("The same position for the third time: a draw!".to_string()));
        assert_eq!(ex.handle(&Event::Next).grade, Grade::Ignored);
        ex.handle(&Event::Retry);
        assert_eq!(ex.position(), Some(Position::new()));
    }

    #[test]
    fn the_expected_end_is_checked() {
        let short = "kind = \"demo\"\nexpect = \"threefold-repetition\"\nmoves = [\"g1f3\", \"g8f6\", \"f3g1\", \"f6g8\"]\n";
        assert_eq!(errors_of(short), ["2: step 1: expect = \"threefold-repetition\", but the game is not over at the end of the demo"]);
        let fifty = "kind = \"demo\"\nfen = \"4k3/8/8/8/8/8/8/R3K3 w - - 98 80\"\nmoves = [\"a1a2\", \"e8d8\"]\nexpect = \"fifty-moves\"\n";
        assert!(errors_of(fifty).is_empty());
        let late = "kind = \"demo\"\nfen = \"4k3/8/8/8/8/8/8/R3K3 w - - 99 80\"\nmoves = [\"a1a2\", \"e8d8\"]\n";
        assert_eq!(errors_of(late), ["3: step 1: expect = \"none\", but the demo ends with \"fifty-moves\""]);
    }
}
