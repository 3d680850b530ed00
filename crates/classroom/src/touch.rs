//! Touch-move (摸子走子, 落子无悔) and adjusting ("j'adoube"), SPEC §6, as a state machine over
//! the pieces a player touches during one turn.
//!
//! On a screen, "touching" is selecting a piece (a tap, or the start of a drag). The rules, from
//! the handout's 走子规则 (3)-(4) and FIDE 4.3-4.4:
//! - own pieces touched: the first touched one that has a legal move must move;
//! - enemy pieces touched: the first touched one that can be captured must be captured;
//! - own and enemy touched: the first enemy piece must be captured with the first own piece; if
//!   that capture is illegal, the first touched piece that can move (or be captured) decides;
//! - if no touched piece can move or be captured, any legal move is allowed;
//! - a rook touched before the king forbids castling with that rook on this move; a king touched
//!   for an illegal castle must make another king move or the other castle (if the king has no
//!   legal move at all, any move) — which is simply "move the touched king";
//! - releasing a piece on a square completes the move: there are no take-backs;
//! - adjusting (j'adoube) is allowed only on your own turn, only for your own pieces, and
//!   commits you to nothing (tournament rules 13-14).

use core::fmt;
use qitong_rules::{Bitboard, Color, Move, MoveList, Position, ReasonArg, Role, Square};

/// What the touched pieces oblige the player to do on this move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Obligation {
    /// Nothing touched that binds: any legal move.
    Free,
    /// The own piece on this square must move (any of its legal moves).
    MovePiece(Square),
    /// The enemy piece on this square must be captured (by any piece that can).
    CapturePiece(Square),
    /// The enemy piece on `target` must be captured by the own piece on `piece`.
    CaptureWith { piece: Square, target: Square },
}

/// Why a touch, a move or an adjustment is refused under touch-move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TouchRefusal {
    /// You touched this piece first: you must move it.
    MustMove { square: Square, role: Role },
    /// You touched this enemy piece: you must capture it.
    MustCapture { square: Square, role: Role },
    /// You touched your piece and an enemy piece (in either order): capture it with that piece.
    MustCaptureWith { piece: Square, target: Square },
    /// You touched this rook before the king: no castling with it on this move.
    NoCastlingRookTouchedFirst { rook: Square },
    /// Adjust pieces only on your own turn.
    AdjustNotYourTurn,
    /// Adjust only your own pieces.
    AdjustNotYourPiece { square: Square },
    /// There is no piece on that square to adjust.
    AdjustEmptySquare { square: Square },
}

impl TouchRefusal {
    /// A stable machine-readable code, for the JS API (the UI's kid wording is keyed by the refusal).
    // Called, never copied: a crate that inlined it would hold the codes' strings once more (docs/crates.md).
    #[inline(never)]
    pub const fn code(self) -> &'static str {
        match self {
            TouchRefusal::MustMove { .. } => "touch-move-must-move",
            TouchRefusal::MustCapture { .. } => "touch-move-must-capture",
            TouchRefusal::MustCaptureWith { .. } => "touch-move-must-capture-with",
            TouchRefusal::NoCastlingRookTouchedFirst { .. } => "touch-move-rook-touched-first",
            TouchRefusal::AdjustNotYourTurn => "adjust-not-your-turn",
            TouchRefusal::AdjustNotYourPiece { .. } => "adjust-not-your-piece",
            TouchRefusal::AdjustEmptySquare { .. } => "adjust-empty-square",
        }
    }

    /// The values for the UI's text template (`{square}`, `{piece}`, `{target}`).
    pub fn args(self) -> Vec<(&'static str, ReasonArg)> {
        use ReasonArg::{Role as R, Square as S};
        match self {
            TouchRefusal::MustMove { square, role } | TouchRefusal::MustCapture { square, role } => {
                vec![("square", S(square)), ("piece", R(role))]
            }
            TouchRefusal::MustCaptureWith { piece, target } => vec![("square", S(piece)), ("target", S(target))],
            TouchRefusal::NoCastlingRookTouchedFirst { rook } => vec![("square", S(rook))],
            TouchRefusal::AdjustNotYourPiece { square } | TouchRefusal::AdjustEmptySquare { square } => {
                vec![("square", S(square))]
            }
            TouchRefusal::AdjustNotYourTurn => Vec::new(),
        }
    }

    /// The squares the board should mark.
    pub fn squares(self) -> Bitboard {
        match self {
            TouchRefusal::MustMove { square, .. } | TouchRefusal::MustCapture { square, .. } => square.into(),
            TouchRefusal::MustCaptureWith { piece, target } => Bitboard::from_square(piece).with(target),
            TouchRefusal::NoCastlingRookTouchedFirst { rook } => rook.into(),
            TouchRefusal::AdjustNotYourPiece { square } | TouchRefusal::AdjustEmptySquare { square } => square.into(),
            TouchRefusal::AdjustNotYourTurn => Bitboard::EMPTY,
        }
    }
}

