//! `Position`: a validated position (from a `Setup`, in standard or drill mode) with the
//! shakmaty-style query API and copy-make move playing. Move generation is in `movegen.rs`,
//! validation in `validate.rs`.

use super::attacks::{king_attacks, knight_attacks, pawn_attacks, tables, Tables};
use super::{Bitboard, Board, CastlingRights, Color, Move, MoveKind, Role, Setup, Square, Uci};
use core::fmt;
use core::hash::{Hash, Hasher};

/// How strictly a `Setup` is validated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// A real chess position: exactly one king per side, and everything else a game can reach.
    #[default]
    Standard,
    /// A lesson drill: each side has at most one king and may have none (a lone rook collecting
    /// stars). Check, pins and checkmate only concern kings that exist; everything else is as in
    /// `Standard`.
    Drill,
}

/// A legal position: validated once, then changed only by legal moves.
///
/// Positions are small `Copy` values; [`Position::play_unchecked`] returns a new one
/// (copy-make). Equality compares what matters for the rules: placement, turn, castling rights,
/// the en-passant square *only when an en-passant capture is legal*, the counters and the mode.
#[derive(Clone, Copy)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castles: CastlingRights,
    /// The square skipped by the last move's double step, kept only when a pawn of the side to
    /// move stands beside the pawn (the capture may still be illegal; see `ep_square()`).
    pub(crate) ep_candidate: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) mode: Mode,
}

impl Position {
    /// The standard starting position.
    pub fn new() -> Position {
        Position {
            board: Board::start(),
            turn: Color::White,
            castles: CastlingRights::ALL,
            ep_candidate: None,
            halfmoves: 0,
            fullmoves: 1,
            mode: Mode::Standard,
        }
    }

    /// Where the pieces stand.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights still held (the king and that rook have not moved). A castling move
    /// also needs the position to allow it; see [`Position::legal_moves`].
    #[inline]
    pub fn castles(&self) -> CastlingRights {
        self.castles
    }

    /// The en-passant square, but only if an en-passant capture onto it is legal right now. This is
    /// what FEN output and the Zobrist hash use, so that a double step nobody can answer en passant
    /// does not make two otherwise equal positions differ (threefold repetition).
    pub fn ep_square(&self) -> Option<Square> {
        let ep = self.ep_candidate?;
        let capturers = pawn_attacks(!self.turn, ep) & self.board.pawns() & self.board.by_color(self.turn);
        let mut capturers = capturers;
        Iterator::any(&mut capturers, |from| self.en_passant_is_legal(from, ep)).then_some(ep)
    }

