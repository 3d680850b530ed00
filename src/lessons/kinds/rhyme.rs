//! The setup rhyme (布子口诀, SPEC §2): six checkable rules, and which one a misplaced piece
//! breaks, so that the set-up exercise can name the line.

use crate::rules::{Board, Color, File, Piece, Rank, Role, Square};

/// One rule of the setup rhyme, with the handout's exact words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RhymeLine {
    /// 白方一二两横排，黑方七八排上摆: White on ranks 1-2, Black on ranks 7-8.
    Ranks,
    /// 双方小兵站前排: the pawns on the front rank (2 and 7).
    Pawns,
    /// 车马象顺着摆: rook, knight, bishop in order from each corner inward.
    Order,
    /// 黑皇后黑，白皇后白: each queen on a square of her own colour (d1, d8).
    Queen,
    /// 黑王白，白王黑: the black king on a light square, the white king on a dark one (e8, e1).
    King,
    /// 右下角是白色格: each player's right-hand corner is light — a king and queen swapped is
    /// what a board turned the wrong way gives.
    Corner,
}

impl RhymeLine {
    /// All six, in the order the exercise checks them.
    pub const ALL: [RhymeLine; 6] =
        [RhymeLine::Ranks, RhymeLine::Pawns, RhymeLine::Order, RhymeLine::Queen, RhymeLine::King, RhymeLine::Corner];

    /// The line exactly as the handout writes it.
    pub const fn zh(self) -> &'static str {
        match self {
            RhymeLine::Ranks => "白方一二两横排，黑方七八排上摆",
            RhymeLine::Pawns => "双方小兵站前排",
            RhymeLine::Order => "车马象顺着摆",
            RhymeLine::Queen => "黑皇后黑，白皇后白",
            RhymeLine::King => "黑王白，白王黑",
            RhymeLine::Corner => "布置棋盘时总是让自己的右下角是白色格",
        }
    }

    /// What the line means, in English.
    pub const fn en(self) -> &'static str {
        match self {
            RhymeLine::Ranks => "White stands on rows 1 and 2, Black on rows 7 and 8.",
            RhymeLine::Pawns => "Both sides' little pawns stand in the front row.",
            RhymeLine::Order => "Rook, knight, bishop stand in order from the corners.",
            RhymeLine::Queen => "The black queen on black, the white queen on white.",
            RhymeLine::King => "The black king on white, the white king on black.",
            RhymeLine::Corner => "Set up the board so that your right-hand corner square is white.",
        }
    }

    /// The feedback code naming this line (`rhyme-ranks`, …).
    pub const fn code(self) -> &'static str {
        match self {
            RhymeLine::Ranks => "rhyme-ranks",
            RhymeLine::Pawns => "rhyme-pawns",
            RhymeLine::Order => "rhyme-order",
            RhymeLine::Queen => "rhyme-queen",
            RhymeLine::King => "rhyme-king",
            RhymeLine::Corner => "rhyme-corner",
        }
    }
}

/// Does `color`'s king stand on the d-file and its queen on the e-file of its back rank, as on a
/// board turned the wrong way?
fn king_and_queen_swapped(board: &Board, color: Color) -> bool {
    let back = Rank::FIRST.relative(color);
    board.piece_at(Square::from_coords(File::D, back)) == Some(Role::King.of(color))
        && board.piece_at(Square::from_coords(File::E, back)) == Some(Role::Queen.of(color))
}

/// The rhyme line that `piece` standing on `square` breaks, or `None` when the start position has
/// that very piece there. `board` is the whole board (for the turned-board case).
pub fn broken_line(board: &Board, square: Square, piece: Piece) -> Option<RhymeLine> {
    if Board::start().piece_at(square) == Some(piece) {
        return None;
    }
    let color = piece.color;
    let back = Rank::FIRST.relative(color);
    let front = Rank::SECOND.relative(color);
    let rank = square.rank();
    if rank != back && rank != front {
        return Some(RhymeLine::Ranks);
    }
    if (piece.role == Role::Pawn) != (rank == front) {
        return Some(RhymeLine::Pawns);
    }
    let own_colour_square = square.is_light() == color.is_white();
    Some(match piece.role {
        Role::King | Role::Queen if king_and_queen_swapped(board, color) => RhymeLine::Corner,
        // The queen's square has her colour; the king's has the other.
        Role::Queen if !own_colour_square => RhymeLine::Queen,
        Role::King if own_colour_square => RhymeLine::King,
        _ => RhymeLine::Order,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(board: &str, square: &str, piece: char) -> Option<RhymeLine> {
        let board = Board::from_placement(board).expect("board");
        broken_line(&board, square.parse().expect("square"), Piece::from_char(piece).expect("piece"))
    }

    #[test]
    fn each_misplacement_names_its_line() {
        let empty = "8/8/8/8/8/8/8/8";
        assert_eq!(line(empty, "e1", 'K'), None);
        assert_eq!(line(empty, "e4", 'P'), Some(RhymeLine::Ranks));
        assert_eq!(line(empty, "a2", 'r'), Some(RhymeLine::Ranks));
        assert_eq!(line(empty, "a1", 'P'), Some(RhymeLine::Pawns));
        assert_eq!(line(empty, "c2", 'N'), Some(RhymeLine::Pawns));
        assert_eq!(line(empty, "b1", 'R'), Some(RhymeLine::Order));
        assert_eq!(line(empty, "c8", 'n'), Some(RhymeLine::Order));
        assert_eq!(line(empty, "e1", 'Q'), Some(RhymeLine::Queen));
        assert_eq!(line(empty, "e8", 'q'), Some(RhymeLine::Queen));
        assert_eq!(line(empty, "d1", 'K'), Some(RhymeLine::King));
        assert_eq!(line(empty, "d8", 'k'), Some(RhymeLine::King));
        assert_eq!(line("8/8/8/8/8/8/8/3KQ3", "d1", 'K'), Some(RhymeLine::Corner));
        assert_eq!(line("3kq3/8/8/8/8/8/8/8", "e8", 'q'), Some(RhymeLine::Corner));
        // A queen on her colour but on a bishop's square breaks the order, not the colour rule.
        assert_eq!(line(empty, "f1", 'Q'), Some(RhymeLine::Order));
    }

    #[test]
    fn lines_are_the_handouts() {
        let rhyme = "黑皇后黑，白皇后白，黑王白，白王黑，车马象顺着摆，双方小兵站前排，白方一二两横排，黑方七八排上摆。";
        for line in RhymeLine::ALL.into_iter().take(5) {
            assert!(rhyme.contains(line.zh()), "{line:?}");
            assert!(line.code().starts_with("rhyme-") && line.en().ends_with('.'));
        }
    }
}
