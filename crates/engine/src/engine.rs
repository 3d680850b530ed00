//! The library's entry point: [`Engine`] keeps the transposition table between moves and
//! answers "what would you play here?" for a game or a position with its history, at a level,
//! within limits, from a seed.

use crate::choice::{choose, overlook_captures};
use crate::level::Level;
use crate::limits::{Budget, Clock, SearchLimits};
use crate::ordering::{mvv_lva, Ordering};
use crate::rng::Rng;
use crate::score::{is_mate, Score, MATE, MAX_PLY};
use crate::search::{RootMove, Searcher, Shape};
use crate::tt::{self, PackedMove, Table};
use core::fmt;
use core::sync::atomic::AtomicBool;
use qitong_rules::{Game, Move, Outcome, Position};

/// The deepest iteration: leaves room for extensions and quiescence within `MAX_PLY`.
const MAX_DEPTH: u32 = (MAX_PLY as u32) - 32;

/// What to search: a position, the Zobrist keys of the positions before it (oldest first; for
/// repetitions), the caller's limits, the level and the seed of its choices.
#[derive(Debug, Clone, Copy)]
pub struct Job<'a> {
    pub position: &'a Position,
    pub history: &'a [u64],
    pub limits: SearchLimits,
    pub level: Level,
    pub seed: u64,
}

/// The answer: the move, its score, and how hard the engine looked.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchResult {
    pub best: Move,
    /// `best` in UCI spelling (`e2e4`, `e7e8q`).
    pub uci: String,
    /// For the side to move, from the search of the level's own depth.
    pub score: Score,
    /// The last depth searched completely (0: stopped before the first finished).
    pub depth: u32,
    pub seldepth: u32,
    pub nodes: u64,
    pub time_ms: f64,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
}

/// Why there is no move to give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchError {
    /// Checkmate or stalemate: the side to move has no legal move.
    NoLegalMoves,
    /// The game has ended (by its draw rules, a resignation, …).
    GameOver(Outcome),
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::NoLegalMoves => write!(f, "the side to move has no legal move"),
            SearchError::GameOver(outcome) => write!(f, "the game is over ({})", outcome.code()),
        }
    }
}

impl std::error::Error for SearchError {}

/// A computer opponent: its memory (the transposition table and ordering statistics) between
/// moves. Deterministic: the same jobs in the same order give the same moves.
pub struct Engine {
    tt: Table,
    ordering: Ordering,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(tt::DEFAULT_MB)
    }
}

impl Engine {
    /// An engine with a transposition table of `tt_mb` megabytes (16 is the default).
    pub fn new(tt_mb: usize) -> Engine {
        Engine { tt: Table::new(tt_mb), ordering: Ordering::new() }
    }

    /// Forgets what earlier searches learnt (a new game), so the next search starts as a fresh
    /// engine's would.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
    }

    /// A new table of `mb` megabytes (UCI's `Hash`).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.tt = Table::new(mb);
    }

    /// The move to play in `game`'s current position.
    pub fn best_move(
        &mut self,
        game: &Game,
        limits: &SearchLimits,
        level: Level,
        seed: u64,
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> Result<SearchResult, SearchError> {
        if let Some(outcome) = game.outcome() {
            return Err(SearchError::GameOver(outcome));
        }
        let positions = game.positions();
        let earlier = &positions[..positions.len().saturating_sub(1)];
        let history: Vec<u64> = earlier.iter().map(Position::zobrist).collect();
        let job = Job { position: game.position(), history: &history, limits: *limits, level, seed };
        self.search(&job, clock, stop, &mut |_| {})
    }

    /// Searches `job`, calling `report` after each finished depth (UCI `info` lines).
    pub fn search(
        &mut self,
        job: &Job<'_>,
        clock: &dyn Clock,
        stop: &AtomicBool,
        report: &mut dyn FnMut(&SearchResult),
    ) -> Result<SearchResult, SearchError> {
        let pos = job.position;
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return Err(SearchError::NoLegalMoves);
        }
        let style = job.level.style();
        let mut rng = Rng::new(job.seed ^ pos.zobrist());
        let hasty = rng.chance(style.hasty);
        // A depth limit bounds quiescence too (issue 29: `go depth 1` among thirty queens ran
        // for minutes): captures to twice the depth asked, at least two.
        let qs_limit = job.limits.depth.map_or(u32::MAX, |d| d.saturating_mul(2).max(2));
        let shape = Shape { qs_plies: if hasty { 0 } else { style.qs_plies.min(qs_limit) }, margin: (style.temperature > 0).then_some(style.margin) };
        let limits = job.limits.and(job.level.limits());
        self.tt.new_search();
        self.ordering.clear();
        let hash_move = self.tt.probe(pos.zobrist(), 0).map_or(PackedMove::NONE, |hit| hit.mv);
        let mut root: Vec<RootMove> = legal.iter().map(|m| RootMove { mv: *m, score: -MATE, exact: false, pv: vec![*m] }).collect();
        // The first iteration's order: the remembered move, then the biggest captures.
        root.sort_by_key(|rm| (!hash_move.is(&rm.mv), -mvv_lva(&rm.mv)));
        if !pos.is_check() {
            overlook_captures(&mut root, &style, &mut rng);
        }
        let budget = Budget::new(limits, clock, stop);
        let mut searcher = Searcher::new(&mut self.tt, &mut self.ordering, budget, shape, job.history, pos);
        let mut finished: Option<(u32, Vec<RootMove>)> = None;
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=max_depth {
            if !searcher.budget.another_iteration(depth) || !searcher.root(pos, &mut root, depth as i32) {
                break;
            }
            if let Some(first) = root.first() {
                report(&summary(first, depth, &searcher));
            }
            let best = root.first().map_or(0, |rm| rm.score);
            finished = Some((depth, root.clone()));
            // A mate found within this depth is final: deeper search only finds the same.
            if is_mate(best) && (MATE - best.abs()) as u32 <= depth {
                break;
            }
        }
        let (depth, moves) = finished.unwrap_or((0, root));
        let pick = if depth == 0 { 0 } else { choose(&moves, &style, &mut rng) };
        let chosen = moves.get(pick).or(moves.first()).ok_or(SearchError::NoLegalMoves)?;
        Ok(summary(chosen, depth, &searcher))
    }
}

/// The result for playing `chosen` after `depth` finished iterations.
fn summary(chosen: &RootMove, depth: u32, searcher: &Searcher<'_>) -> SearchResult {
    SearchResult {
        best: chosen.mv,
        uci: chosen.mv.to_uci(),
        score: Score::from_internal(if depth == 0 { 0 } else { chosen.score }),
        depth,
        seldepth: searcher.seldepth as u32,
        nodes: searcher.nodes,
        time_ms: searcher.budget.elapsed_ms(),
        pv: if depth == 0 { vec![chosen.mv] } else { chosen.pv.clone() },
    }
}
