//! `paint` (涂满棋盘): the child's one piece paints every square it lands on, and a rook, bishop
//! or queen also the squares it passes over; the goal is every square it can reach (a bishop's:
//! its own colour), within `area` if given. The other pieces are walls. 3/2/1 stars by moves
//! against par, which is by default the length of the validator's greedy solution
//! (`paint_search`).

use super::drill_mover::read_movers;
use super::drill_search::pass;
use super::paint_search::{painted_by, plan};
use super::{Label, Machine, Start};
use crate::error::{ErrorKind, Expect};
use crate::feedback::{stars_for_moves, Event, Feedback, Status};
use crate::read::Reader;
use crate::words::Code;
use qitong_rules::{explain, Bitboard, Move, Position, Role, Square};

/// The keys of a paint drill.
pub const KEYS: &[&str] = &["area", "par", "mover"];

/// The instruction shown when the step has no `prompt`.
pub const PROMPT: Label = Label { zh: "走棋涂格子：把能去的格子都涂满！", en: "Move to paint: paint every square you can reach!" };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "drill = true\nfen = \"8/8/8/8/8/8/8/K7\"\narea = \"a1:b2\"\n";

/// A paint drill as the lesson file gives it, with what the validator found.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The start; the child is the side to move.
    pub start: Position,
    /// Where the painting piece stands at the start.
    pub painter: Square,
    /// Where it may go (the whole board without `area`).
    pub area: Bitboard,
    /// Every square to paint, the start square included (it is painted from the start).
    pub goal: Bitboard,
    /// Moves for 3 stars.
    pub par: u32,
    /// The validator's greedy solution (the teacher's reveal plays it).
    pub solution: Vec<Move>,
}

/// Reads `area = "a1:d4"`: the rectangle between two corners, in either order.
fn read_area(r: &mut Reader) -> Option<Bitboard> {
    let text = r.opt_str("area")?;
    let corners =
        text.trim().split_once(':').and_then(|(a, b)| Some((Square::from_ascii(a.trim().as_bytes())?, Square::from_ascii(b.trim().as_bytes())?)));
    let Some((a, b)) = corners else {
        r.bad_value("area", r.line_of("area"), text, Expect::Area);
        return None;
    };
    let within = |x: u8, p: u8, q: u8| p.min(q) <= x && x <= p.max(q);
    let (fa, fb, ra, rb) = (a.file().index(), b.file().index(), a.rank().index(), b.rank().index());
    let mut area = Bitboard::EMPTY;
    for s in Square::all() {
        if within(s.file().index(), fa, fb) && within(s.rank().index(), ra, rb) {
            area.add(s);
        }
    }
    Some(area)
}

/// The painting piece: the child's only piece, or the one `mover` names; never a pawn.
fn read_painter(r: &mut Reader, start: &Start, pos: &Position) -> Option<Square> {
    let errors_before = r.sink.count();
    let own = pos.board().by_color(pos.turn());
    let movers = read_movers(r, pos, start.prompt).unwrap_or(own);
    if r.sink.count() > errors_before {
        return None;
    }
    let painter = movers.single_square().filter(|&sq| pos.board().role_at(sq) != Some(Role::Pawn));
    if painter.is_none() {
        r.report(r.line_of(if r.get("mover").is_some() { "mover" } else { "fen" }), ErrorKind::PaintOnePiece);
    }
    painter
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let area = read_area(r);
    let par = r.opt_int("par", 1, 999).map(|n| n as u32);
    let pos = start.scene.position?;
    let painter = read_painter(r, start, &pos)?;
    let area = area.unwrap_or(!Bitboard::EMPTY);
    if !area.contains(painter) {
        r.report(r.line_of("area"), ErrorKind::AreaMissesPiece { square: painter });
        return None;
    }
    let found = match plan(&pos, painter, area) {
        Ok(found) => found,
        Err(states) => {
            r.report(r.line_of("fen"), ErrorKind::SearchTooLarge { states });
            return None;
        }
    };
    if found.solution.is_empty() {
        r.report(r.line_of("fen"), ErrorKind::NothingToPaint { square: painter });
        return None;
    }
    let moves = found.solution.len() as u32;
    if let Some(par) = par.filter(|&par| par < moves) {
        r.report(r.line_of("par"), ErrorKind::ParBelowSolution { par, moves });
        return None;
    }
    Some(Spec { start: pos, painter, area, goal: found.goal, par: par.unwrap_or(moves), solution: found.solution })
}

