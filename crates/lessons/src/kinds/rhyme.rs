//! The setup rhyme (布子口诀, SPEC §2): five checkable rules, and which one a misplaced piece
//! breaks, so that the set-up exercise can quote the line.

use qitong_rules::{Board, Color, Piece, Rank, Role, Square};

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
}

impl RhymeLine {
    /// All five, in the order the exercise names them.
    pub const ALL: [RhymeLine; 5] = [RhymeLine::Ranks, RhymeLine::Pawns, RhymeLine::Order, RhymeLine::Queen, RhymeLine::King];

    /// The line exactly as the handout writes it.
    pub const fn zh(self) -> &'static str {
        match self {
            RhymeLine::Ranks => "白方一二两横排，黑方七八排上摆",
            RhymeLine::Pawns => "双方小兵站前排",
            RhymeLine::Order => "车马象顺着摆",
            RhymeLine::Queen => "黑皇后黑，白皇后白",
            RhymeLine::King => "黑王白，白王黑",
        }
    }

    /// The words of the line that speak of `color`'s pieces, exactly as the handout has them
    /// (白皇后白 for the white queen), and their English meaning.
    pub const fn quote(self, color: Color) -> (&'static str, &'static str) {
        match (self, color) {
            (RhymeLine::Ranks, Color::White) => ("白方一二两横排", "White stands on rows 1 and 2."),
            (RhymeLine::Ranks, Color::Black) => ("黑方七八排上摆", "Black stands on rows 7 and 8."),
            (RhymeLine::Pawns, _) => ("双方小兵站前排", "The little pawns stand in the front row."),
            (RhymeLine::Order, _) => ("车马象顺着摆", "Rook, knight, bishop stand in order from the corner."),
            (RhymeLine::Queen, Color::White) => ("白皇后白", "The white queen stands on a light square."),
            (RhymeLine::Queen, Color::Black) => ("黑皇后黑", "The black queen stands on a dark square."),
            (RhymeLine::King, Color::White) => ("白王黑", "The white king stands on a dark square."),
            (RhymeLine::King, Color::Black) => ("黑王白", "The black king stands on a light square."),
        }
    }
}

/// The rhyme line that `piece` standing on `square` breaks, or `None` when the start position has
/// that very piece there. A king and queen swapped break both of their lines (白皇后白, 白王黑).
pub fn broken_line(square: Square, piece: Piece) -> Option<RhymeLine> {
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
        // The queen's square has her colour; the king's has the other.
        Role::Queen if !own_colour_square => RhymeLine::Queen,
        Role::King if own_colour_square => RhymeLine::King,
        _ => RhymeLine::Order,
    })
}

/// The line that puts `role` of either side on its square (for a piece still missing).
pub fn line_of_role(role: Role) -> RhymeLine {
    match role {
        Role::Pawn => RhymeLine::Pawns,
        Role::Queen => RhymeLine::Queen,
        Role::King => RhymeLine::King,
        Role::Rook | Role::Knight | Role::Bishop => RhymeLine::Order,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(square: &str, piece: char) -> Option<RhymeLine> {
        broken_line(square.parse().expect("square"), Piece::from_char(piece).expect("piece"))
    }

    #[test]
    fn each_misplacement_names_its_line() {
        assert_eq!(line("e1", 'K'), None);
        assert_eq!(line("e4", 'P'), Some(RhymeLine::Ranks));
        assert_eq!(line("a2", 'r'), Some(RhymeLine::Ranks));
        assert_eq!(line("a1", 'P'), Some(RhymeLine::Pawns));
        assert_eq!(line("c2", 'N'), Some(RhymeLine::Pawns));
        assert_eq!(line("b1", 'R'), Some(RhymeLine::Order));
        assert_eq!(line("c8", 'n'), Some(RhymeLine::Order));
        assert_eq!(line("e1", 'Q'), Some(RhymeLine::Queen));
        assert_eq!(line("e8", 'q'), Some(RhymeLine::Queen));
        assert_eq!(line("d1", 'K'), Some(RhymeLine::King));
        assert_eq!(line("d8", 'k'), Some(RhymeLine::King));
        // A queen on her colour but on a bishop's square breaks the order, not the colour rule.
        assert_eq!(line("f1", 'Q'), Some(RhymeLine::Order));
    }

    #[test]
    fn lines_and_quotes_are_the_handouts() {
        let rhyme = "黑皇后黑，白皇后白，黑王白，白王黑，车马象顺着摆，双方小兵站前排，白方一二两横排，黑方七八排上摆。";
        for line in RhymeLine::ALL {
            assert!(rhyme.contains(line.zh()), "{line:?}");
            for color in Color::ALL {
                let (zh, en) = line.quote(color);
                assert!(line.zh().contains(zh) && en.ends_with('.'), "{line:?} {color:?}");
            }
        }
        assert_eq!(RhymeLine::Queen.quote(Color::White).0, "白皇后白");
        assert_eq!(RhymeLine::King.quote(Color::White).0, "白王黑");
    }
}
