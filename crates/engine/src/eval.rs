//! The static evaluation: material and piece-square tables tapered from middlegame to endgame,
//! plus three terms that each show up in games — the pawn shield in front of a castled king,
//! passed pawns, and the mobility of the pieces. Centipawns, from the side to move's view.

use crate::pst::{self, MAX_PHASE, PHASE};
use qitong_rules::attacks::{bishop_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks};
use qitong_rules::{Bitboard, Color, Position, Role, Square};

/// Bonus of a passed pawn by its rank as seen from its own side (index 1 = its start rank),
/// middlegame and endgame: a far-advanced passer wins endgames.
const PASSED_MG: [i32; 8] = [0, 5, 10, 15, 25, 40, 60, 0];
const PASSED_EG: [i32; 8] = [0, 10, 15, 25, 45, 75, 120, 0];

/// Per own pawn in front of the king (one rank ahead, two ranks ahead), and for a file next to
/// the king with no own pawn at all, middlegame only: with the queens off a king may walk.
const SHIELD_NEAR: i32 = 12;
const SHIELD_FAR: i32 = 6;
const OPEN_FILE_BY_KING: i32 = -15;

/// Mobility per reachable square beyond a typical count, (middlegame, endgame), by role index.
const MOBILITY: [(i32, i32); 6] = [(0, 0), (4, 4), (4, 5), (2, 4), (1, 2), (0, 0)];
const TYPICAL_MOBILITY: [i32; 6] = [0, 4, 6, 7, 14, 0];

const BISHOP_PAIR: (i32, i32) = (25, 40);
/// The side to move is, on average, a little better off than a static count says.
const TEMPO: i32 = 10;

/// Files a bitboard's squares stand on, filled up and down the board.
fn files_of(b: Bitboard) -> Bitboard {
    let mut x = b.0;
    x |= x << 8;
    x |= x << 16;
    x |= x << 32;
    x |= x >> 8;
    x |= x >> 16;
    x |= x >> 32;
    Bitboard(x)
}

/// The squares in front of `sq` (for `color`) on its own and the two neighbouring files: a pawn
/// with no enemy pawn there is passed.
fn front_span(color: Color, sq: Square) -> Bitboard {
    let file = Bitboard::from_file(sq.file()).0;
    let neighbours = ((file << 1) & !0x0101_0101_0101_0101) | ((file >> 1) & !0x8080_8080_8080_8080);
    let span = file | neighbours;
    let rank = sq.rank().index() as u32;
    let ahead = match color {
        Color::White => (!0u64).checked_shl(8 * (rank + 1)).unwrap_or(0),
        Color::Black => (1u64 << (8 * rank)) - 1,
    };
    Bitboard(span & ahead)
}

/// Accumulates (middlegame, endgame) for one side.
#[derive(Default, Clone, Copy)]
struct Sum {
    mg: i32,
    eg: i32,
}

impl Sum {
    fn add(&mut self, (mg, eg): (i32, i32)) {
        self.mg += mg;
        self.eg += eg;
    }
}

