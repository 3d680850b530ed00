//! `star-drill` (lichess Learn's design): move your piece to collect every star; 3/2/1 stars by
//! moves used against par. The opponent passes, unless `replies` script its moves; with
//! `opponent_captures = true` it takes a piece left where it can be captured (the drill fails
//! and shows the capture). `mover` names the pieces the child moves (the others are obstacles):
//! the search for par and the exercise both keep to it. Positions without kings are allowed
//! (`drill = true`).

use super::drill_mover::read_movers;
pub use super::drill_search::Rules;
use super::drill_search::{fewest_moves, finishes, may_move, movers_after, pass, respond, Response, SearchError};
use super::{Label, Machine, Start};
use crate::error::ErrorKind;
use crate::feedback::{stars_for_moves, Event, Feedback, Status};
use crate::read::Reader;
use crate::words::Code;
use qitong_rules::{explain, Bitboard, Move, Position, Uci};

/// The keys of a star drill.
pub const KEYS: &[&str] = &["stars", "par", "limit", "replies", "opponent_captures", "mover"];

/// The instruction shown when the step has no `prompt`.
pub const PROMPT: Label = Label { zh: "走棋吃掉所有星星！", en: "Move to collect all the stars!" };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "drill = true\nfen = \"8/8/8/8/8/8/8/R7\"\nstars = [\"a5\", \"e5\"]\n";

/// A star drill as the lesson file gives it, checked by search.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The start; the player is the side to move.
    pub start: Position,
    /// The star squares.
    pub stars: Bitboard,
    /// Moves for 3 stars (by default the fewest possible, found by search).
    pub par: u32,
    /// The most moves allowed, if limited.
    pub limit: Option<u32>,
    /// What the opponent does.
    pub rules: Rules,
    /// The squares of the pieces the child may move, at the start (`None`: any piece).
    pub movers: Option<Bitboard>,
    /// A shortest route that collects every star, the player's moves (found by search): its
    /// length is the fewest moves, and the teacher's reveal plays it.
    pub route: Vec<Move>,
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let (scene, prompt) = (start.scene, start.prompt);
    let errors_before = r.sink.count();
    if r.get("stars").is_none() {
        r.missing("stars");
    }
    let star_list = r.squares("stars");
    let par = r.opt_int("par", 1, 999).map(|n| n as u32);
    let limit = r.opt_int("limit", 1, 999).map(|n| n as u32);
    let replies: Vec<Uci> = r.moves("replies").into_iter().map(|(uci, _)| uci).collect();
    let opponent_captures = r.bool("opponent_captures", false);
    if r.get("stars").is_some() && star_list.is_empty() && r.sink.count() == errors_before {
        r.report(r.line_of("stars"), ErrorKind::EmptyList { key: "stars" });
    }
    let start = scene.position?;
    let mut stars = Bitboard::EMPTY;
    for sq in star_list {
        if start.board().color_at(sq) == Some(start.turn()) {
            r.report(r.line_of("stars"), ErrorKind::StarOnOwnPiece { square: sq });
        }
        stars.add(sq);
    }
    let movers = read_movers(r, &start, prompt);
    if let (Some(par), Some(limit)) = (par, limit) {
        if par > limit {
            r.report(r.line_of("par"), ErrorKind::ParAboveLimit { par, limit });
        }
    }
    // Search only a drill whose keys all read well.
    if stars.is_empty() || r.sink.count() > errors_before {
        return None;
    }
    let rules = Rules { replies, opponent_captures };
    let route = match fewest_moves(&rules, &start, stars, movers, limit) {
        Ok(route) => route,
        Err(error) => {
            let (line, kind) = match error {
                SearchError::Unreachable => (r.line_of("stars"), ErrorKind::StarsUnreachable { limit }),
                SearchError::TooLarge { states } => (r.line_of("stars"), ErrorKind::SearchTooLarge { states }),
                SearchError::ReplyIllegal { index, reply, after } => {
                    let after = after.iter().map(Uci::to_string).collect::<Vec<_>>().join(" ");
                    (r.line_of("replies"), ErrorKind::ReplyIllegal { index, reply, after })
                }
            };
            r.report(line, kind);
            return None;
        }
    };
    let fewest = route.len() as u32;
    if let Some(par) = par.filter(|&par| par < fewest) {
        r.report(r.line_of("par"), ErrorKind::ParTooLow { par, fewest });
        return None;
    }
    Some(Spec { start, stars, par: par.unwrap_or(fewest), limit, rules, movers, route })
}

