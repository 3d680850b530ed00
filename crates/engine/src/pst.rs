//! Piece values and piece-square tables, middlegame and endgame, from White's side.
//!
//! The shapes are Tomasz Michniewski's "simplified evaluation function" (well known, easy to
//! read: centralise knights, castle the king, push pawns late) with PeSTO-like material; the
//! endgame tables differ where the endgame wants something else (an active king, advanced pawns).
//! Tables are written as a board is drawn, rank 8 first, so White's square `sq` reads
//! `table[sq ^ 56]` and Black's reads `table[sq]`.

use qitong_rules::{Color, Role, Square};

/// Material in centipawns, middlegame then endgame, by `Role::index()` (the king's is 0: it is
/// never traded).
pub const MATERIAL: [(i32, i32); 6] = [(82, 94), (337, 281), (365, 297), (477, 512), (1025, 936), (0, 0)];

/// Game phase each piece stands for: 24 with every minor, rook and queen on the board.
pub const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
pub const MAX_PHASE: i32 = 24;

#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    50, 50, 50, 50, 50, 50, 50, 50,
    10, 10, 20, 30, 30, 20, 10, 10,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  0, 20, 20,  0,  0,  0,
     5, -5,-10,  0,  0,-10, -5,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];

/// In the endgame a pawn is worth more the further it has gone, wherever it stands.
#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    80, 80, 80, 80, 80, 80, 80, 80,
    50, 50, 50, 50, 50, 50, 50, 50,
    30, 30, 30, 30, 30, 30, 30, 30,
    15, 15, 15, 15, 15, 15, 15, 15,
     5,  5,  5,  5,  5,  5,  5,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
     0,  0,  0,  0,  0,  0,  0,  0,
];

#[rustfmt::skip]
const KNIGHT: [i32; 64] = [
    -50,-40,-30,-30,-30,-30,-40,-50,
    -40,-20,  0,  0,  0,  0,-20,-40,
    -30,  0, 10, 15, 15, 10,  0,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -40,-20,  0,  5,  5,  0,-20,-40,
    -50,-40,-30,-30,-30,-30,-40,-50,
];

#[rustfmt::skip]
const BISHOP: [i32; 64] = [
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -20,-10,-10,-10,-10,-10,-10,-20,
];

#[rustfmt::skip]
const ROOK: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
     5, 10, 10, 10, 10, 10, 10,  5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
    -5,  0,  0,  0,  0,  0,  0, -5,
     0,  0,  0,  5,  5,  0,  0,  0,
];

#[rustfmt::skip]
const QUEEN: [i32; 64] = [
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5,  5,  5,  5,  0,-10,
     -5,  0,  5,  5,  5,  5,  0, -5,
      0,  0,  5,  5,  5,  5,  0, -5,
    -10,  5,  5,  5,  5,  5,  0,-10,
    -10,  0,  5,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20,
];

#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -10,-20,-20,-20,-20,-20,-20,-10,
     20, 20,  0,  0,  0,  0, 20, 20,
     20, 30, 10,  0,  0, 10, 30, 20,
];

/// The endgame king walks to the centre (and away from the corners it gets mated in).
#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -50,-40,-30,-20,-20,-30,-40,-50,
    -30,-20,-10,  0,  0,-10,-20,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 30, 40, 40, 30,-10,-30,
    -30,-10, 20, 30, 30, 20,-10,-30,
    -30,-30,  0,  0,  0,  0,-30,-30,
    -50,-30,-30,-30,-30,-30,-30,-50,
];

/// The (middlegame, endgame) tables of each role, by `Role::index()`.
const TABLES: [(&[i32; 64], &[i32; 64]); 6] =
    [(&PAWN_MG, &PAWN_EG), (&KNIGHT, &KNIGHT), (&BISHOP, &BISHOP), (&ROOK, &ROOK), (&QUEEN, &QUEEN), (&KING_MG, &KING_EG)];

/// Material plus square bonus of a `color` `role` on `sq`, (middlegame, endgame), for its owner.
#[inline]
pub fn value(color: Color, role: Role, sq: Square) -> (i32, i32) {
    let i = match color {
        Color::White => sq.index() ^ 56,
        Color::Black => sq.index(),
    };
    let (mg, eg) = TABLES[role.index()];
    let (m, e) = MATERIAL[role.index()];
    (m + mg[i], e + eg[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_mirror_between_colours() {
        for sq in Square::all() {
            for role in Role::ALL {
                assert_eq!(value(Color::White, role, sq), value(Color::Black, role, sq.flip_vertical()));
            }
        }
        // A knight in the centre beats one in the corner; a castled king beats one in the middle.
        assert!(value(Color::White, Role::Knight, Square::E4).0 > value(Color::White, Role::Knight, Square::A1).0);
        assert!(value(Color::White, Role::King, Square::G1).0 > value(Color::White, Role::King, Square::E2).0);
        assert!(value(Color::Black, Role::Pawn, Square::E2).1 > value(Color::Black, Role::Pawn, Square::E6).1);
    }
}
