//! `special-move`: castle, capture en passant or promote. Any of the target moves completes the
//! step; an illegal try (castling through check, en passant too late, …) is explained by the
//! rules core. `before` moves are played first, so that en passant can be shown "right after".

use super::{Label, Machine, Start};
use crate::error::{ErrorKind, Expect};
use crate::feedback::{Event, Feedback, Status, Tries};
use crate::read::Reader;
use crate::words::Code;
use qitong_rules::{explain, Move, Position, Role, Square, Uci};

/// The keys of a special-move step.
pub const KEYS: &[&str] = &["moves", "special", "before"];

/// The instruction shown when the step has no `prompt`.
pub const PROMPT: Label = Label { zh: "走出特殊着法！", en: "Play the special move!" };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "special = \"castle\"\nfen = \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"\nmoves = [\"e1g1\", \"e1c1\"]\n";

/// The three special moves (SPEC §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Special {
    /// 王车易位.
    Castle,
    /// 吃过路兵.
    EnPassant,
    /// 兵的升变.
    Promotion,
}

impl Special {
    /// `castle`, `en-passant` or `promotion`.
    pub const fn code(self) -> &'static str {
        match self {
            Special::Castle => "castle",
            Special::EnPassant => "en-passant",
            Special::Promotion => "promotion",
        }
    }

    /// Is `m` this special move?
    pub fn matches(self, m: &Move) -> bool {
        match self {
            Special::Castle => m.is_castle(),
            Special::EnPassant => m.is_en_passant(),
            Special::Promotion => m.is_promotion(),
        }
    }
}

/// Plays the `before` moves from the scene's position, reporting an illegal one with the core's
/// reason. Returns the moves and the position after them.
pub(crate) fn play_before(r: &mut Reader, start: Option<Position>) -> Option<(Vec<Move>, Position)> {
    let ucis = r.moves("before");
    let mut pos = start?;
    let mut played = Vec::new();
    for (uci, line) in ucis {
        match explain(&pos, uci.from, uci.to, uci.promotion) {
            Ok(m) => {
                played.push(m);
                pos = pos.play_unchecked(&m);
            }
            Err(reason) => {
                r.report(line, ErrorKind::IllegalMove { key: "before", uci, reason });
                return None;
            }
        }
    }
    Some((played, pos))
}

/// The move `uci` in `pos`, or the core's reason reported against `key`.
pub(crate) fn legal_move(r: &mut Reader, key: &'static str, line: usize, pos: &Position, uci: Uci) -> Option<Move> {
    explain(pos, uci.from, uci.to, uci.promotion).map_err(|reason| r.report(line, ErrorKind::IllegalMove { key, uci, reason })).ok()
}

/// A special-move step.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// Moves played before the child's turn (shown first).
    pub before: Vec<Move>,
    /// The position after them: the child moves here.
    pub start: Position,
    /// Every accepted move.
    pub targets: Vec<Move>,
    /// Which special move is taught, if the lesson says.
    pub special: Option<Special>,
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let scene = start.scene;
    if r.get("moves").is_none() {
        r.missing("moves");
    }
    let ucis = r.moves("moves");
    let special = match r.opt_str("special").map(str::trim) {
        None => None,
        Some(text) => {
            let found = [Special::Castle, Special::EnPassant, Special::Promotion].into_iter().find(|s| s.code() == text);
            if found.is_none() {
                r.bad_value("special", r.line_of("special"), text, Expect::Special);
            }
            found
        }
    };
    let (before, start) = play_before(r, scene.position)?;
    if ucis.is_empty() && r.get("moves").is_some() {
        r.report(r.line_of("moves"), ErrorKind::EmptyList { key: "moves" });
    }
    let mut targets = Vec::new();
    for (uci, line) in ucis {
        let Some(m) = legal_move(r, "moves", line, &start, uci) else { continue };
        if let Some(special) = special.filter(|s| !s.matches(&m)) {
            r.report(line, ErrorKind::NotSpecialMove { uci, special: special.code() });
        }
        targets.push(m);
    }
    (!targets.is_empty()).then_some(Spec { before, start, targets, special })
}

/// A special-move step in progress.
#[derive(Debug, Clone)]
pub struct SpecialMove {
    spec: Spec,
    pos: Position,
    tries: Tries,
    status: Status,
}

