//! The stubborn defence of a `draw` goal's proof (`prove.rs`): the computer never plays a move
//! that ends the game in a draw, nor one after which the child can force a draw within
//! `LOOKAHEAD` of its moves, when it has another. The look-ahead is a full search of the child's
//! moves and every reply, with a memo of the positions answered (keyed with the positions since
//! the last capture or pawn move, on which a repetition depends), so that it looks four moves
//! ahead where it used to look two: a defence that looks two ahead walks into a stalemate trap
//! three moves deep and "proves" a draw the real computer would avoid (issue 28).

use crate::kinds::vs_computer::prove::value;
use core::sync::atomic::AtomicBool;
use qitong_engine::{Engine, Level, NoClock, SearchLimits};
use qitong_rules::{Game, Move};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

/// The child's moves within which a stubborn defence looks for a draw it can no longer avoid.
pub const LOOKAHEAD: u32 = 4;
/// Nodes for the child's side's answer to each of a stubborn defence's other moves.
const STUBBORN_NODES: u64 = 4_000;
/// The seed of those searches (full strength picks no random moves; fixed anyway).
const SEED: u64 = 0x51_7175;

/// The draws the child can force, remembered across the proof's moves.
#[derive(Default)]
pub struct DrawSearch {
    /// By the game's state (`key`) and the child's moves left: can the child force a draw?
    memo: HashMap<(u64, u32), bool>,
}

/// Does `game`'s last move end it in a draw?
fn drawn(game: &Game) -> bool {
    game.outcome().is_some_and(|o| o.winner.is_none())
}

/// What decides the rest of `game`: its position, the fifty-move count, and the positions since
/// the last capture or pawn move (in any order: only how often each occurred counts).
fn key(game: &Game) -> u64 {
    let positions = game.positions();
    let now = positions[positions.len() - 1];
    let back = (now.halfmoves() as usize).min(positions.len() - 1);
    let mut earlier: Vec<u64> = positions[positions.len() - 1 - back..positions.len() - 1].iter().map(|p| p.zobrist()).collect();
    earlier.sort_unstable();
    let mut h = DefaultHasher::new();
    (now.zobrist(), now.halfmoves(), earlier).hash(&mut h);
    h.finish()
}

impl DrawSearch {
    /// Can the child, to move in `game`, force a draw within `k` of its moves (the defence
    /// avoiding it wherever it can)? `game` is as it was afterwards.
    pub fn forced(&mut self, game: &mut Game, k: u32) -> bool {
        let at = (key(game), k);
        if let Some(&known) = self.memo.get(&at) {
            return known;
        }
        let mut found = false;
        for m in game.position().legal_moves().iter() {
            if game.play(m).is_err() {
                continue;
            }
            found = drawn(game) || (k > 1 && game.outcome().is_none() && self.every_reply_draws(game, k - 1));
            game.undo();
            if found {
                break;
            }
        }
        self.memo.insert(at, found);
        found
    }

    /// After the child's move: does every reply draw, or leave the child a draw within `k`?
    fn every_reply_draws(&mut self, game: &mut Game, k: u32) -> bool {
        let replies = game.position().legal_moves();
        !replies.is_empty()
            && replies.iter().all(|r| {
                if game.play(r).is_err() {
                    return true;
                }
                let holds = drawn(game) || (game.outcome().is_none() && self.forced(game, k));
                game.undo();
                holds
            })
    }

    /// How long the child needs to force a draw after the defence's `m`: 0 when `m` draws
    /// itself, else its moves (up to `lookahead`; one more when it cannot within them). Higher
    /// is stubborner.
    pub fn drawing(&mut self, game: &mut Game, m: &Move, lookahead: u32) -> u32 {
        if game.play(m).is_err() {
            return 0;
        }
        let plies = if drawn(game) { 0 } else { (1..=lookahead).find(|&k| self.forced(game, k)).unwrap_or(lookahead + 1) };
        game.undo();
        plies
    }

    /// The stubborn defence's move in `game`, looking `lookahead` of the child's moves ahead: of
    /// the moves that put the child's draw furthest away, `best` if it is one, else the one after
    /// which the child's side (its search) scores least.
    pub fn defend(&mut self, engine: &mut Engine, game: &Game, best: Move, lookahead: u32, stop: &AtomicBool) -> Move {
        let mut game = game.clone();
        let moves = game.position().legal_moves();
        let distances: Vec<(Move, u32)> = moves.iter().map(|m| (*m, self.drawing(&mut game, m, lookahead))).collect();
        let Some(least) = distances.iter().map(|&(_, d)| d).max().filter(|&d| d > 0) else { return best };
        if distances.iter().any(|&(m, d)| m == best && d == least) {
            return best;
        }
        let mut choice: Option<(i32, Move)> = None;
        for &(m, _) in distances.iter().filter(|&&(_, d)| d == least) {
            if game.play(&m).is_err() {
                continue;
            }
            if let Ok(answer) = engine.best_move(&game, &SearchLimits::nodes(STUBBORN_NODES), Level::MAX, SEED, &NoClock, stop) {
                let child = value(answer.score);
                if choice.is_none_or(|(low, _)| child < low) {
                    choice = Some((child, m));
                }
            }
            game.undo();
        }
        choice.map_or(best, |(_, m)| m)
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::{Mode, Position};

    /// The stubborn move in `fen` (the defence to move) looking `lookahead` ahead, and the
    /// child's moves to a forced draw after it (looking four ahead; 5: none within four).
    fn defence(fen: &str, lookahead: u32) -> (String, u32) {
        let game = Game::from_position(Position::from_fen(fen, Mode::Standard).expect("fen"));
        let mut engine = Engine::new(1);
        let stop = AtomicBool::new(false);
        let best = engine.best_move(&game, &SearchLimits::nodes(20_000), Level::MAX, SEED, &NoClock, &stop).expect("search").best;
        let m = DrawSearch::default().defend(&mut engine, &game, best, lookahead, &stop);
        (m.to_uci(), DrawSearch::default().drawing(&mut game.clone(), &m, 4))
    }

    #[test]
    fn a_defence_that_looks_two_moves_ahead_walks_into_a_draw_four_deep() {
        // Found by a scan of rook-against-pawn endings. The black king attacks the rook; White's
        // king steps in front of the pawn (Kf2), and then Black forces a draw within four moves.
        let fen = "8/8/8/R7/1k6/5p2/4K3/8 w - - 0 1";
        assert_eq!(defence(fen, 2), ("e2f2".to_string(), 4), "two moves ahead: the engine's Kf2 looks safe");
        let (deeper, draw) = defence(fen, LOOKAHEAD);
        assert_eq!(draw, 5, "four moves ahead: {deeper} leaves no draw within four");
    }

    #[test]
    fn the_memo_keeps_repetitions_apart() {
        // The same position reached again is another state: its third time would be a draw.
        let mut game = Game::from_position(Position::from_fen("7k/8/8/8/8/8/8/K5Q1 w - - 0 1", Mode::Standard).expect("fen"));
        let start = key(&game);
        for uci in ["g1g2", "h8h7", "g2g1", "h7h8"] {
            let m = game.position().legal_moves().iter().copied().find(|m| m.to_uci() == uci).expect("move");
            game.play(&m).expect("legal");
        }
        assert_ne!(key(&game), start, "the same position, once more in the game");
    }
}
