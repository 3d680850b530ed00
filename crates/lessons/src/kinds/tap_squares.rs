//! `tap-squares` (点格子): tap every right square. `find` says which are right: `named` (the
//! `squares` the prompt names, for learning coordinates), `hanging` (the `side`'s pieces, not the
//! king, that are attacked and either unprotected or attacked by a cheaper piece) or `attacked`
//! (the `side`'s pieces the other side attacks). The rules core computes the last two; a wrong tap
//! is explained in kid words. Stars by wrong taps, as in find-all-moves.

use super::{Label, Machine, Start};
use crate::error::{ErrorKind, Expect};
use crate::feedback::{Event, Feedback, Status, Tries};
use crate::read::Reader;
use crate::words::Code;
use qitong_rules::hint::in_danger;
use qitong_rules::{attackers, defenders, Bitboard, Color, Position, Role, Square};

/// The keys of a tap-squares step.
pub const KEYS: &[&str] = &["find", "squares", "side"];

/// The instruction shown when the step has no `prompt`.
pub const PROMPT: Label = Label { zh: "点出要找的格子。", en: "Tap the squares you are looking for." };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "drill = true\nfen = \"8/8/8/8/8/8/8/8\"\nfind = \"named\"\nsquares = [\"e4\"]\n";

/// Which squares are right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Find {
    /// The squares the lesson names.
    Named,
    /// The side's pieces in danger (attacked, and unprotected or attacked by a cheaper piece).
    Hanging(Color),
    /// The side's pieces the other side attacks.
    Attacked(Color),
}

/// A tap-squares step as the lesson file gives it, with its answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The position shown.
    pub position: Position,
    /// What to find.
    pub find: Find,
    /// Every square to tap.
    pub answer: Bitboard,
}

/// The squares of `side`'s pieces that `find` asks for.
fn answer_of(pos: &Position, find: Find) -> Bitboard {
    let mut answer = Bitboard::EMPTY;
    if let Find::Hanging(side) | Find::Attacked(side) = find {
        for sq in pos.board().by_color(side) {
            let wanted = match find {
                Find::Hanging(_) => in_danger(pos, sq),
                _ => attackers(pos, sq, !side).any(),
            };
            if wanted {
                answer.add(sq);
            }
        }
    }
    answer
}

/// `e4 / c5`: square names for a sentence (pushed by hand: no formatting machinery).
pub fn square_names(squares: Bitboard, between: &str) -> String {
    let mut names = String::new();
    for sq in squares {
        if !names.is_empty() {
            names.push_str(between);
        }
        names.push(sq.file().char());
        names.push(sq.rank().char());
    }
    names
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let find = r.str("find").map(str::trim);
    let side = match r.opt_str("side").map(str::trim) {
        None => None,
        Some("white") => Some(Color::White),
        Some("black") => Some(Color::Black),
        Some(text) => {
            r.bad_value("side", r.line_of("side"), text, Expect::Turn);
            return None;
        }
    };
    let position = start.scene.position?;
    let side = side.unwrap_or(position.turn());
    let (find, name) = match find? {
        "named" => (Find::Named, "named"),
        "hanging" => (Find::Hanging(side), "hanging"),
        "attacked" => (Find::Attacked(side), "attacked"),
        other => {
            r.bad_value("find", r.line_of("find"), other, Expect::Find);
            return None;
        }
    };
    let answer = if find == Find::Named {
        if r.get("squares").is_none() {
            r.missing("squares");
        }
        r.squares("squares").into_iter().collect()
    } else {
        answer_of(&position, find)
    };
    if answer.is_empty() {
        let kind = if find == Find::Named { ErrorKind::EmptyList { key: "squares" } } else { ErrorKind::NothingToTap { find: name } };
        // A missing `squares` is reported already.
        if r.get("squares").is_some() || find != Find::Named {
            r.report(r.line_of(if find == Find::Named { "squares" } else { "find" }), kind);
        }
        return None;
    }
    Some(Spec { position, find, answer })
}

/// A tap-squares step in progress.
#[derive(Debug, Clone)]
pub struct TapSquares {
    spec: Spec,
    found: Bitboard,
    tries: Tries,
    status: Status,
}