impl fmt::Display for TouchRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TouchRefusal::MustMove { square, role } => write!(f, "touch-move: you touched the {role} on {square}, so you must move it"),
            TouchRefusal::MustCapture { square, role } => {
                write!(f, "touch-move: you touched the enemy {role} on {square}, so you must capture it")
            }
            TouchRefusal::MustCaptureWith { piece, target } => {
                write!(f, "touch-move: you touched {piece} and {target}: capture {target} with the piece on {piece}")
            }
            TouchRefusal::NoCastlingRookTouchedFirst { rook } => {
                write!(f, "you touched the rook on {rook} before the king: no castling with that rook on this move")
            }
            TouchRefusal::AdjustNotYourTurn => f.write_str("adjust pieces only on your own turn"),
            TouchRefusal::AdjustNotYourPiece { square } => write!(f, "adjust only your own pieces: {square} is your opponent's"),
            TouchRefusal::AdjustEmptySquare { square } => write!(f, "there is no piece on {square} to adjust"),
        }
    }
}

impl std::error::Error for TouchRefusal {}

/// The pieces touched so far on the current move.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TouchMove {
    touched: Vec<Square>,
    /// Own rooks touched before the own king: castling with them is forbidden on this move.
    rooks_before_king: Bitboard,
}

impl TouchMove {
    pub fn new() -> TouchMove {
        TouchMove::default()
    }

    /// The squares touched this move, in order.
    pub fn touched(&self) -> &[Square] {
        &self.touched
    }

    /// Forget the touches: called once a move has been made.
    pub fn reset(&mut self) {
        self.touched.clear();
        self.rooks_before_king = Bitboard::EMPTY;
    }

    /// The side to move touches (selects) the piece on `sq`. Touching an empty square or a
    /// piece already touched changes nothing. Returns the obligation that now holds; a touch
    /// that does not change an existing obligation is refused with the reason, so the board
    /// can keep the first piece selected and explain why.
    pub fn touch(&mut self, pos: &Position, sq: Square) -> Result<Obligation, TouchRefusal> {
        let before = self.obligation(pos);
        let Some(piece) = pos.board().piece_at(sq) else {
            return Ok(before);
        };
        if !self.touched.contains(&sq) {
            if piece.color == pos.turn() && piece.role == Role::King {
                self.rooks_before_king |= self.touched_own(pos) & pos.board().by_role(Role::Rook);
            }
            self.touched.push(sq);
        }
        let after = self.obligation(pos);
        match refusal(pos, before) {
            Some(r) if after == before && !obligation_involves(before, sq) => Err(r),
            _ => Ok(after),
        }
    }

    fn touched_own(&self, pos: &Position) -> Bitboard {
        let own = pos.board().by_color(pos.turn());
        self.touched.iter().copied().filter(|&s| own.contains(s)).collect()
    }

    /// What the touches oblige the side to move to do now.
    pub fn obligation(&self, pos: &Position) -> Obligation {
        let own = pos.board().by_color(pos.turn());
        let enemy = pos.board().by_color(!pos.turn());
        let moves = self.permitted_by_castling(pos);
        let can_move = |s: Square| moves.iter().any(|m| m.from == s);
        let can_be_captured = |t: Square| moves.iter().any(|m| m.captured_square() == Some(t));
        let first_own = self.touched.iter().copied().find(|&s| own.contains(s));
        let first_enemy = self.touched.iter().copied().find(|&s| enemy.contains(s));
        if let (Some(piece), Some(target)) = (first_own, first_enemy) {
            if moves.iter().any(|m| m.from == piece && m.captured_square() == Some(target)) {
                return Obligation::CaptureWith { piece, target };
            }
        }
        for &s in &self.touched {
            if own.contains(s) && can_move(s) {
                return Obligation::MovePiece(s);
            }
            if enemy.contains(s) && can_be_captured(s) {
                return Obligation::CapturePiece(s);
            }
        }
        Obligation::Free
    }

