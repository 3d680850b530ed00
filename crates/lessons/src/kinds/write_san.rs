//! `write-san`: a move is shown on the board; the child types it in algebraic notation (SAN).
//! The lesson lists the accepted spellings (`accept = ["Nf3"]`); typing is compared after
//! normalising (spaces, full-width characters, `0-0` for `O-O`, figurines and Chinese piece
//! names for the letters, trailing `!`/`?`). The move itself is stored as UCI and checked for
//! legality. With `line`, a short game is written on the score sheet move by move (`line.rs`).

mod line;

use super::special_move::legal_move;
use super::{Label, Machine, Start};
use crate::error::ErrorKind;
use crate::feedback::{Event, Feedback, Status, Tries};
use crate::read::Reader;
use crate::words::Code;
use qitong_format::toml::{Value, ValueKind};
use qitong_rules::{Move, Position};

/// The keys of a write-the-SAN step.
pub const KEYS: &[&str] = &["move", "accept", "line"];

/// The instruction shown when the step has no `prompt`.
pub const PROMPT: Label = Label { zh: "写出箭头这步棋的记法。", en: "Write down the arrow's move." };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "fen = \"start\"\nmove = \"g1f3\"\naccept = [\"Nf3\", \"Ng1f3\"]\n";

/// A write-the-SAN step.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The position the move is played in.
    pub position: Position,
    /// The move shown.
    pub shown: Move,
    /// The accepted spellings as written in the lesson (the first is the one to show as the
    /// answer); empty for a line.
    pub accept: Vec<String>,
    /// A game to write down move by move (`line`), its first move `shown`; empty for one move.
    pub line: Vec<Move>,
}

/// A typed move made comparable: no spaces, full-width characters as ASCII, figurines and
/// Chinese piece names as the piece letters (none for a pawn), the digit zero in castling read
/// as the letter O, `!` and `?` at the end dropped.
pub fn normalize(typed: &str) -> String {
    let ascii: String = typed
        .chars()
        .map(|c| match c {
            '\u{ff01}'..='\u{ff5e}' => char::from_u32(c as u32 - 0xfee0).unwrap_or(c),
            '\u{2212}' | '\u{2013}' | '\u{2014}' => '-',
            '♔' | '♚' | '王' => 'K',
            '♕' | '♛' | '后' => 'Q',
            '♖' | '♜' | '车' | '車' => 'R',
            '♗' | '♝' | '象' => 'B',
            '♘' | '♞' | '马' | '馬' => 'N',
            // A pawn has no letter: dropped with the spaces.
            '♙' | '♟' | '兵' => ' ',
            _ => c,
        })
        .filter(|c| !c.is_whitespace())
        .collect();
    let trimmed = ascii.trim_end_matches(['!', '?']);
    let castle = trimmed.trim_end_matches(['+', '#']);
    if castle.chars().all(|c| "0oO-".contains(c)) && castle.contains('-') {
        return trimmed.replace(['0', 'o'], "O");
    }
    trimmed.to_owned()
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let scene = start.scene;
    if r.get("line").is_some() {
        return line::load(r, scene.position?);
    }
    let uci = r.one_move("move", true);
    if r.get("accept").is_none() {
        r.missing("accept");
    }
    let accept: Vec<(String, usize)> = match r.get("accept") {
        // One spelling may contain a space (`exd6 e.p.`): a plain string is one spelling.
        Some(Value { kind: ValueKind::String(s), line }) => vec![(s.trim().to_owned(), *line)],
        _ => r.words("accept").unwrap_or_default().into_iter().map(|(w, line)| (w.to_owned(), line)).collect(),
    };
    let accept: Vec<(String, usize)> = accept.into_iter().filter(|(s, _)| !s.is_empty()).collect();
    if accept.is_empty() && r.get("accept").is_some() {
        r.report(r.line_of("accept"), ErrorKind::EmptyList { key: "accept" });
    }
    let position = scene.position?;
    let shown = legal_move(r, "move", r.line_of("move"), &position, uci?)?;
    let square = shown.to.to_string();
    for (spelling, line) in &accept {
        // `O-O` must be the side castled: `O-O` for a long castle would name the wrong move.
        let normalized = normalize(spelling);
        let castle_text = normalized.trim_end_matches(['+', '#']);
        let castles_this_side = shown.castling_side().is_some_and(|side| castle_text == side.san());
        let names_square = spelling.as_bytes().windows(2).any(|w| w == square.as_bytes());
        if !(names_square || castles_this_side) {
            r.report(*line, ErrorKind::SanMissesSquare { spelling: spelling.clone(), square: shown.to });
        }
    }
    (!accept.is_empty()).then(|| Spec { position, shown, accept: accept.into_iter().map(|(s, _)| s).collect(), line: Vec::new() })
}

/// A write-the-SAN step in progress.
#[derive(Debug, Clone)]
pub struct WriteSan {
    spec: Spec,
    tries: Tries,
    status: Status,
    /// A line's moves written so far, as the score sheet has them.
    written: Vec<String>,
    /// The position before the move to write.
    now: Position,
}

impl WriteSan {
    /// The move to write now: `None` once a line is written to its end.
    pub fn shown(&self) -> Option<Move> {
        if self.spec.line.is_empty() {
            return Some(self.spec.shown);
        }
        self.spec.line.get(self.written.len()).copied()
    }

    /// How many of a line's moves are written.
    pub fn moves_written(&self) -> usize {
        self.written.len()
    }