impl TapSquares {
    /// The right squares tapped so far.
    pub fn found(&self) -> Bitboard {
        self.found
    }

    /// Why `sq` is not one to tap, in a code the words explain (`{square}` and `{piece}` come
    /// from the marked square; `{want}` and `{by}` are arguments).
    fn why_not(&self, sq: Square) -> Feedback {
        let pos = &self.spec.position;
        // The squares still wanted, or the protector's square, for the words.
        let mut named = None;
        let code = match (self.spec.find, pos.board().piece_at(sq)) {
            (Find::Named, _) => {
                named = Some(("want", self.spec.answer - self.found));
                Code::TapNotNamed
            }
            (_, None) => Code::TapEmpty,
            (Find::Hanging(side) | Find::Attacked(side), Some(piece)) if piece.color != side => side.fold(Code::TapFindWhite, Code::TapFindBlack),
            (Find::Hanging(_), Some(piece)) if piece.role == Role::King => Code::TapKing,
            // Attacked, yet not hanging: protected, and by no cheaper attacker.
            (Find::Hanging(side) | Find::Attacked(side), Some(_)) => match defenders(pos, sq).first() {
                Some(by) if attackers(pos, sq, !side).any() => {
                    named = Some(("by", by.into()));
                    Code::TapProtected
                }
                _ => Code::TapNotAttacked,
            },
        };
        let feedback = Feedback::wrong(code).with_squares(sq.into());
        match named {
            Some((name, squares)) => feedback.with_arg(name, square_names(squares, " / ")),
            None => feedback,
        }
    }

    fn tap(&mut self, sq: Square) -> Feedback {
        if self.found.contains(sq) {
            return Feedback::ignored();
        }
        if !self.spec.answer.contains(sq) {
            let feedback = self.why_not(sq);
            return self.tries.miss(feedback);
        }
        self.found.add(sq);
        let left = (self.spec.answer - self.found).count();
        if left > 0 {
            return Feedback::correct(Code::MoveFound).with_squares(sq.into()).with_arg("left", left);
        }
        let stars = self.tries.stars();
        self.status = Status::Complete { stars: Some(stars) };
        let code = if self.found.more_than_one() { Code::MovesAllFound } else { Code::QuizCorrect };
        Feedback::complete(code, Some(stars)).with_squares(self.found)
    }
}

impl Machine for TapSquares {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> TapSquares {
        TapSquares { spec, found: Bitboard::EMPTY, tries: Tries::default(), status: Status::Active }
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match *event {
            Event::Tap(sq) => self.tap(sq),
            _ => Feedback::ignored(),
        }
    }

    fn position(&self) -> Option<Position> {
        Some(self.spec.position)
    }

    /// Every right square, tapped.
    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        Some(self.spec.answer.map(Event::Tap).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, one_step, play, sq};
    use super::super::Exercise;
    use super::*;
    use crate::feedback::Grade;

    fn tap(extra: &str) -> Exercise {
        Exercise::new(&one_step(&format!("kind = \"tap-squares\"\ndrill = true\n{extra}")))
    }