/// The position's value for the side to move, in centipawns.
pub fn evaluate(pos: &Position) -> i32 {
    let b = pos.board();
    let occupied = b.occupied();
    let mut sums = [Sum::default(); 2];
    let mut phase = 0;
    for color in Color::ALL {
        let ours = b.by_color(color);
        let their_pawns = b.pawns() & b.by_color(!color);
        let our_pawns = b.pawns() & ours;
        // Squares the enemy pawns hit are no real mobility for a piece.
        let mut pawn_guarded = Bitboard::EMPTY;
        for sq in their_pawns {
            pawn_guarded |= pawn_attacks(!color, sq);
        }
        let sum = &mut sums[color.index()];
        for role in Role::ALL {
            for sq in b.by_role(role) & ours {
                sum.add(pst::value(color, role, sq));
                phase += PHASE[role.index()];
                let reach = match role {
                    Role::Knight => knight_attacks(sq),
                    Role::Bishop => bishop_attacks(sq, occupied),
                    Role::Rook => rook_attacks(sq, occupied),
                    Role::Queen => queen_attacks(sq, occupied),
                    Role::Pawn | Role::King => continue,
                };
                let n = (reach & !ours & !pawn_guarded).count() as i32 - TYPICAL_MOBILITY[role.index()];
                let (mg, eg) = MOBILITY[role.index()];
                sum.add((mg * n, eg * n));
            }
        }
        for sq in our_pawns {
            if (front_span(color, sq) & their_pawns).is_empty() {
                let rank = sq.rank().relative(color).index() as usize;
                sum.add((PASSED_MG[rank], PASSED_EG[rank]));
            }
        }
        if (b.by_role(Role::Bishop) & ours).more_than_one() {
            sum.add(BISHOP_PAIR);
        }
        if let Some(king) = pos.king_of(color) {
            sum.mg += king_shield(color, king, our_pawns);
        }
    }
    let phase = phase.min(MAX_PHASE);
    let white = sums[0];
    let black = sums[1];
    let mg = white.mg - black.mg;
    let eg = white.eg - black.eg;
    let score = (mg * phase + eg * (MAX_PHASE - phase)) / MAX_PHASE;
    let score = match pos.turn() {
        Color::White => score,
        Color::Black => -score,
    };
    score + TEMPO
}

/// The pawn shield of a king on its first two ranks: own pawns one and two ranks in front of it
/// on its file and the neighbouring ones, and a penalty per such file with no own pawn.
fn king_shield(color: Color, king: Square, our_pawns: Bitboard) -> i32 {
    if king.rank().relative(color).index() > 1 {
        return 0;
    }
    let mut score = 0;
    for df in -1i8..=1 {
        let Some(file_sq) = king.offset(df, 0) else { continue };
        let forward = if color == Color::White { 1 } else { -1 };
        let near = file_sq.offset(0, forward).filter(|s| our_pawns.contains(*s));
        let far = file_sq.offset(0, 2 * forward).filter(|s| our_pawns.contains(*s));
        score += match (near, far) {
            (Some(_), _) => SHIELD_NEAR,
            (None, Some(_)) => SHIELD_FAR,
            (None, None) if (files_of(Bitboard::from_square(file_sq)) & our_pawns).is_empty() => OPEN_FILE_BY_KING,
            (None, None) => 0,
        };
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::Mode;

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen, Mode::Standard).expect("test FEN"))
    }

    #[test]
    fn symmetric_positions_score_only_the_tempo() {
        assert_eq!(evaluate(&Position::new()), TEMPO);
        let black = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
        assert_eq!(eval(black), TEMPO);
    }

    #[test]
    fn material_and_the_side_to_move() {
        // White is a queen up: good for White to move, as bad for Black to move.
        let w = eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        let b = eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!(w > 800, "{w}");
        assert_eq!(w - TEMPO, -(b - TEMPO));
    }

    #[test]
    fn passed_pawns_and_pawn_shields_count() {
        // The same material: a passed pawn on the sixth beats a blocked one.
        let passed = eval("4k3/p7/3P4/8/8/8/8/4K3 w - - 0 1");
        let blocked = eval("4k3/3p4/3P4/8/8/8/8/4K3 w - - 0 1");
        assert!(passed > blocked + 30, "{passed} vs {blocked}");
        // Castled behind three pawns beats castled with the pawns pushed away (queens on).
        let shield = eval("rq4k1/ppp2ppp/8/8/8/8/5PPP/RQ4K1 w - - 0 1");
        let bare = eval("rq4k1/ppp2ppp/8/8/5PPP/8/8/RQ4K1 w - - 0 1");
        assert!(shield > bare, "{shield} vs {bare}");
        assert_eq!(front_span(Color::White, Square::H7), Bitboard::from_square(Square::G8) | Square::H8);
        assert_eq!(front_span(Color::Black, Square::A2), Bitboard::from_square(Square::A1) | Square::B1);
    }
}