/// A star drill being played.
#[derive(Debug, Clone)]
pub struct StarDrill {
    spec: Spec,
    pos: Position,
    stars: Bitboard,
    /// Where the pieces the child may move stand now (`None`: any piece).
    movers: Option<Bitboard>,
    moves: u32,
    status: Status,
}

impl StarDrill {
    /// Where the pieces the child may move stand now (`None`: any piece).
    pub fn movers(&self) -> Option<Bitboard> {
        self.movers
    }

    /// The stars still to collect.
    pub fn stars_left(&self) -> Bitboard {
        self.stars
    }

    /// Moves made so far.
    pub fn moves(&self) -> u32 {
        self.moves
    }
}

impl Machine for StarDrill {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> StarDrill {
        StarDrill { pos: spec.start, stars: spec.stars, movers: spec.movers, moves: 0, status: Status::Active, spec }
    }

    fn play(&mut self, from: qitong_rules::Square, to: qitong_rules::Square, promotion: Option<qitong_rules::Role>) -> Feedback {
        // Another of the child's own pieces: an obstacle here, whatever way it could go.
        if let (Some(movers), false) = (self.movers, may_move(self.movers, from)) {
            if self.pos.board().color_at(from) == Some(self.pos.turn()) {
                let code = if movers.more_than_one() { Code::DrillMoversOnly } else { Code::DrillMoverOnly };
                return Feedback::wrong(code).with_squares(movers);
            }
        }
        let m = match explain(&self.pos, from, to, promotion) {
            Ok(m) => m,
            Err(reason) => return Feedback::illegal(reason),
        };
        let collected = self.stars.contains(m.to);
        let stars = self.stars.without(m.to);
        let after = self.pos.play_unchecked(&m);
        if stars.is_empty() && finishes(&self.spec.rules, &after, m.to) {
            self.moves += 1;
            self.stars = stars;
            self.pos = after;
            let earned = stars_for_moves(self.moves, self.spec.par);
            self.status = Status::Complete { stars: Some(earned) };
            return Feedback::complete(Code::StarsAll, Some(earned)).with_played(m).with_arg("moves", self.moves);
        }
        let response = match respond(&self.spec.rules, &after, m.to, self.moves as usize) {
            // Only an unchecked lesson can have a broken script: the opponent passes instead.
            Response::ScriptBroken { .. } => match pass(&after) {
                Some(pos) => Response::Continue { pos, reply: None },
                None => Response::GivesCheck,
            },
            other => other,
        };
        match response {
            Response::GivesCheck => {
                let king = after.king_of(after.turn()).map_or(Bitboard::EMPTY, Bitboard::from_square);
                Feedback::wrong(Code::DrillNoCheck).with_squares(king)
            }
            Response::Lost { capture } => {
                self.moves += 1;
                self.stars = stars;
                self.pos = after.play_unchecked(&capture);
                self.status = Status::Failed;
                Feedback::failed(Code::DrillPieceLost).with_played(m).with_reply(Some(capture)).with_squares(m.to.into())
            }
            Response::Continue { pos, reply } => {
                self.moves += 1;
                self.stars = stars;
                self.pos = pos;
                self.movers = movers_after(self.movers, &m, &pos);
                let feedback = if self.spec.limit.is_some_and(|limit| self.moves >= limit) {
                    self.status = Status::Failed;
                    Feedback::failed(Code::DrillOutOfMoves).with_arg("limit", self.moves)
                } else if !pos.has_legal_moves() {
                    self.status = Status::Failed;
                    Feedback::failed(Code::DrillStuck)
                } else if collected {
                    Feedback::accepted(Code::StarCollected).with_squares(m.to.into())
                } else {
                    Feedback::accepted(Code::Moved)
                };
                feedback.with_played(m).with_reply(reply).with_arg("left", stars.count())
            }
            // Replaced by a pass above.
            Response::ScriptBroken { .. } => Feedback::ignored(),
        }
    }

    fn position(&self) -> Option<Position> {
        Some(self.pos)
    }

