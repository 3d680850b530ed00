//! The search: principal variation search (alpha-beta with null windows after the first move)
//! inside iterative deepening, quiescence on captures and queen promotions, a check extension,
//! null-move pruning and late-move reductions, the transposition table, and draws by repetition
//! (against the game's own earlier positions too), the fifty-move rule and bare kings.

use crate::eval::evaluate;
use crate::limits::Budget;
use crate::ordering::{is_tactical, mvv_lva, pick, Ordering};
use crate::pst::MATERIAL;
use crate::score::{INFINITY, MATE, MAX_PLY};
use crate::tt::{Bound, PackedMove, Table};
use qitong_rules::{Move, MoveList, Position, Role, MAX_MOVES};

/// A root move with what the last finished iteration found for it.
#[derive(Debug, Clone)]
pub struct RootMove {
    pub mv: Move,
    /// Its score, exact when `exact` (else only "below the window": too bad to be chosen).
    pub score: i32,
    pub exact: bool,
    /// The line it starts.
    pub pv: Vec<Move>,
}

/// How far quiescence may go and how wide a root window a level wants: the knobs of the levels
/// that act inside the search.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// Plies of captures after the last full ply (0: the position is judged as it stands).
    pub qs_plies: u32,
    /// Scores wanted exactly for every root move within this many centipawns of the best (the
    /// weaker levels choose among them); `None`: only the best move matters.
    pub margin: Option<i32>,
}

pub struct Searcher<'a> {
    pub tt: &'a mut Table,
    pub ordering: &'a mut Ordering,
    pub budget: Budget<'a>,
    pub nodes: u64,
    /// The deepest ply reached (UCI's seldepth).
    pub seldepth: usize,
    shape: Shape,
    /// Zobrist keys: the game's earlier positions (oldest first), then the root, then the path.
    keys: Vec<u64>,
    /// The principal variation found from each ply (a triangular table).
    pv: Vec<Vec<Move>>,
}

/// Null-move reduction: the null move's reply search is this much shallower.
const NULL_R: i32 = 2;
/// Quiescence skips a capture that cannot lift the score to alpha even with this to spare.
const DELTA_MARGIN: i32 = 200;

impl<'a> Searcher<'a> {
    pub fn new(tt: &'a mut Table, ordering: &'a mut Ordering, budget: Budget<'a>, shape: Shape, history: &[u64], root: &Position) -> Searcher<'a> {
        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 2);
        // Only positions since the last capture or pawn move can come again.
        let reversible = usize::try_from(root.halfmoves()).unwrap_or(usize::MAX);
        keys.extend_from_slice(&history[history.len().saturating_sub(reversible)..]);
        keys.push(root.zobrist());
        Searcher { tt, ordering, budget, nodes: 0, seldepth: 0, shape, keys, pv: vec![Vec::new(); MAX_PLY + 2] }
    }

    pub fn stopped(&self) -> bool {
        self.budget.stopped()
    }

