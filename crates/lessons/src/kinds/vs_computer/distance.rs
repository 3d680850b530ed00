//! The exact distance to mate of the basic mates with one piece — king and queen, or king and
//! rook, against a bare king — by retrograde analysis (every position of the three pieces,
//! solved backwards from the mates), so that a step's `moves` can be held to perfect play plus
//! the course's margin for a child's method (FORMAT.md, "par of a basic mate"). The engine's
//! search does not see the rook's mates of 16 moves in a validator's time; the table is exact
//! and takes a fraction of a second. Native only, like the proofs.

use qitong_rules::{Color, Position, Role, Square};
use std::collections::VecDeque;
use std::sync::OnceLock;

/// Positions per side to move: white king, white piece, black king (64 each).
const SIZE: usize = 64 * 64 * 64;
/// Not mated by force (a draw, or an illegal position).
pub(super) const NONE: u8 = u8::MAX;

pub(super) fn index(wk: usize, piece: usize, bk: usize) -> usize {
    (wk * 64 + piece) * 64 + bk
}

pub(super) fn coords(sq: usize) -> (i32, i32) {
    ((sq % 8) as i32, (sq / 8) as i32)
}

pub(super) fn adjacent(a: usize, b: usize) -> bool {
    let ((af, ar), (bf, br)) = (coords(a), coords(b));
    (af - bf).abs() <= 1 && (ar - br).abs() <= 1
}

/// The squares one king step from `sq`.
pub(super) fn king_steps(sq: usize) -> impl Iterator<Item = usize> {
    let (f, r) = coords(sq);
    (-1..=1).flat_map(move |df| (-1..=1).map(move |dr| (df, dr))).filter(|&d| d != (0, 0)).filter_map(move |(df, dr)| {
        let (nf, nr) = (f + df, r + dr);
        ((0..8).contains(&nf) && (0..8).contains(&nr)).then_some((nr * 8 + nf) as usize)
    })
}

/// The piece's directions: a rook's four, a queen's eight.
fn directions(queen: bool) -> &'static [(i32, i32)] {
    const ALL: [(i32, i32); 8] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)];
    if queen {
        &ALL
    } else {
        &ALL[..4]
    }
}

/// The squares the piece on `from` slides to, stopping before `blockers` (the kings).
fn slides(queen: bool, from: usize, blockers: [usize; 2]) -> Vec<usize> {
    let mut out = Vec::new();
    let (f, r) = coords(from);
    for &(df, dr) in directions(queen) {
        let (mut nf, mut nr) = (f + df, r + dr);
        while (0..8).contains(&nf) && (0..8).contains(&nr) {
            let sq = (nr * 8 + nf) as usize;
            if blockers.contains(&sq) {
                break;
            }
            out.push(sq);
            nf += df;
            nr += dr;
        }
    }
    out
}

/// Does the piece on `from` attack `target`, with the white king on `wk` in the way?
fn attacks(queen: bool, from: usize, target: usize, wk: usize) -> bool {
    let ((f, r), (tf, tr)) = (coords(from), coords(target));
    let (df, dr) = (tf - f, tr - r);
    let straight = df == 0 || dr == 0;
    let diagonal = df.abs() == dr.abs();
    if from == target || !(straight || queen && diagonal) {
        return false;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let (mut nf, mut nr) = (f + sf, r + sr);
    while (nf, nr) != (tf, tr) {
        if (nr * 8 + nf) as usize == wk {
            return false;
        }
        nf += sf;
        nr += sr;
    }
    true
}

/// The black king's moves from `bk`: `None` when it can take the unprotected piece (a draw).
fn black_moves(queen: bool, wk: usize, piece: usize, bk: usize) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    for to in king_steps(bk) {
        if adjacent(to, wk) {
            continue;
        }
        if to == piece {
            return None;
        }
        if !attacks(queen, piece, to, wk) {
            out.push(index(wk, piece, to));
        }
    }
    Some(out)
}