    /// Half-moves since the last capture or pawn move (the fifty-move rule counts these).
    #[inline]
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, starting at 1 and growing after each Black move.
    #[inline]
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// The validation mode this position was made with.
    #[inline]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Back to a plain `Setup`; the en-passant square is kept only when the capture is legal.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            turn: self.turn,
            castling: self.castles,
            ep_square: self.ep_square(),
            halfmove_clock: self.halfmoves,
            fullmove_number: self.fullmoves,
        }
    }

    /// The king of `color`, if it has one (drill positions may have none).
    #[inline]
    pub fn king_of(&self, color: Color) -> Option<Square> {
        (self.board.kings() & self.board.by_color(color)).first()
    }

    /// The pieces of `by` that attack `sq` when the squares in `occupied` are taken as the
    /// blockers ("who attacks / who protects this square"). Pawns count by their diagonal capture
    /// squares. Pass `board().occupied()` for the position as it is.
    pub fn attackers_to(&self, sq: Square, by: Color, occupied: Bitboard) -> Bitboard {
        let b = &self.board;
        let t = tables();
        let them = b.by_color(by);
        them & ((knight_attacks(sq) & b.knights())
            | (king_attacks(sq) & b.kings())
            | (pawn_attacks(!by, sq) & b.pawns())
            | (t.bishop(sq, occupied) & b.bishops_like())
            | (t.rook(sq, occupied) & b.rooks_like()))
    }

    /// Is `sq` attacked by any piece of `by`?
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        self.attackers_to(sq, by, occupied).any()
    }

    /// The enemy pieces giving check to the side to move (empty when it has no king).
    pub fn checkers(&self) -> Bitboard {
        match self.king_of(self.turn) {
            Some(king) => self.attackers_to(king, !self.turn, self.board.occupied()),
            None => Bitboard::EMPTY,
        }
    }

    /// Is the side to move in check?
    #[inline]
    pub fn is_check(&self) -> bool {
        self.checkers().any()
    }

    /// In check with no legal move. A side without a king (drill) is never checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// Not in check and no legal move (逼和). In a drill, a side with no piece that can move is
    /// also "stalemated"; the lesson decides what that means.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }

    /// Does the side to move have at least one legal move?
    pub fn has_legal_moves(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// The side to move's pieces pinned to its king: they may only move along the line through
    /// the king and the pinner.
    pub fn pinned(&self) -> Bitboard {
        match self.king_of(self.turn) {
            Some(king) => self.slider_blockers(tables(), king).1,
            None => Bitboard::EMPTY,
        }
    }

    /// For a piece of the side to move pinned to its king: the enemy piece pinning it.
    pub fn pinner_of(&self, sq: Square) -> Option<Square> {
        let king = self.king_of(self.turn)?;
        let t = tables();
        let occupied = self.board.occupied();
        if !self.board.by_color(self.turn).contains(sq) {
            return None;
        }
        self.snipers(t, king).find(|&s| (t.between(king, s) & occupied) == Bitboard::from_square(sq))
    }

    /// Enemy sliders that would attack `king` if only enemy pieces blocked.
    #[inline(always)]
    pub(crate) fn snipers(&self, t: &Tables, king: Square) -> Bitboard {
        let b = &self.board;
        let their = b.by_color(!self.turn);
        ((t.rook(king, their) & b.rooks_like()) | (t.bishop(king, their) & b.bishops_like())) & their
    }

    /// `(slider checkers, pinned pieces of the side to move)` for the side to move's king.
    #[inline(always)]
    pub(crate) fn slider_blockers(&self, t: &Tables, king: Square) -> (Bitboard, Bitboard) {
        let occupied = self.board.occupied();
        let ours = self.board.by_color(self.turn);
        let mut checkers = Bitboard::EMPTY;
        let mut pinned = Bitboard::EMPTY;
        for sniper in self.snipers(t, king) {
            let blockers = t.between(king, sniper) & occupied;
            if blockers.is_empty() {
                checkers.add(sniper);
            } else if !blockers.more_than_one() {
                pinned |= blockers & ours;
            }
        }
        (checkers, pinned)
    }

    /// Would capturing en passant from `from` onto `ep` leave the mover's king safe? Tested by
    /// looking at the board after the capture, which covers the horizontal discovered check
    /// (both pawns leaving the king's rank) as well as diagonal pins.
    pub(crate) fn en_passant_is_legal(&self, from: Square, ep: Square) -> bool {
        let Some(king) = self.king_of(self.turn) else { return true };
        let b = &self.board;
        let t = tables();
        let captured = Square::from_coords(ep.file(), from.rank());
        let occupied = (b.occupied() ^ Bitboard::from_square(from) ^ Bitboard::from_square(captured)) | ep;
        let their = b.by_color(!self.turn);
        let leapers = ((knight_attacks(king) & b.knights()) | (pawn_attacks(self.turn, king) & b.pawns())) & their;
        leapers.without(captured).is_empty()
            && (t.rook(king, occupied) & b.rooks_like() & their).is_empty()
            && (t.bishop(king, occupied) & b.bishops_like() & their).is_empty()
    }

    /// Plays a move known to be legal here and returns the new position (copy-make). Passing a
    /// move that is not legal gives a meaningless position (but never panics); use
    /// [`Position::play`] for moves from outside.
    #[inline]
    pub fn play_unchecked(&self, m: &Move) -> Position {
        let mut next = *self;
        next.apply(m);
        next
    }

    /// A null move (PGN `--`): the side to move passes. Only where that leaves a legal position,
    /// i.e. not in check (else the king could be taken). The clocks go on as for a quiet move.
    pub fn pass(&self) -> Option<Position> {
        if self.is_check() {
            return None;
        }
        let mut next = *self;
        next.ep_candidate = None;
        next.halfmoves = self.halfmoves.saturating_add(1);
        if self.turn == Color::Black {
            next.fullmoves = self.fullmoves.saturating_add(1);
        }
        next.turn = !self.turn;
        Some(next)
    }

    /// Plays `m` if it is legal here.
    pub fn play(&self, m: &Move) -> Result<Position, IllegalMoveError> {
        if self.is_legal(m) {
            Ok(self.play_unchecked(m))
        } else {
            Err(IllegalMoveError { uci: Uci::from_move(m) })
        }
    }

    #[inline(always)]
    fn apply(&mut self, m: &Move) {
        let us = self.turn;
        let them = !us;
        self.ep_candidate = None;
        self.halfmoves = if m.is_zeroing() { 0 } else { self.halfmoves.saturating_add(1) };
        if us == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        match m.kind {
            MoveKind::Normal => {
                if let Some(captured) = m.capture {
                    self.board.toggle(m.to, captured.of(them));
                }
                match m.promotion {
                    None => self.board.move_piece(m.from, m.to, m.role.of(us)),
                    Some(promoted) => {
                        self.board.toggle(m.from, m.role.of(us));
                        self.board.toggle(m.to, promoted.of(us));
                    }
                }
            }
            MoveKind::DoubleStep => {
                self.board.move_piece(m.from, m.to, Role::Pawn.of(us));
                let skipped = Square::new_unchecked(((m.from.index() + m.to.index()) / 2) as u8);
                if (pawn_attacks(us, skipped) & self.board.pawns() & self.board.by_color(them)).any() {
                    self.ep_candidate = Some(skipped);
                }
            }
            MoveKind::EnPassant => {
                let captured = Square::from_coords(m.to.file(), m.from.rank());
                self.board.toggle(captured, Role::Pawn.of(them));
                self.board.move_piece(m.from, m.to, Role::Pawn.of(us));
            }
            MoveKind::Castle(side) => {
                self.board.move_piece(m.from, m.to, Role::King.of(us));
                self.board.move_piece(side.rook_from(us), side.rook_to(us), Role::Rook.of(us));
            }
        }
        self.castles = self.castles.after_move(m.from, m.to);
        self.turn = them;
    }
}