    /// One iteration over the root moves at `depth`: each gets a score (exact for the best and,
    /// with a margin, for every move close to it), and the list is sorted best first. Returns
    /// false when the search was stopped before all moves were searched.
    pub fn root(&mut self, root: &Position, moves: &mut [RootMove], depth: i32) -> bool {
        let mut best = -INFINITY;
        for (i, rm) in moves.iter_mut().enumerate() {
            let m = rm.mv;
            let child = root.play_unchecked(&m);
            self.keys.push(child.zobrist());
            let floor = match (i, self.shape.margin) {
                (0, _) => -INFINITY,
                (_, Some(margin)) => (best - margin).max(-INFINITY),
                (_, None) => best,
            };
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -INFINITY, INFINITY, 1)
            } else {
                let probe = -self.negamax(&child, depth - 1, -floor - 1, -floor, 1);
                if probe > floor && !self.stopped() {
                    -self.negamax(&child, depth - 1, -INFINITY, -floor, 1)
                } else {
                    probe
                }
            };
            self.keys.pop();
            if self.stopped() {
                return false;
            }
            rm.exact = i == 0 || score > floor;
            rm.score = score;
            if rm.exact {
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(self.pv.get(1).map_or(&[][..], |v| &v[..]));
            }
            best = best.max(score);
        }
        // Best first; a stable sort keeps the earlier order among equals (determinism).
        moves.sort_by_key(|rm| (!rm.exact, -rm.score));
        if let Some(first) = moves.first() {
            self.tt.store(self.current_key(), 0, PackedMove::new(&first.mv), first.score, depth, Bound::Exact);
        }
        true
    }

    fn current_key(&self) -> u64 {
        self.keys.last().copied().unwrap_or(0)
    }

    /// Has the position at the end of the path occurred before, within the reversible stretch?
    fn is_repetition(&self, halfmoves: u32) -> bool {
        let Some(last) = self.keys.len().checked_sub(1) else { return false };
        let key = self.keys[last];
        let oldest = last.saturating_sub(usize::try_from(halfmoves).unwrap_or(usize::MAX));
        let mut i = last;
        while i >= oldest + 2 {
            i -= 2;
            if self.keys[i] == key {
                return true;
            }
        }
        false
    }

    /// Counts a node at `ply` and clears its principal variation; true when the search must stop
    /// (its score is then never used).
    fn enter(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        if let Some(v) = self.pv.get_mut(ply) {
            v.clear();
        }
        if self.budget.should_stop(self.nodes) {
            return true;
        }
        self.seldepth = self.seldepth.max(ply);
        false
    }

    fn negamax(&mut self, pos: &Position, mut depth: i32, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        if self.enter(ply) {
            return 0;
        }
        let in_check = pos.is_check();
        if pos.halfmoves() >= 100 {
            // Fifty moves without a capture or pawn move: a draw, unless this very move mated.
            return if in_check && !pos.has_legal_moves() { -MATE + ply as i32 } else { 0 };
        }
        if self.is_repetition(pos.halfmoves()) || pos.has_insufficient_material() {
            return 0;
        }
        // No line from here can beat a mate already found nearer the root.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence(pos, alpha, beta, ply, 0);
        }
        if ply >= MAX_PLY - 1 {
            return evaluate(pos);
        }
        let key = self.current_key();
        let pv_node = beta - alpha > 1;
        let mut hash_move = PackedMove::NONE;
        if let Some(hit) = self.tt.probe(key, ply) {
            hash_move = hit.mv;
            if !pv_node && hit.depth >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.score >= beta,
                    Bound::Upper => hit.score <= alpha,
                };
                if cut {
                    return hit.score;
                }
            }
        }
        // Null move: if passing still leaves us above beta, a real move surely does. Not in
        // check, and not with only pawns (zugzwang, where passing would be the best move).
        if !pv_node && !in_check && depth >= 3 && has_pieces(pos) && evaluate(pos) >= beta {
            if let Some(passed) = pos.pass() {
                self.keys.push(passed.zobrist());
                let score = -self.negamax(&passed, depth - 1 - NULL_R, -beta, -beta + 1, ply + 1);
                self.keys.pop();
                if self.stopped() {
                    return 0;
                }
                if score >= beta && score < MATE - MAX_PLY as i32 {
                    return beta;
                }
            }
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        let mut keys = [0i32; MAX_MOVES];
        let keys = &mut keys[..moves.len()];
        self.ordering.scores(&moves, pos.turn(), hash_move, ply, keys);
        let (mut best, mut best_move, mut bound) = (-INFINITY, None, Bound::Upper);
        let mut i = 0;
        while let Some(m) = pick(&mut moves, keys, i) {
            let child = pos.play_unchecked(&m);
            self.keys.push(child.zobrist());
            let quiet = !is_tactical(&m);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves rarely matter: look at them shallower first.
                let reduce = if depth >= 3 && i >= 4 && quiet && !in_check { 1 + i32::from(i >= 12) } else { 0 };
                let mut s = -self.negamax(&child, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1);
                if s > alpha && reduce > 0 {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                }
                s
            };
            self.keys.pop();
            if self.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    bound = Bound::Exact;
                    self.update_pv(ply, m);
                    if score >= beta {
                        bound = Bound::Lower;
                        if quiet {
                            self.ordering.record_cut(pos.turn(), &m, ply, depth);
                        }
                        break;
                    }
                }
            }
            i += 1;
        }
        let packed = best_move.as_ref().map_or(PackedMove::NONE, PackedMove::new);
        self.tt.store(key, ply, packed, best, depth, bound);
        best
    }

    /// Captures (and queen promotions) until the position is quiet, so that the search never
    /// judges a position in the middle of an exchange. In check every evasion is searched.
    fn quiescence(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        if self.enter(ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 || qply >= self.shape.qs_plies {
            return evaluate(pos);
        }
        let in_check = pos.is_check();
        let mut best = -INFINITY;
        let mut stand = 0;
        if !in_check {
            stand = evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut moves: MoveList = pos.legal_moves();
        if moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        if !in_check {
            moves.retain(is_tactical);
        }
        let mut keys = [0i32; MAX_MOVES];
        let keys = &mut keys[..moves.len()];
        for (m, k) in moves.iter().zip(keys.iter_mut()) {
            *k = mvv_lva(m);
        }
        let mut i = 0;
        while let Some(m) = pick(&mut moves, keys, i) {
            i += 1;
            if !in_check && m.promotion.is_none() {
                let gain = m.capture.map_or(0, |r| MATERIAL[r.index()].0);
                if stand + gain + DELTA_MARGIN < alpha {
                    continue;
                }
            }
            let child = pos.play_unchecked(&m);
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, qply + 1);
            if self.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The line from `ply`: `m`, then the line found from the next ply.
    fn update_pv(&mut self, ply: usize, m: Move) {
        if ply + 1 >= self.pv.len() {
            return;
        }
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }
}

/// Has the side to move anything but pawns and the king?
fn has_pieces(pos: &Position) -> bool {
    let b = pos.board();
    let ours = b.by_color(pos.turn());
    (ours & !(b.pawns() | b.by_role(Role::King))).any()
}
