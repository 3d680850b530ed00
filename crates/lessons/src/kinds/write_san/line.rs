//! A `write-san` step with `line`: a short game played on the board move by move while the
//! child writes each move on the score sheet. The next move is played after a right answer;
//! the step is complete at the end of the line. The right spelling is the move's SAN (with its
//! `+`/`#`); `e8Q` for `e8=Q` and an en passant capture with or without `e.p.` are accepted too.

use super::super::special_move::legal_move;
use super::{Spec, WriteSan};
use crate::error::ErrorKind;
use crate::feedback::{Feedback, Status};
use crate::read::Reader;
use crate::words::Code;
use qitong_rules::{Color, Game, Position};

/// Reads `line` (UCI moves from the step's position): each must be legal, and none may follow
/// the game's end.
pub(super) fn load(r: &mut Reader, position: Position) -> Option<Spec> {
    for other in ["move", "accept"] {
        if r.get(other).is_some() {
            r.report(r.line_of(other), ErrorKind::KeysExclusive { key: "line", other });
        }
    }
    let ucis = r.moves("line");
    if ucis.is_empty() {
        r.report(r.line_of("line"), ErrorKind::EmptyList { key: "line" });
    }
    let mut game = Game::from_position(position);
    let mut line = Vec::new();
    for (uci, at) in ucis {
        if let Some(outcome) = game.outcome() {
            r.report(at, ErrorKind::LineAfterEnd { end: outcome.reason.code() });
            return None;
        }
        let m = legal_move(r, "line", at, game.position(), uci)?;
        game.play(&m).ok()?;
        line.push(m);
    }
    Some(Spec { position, shown: *line.first()?, accept: Vec::new(), line })
}

/// How a typed move compares with the move's SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Spelling {
    Right,
    /// Right but for the check sign at the end (`+` or `#`).
    SignMissing(&'static str),
    Wrong,
}

/// Compares `typed` (normalised) with `san`; `en_passant` lets an `e.p.` follow.
pub(super) fn spelling(typed: &str, san: &str, en_passant: bool) -> Spelling {
    let typed = match en_passant {
        true => typed.strip_suffix("e.p.").or_else(|| typed.strip_suffix("ep")).unwrap_or(typed),
        false => typed,
    };
    let same = |written: &str| typed == written || typed == written.replace('=', "");
    if same(san) {
        return Spelling::Right;
    }
    let bare = &san[..san.len().saturating_sub(1)];
    match san.as_bytes().last() {
        Some(b'+') if same(bare) => Spelling::SignMissing("+"),
        Some(b'#') if same(bare) => Spelling::SignMissing("#"),
        _ => Spelling::Wrong,
    }
}

/// The score sheet's rows: a move number, White's move and Black's (`3. ... Nc6` when the line
/// starts with Black).
pub(super) fn sheet(start: &Position, written: &[String]) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    let mut number = start.fullmoves();
    let black_first = start.turn() == Color::Black;
    for (i, san) in written.iter().enumerate() {
        let white = (i % 2 == 0) != black_first;
        if white || rows.is_empty() {
            rows.push(number.to_string() + if white { "." } else { ". ..." });
        }
        if let Some(row) = rows.last_mut() {
            row.push(' ');
            row.push_str(san);
        }
        if !white {
            number += 1;
        }
    }
    rows
}