impl Default for Position {
    /// The standard starting position.
    fn default() -> Position {
        Position::new()
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.turn == other.turn
            && self.castles == other.castles
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
            && self.mode == other.mode
            && self.ep_square() == other.ep_square()
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.zobrist().hash(state);
        self.halfmoves.hash(state);
        self.fullmoves.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({}, {:?})", self.fen(), self.mode)
    }
}

/// A move that is not legal in the position it was tried in. Ask the explanation API for the
/// reason a child can understand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The attempted move, as from/to/promotion.
    pub uci: Uci,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move in this position", self.uci)
    }
}

impl std::error::Error for IllegalMoveError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{CastlingSide, Piece};

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Mode::Standard).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn play(p: &Position, uci: &str) -> Position {
        let uci: Uci = uci.parse().unwrap_or_else(|e| panic!("{uci}: {e}"));
        let m = p.move_from_uci(&uci).unwrap_or_else(|e| panic!("{e}"));
        p.play(&m).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn each_move_kind_changes_the_board() {
        let ep = play(&pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"), "e5d6");
        assert_eq!(ep.board().piece_at(Square::D5), None);
        assert_eq!(ep.board().piece_at(Square::D6), Some(Piece { color: Color::White, role: Role::Pawn }));
        let castled = play(&pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 9"), "e8c8");
        assert_eq!(castled.board().piece_at(Square::D8), Some(Role::Rook.of(Color::Black)));
        assert_eq!(castled.board().piece_at(Square::C8), Some(Role::King.of(Color::Black)));
        assert_eq!(castled.castles().to_string(), "KQ");
        assert_eq!((castled.halfmoves(), castled.fullmoves()), (4, 10));
        let promoted = play(&pos("1n2k3/P7/8/8/8/8/8/4K3 w - - 5 40"), "a7b8n");
        assert_eq!(promoted.board().piece_at(Square::B8), Some(Role::Knight.of(Color::White)));
        assert_eq!(promoted.board().pawns(), Bitboard::EMPTY);
        assert_eq!(promoted.halfmoves(), 0);
        let double = play(&Position::new(), "d2d4");
        assert_eq!(double.fen(), "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
    }

    #[test]
    fn capturing_a_rook_at_home_removes_the_right() {
        let p = play(&pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "a1a8");
        assert_eq!(p.castles().to_string(), "Kk");
        assert!(!p.castles().has(Color::Black, CastlingSide::QueenSide));
    }

    #[test]
    fn play_rejects_what_is_not_legal() {
        let start = Position::new();
        let legal = start.legal_moves()[0];
        assert!(start.play(&legal).is_ok());
        let wrong_capture = Move { capture: Some(Role::Pawn), ..legal };
        assert!(start.play(&wrong_capture).is_err());
        let pinned = pos("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1");
        let sideways = Move { from: Square::E2, to: Square::D3, role: Role::Bishop, capture: None, promotion: None, kind: MoveKind::Normal };
        assert_eq!(pinned.play(&sideways), Err(IllegalMoveError { uci: Uci::from_move(&sideways) }));
        assert_eq!(pinned.pinned(), Bitboard::from_square(Square::E2));
        assert_eq!(pinned.pinner_of(Square::E2), Some(Square::E7));
        assert_eq!(pinned.pinner_of(Square::E1), None);
        assert_eq!(pinned.dests(Square::E2), Bitboard::EMPTY);
    }

    #[test]
    fn attackers_and_defenders() {
        let p = pos("4k3/8/8/3p4/4P3/5N2/8/4K3 w - - 0 1");
        let occupied = p.board().occupied();
        assert_eq!(p.attackers_to(Square::D5, Color::White, occupied), Bitboard::from_square(Square::E4));
        assert_eq!(p.attackers_to(Square::E4, Color::Black, occupied), Bitboard::from_square(Square::D5));
        // Nothing protects e4: the knight on f3 covers d4 and e5, not e4.
        assert_eq!(p.attackers_to(Square::E4, Color::White, occupied), Bitboard::EMPTY);
        assert_eq!(p.attackers_to(Square::D4, Color::White, occupied), Bitboard::from_square(Square::F3));
        assert!(p.is_attacked(Square::E5, Color::White, occupied));
        assert_eq!(p.king_of(Color::Black), Some(Square::E8));
        assert!(!p.is_check() && p.checkers().is_empty());
    }

    #[test]
    fn mate_and_stalemate() {
        let mate = pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
        assert!(mate.is_check() && mate.is_checkmate() && !mate.is_stalemate());
        assert_eq!(mate.checkers(), Bitboard::from_square(Square::A8));
        let stalemate = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
        assert!(stalemate.is_stalemate() && !stalemate.is_checkmate());
        assert!(!Position::new().is_checkmate() && !Position::new().is_stalemate());
    }

    #[test]
    fn equality_ignores_a_phantom_en_passant_square() {
        let with = Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", Mode::Standard).expect("valid");
        let without = Position::from_fen("4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", Mode::Standard).expect("valid");
        assert_eq!(with, without);
        assert_eq!(with.ep_square(), None);
        assert_eq!(with.to_setup(), without.to_setup());
    }
}
