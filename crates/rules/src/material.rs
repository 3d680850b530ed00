//! Whether a side can still checkmate: insufficient material (a draw) and mating material (a flag
//! fall against a side without it is a draw).

use super::{Bitboard, Color, Position};

impl Position {
    /// Can `color` possibly checkmate, by any sequence of legal moves (the opponent helping)?
    ///
    /// A pawn, rook or queen always can. Otherwise: knights can unless it is a lone knight and
    /// the opponent has nothing but its king and queens (nothing that could be forced to block);
    /// bishops can unless all bishops on the board stand on one colour and the opponent has no
    /// knight or pawn. With only a king, never. A drill position where the opponent has no king
    /// has no mate to give: false.
    pub fn has_mating_material(&self, color: Color) -> bool {
        let b = self.board();
        if self.king_of(!color).is_none() {
            return false;
        }
        let ours = b.by_color(color);
        let theirs = b.by_color(!color);
        if (ours & (b.pawns() | b.rooks_like())).any() {
            return true;
        }
        if (ours & b.knights()).any() {
            let lone_knight = ours.count() <= 2;
            let opponent_blockers = theirs - b.kings() - b.by_role(super::Role::Queen);
            return !(lone_knight && opponent_blockers.is_empty());
        }
        if (ours & b.by_role(super::Role::Bishop)).any() {
            let bishops = b.by_role(super::Role::Bishop);
            let one_colour = (bishops & Bitboard::DARK_SQUARES).is_empty() || (bishops & Bitboard::LIGHT_SQUARES).is_empty();
            return !(one_colour && (theirs & (b.knights() | b.pawns())).is_empty());
        }
        false
    }

    /// Is the game drawn because neither side can ever checkmate: K-K, K+B-K, K+N-K, and kings
    /// with bishops that all stand on one colour (K+B-K+B same colour)?
    ///
    /// Drill positions with a king missing are not games: this is false for them (the lesson's
    /// own goal decides when a drill ends).
    pub fn has_insufficient_material(&self) -> bool {
        if self.king_of(Color::White).is_none() || self.king_of(Color::Black).is_none() {
            return false;
        }
        !self.has_mating_material(Color::White) && !self.has_mating_material(Color::Black)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Color, Mode, Position};

    fn pos(fen: &str, mode: Mode) -> Position {
        Position::from_fen(fen, mode).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    #[test]
    fn insufficient_material() {
        for fen in [
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/1N2K3 b - - 0 1",
            "2b1k3/8/8/8/8/8/8/1B2K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1",
        ] {
            assert!(pos(fen, Mode::Standard).has_insufficient_material(), "{fen}");
        }
        for fen in [
            "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1",
            "4k1n1/8/8/8/8/8/8/1N2K3 w - - 0 1",
            "4k3/8/8/8/8/8/P7/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1",
            "4kn2/8/8/8/8/8/8/2B1K3 w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            assert!(!pos(fen, Mode::Standard).has_insufficient_material(), "{fen}");
        }
        assert!(!pos("8/8/8/8/8/8/8/R7 w - - 0 1", Mode::Drill).has_insufficient_material());
    }

    #[test]
    fn mating_material_per_side() {
        let knight_vs_queen = pos("4kq2/8/8/8/8/8/8/1N2K3 w - - 0 1", Mode::Standard);
        assert!(!knight_vs_queen.has_mating_material(Color::White));
        assert!(knight_vs_queen.has_mating_material(Color::Black));
        let knight_vs_rook = pos("4kr2/8/8/8/8/8/8/1N2K3 w - - 0 1", Mode::Standard);
        assert!(knight_vs_rook.has_mating_material(Color::White));
        let bishop_vs_pawn = pos("4k3/7p/8/8/8/8/8/2B1K3 w - - 0 1", Mode::Standard);
        assert!(bishop_vs_pawn.has_mating_material(Color::White));
        let lone_king = pos("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", Mode::Standard);
        assert!(!lone_king.has_mating_material(Color::Black));
        let no_black_king = pos("8/8/8/8/8/8/8/R3K3 w - - 0 1", Mode::Drill);
        assert!(!no_black_king.has_mating_material(Color::White));
    }
}