    /// What a right answer types, move by move: the lesson's first spelling of one move, or each
    /// move of a line in standard notation. The teacher's reveal types it (an `Event` borrows its
    /// text, so `answer_events` cannot carry it).
    pub fn answer_text(&self) -> Vec<String> {
        let (mut pos, mut out) = (self.spec.position, Vec::new());
        for m in &self.spec.line {
            out.push(pos.san(m));
            pos = pos.play_unchecked(m);
        }
        // One move (a line has no `accept`).
        if let Some(first) = self.spec.accept.first() {
            out.push(first.clone());
        }
        out
    }

    /// A line's score sheet so far, a row per move number (`1. e4 e5`); empty for one move.
    pub fn sheet(&self) -> Vec<String> {
        line::sheet(&self.spec.position, &self.written)
    }

    fn typed(&mut self, text: &str) -> Feedback {
        let typed = normalize(text);
        if typed.is_empty() {
            return Feedback::ignored();
        }
        if !self.spec.line.is_empty() {
            return self.typed_in_line(typed);
        }
        // The lesson's spellings, and always the move's standard SAN (an en passant capture with
        // or without `e.p.`: standard notation does not require it).
        let san = self.spec.position.san(&self.spec.shown);
        let standard = line::spelling(&typed, &san, self.spec.shown.is_en_passant()) == line::Spelling::Right;
        if standard || self.spec.accept.iter().any(|a| normalize(a) == typed) {
            let stars = self.tries.stars();
            self.status = Status::Complete { stars: Some(stars) };
            return Feedback::complete(Code::SanAccepted, Some(stars)).with_played(self.spec.shown);
        }
        self.tries.miss(Feedback::wrong(Code::SanNotAccepted).with_arg("typed", typed).with_arg("answer", &self.spec.accept[0]))
    }
}

impl Machine for WriteSan {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> WriteSan {
        WriteSan { now: spec.position, spec, tries: Tries::default(), status: Status::Active, written: Vec::new() }
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match *event {
            Event::Text(text) => self.typed(text),
            _ => Feedback::ignored(),
        }
    }

    fn position(&self) -> Option<Position> {
        Some(self.now)
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
    fn normalising_forgives_spacing_and_full_width_typing() {
        assert_eq!(normalize(" Ｎｆ３ "), "Nf3");
        assert_eq!(normalize("0-0"), "O-O");
        assert_eq!(normalize("o-o-o+"), "O-O-O+");
        assert_eq!(normalize("exd6 e.p."), "exd6e.p.");
        assert_eq!(normalize("Qh5!?"), "Qh5");
        assert_eq!(normalize("b4"), "b4");
        assert_eq!(
            (normalize("马f3"), normalize("♘f3"), normalize("兵e4"), normalize("车xa8+")),
            ("Nf3".into(), "Nf3".into(), "e4".into(), "Rxa8+".into())
        );
    }

    #[test]
    fn any_accepted_spelling_and_a_wrong_one() {
        let mut ex = Exercise::new(&one_step("kind = \"write-san\"\nfen = \"start\"\nmove = \"g1f3\"\naccept = [\"Nf3\", \"Ng1f3\"]\n"));
        let fb = ex.handle(&Event::Text("nf3"));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Wrong, "san-not-accepted"));
        let fb = ex.handle(&Event::Text("N g1 f3"));
        assert_eq!((fb.grade, fb.stars), (Grade::Complete, Some(2)));
        ex.handle(&Event::Retry);
        assert_eq!(ex.handle(&Event::Text("Ｎｆ３")).stars, Some(3));
    }

    #[test]
    fn the_standard_san_is_always_accepted_and_en_passant_needs_no_suffix() {
        // clock-sheet/special-notes step 9 (issue 28): plain `exd6` was refused.
        let ep = "kind = \"write-san\"\nfen = \"rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3\"\nmove = \"e5d6\"\naccept = [\"exd6 e.p.\", \"exd6 ep\"]\n";
        for typed in ["exd6", "exd6 e.p.", "exd6ep", "exd6 e.p"] {
            let mut ex = Exercise::new(&one_step(ep));
            let fb = ex.handle(&Event::Text(typed));
            assert_eq!(fb.grade == Grade::Complete, typed != "exd6 e.p", "{typed}: {fb:?}");
        }
        // A lesson that lists only a long spelling still takes the standard one.
        let mut ex = Exercise::new(&one_step("kind = \"write-san\"\nfen = \"start\"\nmove = \"g1f3\"\naccept = [\"Ng1f3\"]\n"));
        assert_eq!(ex.handle(&Event::Text("Nf3")).grade, Grade::Complete);
    }

    #[test]
    fn castling_and_the_square_check() {
        let castle = "kind = \"write-san\"\nfen = \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"\nmove = \"e1g1\"\naccept = [\"O-O\"]\n";
        let mut ex = Exercise::new(&one_step(castle));
        assert_eq!(ex.handle(&Event::Text("0-0")).stars, Some(3));
        let wrong = "kind = \"write-san\"\nfen = \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"\nmove = \"h1h5\"\naccept = [\"Rh5\", \"Rh6\"]\n";
        assert_eq!(errors_of(wrong), ["4: step 1: \"Rh6\" does not name h5, where the move goes"]);
        let long = "kind = \"write-san\"\nfen = \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"\nmove = \"e1c1\"\naccept = [\"O-O-O\", \"0-0-0+\", \"O-O\"]\n";
        assert_eq!(errors_of(long), ["4: step 1: \"O-O\" does not name c1, where the move goes"]);
    }
}
