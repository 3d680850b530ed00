//! The validator's engine proof of a puzzle (issue 28): every move the player accepts must keep
//! its goal against the engine's best defence, not only against the search's four plies. The
//! four-ply search misses what comes one reply later — a pin (`Rb4 Ba5`: the rook is pinned to
//! the king and lost), a fork, a piece trapped, a pawn left behind — so each accepted move is
//! played out along the engine's principal variation (searched at `DEPTH`) for `HORIZON` plies
//! and the material counted there, a trade on the last square counted to its end as the search
//! counts it. The horizon is what a puzzle promises: the piece is safe, the win kept, for the next
//! two moves of each side; a pawn race or an endgame decided ten moves later is another lesson.
//! The engine's score must agree: its line may give material back for a drawn ending or a
//! better position (a rook traded for a knight into a dead draw), which loses the child nothing,
//! so a move is refuted only when the score too is worse than the goal by `MARGIN` or more,
//! measured from the start's static evaluation (the piece still on the board).
//!
//! Native only, like the vs-computer proof: the player never links the engine.

use super::search::{exchange, play, swing, Search};
use super::{Goal, Spec};
use crate::error::ErrorKind;
use core::sync::atomic::AtomicBool;
use qitong_engine::{eval, Engine, Job, Level, NoClock, Score, SearchLimits};
use qitong_rules::{Move, Position};

/// Plies the engine looks ahead from the other side's first reply (quiescence beyond): deep
/// enough for a pin or a fork and the capture it wins, a few milliseconds a move natively.
const DEPTH: u32 = 7;
/// Plies of the engine's line that count: the other side's reply, then two moves each.
const HORIZON: usize = 5;
/// Centipawns below the goal that the engine's score must show too: half a pawn, more than the
/// positional terms a move changes in these small positions.
const MARGIN: i32 = 50;
const SEED: u64 = 0x51_7175;

/// A move the puzzle accepts that the engine refutes: the child's move and the engine's line
/// after it, both in SAN, and the points the child ends with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refuted {
    /// The child's move.
    pub mv: String,
    /// The engine's line after it, up to the horizon.
    pub line: String,
    /// The points the child has at the line's end (a trade on its last square counted).
    pub gain: i32,
}

/// The first accepted move of `spec` (at any of the child's moves, after the most stubborn
/// replies) whose goal the engine's best defence breaks.
pub fn refuted(spec: &Spec) -> Option<Refuted> {
    if !matches!(spec.goal, Goal::Safe | Goal::Win { .. }) {
        // Check and mate are decided by the exhaustive search itself: nothing lies beyond them.
        return None;
    }
    let mut engine = Engine::new(1);
    let need = spec.goal.need();
    let bar = eval::evaluate(&spec.start) + 100 * need - MARGIN;
    let judge = Judge { search: Search::new(spec.goal), need, bar };
    judge.refuted_from(&mut engine, &spec.start, 0, spec.moves)
}

/// The goal's bars: the points the child must keep, the engine's score (centipawns, the
/// child's view) below which a line that misses them refutes.
struct Judge {
    search: Search,
    need: i32,
    bar: i32,
}

impl Judge {
    fn refuted_from(&self, engine: &mut Engine, pos: &Position, gain: i32, left: u32) -> Option<Refuted> {
        let (search, need) = (&self.search, self.need);
        for m in pos.legal_moves().iter().filter(|m| search.works(pos, m, gain, left)) {
            let after = play(pos, m);
            let gain = gain + swing(m);
            if left > 1 {
                // The player answers with the most stubborn reply; the child's next accepted moves
                // are proved from there.
                let reply = search.stubborn(&after, gain, left)?;
                let next = play(&after, &reply);
                if let Some(found) = self.refuted_from(engine, &next, Search::after_reply(&next, &reply, gain, left - 1), left - 1) {
                    return Some(found);
                }
                continue;
            }
            let (line, end, score) = engine_line(engine, &after);
            let total = gain + end;
            if total < need && score < self.bar {
                return Some(Refuted { mv: pos.san(m), line, gain: total });
            }
        }
        None
    }
}