    /// The legal moves minus castling with a rook touched before the king.
    fn permitted_by_castling(&self, pos: &Position) -> MoveList {
        let mut moves = pos.legal_moves();
        let forbidden = self.rooks_before_king;
        moves.retain(|m| m.rook_squares().is_none_or(|(rook, _)| !forbidden.contains(rook)));
        moves
    }

    /// The legal moves the touches still allow (what the board highlights in class play).
    pub fn allowed_moves(&self, pos: &Position) -> MoveList {
        let obligation = self.obligation(pos);
        let mut moves = self.permitted_by_castling(pos);
        moves.retain(|m| fulfils(obligation, m));
        moves
    }

    /// May the legal move `m` be played under touch-move? (Its legality is the core's business.)
    pub fn check_move(&self, pos: &Position, m: &Move) -> Result<(), TouchRefusal> {
        if let Some((rook, _)) = m.rook_squares() {
            if self.rooks_before_king.contains(rook) {
                return Err(TouchRefusal::NoCastlingRookTouchedFirst { rook });
            }
        }
        let obligation = self.obligation(pos);
        match refusal(pos, obligation) {
            Some(r) if !fulfils(obligation, m) => Err(r),
            _ => Ok(()),
        }
    }
}

/// Is `sq` one of the squares the obligation is about?
fn obligation_involves(obligation: Obligation, sq: Square) -> bool {
    match obligation {
        Obligation::Free => false,
        Obligation::MovePiece(s) | Obligation::CapturePiece(s) => s == sq,
        Obligation::CaptureWith { piece, target } => piece == sq || target == sq,
    }
}

fn fulfils(obligation: Obligation, m: &Move) -> bool {
    match obligation {
        Obligation::Free => true,
        Obligation::MovePiece(s) => m.from == s,
        Obligation::CapturePiece(t) => m.captured_square() == Some(t),
        Obligation::CaptureWith { piece, target } => m.from == piece && m.captured_square() == Some(target),
    }
}

/// The refusal that enforces an obligation (none for a free move).
fn refusal(pos: &Position, obligation: Obligation) -> Option<TouchRefusal> {
    let role_at = |s: Square| pos.board().role_at(s).unwrap_or(Role::Pawn);
    match obligation {
        Obligation::MovePiece(square) => Some(TouchRefusal::MustMove { square, role: role_at(square) }),
        Obligation::CapturePiece(square) => Some(TouchRefusal::MustCapture { square, role: role_at(square) }),
        Obligation::CaptureWith { piece, target } => Some(TouchRefusal::MustCaptureWith { piece, target }),
        Obligation::Free => None,
    }
}

