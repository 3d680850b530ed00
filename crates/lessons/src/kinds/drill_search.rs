//! The rules of a star drill shared by the player and the validator: what the opponent does
//! after each move (`respond`), which pieces the player may move (`mover`), and the
//! breadth-first search over positions × stars left that proves how few moves collect every
//! star, or that it cannot be done.

use core::hash::{BuildHasherDefault, Hasher};
use qitong_rules::{Bitboard, Board, CastlingRights, Move, Position, Setup, Square, Uci};
use std::collections::HashSet;

/// What the opponent does.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rules {
    /// Its scripted moves: the n-th is played after the player's n-th move; after the script,
    /// it passes.
    pub replies: Vec<Uci>,
    /// It captures the piece that just moved whenever it can.
    pub opponent_captures: bool,
}

/// A fast multiplicative hasher for the search's keys (no random seed: std's `RandomState`
/// costs several KB of wasm and nothing here needs protection from chosen keys).
#[derive(Default)]
pub(crate) struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// How many positions the search may visit before giving up (a drill that big is not one a
/// child can see through anyway).
pub(crate) const MAX_STATES: usize = 100_000;

/// What the opponent does after the player's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Response {
    /// The game goes on from `pos` (the player to move), after the scripted `reply` or a pass.
    Continue { pos: Position, reply: Option<Move> },
    /// The opponent captures the piece that just moved (`opponent_captures = true`).
    Lost { capture: Move },
    /// The opponent is in check and has no scripted reply: it cannot pass.
    GivesCheck,
    /// The scripted reply is not legal here.
    ScriptBroken { reply: Uci },
}

/// The same position with the other side to move and no en-passant square: the opponent passes.
/// `None` when that is not a legal position (the passing side is in check).
pub(crate) fn pass(pos: &Position) -> Option<Position> {
    let mut setup: Setup = pos.to_setup();
    setup.turn = !setup.turn;
    setup.ep_square = None;
    Position::from_setup(setup, pos.mode()).ok()
}

/// The opponent's answer to the player's `ply`-th move (from 0) that landed on `moved_to`;
/// `after` is the position after that move.
/// Does collecting the last star on `moved_to` end the drill? Not where the opponent takes
/// what is left en prise and can take it there: "never stop where it can take you" holds for the
/// last star too (issue 28: rook/dodge's last star stood on the queen's diagonal).
pub(crate) fn finishes(rules: &Rules, after: &Position, moved_to: Square) -> bool {
    !rules.opponent_captures || !after.legal_moves().iter().any(|m| m.to == moved_to)
}

pub(crate) fn respond(rules: &Rules, after: &Position, moved_to: Square, ply: usize) -> Response {
    if rules.opponent_captures {
        if let Some(capture) = after.legal_moves().iter().find(|m| m.to == moved_to) {
            return Response::Lost { capture: *capture };
        }
    }
    if let Some(reply) = rules.replies.get(ply) {
        return match after.move_from_uci(reply) {
            Ok(m) => Response::Continue { pos: after.play_unchecked(&m), reply: Some(m) },
            Err(_) => Response::ScriptBroken { reply: *reply },
        };
    }
    match pass(after) {
        Some(pos) => Response::Continue { pos, reply: None },
        None => Response::GivesCheck,
    }
}

/// Why the search found no way to collect the stars.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SearchError {
    /// There is none (within the limit).
    Unreachable,
    /// More than [`MAX_STATES`] positions.
    TooLarge { states: usize },
    /// Scripted reply number `index` (from 1) is illegal after the player's moves `after`.
    ReplyIllegal { index: usize, reply: Uci, after: Vec<Uci> },
}

/// Where the pieces the player may move stand after `m` (the piece moved along; a piece the
/// opponent took is dropped). `None`: every piece may move.
pub(crate) fn movers_after(movers: Option<Bitboard>, m: &Move, pos: &Position) -> Option<Bitboard> {
    movers.map(|squares| squares.without(m.from).with(m.to) & pos.board().by_color(pos.turn()))
}