/// The engine's best line from `after` (the other side to move) in SAN, and what it wins for
/// the child (negative: what the child loses), a trade on its last square counted to its end; a
/// mate of the child loses everything, a mate by the child wins it; and the engine's score for
/// the child (centipawns; a mate as ±100 000).
fn engine_line(engine: &mut Engine, after: &Position) -> (String, i32, i32) {
    let stop = AtomicBool::new(false);
    let job = Job { position: after, history: &[], limits: SearchLimits::depth(DEPTH), level: Level::MAX, seed: SEED };
    let Ok(found) = engine.search(&job, &NoClock, &stop, &mut |_| {}) else {
        return (String::new(), 0, 0);
    };
    let score = match found.score {
        Score::Cp(cp) => -cp,
        Score::Mate(n) => {
            if n > 0 {
                -100_000
            } else {
                100_000
            }
        }
    };
    let mut pos = *after;
    let mut gain = 0;
    let mut sans = Vec::new();
    let mut last: Option<Move> = None;
    // The other side moves first: its captures count against the child.
    let mut theirs = true;
    for m in found.pv.iter().take(HORIZON) {
        if !pos.legal_moves().iter().any(|legal| legal == m) {
            break;
        }
        sans.push(pos.san(m));
        gain += if theirs { -swing(m) } else { swing(m) };
        pos = play(&pos, m);
        last = Some(*m);
        theirs = !theirs;
    }
    if !pos.has_legal_moves() && pos.is_check() {
        // `theirs` now says whose move it is: the side that cannot move is mated.
        gain = if theirs { 100 } else { -100 };
    } else if let Some(m) = last.filter(|m| m.capture.is_some()) {
        // The side to move may take back on that square while it pays.
        let back = exchange(&pos, m.to);
        gain += if theirs { -back } else { back };
    }
    (sans.join(" "), gain, score)
}

/// The child's first moves the player does not accept that the engine proves meet the goal
/// all the same, in SAN: the material of its line at the horizon and its score both say so
/// (a one-move puzzle's; a two-move puzzle's first move is judged by the exhaustive search).
/// The score's bar is the one an accepted move must pass (`MARGIN` below the goal): with a
/// stricter bar, value/trades 6's Qa4+ (…Ke7 cxd5 exd5: the same two points, the king moved)
/// fell 8 centipawns short and was called wrong.
pub fn also_good(spec: &Spec) -> Vec<String> {
    if !matches!(spec.goal, Goal::Safe | Goal::Win { .. }) || spec.moves != 1 {
        return Vec::new();
    }
    let mut engine = Engine::new(1);
    let need = spec.goal.need();
    let bar = eval::evaluate(&spec.start) + 100 * need - MARGIN;
    let search = Search::new(spec.goal);
    let pos = &spec.start;
    let mut found = Vec::new();
    for m in pos.legal_moves().iter().filter(|m| !search.works(pos, m, 0, 1)) {
        let (_, end, score) = engine_line(&mut engine, &play(pos, m));
        if swing(m) + end >= need && score >= bar {
            found.push(pos.san(m));
        }
    }
    found
}

/// The validator's error for a puzzle whose `also` does not list exactly the moves the engine
/// proves, or whose accepted moves it refutes, if any.
pub(crate) fn check(spec: &Spec) -> Option<ErrorKind> {
    let proved = also_good(spec);
    let listed: Vec<String> = spec.also.iter().map(|m| spec.start.san(m)).collect();
    if let Some(odd) = listed.iter().find(|mv| !proved.contains(mv)) {
        return Some(ErrorKind::PuzzleAlsoUnproved { mv: odd.clone() });
    }
    let missing: Vec<&str> = proved.iter().filter(|mv| !listed.contains(mv)).map(String::as_str).collect();
    if !missing.is_empty() {
        return Some(ErrorKind::PuzzleAlsoMissing { moves: missing.join(", ") });
    }
    let found = refuted(spec)?;
    Some(ErrorKind::PuzzleRefuted { goal: spec.goal.name(), mv: found.mv, line: found.line, gain: found.gain })
}

/// The child's moves the puzzle accepts, each with the position it is played in: the first moves
/// (those in `also` too), then, after the most stubborn reply to each, the next ones. What a
/// prompt's hint must agree with (`hints`).
pub fn answers(spec: &Spec) -> Vec<(Position, Move)> {
    let search = Search::new(spec.goal);
    let mut out: Vec<(Position, Move)> = spec.also.iter().map(|m| (spec.start, *m)).collect();
    collect_answers(&search, &spec.start, 0, spec.moves, &mut out);
    out
}

fn collect_answers(search: &Search, pos: &Position, gain: i32, left: u32, out: &mut Vec<(Position, Move)>) {
    for m in pos.legal_moves().iter().filter(|m| search.works(pos, m, gain, left)) {
        out.push((*pos, *m));
        if left > 1 {
            let after = play(pos, m);
            let gain = gain + swing(m);
            if let Some(r) = search.stubborn(&after, gain, left) {
                let next = play(&after, &r);
                let gain = Search::after_reply(&next, &r, gain, left - 1);
                collect_answers(search, &next, gain, left - 1, out);
            }
        }
    }
}