    /// The search's shortest route, move by move (the opponent's replies come by themselves).
    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        Some(self.spec.route.iter().map(|m| Event::Move { from: m.from, to: m.to, promotion: m.promotion }).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{errors_of, mv, one_step, play, sq};
    use super::super::Exercise;
    use super::*;
    use crate::feedback::Grade;

    fn drill(extra: &str) -> Exercise {
        Exercise::new(&one_step(&format!("kind = \"star-drill\"\ndrill = true\n{extra}")))
    }

    #[test]
    fn rook_collects_stars_with_three_stars_at_par() {
        let mut ex = drill("fen = \"8/8/8/8/8/8/8/R7\"\nstars = [\"a5\", \"e5\"]");
        let Exercise::StarDrill(d) = &ex else { panic!() };
        assert_eq!((d.spec().par, d.spec().route.len()), (2, 2));
        let fb = ex.handle(&mv("a1a5"));
        assert_eq!((fb.grade, fb.code.as_str(), fb.args.clone()), (Grade::Accepted, "star-collected", vec![("left", "1".to_string())]));
        let fb = ex.handle(&mv("a5e5"));
        assert_eq!((fb.grade, fb.stars), (Grade::Complete, Some(3)));
        assert_eq!(ex.handle(&mv("e5e6")).grade, Grade::Ignored);
    }

    #[test]
    fn stars_by_moves_and_several_ways() {
        // Three ways of different length: via a5 (2 moves), via e1 (2 moves), the long way (4).
        let mut ex = drill("fen = \"8/8/8/8/8/8/8/R7\"\nstars = [\"e5\"]\npar = 2");
        assert_eq!(play(&mut ex, &[mv("a1e1"), mv("e1e5")]).stars, Some(3));
        ex.handle(&Event::Retry);
        assert_eq!(play(&mut ex, &[mv("a1a5"), mv("a5e5")]).stars, Some(3));
        ex.handle(&Event::Retry);
        assert_eq!(play(&mut ex, &[mv("a1a2"), mv("a2b2"), mv("b2e2")]).grade, Grade::Accepted);
        assert_eq!(ex.handle(&mv("e2e5")).stars, Some(1), "4 moves at par 2: par + max(1, 0) = 3 < 4");
    }

    #[test]
    fn illegal_moves_are_explained_and_not_counted() {
        let mut ex = drill("fen = \"8/8/8/8/8/8/8/R7\"\nstars = [\"e5\"]");
        let fb = ex.handle(&mv("a1b2"));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Wrong, "cannot-move-that-way"));
        assert!(fb.reason().is_some());
        let Exercise::StarDrill(d) = &ex else { panic!() };
        assert_eq!(d.moves(), 0);
    }

    #[test]
    fn move_limit_fails_and_retry_restarts_the_drill() {
        let mut ex = drill("fen = \"8/8/8/8/8/8/8/R7\"\nstars = [\"e5\", \"h8\"]\nlimit = 4");
        assert_eq!(play(&mut ex, &[mv("a1a2"), mv("a2a3"), mv("a3a4")]).grade, Grade::Accepted);
        let fb = ex.handle(&mv("a4a5"));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Failed, "drill-out-of-moves"));
        assert_eq!(ex.status(), Status::Failed);
        assert_eq!(ex.handle(&mv("a5e5")).grade, Grade::Ignored);
        ex.handle(&Event::Retry);
        assert_eq!(ex.status(), Status::Active);
        assert_eq!(ex.position().map(|p| p.board().to_string()), Some("8/8/8/8/8/8/8/R7".to_string()));
        assert_eq!(play(&mut ex, &[mv("a1a5"), mv("a5e5"), mv("e5e8")]).grade, Grade::Accepted);
        assert_eq!(ex.handle(&mv("e8h8")).stars, Some(3));
    }

    #[test]
    fn the_last_star_on_a_guarded_square_is_lost_too() {
        // rook/dodge step 3 as it was (issue 28): h8, on the queen's diagonal, was the last star.
        let old = "kind = \"star-drill\"\nfen = \"8/8/8/8/8/8/1q6/7R\"\ndrill = true\nopponent_captures = true\nstars = [\"h8\"]\n";
        assert_eq!(errors_of(old).len(), 1, "{:?}", errors_of(old));
        // The pawn on g7 guards the last star on h6: the rook must take the pawn first.
        let mut ex = drill("fen = \"8/6p1/8/8/8/8/8/7R\"\nstars = [\"h6\"]\nopponent_captures = true");
        let fb = ex.handle(&mv("h1h6"));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Failed, "drill-piece-lost"), "the pawn takes on h6: {fb:?}");
    }

    #[test]
    fn opponent_captures_a_piece_left_en_prise_and_shows_it() {
        let mut ex = drill("fen = \"8/8/8/2p5/8/8/8/R7\"\nstars = [\"h4\"]\nopponent_captures = true");
        let fb = ex.handle(&mv("a1b1"));
        assert_eq!(fb.grade, Grade::Accepted);
        let fb = ex.handle(&mv("b1b4"));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Failed, "drill-piece-lost"));
        assert_eq!(fb.reply.map(|m| m.to_uci()), Some("c5b4".to_string()));
    }

    #[test]
    fn scripted_replies_are_played() {
        let mut ex = drill("fen = \"8/7p/8/8/8/8/8/N7\"\nstars = [\"c2\", \"a3\", \"b5\"]\nreplies = [\"h7h6\", \"h6h5\"]");
        let fb = ex.handle(&mv("a1c2"));
        assert_eq!(fb.reply.map(|m| m.to_uci()), Some("h7h6".to_string()));
        assert_eq!(ex.handle(&mv("c2a3")).reply.map(|m| m.to_uci()), Some("h6h5".to_string()));
        assert_eq!(ex.handle(&mv("a3b5")).stars, Some(3));
    }

    #[test]
    fn a_king_cannot_pass_in_check() {
        let mut ex = drill("fen = \"4k3/8/8/8/8/8/8/R7\"\nstars = [\"h2\"]");
        let fb = ex.handle(&mv("a1a8"));
        assert_eq!((fb.grade, fb.code.as_str()), (Grade::Wrong, "drill-no-check"));
        assert_eq!(play(&mut ex, &[mv("a1a2"), mv("a2h2")]).stars, Some(3));
    }

    #[test]
    fn the_search_proves_what_cannot_be_done() {
        let bishop = "kind = \"star-drill\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/2B5\"\nstars = [\"c2\"]";
        assert_eq!(errors_of(bishop), ["4: step 1: the stars can never all be collected (proved by search)"]);
        let limited = "kind = \"star-drill\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/N7\"\nstars = [\"a2\"]\nlimit = 2";
        assert_eq!(errors_of(limited), ["4: step 1: the stars cannot all be collected within 2 moves (proved by search)"]);
        let par = "kind = \"star-drill\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/N7\"\nstars = [\"a2\"]\npar = 2";
        assert_eq!(errors_of(par), ["5: step 1: par = 2 is too low: it takes at least 3 moves; write par = 3"]);
        let script = "kind = \"star-drill\"\ndrill = true\nfen = \"8/8/8/8/8/8/p7/R7\"\nstars = [\"h8\"]\nreplies = [\"a2a1\"]";
        let errors = errors_of(script);
        assert!(
            errors.len() == 1 && errors[0].starts_with("5: step 1: scripted reply 1 (a2a1) is not legal after the player's moves a1"),
            "{errors:?}"
        );
        let own = "kind = \"star-drill\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/RR6\"\nstars = [\"b1\"]";
        assert_eq!(errors_of(own), ["4: step 1: the star on b1 sits under the player's own piece"]);
    }

    #[test]
    fn the_reveal_plays_a_shortest_route_that_collects_every_star() {
        let drills = [
            "fen = \"8/8/8/8/8/8/8/R7\"\nstars = [\"a5\", \"e5\", \"e8\"]",
            "fen = \"8/8/8/2p5/8/8/8/R7\"\nstars = [\"h4\", \"h8\"]\nopponent_captures = true",
            "fen = \"8/7p/8/8/8/8/8/N7\"\nstars = [\"c2\", \"a3\", \"b5\"]\nreplies = [\"h7h6\", \"h6h5\"]",
            "fen = \"8/8/8/8/8/8/PPPPPPPP/1N4N1\"\nstars = [\"d5\", \"e5\"]\nmover = [\"b1\", \"g1\"]\nprompt = { zh = \"马\", en = \"knights\" }",
        ];
        for extra in drills {
            let mut ex = drill(extra);
            let events = ex.answer_events().expect("an answer");
            let Exercise::StarDrill(d) = &ex else { panic!() };
            assert_eq!(events.len() as u32, d.spec().par, "{extra}");
            let fb = play(&mut ex, &events);
            assert_eq!((fb.code.as_str(), fb.stars), ("stars-all", Some(3)), "{extra}");
        }
    }

    /// The rook's detour of `rook/walls`: moving the knight first would be shorter.
    const WALLS: &str = "prompt = { zh = \"用车绕过去\", en = \"Take the rook round\" }\nkind = \"star-drill\"\ndrill = true\nfen = \"8/8/8/8/8/8/P7/R2N4\"\nstars = [\"h1\"]";

    #[test]
    fn mover_keeps_the_other_pieces_still_and_par_counts_only_its_moves() {
        let mut ex = Exercise::new(&one_step(&format!("{WALLS}\nmover = \"a1\"")));
        let Exercise::StarDrill(d) = &ex else { panic!() };
        // The rook alone needs b1, b8, h8, h1 (4); the knight stepping aside first would be 2.
        assert_eq!((d.spec().par, d.spec().route.len()), (4, 4));
        let fb = ex.handle(&mv("d1e3"));
        assert_eq!((fb.grade, fb.code.as_str(), fb.squares), (Grade::Wrong, "drill-mover-only", sq("a1").into()));
        let Exercise::StarDrill(d) = &ex else { panic!() };
        assert_eq!(d.moves(), 0, "a refused move is not counted");
        let fb = play(&mut ex, &[mv("a1b1"), mv("d1e3")]);
        assert_eq!((fb.code.as_str(), fb.squares), ("drill-mover-only", sq("b1").into()), "the mark follows the rook");
        assert_eq!(play(&mut ex, &[mv("b1b8"), mv("b8h8"), mv("h8h1")]).stars, Some(3));
        // An empty square or an illegal rook move is still the rules' explanation.
        ex.handle(&Event::Retry);
        assert_eq!(ex.handle(&mv("a1b2")).code.as_str(), "cannot-move-that-way");
    }

    #[test]
    fn several_movers_are_all_marked() {
        let two = "prompt = { zh = \"两个马跳过兵墙\", en = \"Both knights jump the pawns\" }\nkind = \"star-drill\"\ndrill = true\nfen = \"8/8/8/8/8/8/PPPPPPPP/1N4N1\"\nstars = [\"d5\", \"e5\"]\nmover = [\"b1\", \"g1\"]";
        let mut ex = Exercise::new(&one_step(two));
        let fb = ex.handle(&mv("e2e4"));
        assert_eq!((fb.code.as_str(), fb.squares.count()), ("drill-movers-only", 2));
        assert_eq!(play(&mut ex, &[mv("b1c3"), mv("c3d5"), mv("g1f3"), mv("f3e5")]).stars, Some(3));
    }

    #[test]
    fn the_validator_wants_the_mover_said_and_named_in_the_prompt() {
        assert_eq!(errors_of(WALLS), ["4: step 1: the player has several kinds of pieces (pawn, knight, rook): say which the child moves with mover = [\"square\"], and name it in the prompt"]);
        let unnamed = WALLS.replace("用车绕过去", "绕过去").replace("Take the rook round", "Go round");
        assert_eq!(
            errors_of(&format!("{unnamed}\nmover = \"a1\"")),
            [
                "6: step 1: \"mover\" moves only the rook, but the Chinese prompt (zh) does not name it (车)",
                "6: step 1: \"mover\" moves only the rook, but the English prompt (en) does not name it"
            ]
        );
        assert_eq!(errors_of(&format!("{WALLS}\nmover = \"b1\"")), ["6: step 1: \"mover\": there is no piece of the player's on b1"]);
        // A par below the fewest moves of the mover alone is refused.
        assert_eq!(
            errors_of(&format!("{WALLS}\nmover = \"a1\"\npar = 2")),
            ["7: step 1: par = 2 is too low: it takes at least 4 moves; write par = 4"]
        );
        // Pieces of one kind may all move without saying so; a mover of every piece needs no name.
        assert!(errors_of("kind = \"star-drill\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/2B2B2\"\nstars = [\"h6\", \"a6\"]").is_empty());
        assert!(errors_of(&format!("{}\nmover = \"a1 a2 d1\"", WALLS.replace("用车绕过去", "走"))).is_empty());
    }
}
