//! The paint drill's searches, shared by the validator and the player: the moves the painter may
//! make (legal, no capture, inside the area, and the opponent can pass after them), what each
//! move paints, every square the painter can reach (the goal), and the greedy solution that sets
//! par: take the move that paints the most new squares; when none paints any, go the shortest way
//! (breadth-first) to the nearest square still unpainted.

use super::drill_search::pass;
use qitong_rules::attacks::between;
use qitong_rules::{Bitboard, Move, Position, Role, Square};

/// How many positions a search may visit (an empty board has 64; walls only make fewer).
const MAX_STATES: usize = 4096;

/// The squares a move paints: where it lands, and the squares a rook, bishop or queen passes over.
pub(crate) fn painted_by(m: &Move) -> Bitboard {
    let over = if matches!(m.role, Role::Rook | Role::Bishop | Role::Queen) { between(m.from, m.to) } else { Bitboard::EMPTY };
    over.with(m.to)
}

/// The painter's moves from `at` in `pos`, each with the position after it and the opponent's
/// pass: legal, not a capture (the other pieces are walls), landing inside `area`, and leaving no
/// check that the opponent could not pass.
pub(crate) fn painter_moves(pos: &Position, at: Square, area: Bitboard) -> Vec<(Move, Position)> {
    let mut out = Vec::new();
    for m in pos.legal_moves_from(at).iter() {
        if m.is_capture() || !area.contains(m.to) {
            continue;
        }
        if let Some(after) = pass(&pos.play_unchecked(m)) {
            out.push((*m, after));
        }
    }
    out
}

/// A position the breadth-first search reached: the painter's square, and how it got there.
struct Node {
    pos: Position,
    at: Square,
    from: Option<(usize, Move)>,
}

/// Breadth-first from the painter on `at`: calls `wanted` on every move it can make, in order of
/// distance, and returns the way to the first move `wanted` accepts (`None` when none is);
/// `Err(states)` when the search grows too big.
fn search(pos: &Position, at: Square, area: Bitboard, wanted: &mut dyn FnMut(&Move) -> bool) -> Result<Option<Vec<Move>>, usize> {
    let mut nodes = vec![Node { pos: *pos, at, from: None }];
    let mut next = 0;
    while let Some(node) = nodes.get(next) {
        let (here, at) = (node.pos, node.at);
        for (m, after) in painter_moves(&here, at, area) {
            if wanted(&m) {
                let mut way = vec![m];
                let mut back = next;
                while let Some((parent, m)) = nodes[back].from {
                    way.push(m);
                    back = parent;
                }
                way.reverse();
                return Ok(Some(way));
            }
            if !nodes.iter().any(|n| n.at == m.to && n.pos.board() == after.board()) {
                nodes.push(Node { pos: after, at: m.to, from: Some((next, m)) });
            }
        }
        if nodes.len() > MAX_STATES {
            return Err(nodes.len());
        }
        next += 1;
    }
    Ok(None)
}

/// What the validator found for a paint drill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Plan {
    /// Every square the painter can paint, its start included.
    pub goal: Bitboard,
    /// The greedy solution.
    pub solution: Vec<Move>,
}

/// The goal and the greedy solution for the painter on `at`; `Err(states)` when a search grows
/// too big (or, which the painter's free moves rule out, the greedy way gets stuck).
pub(crate) fn plan(start: &Position, at: Square, area: Bitboard) -> Result<Plan, usize> {
    let mut goal = Bitboard::from_square(at);
    search(start, at, area, &mut |m| {
        goal |= painted_by(m);
        false
    })?;
    let (mut pos, mut at, mut painted) = (*start, at, Bitboard::from_square(at));
    let mut solution = Vec::new();
    while (goal - painted).any() {
        let fresh = |m: &Move| (painted_by(m) & goal) - painted;
        // Of the moves painting the most, one that stops on a new square (a rook's spiral, not
        // a dead end against a painted edge).
        let mut best = None;
        let mut best_score = 0;
        for (m, _) in painter_moves(&pos, at, area) {
            let score = fresh(&m).count() * 2 + usize::from(fresh(&m).contains(m.to));
            // On a tie the later move (as `max_by_key` would; it makes shorter tours here).
            if score > 0 && score >= best_score {
                (best, best_score) = (Some(m), score);
            }
        }
        let way = match best {
            Some(m) => vec![m],
            None => search(&pos, at, area, &mut |m| fresh(m).any())?.ok_or(MAX_STATES)?,
        };
        for m in way {
            painted |= painted_by(&m);
            pos = pass(&pos.play_unchecked(&m)).ok_or(MAX_STATES)?;
            at = m.to;
            solution.push(m);
        }
    }
    Ok(Plan { goal, solution })
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::Mode;

    fn drill(fen: &str) -> Position {
        Position::from_fen(&format!("{fen} w - - 0 1"), Mode::Drill).expect("a drill position")
    }

    fn sq(name: &str) -> Square {
        name.parse().expect("square")
    }

    #[test]
    fn a_rook_paints_what_it_passes_a_knight_only_where_it_lands() {
        let rook = drill("8/8/8/8/8/8/8/R7");
        let m = rook.legal_moves_from(sq("a1")).iter().copied().find(|m| m.to == sq("a4")).expect("a1a4");
        assert_eq!(painted_by(&m), [sq("a2"), sq("a3"), sq("a4")].into_iter().collect());
        let knight = drill("8/8/8/8/8/8/8/N7");
        let m = knight.legal_moves_from(sq("a1"))[0];
        assert_eq!(painted_by(&m), Bitboard::from_square(m.to));
    }

    #[test]
    fn the_rook_paints_the_whole_board_greedily() {
        let plan = plan(&drill("8/8/8/8/8/8/8/R7"), sq("a1"), !Bitboard::EMPTY).expect("a plan");
        assert_eq!(plan.goal, !Bitboard::EMPTY);
        // Each file takes a move along it and one across: 8 + 7 at most.
        let ucis: Vec<String> = plan.solution.iter().map(|m| m.to_uci()).collect();
        assert!(plan.solution.len() <= 15, "{ucis:?}");
    }

    #[test]
    fn a_bishop_paints_its_own_colour_and_the_area_limits_the_goal() {
        let plan = plan(&drill("8/8/8/8/8/8/8/2B5"), sq("c1"), !Bitboard::EMPTY).expect("a plan");
        assert_eq!(plan.goal.count(), 32);
        assert!(plan.goal.into_iter().all(|s| !s.is_light()));
        let corner: Bitboard = Square::all().filter(|s| s.file().index() < 4 && s.rank().index() < 4).collect();
        let plan = super::plan(&drill("8/8/8/8/8/8/8/N7"), sq("a1"), corner).expect("a plan");
        assert_eq!(plan.goal, corner, "a knight reaches every square of a 4x4 corner");
        assert!(plan.solution.iter().all(|m| corner.contains(m.to)));
    }

    #[test]
    fn walls_are_neither_painted_nor_taken() {
        // A rook with a pawn of its own on a3 and a black pawn on c1: neither square is painted.
        let plan = plan(&drill("8/8/8/8/8/P7/8/R1n5"), sq("a1"), !Bitboard::EMPTY).expect("a plan");
        assert!(!plan.goal.contains(sq("a3")) && !plan.goal.contains(sq("c1")));
        assert!(plan.goal.contains(sq("a2")) && plan.goal.contains(sq("b8")) && plan.goal.contains(sq("a8")));
        assert!(plan.solution.iter().all(|m| !m.is_capture()));
    }
}