impl WriteSan {
    /// The child wrote `typed` (normalised) for the line's next move.
    pub(super) fn typed_in_line(&mut self, typed: String) -> Feedback {
        let Some(m) = self.shown() else { return Feedback::ignored() };
        let san = self.now.san(&m);
        match spelling(&typed, &san, m.is_en_passant()) {
            Spelling::Right => {}
            Spelling::SignMissing(sign) => return self.tries.miss(Feedback::wrong(Code::SanSign).with_arg("sign", sign)),
            Spelling::Wrong => return self.tries.miss(Feedback::wrong(Code::SanNotAccepted).with_arg("typed", typed).with_arg("answer", &san)),
        }
        self.now = self.now.play_unchecked(&m);
        // The sheet says "e.p." as the handout records it (SPEC §4).
        self.written.push(if m.is_en_passant() { san + " e.p." } else { san });
        if self.shown().is_some() {
            return Feedback::correct(Code::SanAccepted).with_played(m);
        }
        let stars = self.tries.stars();
        self.status = Status::Complete { stars: Some(stars) };
        Feedback::complete(Code::SanLineDone, Some(stars)).with_played(m)
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::testing::{errors_of, one_step};
    use super::super::super::Exercise;
    use super::*;
    use crate::feedback::{Event, Grade};

    const ITALIAN: &str = "kind = \"write-san\"\nfen = \"start\"\nline = [\"e2e4\", \"e7e5\", \"g1f3\", \"b8c6\", \"f1c4\", \"g8f6\", \"e1g1\"]\n";

    fn write(ex: &mut Exercise, typed: &str) -> (Grade, &'static str) {
        let fb = ex.handle(&Event::Text(typed));
        (fb.grade, fb.code.as_str())
    }

    #[test]
    fn a_line_is_written_move_by_move_and_played_after_each_right_answer() {
        let mut ex = Exercise::new(&one_step(ITALIAN));
        let Exercise::WriteSan(w) = &ex else { panic!("write-san") };
        assert_eq!(w.shown().map(|m| m.to_uci()), Some("e2e4".into()));
        assert_eq!(write(&mut ex, "e4"), (Grade::Correct, "san-accepted"));
        assert_eq!(ex.position().map(|p| p.turn()), Some(Color::Black), "the move was played");
        assert_eq!(write(&mut ex, "e4"), (Grade::Wrong, "san-not-accepted"));
        for san in ["e5", "马f3", "♞c6", "Bc4", "Nf6"] {
            assert_eq!(write(&mut ex, san), (Grade::Correct, "san-accepted"), "{san}");
        }
        let Exercise::WriteSan(w) = &ex else { panic!("write-san") };
        assert_eq!(w.sheet(), ["1. e4 e5", "2. Nf3 Nc6", "3. Bc4 Nf6"]);
        let fb = ex.handle(&Event::Text("0-0"));
        assert_eq!((fb.grade, fb.code.as_str(), fb.stars), (Grade::Complete, "san-line-done", Some(2)), "one mistake: two stars");
        let Exercise::WriteSan(w) = &ex else { panic!("write-san") };
        assert_eq!((w.shown(), w.sheet().last().map(String::as_str)), (None, Some("4. O-O")));
    }

    #[test]
    fn check_signs_promotions_and_en_passant() {
        let line = "kind = \"write-san\"\nfen = \"4k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 30\"\nline = [\"e5d6\", \"e8f8\", \"b7b8q\"]\n";
        let mut ex = Exercise::new(&one_step(line));
        assert_eq!(write(&mut ex, "exd6 e.p."), (Grade::Correct, "san-accepted"));
        assert_eq!(write(&mut ex, "Kf8"), (Grade::Correct, "san-accepted"));
        let fb = ex.handle(&Event::Text("b8=Q"));
        assert_eq!((fb.code.as_str(), fb.args.clone()), ("san-sign", vec![("sign", "+".to_string())]));
        assert_eq!(write(&mut ex, "b8Q+"), (Grade::Complete, "san-line-done"));
        let Exercise::WriteSan(w) = &ex else { panic!("write-san") };
        assert_eq!(w.sheet(), ["30. exd6 e.p. Kf8", "31. b8=Q+"]);
        let black =
            sheet(&Position::from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 7", qitong_rules::Mode::Standard).expect("fen"), &["Kd7".into(), "Kd2".into()]);
        assert_eq!(black, ["7. ... Kd7", "8. Kd2"]);
        assert_eq!(spelling("exd6", "exd6", true), Spelling::Right);
        assert_eq!(spelling("exd6ep", "exd6", true), Spelling::Right);
        assert_eq!(spelling("Qxf7", "Qxf7#", false), Spelling::SignMissing("#"));
        assert_eq!(spelling("Qf7#", "Qxf7#", false), Spelling::Wrong);
    }

    #[test]
    fn the_line_must_be_legal_and_stop_at_the_games_end() {
        let errors = |rest: &str| errors_of(&format!("kind = \"write-san\"\nfen = \"start\"\n{rest}"));
        assert_eq!(errors("line = [\"e2e4\", \"e2e4\"]\n"), ["3: step 1: \"line\": e2e4 is not legal here (no-piece)"]);
        assert_eq!(
            errors("line = [\"f2f3\", \"e7e5\", \"g2g4\", \"d8h4\", \"a2a3\"]\n"),
            ["3: step 1: the game is over (checkmate): \"line\" cannot go on after that"]
        );
        assert_eq!(errors("line = []\n"), ["3: step 1: \"line\" must not be empty"]);
        assert_eq!(errors("line = [\"e2e4\"]\nmove = \"e2e4\"\n"), ["4: step 1: write either \"line\" or \"move\", not both"]);
    }
}
