//! The puzzle's exhaustive search, at most four plies (the child's two moves and the replies):
//! does a move reach the goal against every reply, how many of the child's moves still do after
//! a reply, and which reply is the most stubborn. A checkmate ends a line as a win for whoever
//! gave it; a stalemate ends it as no win for anybody. When the last reply captures, the trade on
//! that square is counted to its end, as a teacher counts it (`exchange`): a defended piece that
//! is taken is taken back.

use super::Goal;
use qitong_rules::{Move, Position, Role, Square};

/// The course's points of a piece: pawn 1, knight and bishop 3, rook 5, queen 9, king none (it
/// cannot be traded).
pub fn points(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The material a move wins for its side: what it captures, and what a pawn gains by promoting.
pub fn swing(m: &Move) -> i32 {
    m.capture.map_or(0, points) + m.promotion.map_or(0, |role| points(role) - 1)
}

/// `pos` after its legal move `m`. The move maker is inlined wherever it is called, so the
/// search calls it through here: one copy in the wasm.
#[inline(never)]
pub fn play(pos: &Position, m: &Move) -> Position {
    pos.play_unchecked(m)
}

/// What the side to move can still win by captures on `square`: each side takes back with its
/// least valuable piece while that pays, and may stop (a static exchange, played with legal
/// moves, so a pinned piece or the king into a guarded square never takes).
pub(super) fn exchange(pos: &Position, square: Square) -> i32 {
    let moves = pos.legal_moves();
    let cheapest = moves.iter().filter(|m| m.captured_square() == Some(square)).min_by_key(|m| (points(m.role), -swing(m)));
    cheapest.map_or(0, |m| (swing(m) - exchange(&play(pos, m), square)).max(0))
}

/// What a move of the child's decides by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Decided {
    /// The goal is reached whatever comes next (checkmate; check for a check goal).
    Won,
    /// It cannot be reached any more (stalemate; no check or mate with no move left).
    Lost,
    /// The other side's replies decide.
    Open,
}

/// The search for one goal. `gain` is always the child's material won so far (lost: negative),
/// `left` the child's moves left.
#[derive(Debug, Clone, Copy)]
pub struct Search {
    goal: Goal,
}

impl Search {
    /// The search for `goal`.
    pub fn new(goal: Goal) -> Search {
        Search { goal }
    }

    /// What the child's move to `after` decides by itself, with `left` moves (this one included).
    fn decided(&self, after: &Position, left: u32) -> Decided {
        if !after.has_legal_moves() {
            return if after.is_check() { Decided::Won } else { Decided::Lost };
        }
        match self.goal {
            Goal::Check if after.is_check() => Decided::Won,
            Goal::Check | Goal::Mate if left == 1 => Decided::Lost,
            _ => Decided::Open,
        }
    }

    /// Is the child's move `m` right: does it reach the goal against every reply?
    pub fn works(&self, pos: &Position, m: &Move, gain: i32, left: u32) -> bool {
        let after = play(pos, m);
        let gain = gain + swing(m);
        match self.decided(&after, left) {
            Decided::Won => true,
            Decided::Lost => false,
            Decided::Open => after.legal_moves().iter().all(|r| {
                let next = play(&after, r);
                self.holds(&next, Self::after_reply(&next, r, gain, left - 1), left - 1)
            }),
        }
    }

    /// The child's gain once the reply `r` led to `next`: with no move left, the trade on the
    /// square of a capture counted to its end.
    pub fn after_reply(next: &Position, r: &Move, gain: i32, left: u32) -> i32 {
        let gain = gain - swing(r);
        if left == 0 && r.capture.is_some() {
            gain + exchange(next, r.to)
        } else {
            gain
        }
    }

    /// Does the child, to move in `pos` after a reply, still reach the goal? With no move left,
    /// the material decides (and a child mated or stalemated by the reply has not won).
    fn holds(&self, pos: &Position, gain: i32, left: u32) -> bool {
        if left == 0 {
            return self.final_holds(pos, gain);
        }
        pos.legal_moves().iter().any(|m| self.works(pos, m, gain, left))
    }

    fn final_holds(&self, pos: &Position, gain: i32) -> bool {
        matches!(self.goal, Goal::Win { .. } | Goal::Safe) && gain >= self.goal.need() && pos.has_legal_moves()
    }

    /// How many of the child's moves in `pos` reach the goal (with no move left: 1 if it is met).
    pub fn count(&self, pos: &Position, gain: i32, left: u32) -> usize {
        if left == 0 {
            return usize::from(self.final_holds(pos, gain));
        }
        pos.legal_moves().iter().filter(|m| self.works(pos, m, gain, left)).count()
    }

    /// Can the child reach the goal from `start` within `moves` moves?
    pub fn solvable(&self, start: &Position, moves: u32) -> bool {
        self.holds(start, 0, moves)
    }

    /// The first of the child's moves in `pos` that reaches the goal.
    pub fn first_right(&self, pos: &Position, gain: i32, left: u32) -> Option<Move> {
        pos.legal_moves().iter().find(|m| self.works(pos, m, gain, left)).copied()
    }

    /// The other side's most stubborn reply in `after` (the child's move played, with `left`
    /// moves counting it): the one that leaves the child the fewest right moves, then the least
    /// material, then the first in move order. `None` when the game is over.
    pub fn stubborn(&self, after: &Position, gain: i32, left: u32) -> Option<Move> {
        let mut best: Option<(usize, i32, Move)> = None;
        let left = left.saturating_sub(1);
        for r in after.legal_moves().iter() {
            let next = play(after, r);
            let gain = Self::after_reply(&next, r, gain, left);
            let rights = self.count(&next, gain, left);
            if best.is_none_or(|(n, g, _)| (rights, gain) < (n, g)) {
                best = Some((rights, gain, *r));
            }
        }
        best.map(|(_, _, r)| r)
    }