/// May the player move the piece on `from`?
pub(crate) fn may_move(movers: Option<Bitboard>, from: Square) -> bool {
    movers.is_none_or(|squares| squares.contains(from))
}

/// A position the search reached, with the player to move.
struct Node {
    pos: Position,
    stars: Bitboard,
    /// The squares of the pieces the player may move (`None`: all).
    movers: Option<Bitboard>,
    parent: usize,
    last: Option<Move>,
}

/// What makes two search positions the same: the placement, rights and en passant, the stars
/// left, the pieces that may move and how far the script has got.
type Key = (Board, CastlingRights, Option<Square>, u64, u64, usize);

/// A shortest route (the player's moves) that collects every star from `start`, at most `limit`
/// moves (if any), moving only the pieces on `movers` (`None`: any piece) — the moves the prompt
/// asks for, so that par is never a shortcut the child is told not to take. Its length is par's
/// default; the teacher's reveal plays it.
///
/// Breadth-first over (position, stars left, script ply): each level is one move of the player
/// and the opponent's response. It goes on past the first solution until every scripted reply
/// has been tried in every position the player can reach before it, so a broken script is found
/// whatever way the child goes.
pub(crate) fn fewest_moves(
    rules: &Rules,
    start: &Position,
    stars: Bitboard,
    movers: Option<Bitboard>,
    limit: Option<u32>,
) -> Result<Vec<Move>, SearchError> {
    let key = |n: &Node, ply: usize| -> Key {
        let movers = n.movers.map_or(0, |b| b.0);
        (*n.pos.board(), n.pos.castles(), n.pos.ep_square(), n.stars.0, movers, ply.min(rules.replies.len()))
    };
    let mut nodes = vec![Node { pos: *start, stars, movers, parent: 0, last: None }];
    let mut seen: HashSet<Key, BuildHasherDefault<FoldHasher>> = HashSet::default();
    seen.insert(key(&nodes[0], 0));
    let mut level: Vec<usize> = vec![0];
    // The first solution found: the node it was played from and its last move.
    let mut found: Option<(usize, Move)> = None;
    let mut depth: u32 = 0;
    while !level.is_empty() && limit.is_none_or(|l| depth < l) {
        let ply = depth as usize;
        let mut next = Vec::new();
        for &index in &level {
            let (pos, left, movers) = (nodes[index].pos, nodes[index].stars, nodes[index].movers);
            for m in pos.legal_moves().iter().filter(|m| may_move(movers, m.from)) {
                let after_stars = left.without(m.to);
                let after = pos.play_unchecked(m);
                if after_stars.is_empty() && finishes(rules, &after, m.to) {
                    found.get_or_insert((index, *m));
                    continue;
                }
                match respond(rules, &after, m.to, ply) {
                    Response::Continue { pos: reached, .. } => {
                        let movers = movers_after(movers, m, &reached);
                        let node = Node { pos: reached, stars: after_stars, movers, parent: index, last: Some(*m) };
                        if seen.insert(key(&node, ply + 1)) {
                            if nodes.len() >= MAX_STATES {
                                return Err(SearchError::TooLarge { states: nodes.len() });
                            }
                            nodes.push(node);
                            next.push(nodes.len() - 1);
                        }
                    }
                    Response::ScriptBroken { reply } => {
                        let mut after = Vec::new();
                        for m in route_to(&nodes, index, *m) {
                            after.push(Uci::from_move(&m));
                        }
                        return Err(SearchError::ReplyIllegal { index: ply + 1, reply, after });
                    }
                    Response::Lost { .. } | Response::GivesCheck => {}
                }
            }
        }
        depth += 1;
        if found.is_some() && depth as usize >= rules.replies.len() {
            break;
        }
        level = next;
    }
    let (at, last) = found.ok_or(SearchError::Unreachable)?;
    Ok(route_to(&nodes, at, last))
}

/// The player's moves from the start to the node `at`, then `last`.
fn route_to(nodes: &[Node], at: usize, last: Move) -> Vec<Move> {
    let mut route = match nodes[at].last {
        Some(m) => route_to(nodes, nodes[at].parent, m),
        None => Vec::new(),
    };
    route.push(last);
    route
}
