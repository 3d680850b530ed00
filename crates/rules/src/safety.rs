//! Is a piece safe? The attackers and defenders of a square and "hanging" pieces, for the
//! protection lessons (保护) and the board's "is this piece safe?" hints.
//!
//! Definitions, with the current occupancy of the board:
//! - a piece *attacks* a square if it could capture an enemy piece standing there by its movement
//!   rule: sliders up to the first piece in the way, pawns diagonally forward (never straight),
//!   knights and kings one jump or step. No x-rays: a rook behind a rook on the same file is not
//!   an attacker until the front one has moved.
//! - a piece is *defended* (protected) by the pieces of its own colour that attack its square, so
//!   that they could take back if it were captured. Pins are not considered (a pinned piece still
//!   protects, as the protection lesson teaches it), except for the king: the king defends only
//!   if it could recapture without stepping into check, i.e. whichever enemy attacker captures on
//!   the square, no other enemy piece would attack the square afterwards (x-rays through the
//!   capturer's start square included).
//! - a piece is *hanging* (en prise, "无保护") if an enemy piece attacks it and nothing defends
//!   it. A king is never hanging: an attacked king is in check, which is another lesson.

use super::{Bitboard, Color, Position, Role, Square};

/// The pieces of `by` that attack `sq` (whatever stands there, even a piece of `by` itself).
pub fn attackers(pos: &Position, sq: Square, by: Color) -> Bitboard {
    pos.attackers_to(sq, by, pos.board().occupied())
}

/// The pieces that protect the piece on `sq` (empty if `sq` is empty); see the module docs for
/// the exact rule, including when the king counts.
pub fn defenders(pos: &Position, sq: Square) -> Bitboard {
    let b = pos.board();
    let Some(color) = b.color_at(sq) else {
        return Bitboard::EMPTY;
    };
    let occupied = b.occupied();
    let mut defenders = pos.attackers_to(sq, color, occupied);
    if let Some(king) = (defenders & b.kings()).first() {
        let enemy = pos.attackers_to(sq, !color, occupied);
        // After attacker `a` captures on `sq` and the king takes back, the squares `a` and the
        // king left are empty; `sq` itself stays occupied.
        let king_recaptures_safely = enemy.into_iter().all(|a| {
            let after = occupied.without(a).without(king);
            (pos.attackers_to(sq, !color, after).without(a)).is_empty()
        });
        if !king_recaptures_safely {
            defenders.discard(king);
        }
    }
    defenders
}

/// Is the piece on `sq` attacked by the enemy and defended by nobody? False for an empty square
/// and for a king.
pub fn is_hanging(pos: &Position, sq: Square) -> bool {
    let b = pos.board();
    match b.piece_at(sq) {
        None => false,
        Some(piece) if piece.role == Role::King => false,
        Some(piece) => attackers(pos, sq, !piece.color).any() && defenders(pos, sq).is_empty(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Mode;

    fn pos(fen: &str, mode: Mode) -> Position {
        match Position::from_fen(fen, mode) {
            Ok(p) => p,
            Err(e) => panic!("{fen}: {e}"),
        }
    }

    fn bb(squares: &[Square]) -> Bitboard {
        squares.iter().copied().collect()
    }

    #[test]
    fn attackers_of_a_square_by_colour() {
        // Start position: e3 is covered by the d2/f2 pawns; f3 by the g1 knight and e2/g2 pawns.
        let p = Position::new();
        assert_eq!(attackers(&p, Square::E3, Color::White), bb(&[Square::D2, Square::F2]));
        assert_eq!(attackers(&p, Square::F3, Color::White), bb(&[Square::E2, Square::G2, Square::G1]));
        assert_eq!(attackers(&p, Square::E4, Color::White), Bitboard::EMPTY);
        assert_eq!(attackers(&p, Square::E4, Color::Black), Bitboard::EMPTY);
        // A pawn attacks diagonally only: the e4 pawn does not attack e5.
        let p = pos("4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1", Mode::Standard);
        assert_eq!(attackers(&p, Square::E5, Color::White), Bitboard::EMPTY);
        // No x-ray: the a1 rook stands behind the a2 rook.
        let p = pos("4k3/8/8/8/8/8/R7/R3K3 w - - 0 1", Mode::Standard);
        assert_eq!(attackers(&p, Square::A5, Color::White), bb(&[Square::A2]));
    }

    #[test]
    fn defenders_and_hanging_pieces() {
        // Black knight d5 attacked by the e4 pawn; defended by the e6 pawn and the a5 rook. The
        // a5 rook is hanging: the a1 rook attacks it along the open file.
        let p = pos("4k3/8/4p3/r2n4/4P3/8/8/R3K3 w - - 0 1", Mode::Standard);
        assert_eq!(defenders(&p, Square::D5), bb(&[Square::E6, Square::A5]));
        assert!(!is_hanging(&p, Square::D5));
        assert_eq!(defenders(&p, Square::A5), Bitboard::EMPTY);
        assert!(is_hanging(&p, Square::A5));
        // The white a1 rook is defended by nobody but attacked by the a5 rook: hanging too.
        assert!(is_hanging(&p, Square::A1));
        // An undefended piece nobody attacks is not hanging; empty squares never are.
        assert_eq!((attackers(&p, Square::E4, Color::Black), defenders(&p, Square::E4)), (Bitboard::EMPTY, Bitboard::EMPTY));
        assert!(!is_hanging(&p, Square::E4));
        assert!(!is_hanging(&p, Square::H4));
        assert_eq!(defenders(&p, Square::H4), Bitboard::EMPTY);
    }

    #[test]
    fn the_king_defends_only_where_it_may_recapture() {
        // The white king e1 defends the d2 knight, which the d8 rook attacks alone.
        let p = pos("3rk3/8/8/8/8/8/3N4/4K3 w - - 0 1", Mode::Standard);
        assert_eq!(defenders(&p, Square::D2), bb(&[Square::E1]));
        assert!(!is_hanging(&p, Square::D2));
        // A second rook behind the first (x-ray): after Rxd2 the king cannot take back.
        let p = pos("3r4/3r4/8/8/8/8/3N4/4K2k w - - 0 1", Mode::Standard);
        assert_eq!(defenders(&p, Square::D2), Bitboard::EMPTY);
        assert!(is_hanging(&p, Square::D2));
        // A bishop also covering d2: the king does not count.
        let p = pos("3r3k/8/8/6b1/8/8/3N4/4K3 w - - 0 1", Mode::Standard);
        assert_eq!(defenders(&p, Square::D2), Bitboard::EMPTY);
        // A king is never "hanging", even in check.
        let p = pos("4k3/8/8/8/8/8/8/r3K3 w - - 0 1", Mode::Standard);
        assert!(!is_hanging(&p, Square::E1));
        assert_eq!(attackers(&p, Square::E1, Color::Black), bb(&[Square::A1]));
    }

    #[test]
    fn works_without_kings() {
        let p = pos("8/8/8/3n4/8/8/8/R7 w - - 0 1", Mode::Drill);
        assert!(!is_hanging(&p, Square::D5));
        assert!(!is_hanging(&p, Square::A1));
        let p = pos("8/8/8/3n4/8/8/8/3R4 w - - 0 1", Mode::Drill);
        assert!(is_hanging(&p, Square::D5));
        assert_eq!(defenders(&p, Square::D1), Bitboard::EMPTY);
    }
}