/// Plies to mate from every position, White (the side with the piece) to move.
fn solve(queen: bool) -> Vec<u8> {
    let legal = |wk: usize, p: usize, bk: usize| wk != p && p != bk && !adjacent(wk, bk);
    let mut white = vec![NONE; SIZE];
    let mut black = vec![NONE; SIZE];
    // Black positions: the replies still to be refuted (NONE: never lost, or solved).
    let mut left = vec![NONE; SIZE];
    let mut queue = VecDeque::new();
    for wk in 0..64 {
        for p in 0..64 {
            for bk in 0..64 {
                if !legal(wk, p, bk) {
                    continue;
                }
                let i = index(wk, p, bk);
                match black_moves(queen, wk, p, bk) {
                    // Mated.
                    Some(moves) if moves.is_empty() && attacks(queen, p, bk, wk) => {
                        black[i] = 0;
                        queue.push_back((false, wk, p, bk));
                    }
                    // A stalemate (no moves, no check) stays a draw.
                    Some(moves) if moves.is_empty() => {}
                    Some(moves) => left[i] = moves.len() as u8,
                    // It takes the piece: a draw.
                    None => {}
                }
            }
        }
    }
    while let Some((white_to_move, wk, p, bk)) = queue.pop_front() {
        if white_to_move {
            // Black's moves into this position: its king came from a square next to `bk` (in
            // check there or not).
            let plies = white[index(wk, p, bk)];
            for from in king_steps(bk) {
                if from == p || adjacent(from, wk) {
                    continue;
                }
                let j = index(wk, p, from);
                if left[j] == NONE || left[j] == 0 {
                    continue;
                }
                left[j] -= 1;
                if left[j] == 0 {
                    black[j] = plies + 1;
                    queue.push_back((false, wk, p, from));
                }
            }
        } else {
            // White's moves into this position: its king or piece came back to a square it
            // reaches from here; Black was not in check before White's move.
            let plies = black[index(wk, p, bk)];
            let kings = king_steps(wk).filter(|&from| from != p && !adjacent(from, bk)).map(|from| (from, p));
            let pieces = slides(queen, p, [wk, bk]).into_iter().map(|from| (wk, from));
            let earlier: Vec<(usize, usize)> = kings.chain(pieces).collect();
            for (from_k, from_p) in earlier {
                if attacks(queen, from_p, bk, from_k) {
                    continue;
                }
                let j = index(from_k, from_p, bk);
                if white[j] == NONE {
                    white[j] = plies + 1;
                    queue.push_back((true, from_k, from_p, bk));
                }
            }
        }
    }
    white
}

pub(super) fn table(queen: bool) -> &'static [u8] {
    static QUEEN: OnceLock<Vec<u8>> = OnceLock::new();
    static ROOK: OnceLock<Vec<u8>> = OnceLock::new();
    (if queen { &QUEEN } else { &ROOK }).get_or_init(|| solve(queen))
}

/// The child's moves to mate with perfect play on both sides, when `pos` is a basic mate with
/// one piece (king and queen or rook against a bare king) or with two rooks (`two_rooks.rs`), and
/// the side with the pieces, `side`, is to move; `None` for any other position, or one that is not
/// won.
pub fn perfect_mate(pos: &Position, side: Color) -> Option<u32> {
    let board = pos.board();
    if pos.turn() != side || board.by_color(!side).count() != 1 {
        return None;
    }
    let (wk, bk) = (board.king_of(side)?, board.king_of(!side)?);
    // The tables have the pieces' side at the bottom; a mate has no direction, so Black's is the
    // same position turned over.
    let norm = |sq: Square| if side == Color::White { sq.index() } else { sq.flip_vertical().index() };
    let pieces: Vec<(Square, Role)> = board.pieces().filter(|(_, p)| p.color == side && p.role != Role::King).map(|(sq, p)| (sq, p.role)).collect();
    let plies = match pieces[..] {
        [(piece, role)] => {
            let queen = match role {
                Role::Queen => true,
                Role::Rook => false,
                _ => return None,
            };
            let plies = table(queen)[index(norm(wk), norm(piece), norm(bk))];
            (plies != NONE).then_some(u32::from(plies))?
        }
        [(a, Role::Rook), (b, Role::Rook)] => super::two_rooks::plies(norm(wk), norm(a), norm(b), norm(bk))?,
        _ => return None,
    };
    Some(plies.div_ceil(2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::Mode;

    fn moves(fen: &str) -> Option<u32> {
        let pos = Position::from_fen(fen, Mode::Standard).expect("fen");
        perfect_mate(&pos, pos.turn())
    }

    #[test]
    fn the_longest_mates_are_the_known_ones() {
        // The endgame tables' maxima: 10 moves with a queen, 16 with a rook.
        let most = |queen: bool| table(queen).iter().filter(|&&p| p != NONE).max().map(|&p| u32::from(p).div_ceil(2));
        assert_eq!(most(true), Some(10));
        assert_eq!(most(false), Some(16));
    }

    #[test]
    fn the_course_positions_have_their_known_distances() {
        // mates/rook step 7: mate in 12 (Stockfish's line at depth 38 took 14; the maxima
        // above check the table).
        assert_eq!(moves("8/8/6k1/8/8/5R2/8/1K6 w - - 0 1"), Some(12));
        assert_eq!(moves("4k3/8/4K3/8/8/8/8/R7 w - - 0 1"), Some(1));
        assert_eq!(moves("7k/8/8/6K1/8/8/8/5Q2 w - - 0 1"), Some(3));
        // Black with the rook: the same as White's turned over.
        assert_eq!(moves("1k6/8/5r2/8/8/6K1/8/8 b - - 0 1"), Some(12));
        // Not a basic mate, or the other side to move.
        assert_eq!(moves("8/8/6k1/8/8/5R2/8/1K6 b - - 0 1"), None);
        assert_eq!(moves("8/8/8/4k3/8/8/8/R4NK1 w - - 0 1"), None);
    }
}