    /// Whether the goal is met before the child moves: a check or mate goal with the other king
    /// in check already; a safe or win goal if the child could pass and no reply won enough,
    /// trades counted to their end (for "safe": the other side can win nothing).
    pub fn met_at_start(&self, start: &Position) -> bool {
        let us = start.turn();
        match self.goal {
            Goal::Check | Goal::Mate => start.king_of(!us).is_some_and(|k| start.is_attacked(k, us, start.board().occupied())),
            Goal::Win { .. } | Goal::Safe => start.pass().is_some_and(|passed| {
                let replies = passed.legal_moves();
                !replies.is_empty() && replies.iter().all(|r| Self::after_reply(&play(&passed, r), r, 0, 0) >= self.goal.need())
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::Mode;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Mode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn uci(m: Option<Move>) -> String {
        m.map(|m| m.to_uci()).unwrap_or_default()
    }

    #[test]
    fn points_and_swings() {
        assert_eq!(Role::ALL.map(points), [1, 3, 3, 5, 9, 0]);
        let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
        let promote = p.legal_moves().iter().find(|m| m.promotion == Some(Role::Queen)).copied().expect("b8=Q");
        assert_eq!(swing(&promote), 8);
    }

    #[test]
    fn a_protected_piece_is_not_won_and_the_recapture_is_the_stubborn_reply() {
        // The rook can take the knight on d5 (protected by the pawn on e6) or the free bishop on a4.
        let p = pos("4k3/8/4p3/3n4/b2R4/8/8/4K3 w - - 0 1");
        let search = Search::new(Goal::Win { value: 1 });
        let moves = p.legal_moves();
        let take = |to: &str| moves.iter().find(|m| m.to.to_string() == to).copied().expect("a capture");
        assert!(!search.works(&p, &take("d5"), 0, 1), "Rxd5 exd5 loses the exchange");
        assert!(search.works(&p, &take("a4"), 0, 1));
        assert_eq!(search.count(&p, 0, 1), 1);
        let after = p.play_unchecked(&take("d5"));
        assert_eq!(uci(search.stubborn(&after, 3, 1)), "e6d5");
    }

    #[test]
    fn stalemate_is_not_a_win_and_mate_wins_everything() {
        // Bxh5 wins the last pawn, but Black can no longer move: stalemate, not a win.
        let p = pos("k7/2K5/2N5/7p/8/8/4B3/8 w - - 0 1");
        let win = Search::new(Goal::Win { value: 1 });
        let bxh5 = p.legal_moves().iter().find(|m| m.capture.is_some()).copied().expect("Bxh5");
        assert!(!win.works(&p, &bxh5, 0, 1));
        assert!(!win.solvable(&p, 1));
        // A mate counts for "win" whatever the material.
        let mate = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert!(win.solvable(&mate, 1));
        assert!(Search::new(Goal::Mate).solvable(&mate, 1));
        // But there is a mate in two: Ba6 (any reply) Bb7#.
        let mate = Search::new(Goal::Mate);
        assert!(!mate.solvable(&p, 1) && mate.solvable(&p, 2));
        assert_eq!(uci(mate.first_right(&p, 0, 2)), "e2a6");
    }

    #[test]
    fn check_in_two_needs_a_check_after_every_reply() {
        let p = pos("7k/8/8/8/8/8/8/R3K3 w - - 0 1");
        let check = Search::new(Goal::Check);
        assert!(check.solvable(&p, 1), "Ra8+ or Rh1+");
        let quiet = pos("7k/8/8/8/8/8/8/1N2K3 w - - 0 1");
        assert!(!check.solvable(&quiet, 1));
        assert!(!check.solvable(&quiet, 2), "a knight needs three moves from b1 to check h8");
    }

    #[test]
    fn a_trade_is_counted_to_its_end() {
        // After Rxe4 (the rook took the pawn): dxe4 takes the rook back, and nothing more follows.
        let p = pos("4k3/8/8/4p3/4r3/3P4/8/4K3 w - - 0 1");
        assert_eq!(exchange(&p, "e4".parse().expect("square")), 5);
        // The queen would take a pawn guarded by the rook: taking back loses the queen.
        let guarded = pos("4k3/4r3/8/8/4p3/8/8/4QK2 w - - 0 1");
        assert_eq!(exchange(&guarded, "e4".parse().expect("square")), 0);
        // Defending the attacked pawn (d3) keeps it safe: the rook would be taken back.
        let defend = pos("4k3/8/8/4p3/r3P3/8/3P4/4K3 w - - 0 1");
        let safe = Search::new(Goal::Safe);
        let right: Vec<String> = defend.legal_moves().iter().filter(|m| safe.works(&defend, m, 0, 1)).map(|m| m.to_uci()).collect();
        assert_eq!(right, ["d2d3"], "d4 only blocks: exd4");
    }

    #[test]
    fn safe_at_start_means_nothing_can_be_taken() {
        let safe = Search::new(Goal::Safe);
        assert!(safe.met_at_start(&pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")));
        assert!(!safe.met_at_start(&pos("4k3/8/8/8/8/8/1p6/R3K3 w - - 0 1")), "the pawn on b2 takes the rook");
        assert!(safe.met_at_start(&pos("4k3/8/8/8/8/8/1r6/R3K3 w - - 0 1")), "the rook on b2 can take nothing");
        assert!(safe.met_at_start(&pos("4k3/8/8/3p4/4P3/5P2/8/4K3 w - - 0 1")), "dxe4 fxe4: an even trade");
        assert!(!Search::new(Goal::Check).met_at_start(&pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")));
    }
}
