//! Score-sheet spellings of SAN, as options of one writer: piece letters (standard SAN),
//! figurines by colour (`♘f3`, `♞f6`) or the course's Chinese piece names (`马f3`, `后xd7+`,
//! `e8=后`), and optionally " e.p." after an en-passant capture, as the handout records it.

use super::SanPlus;
use crate::{Color, Move, Position, Role};

/// How the pieces are spelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PieceNames {
    /// `N B R Q K`, standard SAN.
    #[default]
    Letters,
    /// Unicode figurines in the mover's colour: `♘ ♗ ♖ ♕ ♔` for White, `♞ ♝ ♜ ♛ ♚` for Black.
    Figurines,
    /// 马 象 车 后 王, the names the course teaches.
    Chinese,
}

/// Options of the SAN writer. [`SanFormat::STANDARD`] gives plain SAN, the same text as
/// `SanPlus`'s `Display`. Castling is always `O-O` / `O-O-O`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SanFormat {
    pub pieces: PieceNames,
    /// Write " e.p." after an en-passant capture (`exd6 e.p.`, `exd6+ e.p.` with check). Off in
    /// standard SAN; the handout's score sheet records en passant this way.
    pub en_passant_suffix: bool,
}

impl SanFormat {
    /// Standard SAN: `Nf3`, `exd6`, `e8=Q+`.
    pub const STANDARD: SanFormat = SanFormat { pieces: PieceNames::Letters, en_passant_suffix: false };
    /// Figurines by colour: `♘f3`, `♞f6`, `e8=♕+`.
    pub const FIGURINES: SanFormat = SanFormat { pieces: PieceNames::Figurines, en_passant_suffix: false };
    /// Chinese piece names: `马f3`, `后xd7+`, `e8=后`.
    pub const CHINESE: SanFormat = SanFormat { pieces: PieceNames::Chinese, en_passant_suffix: false };

    /// The same format with en-passant captures marked " e.p." (or not).
    pub const fn with_en_passant_suffix(self, on: bool) -> SanFormat {
        SanFormat { en_passant_suffix: on, ..self }
    }

    /// How this format spells a piece of `color`.
    pub fn piece(&self, role: Role, color: Color) -> String {
        match self.pieces {
            PieceNames::Letters => role.upper_char().to_string(),
            PieceNames::Figurines => role.of(color).figurine().to_string(),
            PieceNames::Chinese => role.zh_name().to_string(),
        }
    }

    /// Writes `san`, played by `mover`; `en_passant` says whether the move captured en passant
    /// (SAN alone cannot tell).
    pub fn write(&self, san: &SanPlus, mover: Color, en_passant: bool) -> String {
        let mut out = String::new();
        san.san.write_with(&mut out, |role| self.piece(role, mover));
        if let Some(suffix) = san.suffix {
            out.push(suffix.char());
        }
        if en_passant && self.en_passant_suffix {
            out.push_str(" e.p.");
        }
        out
    }

    /// The score-sheet text of a legal move `m` in `pos`.
    pub fn move_text(&self, pos: &Position, m: &Move) -> String {
        self.write(&SanPlus::from_move(pos, m), pos.turn(), m.is_en_passant())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Mode, Square};

    fn find(pos: &Position, from: Square, to: Square, promotion: Option<Role>) -> Move {
        let found = pos.legal_moves().iter().find(|m| m.from == from && m.to == to && m.promotion == promotion).copied();
        found.expect("the test move is legal")
    }

    #[test]
    fn one_writer_three_spellings() {
        let pos = Position::new();
        let knight = find(&pos, Square::G1, Square::F3, None);
        assert_eq!(SanFormat::STANDARD.move_text(&pos, &knight), "Nf3");
        assert_eq!(SanFormat::FIGURINES.move_text(&pos, &knight), "♘f3");
        assert_eq!(SanFormat::CHINESE.move_text(&pos, &knight), "马f3");
        let black = pos.play_unchecked(&knight);
        let reply = find(&black, Square::G8, Square::F6, None);
        assert_eq!(SanFormat::FIGURINES.move_text(&black, &reply), "♞f6");
    }

    #[test]
    fn chinese_captures_promotions_and_castling() {
        let pos = Position::from_fen("2k5/3rP3/8/8/8/8/3Q4/4K2R w K - 0 1", Mode::Standard).expect("valid");
        let queen = find(&pos, Square::D2, Square::D7, None);
        assert_eq!(SanFormat::CHINESE.move_text(&pos, &queen), "后xd7+");
        let promote = find(&pos, Square::E7, Square::E8, Some(Role::Queen));
        assert_eq!(SanFormat::CHINESE.move_text(&pos, &promote), "e8=后+");
        assert_eq!(SanFormat::FIGURINES.move_text(&pos, &promote), "e8=♕+");
        let castle = find(&pos, Square::E1, Square::G1, None);
        assert_eq!(SanFormat::CHINESE.move_text(&pos, &castle), "O-O");
    }

    #[test]
    fn en_passant_marked_only_when_asked() {
        let pos = Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", Mode::Standard).expect("valid");
        let ep = find(&pos, Square::E5, Square::D6, None);
        assert_eq!(SanFormat::STANDARD.move_text(&pos, &ep), "exd6");
        assert_eq!(SanFormat::STANDARD.with_en_passant_suffix(true).move_text(&pos, &ep), "exd6 e.p.");
        assert_eq!(SanFormat::CHINESE.with_en_passant_suffix(true).move_text(&pos, &ep), "exd6 e.p.");
        let push = find(&pos, Square::E5, Square::E6, None);
        assert_eq!(SanFormat::STANDARD.with_en_passant_suffix(true).move_text(&pos, &push), "e6");
    }
}