/// `by` announces "j'adoube" and adjusts the piece on `sq`: allowed only on `by`'s own turn and
/// only for `by`'s own piece. It commits to nothing.
pub fn adjust(pos: &Position, by: Color, sq: Square) -> Result<(), TouchRefusal> {
    if by != pos.turn() {
        return Err(TouchRefusal::AdjustNotYourTurn);
    }
    match pos.board().color_at(sq) {
        None => Err(TouchRefusal::AdjustEmptySquare { square: sq }),
        Some(c) if c != by => Err(TouchRefusal::AdjustNotYourPiece { square: sq }),
        Some(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::{Mode, Uci};

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen, Mode::Standard).expect("test FEN is legal")
    }

    fn mv(p: &Position, uci: &str) -> Move {
        let uci: Uci = uci.parse().expect("uci");
        p.legal_moves().iter().copied().find(|m| m.from == uci.from && m.to == uci.to).expect("legal move")
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn touching_own_piece_with_a_legal_move_commits_to_it() {
        let p = pos(START);
        let mut t = TouchMove::new();
        assert_eq!(t.touch(&p, Square::G1), Ok(Obligation::MovePiece(Square::G1)));
        assert_eq!(t.touch(&p, Square::B1), Err(TouchRefusal::MustMove { square: Square::G1, role: Role::Knight }));
        assert_eq!(t.check_move(&p, &mv(&p, "e2e4")), Err(TouchRefusal::MustMove { square: Square::G1, role: Role::Knight }));
        assert_eq!(t.check_move(&p, &mv(&p, "g1f3")), Ok(()));
        assert!(t.allowed_moves(&p).iter().all(|m| m.from == Square::G1));
        assert_eq!(t.allowed_moves(&p).len(), 2);
    }

    #[test]
    fn touching_own_piece_without_a_legal_move_commits_nothing() {
        let p = pos(START);
        let mut t = TouchMove::new();
        assert_eq!(t.touch(&p, Square::F1), Ok(Obligation::Free));
        assert_eq!(t.touch(&p, Square::E2), Ok(Obligation::MovePiece(Square::E2)));
    }

    #[test]
    fn touching_an_enemy_piece_commits_to_capturing_it() {
        // White knight f3 and pawn d4 can both take e5.
        let p = pos("rnbqkbnr/pppp1ppp/8/4p3/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3");
        let mut t = TouchMove::new();
        assert_eq!(t.touch(&p, Square::E5), Ok(Obligation::CapturePiece(Square::E5)));
        assert_eq!(t.check_move(&p, &mv(&p, "d4e5")), Ok(()));
        assert_eq!(t.check_move(&p, &mv(&p, "f3e5")), Ok(()));
        assert_eq!(t.check_move(&p, &mv(&p, "f3g5")), Err(TouchRefusal::MustCapture { square: Square::E5, role: Role::Pawn }));
    }

    #[test]
    fn touching_an_enemy_piece_that_cannot_be_captured_commits_nothing() {
        let p = pos(START);
        let mut t = TouchMove::new();
        assert_eq!(t.touch(&p, Square::E7), Ok(Obligation::Free));
        assert_eq!(t.check_move(&p, &mv(&p, "e2e4")), Ok(()));
    }

    #[test]
    fn several_own_pieces_touched_the_first_movable_must_move() {
        let p = pos(START);
        let mut t = TouchMove::new();
        t.touch(&p, Square::A1).expect("rook cannot move: free");
        t.touch(&p, Square::D2).expect("first movable piece");
        assert_eq!(t.touch(&p, Square::E2), Err(TouchRefusal::MustMove { square: Square::D2, role: Role::Pawn }));
        assert_eq!(t.obligation(&p), Obligation::MovePiece(Square::D2));
    }

    #[test]
    fn own_then_enemy_piece_capture_the_latter_with_the_former() {
        let p = pos("rnbqkbnr/pppp1ppp/8/4p3/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3");
        let mut t = TouchMove::new();
        t.touch(&p, Square::F3).expect("knight");
        assert_eq!(t.touch(&p, Square::E5), Ok(Obligation::CaptureWith { piece: Square::F3, target: Square::E5 }));
        assert_eq!(t.check_move(&p, &mv(&p, "d4e5")), Err(TouchRefusal::MustCaptureWith { piece: Square::F3, target: Square::E5 }));
        assert_eq!(t.check_move(&p, &mv(&p, "f3e5")), Ok(()));
    }

    #[test]
    fn own_then_enemy_piece_illegal_capture_the_first_movable_touched_decides() {
        // The b1 knight cannot take e5; it was touched first and can move, so it must move.
        let p = pos("rnbqkbnr/pppp1ppp/8/4p3/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3");
        let mut t = TouchMove::new();
        t.touch(&p, Square::B1).expect("knight b1");
        assert_eq!(t.touch(&p, Square::E5), Err(TouchRefusal::MustMove { square: Square::B1, role: Role::Knight }));
        // Touched in the other order, the enemy pawn (capturable) comes first.
        let mut t = TouchMove::new();
        t.touch(&p, Square::E5).expect("pawn");
        assert_eq!(t.touch(&p, Square::B1), Err(TouchRefusal::MustCapture { square: Square::E5, role: Role::Pawn }));
    }

    #[test]
    fn no_touched_piece_can_move_any_legal_move_is_allowed() {
        let p = pos(START);
        let mut t = TouchMove::new();
        for sq in [Square::A1, Square::C1, Square::E8] {
            assert_eq!(t.touch(&p, sq), Ok(Obligation::Free));
        }
        assert_eq!(t.allowed_moves(&p).len(), 20);
    }

    #[test]
    fn rook_touched_before_king_forbids_castling_with_that_rook() {
        // Rook h1 cannot move (f1/g1 blocked? no: empty), so use a boxed rook: h1 rook with h2
        // pawn and g1 empty — it can go to g1, so it must move.
        let p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
        let mut t = TouchMove::new();
        t.touch(&p, Square::H1).expect("rook");
        assert_eq!(t.touch(&p, Square::E1), Err(TouchRefusal::MustMove { square: Square::H1, role: Role::Rook }));
        assert_eq!(t.check_move(&p, &mv(&p, "e1g1")), Err(TouchRefusal::NoCastlingRookTouchedFirst { rook: Square::H1 }));
        assert!(t.allowed_moves(&p).iter().all(|m| m.from == Square::H1));
    }

    #[test]
    fn rook_touched_before_king_when_the_rook_cannot_move_king_moves_but_not_castles_with_it() {
        // The a1 rook is hemmed in by b1 knight; the king must move, but not castle queenside
        // (impossible anyway) — and castling kingside with the untouched h1 rook is fine.
        let p = pos("4k3/8/8/8/8/8/P6P/RN2K2R w KQ - 0 1");
        let mut t = TouchMove::new();
        assert_eq!(t.touch(&p, Square::A1), Ok(Obligation::Free));
        assert_eq!(t.touch(&p, Square::E1), Ok(Obligation::MovePiece(Square::E1)));
        assert_eq!(t.check_move(&p, &mv(&p, "e1g1")), Ok(()));
    }

    #[test]
    fn king_touched_for_an_illegal_castle_may_move_otherwise_or_castle_the_other_side() {
        // Kingside castling passes f1, attacked by the c4 bishop; queenside is legal.
        let p = pos("4k3/8/8/8/2b5/8/8/R3K2R w KQ - 0 1");
        let mut t = TouchMove::new();
        assert_eq!(t.touch(&p, Square::E1), Ok(Obligation::MovePiece(Square::E1)));
        assert!(!p.legal_moves().iter().any(|m| m.to == Square::G1 && m.is_castle()));
        assert_eq!(t.check_move(&p, &mv(&p, "e1c1")), Ok(()));
        assert_eq!(t.check_move(&p, &mv(&p, "e1d2")), Ok(()));
        assert!(t.check_move(&p, &mv(&p, "a1a8")).is_err());
    }

    #[test]
    fn king_touched_with_no_legal_move_any_legal_move_is_allowed() {
        let p = pos(START);
        let mut t = TouchMove::new();
        assert_eq!(t.touch(&p, Square::E1), Ok(Obligation::Free));
        assert_eq!(t.check_move(&p, &mv(&p, "g1f3")), Ok(()));
    }

    #[test]
    fn releasing_completes_the_move_and_reset_clears_touches() {
        let p = pos(START);
        let mut t = TouchMove::new();
        t.touch(&p, Square::G1).expect("touch");
        let next = p.play_unchecked(&mv(&p, "g1f3"));
        t.reset();
        assert!(t.touched().is_empty());
        assert_eq!(t.obligation(&next), Obligation::Free);
    }

    #[test]
    fn adjusting_only_own_pieces_on_own_turn_and_it_commits_nothing() {
        let p = pos(START);
        assert_eq!(adjust(&p, Color::White, Square::G1), Ok(()));
        assert_eq!(adjust(&p, Color::Black, Square::G8), Err(TouchRefusal::AdjustNotYourTurn));
        assert_eq!(adjust(&p, Color::White, Square::G8), Err(TouchRefusal::AdjustNotYourPiece { square: Square::G8 }));
        assert_eq!(adjust(&p, Color::White, Square::E4), Err(TouchRefusal::AdjustEmptySquare { square: Square::E4 }));
        let t = TouchMove::new();
        assert_eq!(t.obligation(&p), Obligation::Free);
    }

    #[test]
    fn every_refusal_has_a_distinct_code_and_squares() {
        let all = [
            TouchRefusal::MustMove { square: Square::A1, role: Role::Rook },
            TouchRefusal::MustCapture { square: Square::A1, role: Role::Rook },
            TouchRefusal::MustCaptureWith { piece: Square::A1, target: Square::A2 },
            TouchRefusal::NoCastlingRookTouchedFirst { rook: Square::H1 },
            TouchRefusal::AdjustNotYourTurn,
            TouchRefusal::AdjustNotYourPiece { square: Square::A1 },
            TouchRefusal::AdjustEmptySquare { square: Square::A1 },
        ];
        let codes: std::collections::HashSet<_> = all.iter().map(|r| r.code()).collect();
        assert_eq!(codes.len(), all.len());
        assert_eq!(all[2].squares().count(), 2);
        assert!(all.iter().all(|r| !r.to_string().is_empty()));
    }
}
