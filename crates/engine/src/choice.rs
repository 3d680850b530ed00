//! How a level picks its move from the searched root moves: a capture it did not see is not
//! among them, and among the moves within the level's margin of the best one it chooses by a
//! temperature — close moves about as often as the best, worse ones rarely, and never one
//! outside the margin. A forced mate is never passed up once seen.

use crate::level::Style;
use crate::rng::Rng;
use crate::score::is_mate;
use crate::search::RootMove;

/// Drops the captures this level fails to see this move (each with the style's chance), as a
/// child looking at its own plan misses that a piece can be taken. Always leaves a move.
pub fn overlook_captures(moves: &mut Vec<RootMove>, style: &Style, rng: &mut Rng) {
    if style.miss_capture == 0 {
        return;
    }
    let seen: Vec<bool> = moves.iter().map(|rm| rm.mv.capture.is_none() || !rng.chance(style.miss_capture)).collect();
    if seen.iter().any(|&s| s) {
        let mut flags = seen.into_iter();
        moves.retain(|_| flags.next().unwrap_or(true));
    }
}

/// The index of the move to play in `moves` (sorted best first by the search).
pub fn choose(moves: &[RootMove], style: &Style, rng: &mut Rng) -> usize {
    let Some(best) = moves.first() else { return 0 };
    if style.temperature <= 0 || is_mate(best.score) {
        return 0;
    }
    let temperature = f64::from(style.temperature);
    let weights: Vec<f64> = moves
        .iter()
        .map(|rm| {
            let behind = best.score - rm.score;
            if rm.exact && behind <= style.margin && !is_mate(rm.score) {
                (-f64::from(behind) / temperature).exp()
            } else {
                0.0
            }
        })
        .collect();
    let total: f64 = weights.iter().sum();
    if total <= 0.0 {
        return 0;
    }
    let mut x = rng.next_f64() * total;
    for (i, w) in weights.iter().enumerate() {
        if x < *w {
            return i;
        }
        x -= w;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use qitong_rules::Position;

    fn root_moves(scores: &[i32]) -> Vec<RootMove> {
        let legal = Position::new().legal_moves();
        legal.iter().zip(scores).map(|(m, &score)| RootMove { mv: *m, score, exact: true, pv: vec![*m] }).collect()
    }

    #[test]
    fn chooses_only_within_the_margin_and_mostly_the_best() {
        let style = Level::new(1).expect("level 1").style();
        let moves = root_moves(&[100, 90, 60, -500]);
        let mut rng = Rng::new(3);
        let mut counts = [0; 4];
        for _ in 0..1000 {
            counts[choose(&moves, &style, &mut rng)] += 1;
        }
        assert_eq!(counts[3], 0);
        assert!(counts[0] > counts[1] && counts[1] > counts[2] && counts[2] > 0, "{counts:?}");
        let full = Level::MAX.style();
        assert_eq!(choose(&moves, &full, &mut rng), 0);
    }

    #[test]
    fn some_captures_go_unseen_but_never_every_move() {
        let style = Level::new(1).expect("level 1").style();
        let mut rng = Rng::new(5);
        let mut missed = 0;
        for _ in 0..100 {
            let mut moves = root_moves(&[0, 0]);
            moves[0].mv.capture = Some(qitong_rules::Role::Queen);
            overlook_captures(&mut moves, &style, &mut rng);
            assert!(!moves.is_empty());
            missed += usize::from(moves.len() == 1);
        }
        assert!((15..50).contains(&missed), "{missed}");
    }
}