impl Machine for SpecialMove {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> SpecialMove {
        SpecialMove { pos: spec.start, spec, tries: Tries::default(), status: Status::Active }
    }

    fn play(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Feedback {
        match explain(&self.spec.start, from, to, promotion) {
            Err(reason) => self.tries.miss(Feedback::illegal(reason)),
            Ok(m) if self.spec.targets.contains(&m) => {
                let stars = self.tries.stars();
                self.pos = self.spec.start.play_unchecked(&m);
                self.status = Status::Complete { stars: Some(stars) };
                Feedback::complete(Code::SpecialDone, Some(stars)).with_played(m)
            }
            Ok(m) => self.tries.miss(Feedback::wrong(Code::SpecialOtherMove).with_squares(m.from.into()).with_squares(m.to.into())),
        }
    }

    fn position(&self) -> Option<Position> {
        Some(self.pos)
    }

    /// The first accepted move, for a teacher's reveal.
    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        let m = self.spec.targets.first()?;
        Some(vec![Event::Move { from: m.from, to: m.to, promotion: m.promotion }])
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, mv, one_step, play};
    use super::super::Exercise;
    use super::*;
    use crate::feedback::Event;
    use crate::feedback::Grade;

    const CASTLE: &str =
        "kind = \"special-move\"\nspecial = \"castle\"\nfen = \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"\nmoves = [\"e1g1\", \"e1c1\"]\n";

    #[test]
    fn either_castling_completes() {
        let mut ex = Exercise::new(&one_step(CASTLE));
        let fb = ex.handle(&mv("e1g1"));
        assert_eq!((fb.grade, fb.stars), (Grade::Complete, Some(3)));
        assert_eq!(ex.position().map(|p| p.board().to_string()), Some("r3k2r/8/8/8/8/8/8/R4RK1".to_string()));
        ex.handle(&Event::Retry);
        assert_eq!(play(&mut ex, &[mv("e1f1"), mv("e1c1")]).stars, Some(2));
    }

    #[test]
    fn an_illegal_castle_is_explained() {
        let through_check = "kind = \"special-move\"\nfen = \"r3k2r/8/8/8/8/8/5r2/R3K2R w KQ - 0 1\"\nmoves = [\"e1c1\"]\n";
        let mut ex = Exercise::new(&one_step(through_check));
        let fb = ex.handle(&mv("e1g1"));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Wrong, "castle-through-attack"));
        assert_eq!(ex.handle(&mv("e1c1")).stars, Some(2));
    }

    #[test]
    fn en_passant_right_after_the_two_step() {
        let ep = "kind = \"special-move\"\nspecial = \"en-passant\"\nfen = \"4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1\"\nbefore = [\"d7d5\"]\nmoves = [\"e5d6\"]\n";
        let mut ex = Exercise::new(&one_step(ep));
        let Exercise::SpecialMove(s) = &ex else { panic!() };
        assert_eq!(s.spec().before.len(), 1);
        assert_eq!(ex.handle(&mv("e5d6")).code.as_str(), "special-done");
    }

    #[test]
    fn promotion_accepts_each_listed_piece() {
        let promo = "kind = \"special-move\"\nspecial = \"promotion\"\nfen = \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"\nmoves = [\"e7e8q\", \"e7e8r\", \"e7e8b\", \"e7e8n\"]\n";
        let mut ex = Exercise::new(&one_step(promo));
        assert_eq!(ex.handle(&mv("e7e8")).code.as_str(), "promotion-missing");
        assert_eq!(ex.handle(&mv("e7e8k")).code.as_str(), "promotion-not-allowed");
        assert_eq!(ex.handle(&mv("e7e8n")).stars, Some(1));
    }

    #[test]
    fn targets_must_be_legal_and_special() {
        let bad = "kind = \"special-move\"\nspecial = \"castle\"\nfen = \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"\nmoves = [\"e1f1\", \"e1e3\"]\n";
        assert_eq!(
            errors_of(bad),
            ["4: step 1: e1f1 is legal but it is not castle", "4: step 1: \"moves\": e1e3 is not legal here (cannot-move-that-way)",]
        );
    }
}