    fn taps(names: &[&str]) -> Vec<Event<'static>> {
        names.iter().map(|s| Event::Tap(sq(s))).collect()
    }

    fn answer(ex: &Exercise) -> Bitboard {
        let Exercise::TapSquares(t) = ex else { panic!("a tap-squares step") };
        t.spec().answer
    }

    #[test]
    fn a_named_square_is_tapped_and_a_wrong_one_named_back() {
        let mut ex = tap("fen = \"8/8/8/8/8/8/8/8\"\nfind = \"named\"\nsquares = [\"e4\"]");
        let fb = ex.handle(&Event::Tap(sq("d4")));
        assert_eq!(
            (fb.grade, fb.code.as_str(), fb.squares, fb.args.clone()),
            (Grade::Wrong, "tap-not-named", sq("d4").into(), vec![("want", "e4".to_string())])
        );
        let fb = ex.handle(&Event::Tap(sq("e4")));
        assert_eq!((fb.grade, fb.code.as_str(), fb.stars), (Grade::Complete, "quiz-correct", Some(2)));
        ex.handle(&Event::Retry);
        assert_eq!(play(&mut ex, &taps(&["e4"])).stars, Some(3));
    }

    #[test]
    fn several_named_squares_in_any_order() {
        let mut ex = tap("fen = \"8/8/8/8/8/8/8/8\"\nfind = \"named\"\nsquares = \"a1 h8\"");
        assert_eq!(ex.handle(&Event::Tap(sq("h8"))).code.as_str(), "move-found");
        assert_eq!(ex.handle(&Event::Tap(sq("h8"))).grade, Grade::Ignored, "tapped again: nothing");
        assert_eq!(ex.handle(&Event::Tap(sq("b2"))).args, vec![("want", "a1".to_string())]);
        let fb = ex.handle(&Event::Tap(sq("a1")));
        assert_eq!((fb.code.as_str(), fb.stars), ("moves-all-found", Some(2)));
    }

    /// Black's rook on d4 attacks the a4 knight (unprotected); black's c6 bishop attacks the f3
    /// knight (protected by the g2 pawn, and a bishop is no cheaper than a knight); the f3 knight
    /// and the b2 bishop attack the d4 rook (unprotected); nothing attacks the c6 bishop.
    const CAMP: &str = "fen = \"4k3/8/2b5/8/N2r4/5N2/1B4P1/4K3 w - - 0 1\"\ndrill = false";

    #[test]
    fn hanging_pieces_are_the_rules_cores_and_wrong_taps_say_why() {
        let mut ex = Exercise::new(&one_step(&format!("kind = \"tap-squares\"\n{CAMP}\nfind = \"hanging\"\nside = \"black\"")));
        assert_eq!(answer(&ex), sq("d4").into());
        assert_eq!(ex.handle(&Event::Tap(sq("f3"))).code.as_str(), "tap-find-black");
        assert_eq!(ex.handle(&Event::Tap(sq("e5"))).code.as_str(), "tap-empty");
        assert_eq!(ex.handle(&Event::Tap(sq("e8"))).code.as_str(), "tap-king");
        assert_eq!(ex.handle(&Event::Tap(sq("c6"))).code.as_str(), "tap-not-attacked");
        assert_eq!(ex.handle(&Event::Tap(sq("d4"))).stars, Some(1));
        let mut ex = Exercise::new(&one_step(&format!("kind = \"tap-squares\"\n{CAMP}\nfind = \"hanging\"")));
        assert_eq!(answer(&ex), sq("a4").into(), "White's, the side to move's by default");
        let fb = ex.handle(&Event::Tap(sq("f3")));
        assert_eq!((fb.code.as_str(), fb.squares, fb.args.clone()), ("tap-protected", sq("f3").into(), vec![("by", "g2".to_string())]));
    }

    #[test]
    fn attacked_pieces_include_protected_ones_and_the_reveal_taps_them() {
        let mut ex = Exercise::new(&one_step(&format!("kind = \"tap-squares\"\n{CAMP}\nfind = \"attacked\"\nside = \"white\"")));
        assert_eq!(answer(&ex), [sq("f3"), sq("a4")].into_iter().collect(), "the protected knight too");
        let events = ex.answer_events().expect("an answer");
        assert_eq!(play(&mut ex, &events).grade, Grade::Complete);
    }

    #[test]
    fn the_validator_wants_something_to_tap() {
        let named = "kind = \"tap-squares\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/8\"\nfind = \"named\"";
        assert_eq!(errors_of(named), ["0: step 1: \"squares\" is missing"]);
        assert_eq!(errors_of(&format!("{named}\nsquares = []")), ["5: step 1: \"squares\" must not be empty"]);
        let calm = "kind = \"tap-squares\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/R5rr\"\nfind = \"hanging\"\nside = \"black\"";
        assert_eq!(errors_of(calm), ["4: step 1: find = \"hanging\": no piece here is hanging, so there is nothing to tap"]);
        assert_eq!(
            errors_of(&calm.replace("hanging", "lonely")),
            ["4: step 1: \"find\" = \"lonely\" cannot be read: expected named, hanging or attacked"]
        );
    }
}