/// A paint drill being played.
#[derive(Debug, Clone)]
pub struct Paint {
    spec: Spec,
    pos: Position,
    at: Square,
    painted: Bitboard,
    moves: u32,
    status: Status,
}

impl Paint {
    /// The squares painted so far.
    pub fn painted(&self) -> Bitboard {
        self.painted
    }

    /// The squares still to paint.
    pub fn left(&self) -> Bitboard {
        self.spec.goal - self.painted
    }

    /// Where the painting piece stands now.
    pub fn painter(&self) -> Square {
        self.at
    }

    /// Moves made so far.
    pub fn moves(&self) -> u32 {
        self.moves
    }
}

impl Machine for Paint {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> Paint {
        Paint { pos: spec.start, at: spec.painter, painted: Bitboard::from_square(spec.painter), moves: 0, status: Status::Active, spec }
    }

    fn play(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Feedback {
        // Another of the child's own pieces is a wall, whatever way it could go.
        if from != self.at && self.pos.board().color_at(from) == Some(self.pos.turn()) {
            return Feedback::wrong(Code::DrillMoverOnly).with_squares(self.at.into());
        }
        let m = match explain(&self.pos, from, to, promotion) {
            Ok(m) => m,
            Err(reason) => return Feedback::illegal(reason),
        };
        if m.is_capture() {
            return Feedback::wrong(Code::PaintNoCapture).with_squares(m.to.into());
        }
        if !self.spec.area.contains(m.to) {
            return Feedback::wrong(Code::PaintOutside).with_squares(m.to.into());
        }
        let after = self.pos.play_unchecked(&m);
        let Some(pos) = pass(&after) else {
            return Feedback::wrong(Code::DrillNoCheck).with_squares(after.king_of(after.turn()).map_or(Bitboard::EMPTY, Bitboard::from_square));
        };
        let fresh = (painted_by(&m) & self.spec.goal) - self.painted;
        self.painted |= fresh;
        self.pos = pos;
        self.at = m.to;
        self.moves += 1;
        let left = self.left().count();
        if left == 0 {
            let earned = stars_for_moves(self.moves, self.spec.par);
            self.status = Status::Complete { stars: Some(earned) };
            return Feedback::complete(Code::PaintAll, Some(earned)).with_played(m).with_arg("moves", self.moves);
        }
        let feedback = if fresh.any() { Feedback::accepted(Code::Painted).with_arg("n", fresh.count()) } else { Feedback::accepted(Code::Moved) };
        feedback.with_played(m).with_arg("left", left)
    }

    fn position(&self) -> Option<Position> {
        Some(self.pos)
    }

    /// The validator's greedy solution, move by move.
    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        Some(self.spec.solution.iter().map(|m| Event::Move { from: m.from, to: m.to, promotion: m.promotion }).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, mv, one_step, play, sq};
    use super::super::Exercise;
    use super::*;
    use crate::feedback::Grade;

    fn paint(extra: &str) -> Exercise {
        Exercise::new(&one_step(&format!("kind = \"paint\"\ndrill = true\n{extra}")))
    }

    fn spec(ex: &Exercise) -> &Spec {
        let Exercise::Paint(p) = ex else { panic!("a paint drill") };
        p.spec()
    }

    #[test]
    fn a_king_paints_a_corner_and_earns_stars_by_moves() {
        let mut ex = paint("fen = \"8/8/8/8/8/8/8/K7\"\narea = \"a1:b2\"");
        assert_eq!((spec(&ex).goal.count(), spec(&ex).par), (4, 3));
        let fb = ex.handle(&mv("a1a2"));
        assert_eq!(
            (fb.grade, fb.code.as_str(), fb.args.clone()),
            (Grade::Accepted, "painted", vec![("n", "1".to_string()), ("left", "2".to_string())])
        );
        assert_eq!(ex.handle(&mv("a2a1")).code.as_str(), "moved", "a square painted already");
        assert_eq!(ex.handle(&mv("a1b2")).code.as_str(), "painted");
        let fb = ex.handle(&mv("b2b1"));
        assert_eq!((fb.grade, fb.code.as_str(), fb.stars), (Grade::Complete, "paint-all", Some(2)), "4 moves at par 3");
        assert_eq!(ex.handle(&mv("b1a1")).grade, Grade::Ignored);
        ex.handle(&Event::Retry);
        assert_eq!(play(&mut ex, &[mv("a1a2"), mv("a2b2"), mv("b2b1")]).stars, Some(3));
    }

    #[test]
    fn the_rook_paints_the_squares_it_passes_over() {
        let mut ex = paint("fen = \"8/8/8/8/8/8/8/R7\"");
        let fb = ex.handle(&mv("a1a8"));
        assert_eq!(fb.args[0], ("n", "7".to_string()));
        let Exercise::Paint(p) = &ex else { panic!() };
        assert_eq!(p.painted().count(), 8);
        assert_eq!(p.left().count(), 56);
    }

    #[test]
    fn moves_out_of_the_area_captures_and_walls_are_refused_kindly() {
        let mut ex =
            paint("fen = \"8/8/8/8/8/2p5/P7/R7\"\narea = \"a1:d4\"\nmover = \"a1\"\nprompt = { zh = \"用车涂格子\", en = \"Paint with the rook\" }");
        let fb = ex.handle(&mv("a1h1"));
        assert_eq!((fb.grade, fb.code.as_str(), fb.squares), (Grade::Wrong, "paint-outside", sq("h1").into()));
        assert_eq!(ex.handle(&mv("a2a3")).code.as_str(), "drill-mover-only");
        assert_eq!(ex.handle(&mv("a1a3")).code.as_str(), "path-blocked", "the rules' own reason");
        assert_eq!(play(&mut ex, &[mv("a1c1"), mv("c1c3")]).code.as_str(), "paint-no-capture");
        let Exercise::Paint(p) = &ex else { panic!() };
        assert_eq!((p.moves(), p.painter()), (1, sq("c1")), "refused moves are not counted");
    }

    #[test]
    fn the_reveal_plays_the_greedy_solution_to_the_end() {
        for fen in ["8/8/8/8/8/8/8/R7", "8/8/8/8/8/8/8/2B5", "8/8/8/3Q4/8/8/8/8", "8/8/8/8/8/8/8/N7"] {
            let mut ex = paint(&format!("fen = \"{fen}\""));
            let events = ex.answer_events().expect("an answer");
            assert_eq!(events.len() as u32, spec(&ex).par, "{fen}");
            assert_eq!((play(&mut ex, &events).stars), Some(3), "{fen}");
        }
    }

    #[test]
    fn the_validator_refuses_what_cannot_be_painted() {
        assert_eq!(errors_of("kind = \"paint\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/RR6\""), ["3: step 1: a paint drill moves one rook, bishop, queen, knight or king: when the child has several pieces, say which with mover = \"square\""]);
        assert_eq!(errors_of("kind = \"paint\"\ndrill = true\nfen = \"8/8/8/8/8/8/P7/8\"")[0], "3: step 1: a paint drill moves one rook, bishop, queen, knight or king: when the child has several pieces, say which with mover = \"square\"");
        assert_eq!(
            errors_of("kind = \"paint\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/R7\"\narea = \"c3:d4\""),
            ["4: step 1: the area does not contain the piece on a1"]
        );
        assert_eq!(
            errors_of("kind = \"paint\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/N7\"\narea = \"a1:b2\""),
            ["3: step 1: the piece on a1 cannot go anywhere (inside the area): there is nothing to paint"]
        );
        assert_eq!(
            errors_of("kind = \"paint\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/K7\"\narea = \"a1:b2\"\npar = 2"),
            ["5: step 1: par = 2 is too low: the validator's solution takes 3 moves; write par = 3 or more"]
        );
        assert_eq!(
            errors_of("kind = \"paint\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/K7\"\narea = \"a1-b2\""),
            ["4: step 1: \"area\" = \"a1-b2\" cannot be read: expected a rectangle of squares such as a1:d4"]
        );
    }
}
