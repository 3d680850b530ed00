//! Explanations of attempted moves: for any `(from, to, promotion)` on a `Position`, either the
//! legal `Move` or the `IllegalReason` a teacher would give, with the squares to point at.
//!
//! The reasons are looked for in the order that makes sense to a child: whose piece and whether
//! it moves at all; the piece's movement rule, its path and its target; the special pawn and
//! castling rules; then king safety (in check → `in-check-does-not-help`; a pinned piece →
//! `pinned`; else `king-into-check` / `leaves-king-in-check`). Promotion choices come last, so
//! that the board asks a child to choose a piece only for a move that is otherwise legal.
//!
//! The legal move itself is always taken from the move generator, so `explain` returns `Ok(m)`
//! only for `m` in `legal_moves()`; the tests check that the reasoning here reaches the same
//! verdict for every attempt on many positions.

#[cfg(test)]
mod law_tests;
mod reason;
#[cfg(test)]
mod tests;

pub use reason::{IllegalReason, ReasonArg};

use super::attacks::{between, bishop_attacks, king_attacks, knight_attacks, queen_attacks, rook_attacks};
use super::{Bitboard, CastlingSide, Color, Move, Position, Rank, Role, Square};

/// Explains the attempt to move the piece on `from` to `to` (with `promotion` for a pawn reaching
/// the last rank): the legal move, or why it is not allowed.
///
/// Castling is asked for by moving the king two squares sideways from its home square; dropping
/// the king onto its own castling rook (`e1h1`) is read the same way and returns the castling
/// move (whose `to` is then `g1`). Promotions are never chosen here: a pawn reaching the last
/// rank without a `promotion` gets `promotion-missing`.
///
/// Without the game's history, `en-passant-expired` is given when the capture would be en
/// passant and the enemy pawn could have arrived by a two-step (its start square is not holding
/// one of its pawns), but the two-step was not the last move. Positions without kings (drills)
/// never get a check-related reason for the side without a king.
pub fn explain(pos: &Position, from: Square, to: Square, promotion: Option<Role>) -> Result<Move, IllegalReason> {
    if let Some(m) = find_legal(pos, from, to, promotion) {
        return Ok(m);
    }
    // `find_reason` reaches the generator's verdict on every tested position; should it ever not,
    // the attempt is still refused, with the most general reason.
    let role = pos.board().role_at(from).unwrap_or(Role::Pawn);
    Err(find_reason(pos, from, to, promotion).unwrap_or(IllegalReason::CannotMoveThatWay { from, to, role }))
}

impl Position {
    /// The legal move for this attempt, or why it is illegal; see [`explain`].
    pub fn explain(&self, from: Square, to: Square, promotion: Option<Role>) -> Result<Move, IllegalReason> {
        explain(self, from, to, promotion)
    }
}

/// The generator's legal move matching the attempt (castling also by the king-onto-rook input).
fn find_legal(pos: &Position, from: Square, to: Square, promotion: Option<Role>) -> Option<Move> {
    let moves = pos.legal_moves_from(from);
    let side = castling_input(pos, from, to);
    moves
        .iter()
        .find(|m| match side {
            Some(side) => m.castling_side() == Some(side) && promotion.is_none(),
            None => m.to == to && m.promotion == promotion,
        })
        .copied()
}

/// Which castling the attempt asks for, if it is one: the side-to-move's king on its home square
/// going two squares sideways, or onto its own rook on that side's corner.
fn castling_input(pos: &Position, from: Square, to: Square) -> Option<CastlingSide> {
    let us = pos.turn();
    let b = pos.board();
    if from != CastlingSide::KingSide.king_from(us) || b.piece_at(from) != Some(Role::King.of(us)) {
        return None;
    }
    CastlingSide::ALL.into_iter().find(|side| to == side.king_to(us) || (to == side.rook_from(us) && b.piece_at(to) == Some(Role::Rook.of(us))))
}

/// The reason the attempt is illegal, or `None` when it is a legal move. Works out legality on
/// its own (not from the move generator), which is what the consistency tests compare.
pub(crate) fn find_reason(pos: &Position, from: Square, to: Square, promotion: Option<Role>) -> Option<IllegalReason> {
    let b = pos.board();
    let us = pos.turn();
    let Some(piece) = b.piece_at(from) else {
        return Some(IllegalReason::NoPiece { from });
    };
    if piece.color != us {
        return Some(IllegalReason::NotYourTurn { from, color: piece.color });
    }
    if from == to {
        return Some(IllegalReason::SameSquare { from });
    }
    if let Some(side) = castling_input(pos, from, to) {
        return castle_reason(pos, side).or_else(|| promotion_reason(from, to, false, promotion));
    }
    let captured = match piece.role {
        Role::Pawn => pawn_geometry(pos, from, to),
        role => piece_geometry(pos, role, from, to),
    };
    let captured = match captured {
        Ok(captured) => captured,
        Err(reason) => return Some(reason),
    };
    let reaches_last_rank = piece.role == Role::Pawn && Bitboard::BACKRANKS.contains(to);
    safety_reason(pos, piece.role, from, to, captured).or_else(|| promotion_reason(from, to, reaches_last_rank, promotion))
}

/// The movement rule, path and target of a knight, bishop, rook, queen or (non-castling) king.
/// On success, the square of the piece it would capture.
fn piece_geometry(pos: &Position, role: Role, from: Square, to: Square) -> Result<Option<Square>, IllegalReason> {
    let b = pos.board();
    let reach = match role {
        Role::Knight => knight_attacks(from),
        Role::Bishop => bishop_attacks(from, Bitboard::EMPTY),
        Role::Rook => rook_attacks(from, Bitboard::EMPTY),
        Role::Queen => queen_attacks(from, Bitboard::EMPTY),
        Role::King | Role::Pawn => king_attacks(from),
    };
    if !reach.contains(to) {
        return Err(IllegalReason::CannotMoveThatWay { from, to, role });
    }
    if let Some(blocker) = first_blocker(from, to, b.occupied()) {
        return Err(IllegalReason::PathBlocked { from, to, role, blocker });
    }
    target(pos, to)
}

/// The first occupied square on the straight way from `from` to `to` (none for a knight's jump).
fn first_blocker(from: Square, to: Square, occupied: Bitboard) -> Option<Square> {
    let blockers = between(from, to) & occupied;
    // Squares on one line are ordered by index, so the nearest is the lowest or the highest.
    if to.index() > from.index() {
        blockers.first()
    } else {
        blockers.last()
    }
}

/// What stands on the target of a move that is not a pawn's: own piece (refused), enemy piece
/// (captured) or nothing.
fn target(pos: &Position, to: Square) -> Result<Option<Square>, IllegalReason> {
    match pos.board().color_at(to) {
        Some(color) if color == pos.turn() => Err(IllegalReason::OwnPieceOnTarget { to }),
        Some(_) => Ok(Some(to)),
        None => Ok(None),
    }
}

/// A pawn's movement rules: forward only; one step straight onto an empty square, two from the
/// start square over an empty one; one step diagonally to capture, or en passant right after an
/// enemy two-step. On success, the square of the piece it would capture.
fn pawn_geometry(pos: &Position, from: Square, to: Square) -> Result<Option<Square>, IllegalReason> {
    let b = pos.board();
    let us = pos.turn();
    let forward: i8 = if us == Color::White { 1 } else { -1 };
    let file_step = to.file().index() as i8 - from.file().index() as i8;
    let rank_step = (to.rank().index() as i8 - from.rank().index() as i8) * forward;
    let way = IllegalReason::CannotMoveThatWay { from, to, role: Role::Pawn };
    if rank_step < 0 {
        return Err(IllegalReason::PawnBackwards { from, to });
    }
    match (file_step, rank_step) {
        (0, 1) => straight_target(pos, from, to),
        (0, 2) => {
            if from.rank() != Rank::SECOND.relative(us) {
                return Err(IllegalReason::PawnTwoStepOnlyFromStart { from, to });
            }
            let middle = Square::from_coords(from.file(), Rank::THIRD.relative(us));
            if b.occupied().contains(middle) {
                return Err(IllegalReason::PathBlocked { from, to, role: Role::Pawn, blocker: middle });
            }
            straight_target(pos, from, to)
        }
        (-1 | 1, 1) => match b.color_at(to) {
            Some(color) if color == us => Err(IllegalReason::OwnPieceOnTarget { to }),
            Some(_) => Ok(Some(to)),
            None => {
                let beside = Square::from_coords(to.file(), from.rank());
                if pos.ep_candidate == Some(to) {
                    Ok(Some(beside))
                } else if could_have_been_en_passant(pos, from, to, beside) {
                    Err(IllegalReason::EnPassantExpired { from, to, pawn: beside })
                } else {
                    Err(IllegalReason::PawnMovesStraight { from, to })
                }
            }
        },
        _ => Err(way),
    }
}

/// A straight pawn step needs an empty target: a pawn never captures straight ahead.
fn straight_target(pos: &Position, from: Square, to: Square) -> Result<Option<Square>, IllegalReason> {
    match pos.board().color_at(to) {
        Some(color) if color == pos.turn() => Err(IllegalReason::OwnPieceOnTarget { to }),
        Some(_) => Err(IllegalReason::PawnCapturesDiagonally { from, to }),
        None => Ok(None),
    }
}

/// Does this diagonal step onto an empty square look like an en-passant capture made too late?
/// Our pawn stands on its fifth rank beside an enemy pawn whose file's start square does not hold
/// an enemy pawn (else that pawn cannot have come by a two-step).
fn could_have_been_en_passant(pos: &Position, from: Square, to: Square, beside: Square) -> bool {
    let us = pos.turn();
    let b = pos.board();
    let enemy_pawn = Some(Role::Pawn.of(!us));
    let origin = Square::from_coords(to.file(), Rank::SEVENTH.relative(us));
    from.rank() == Rank::FIFTH.relative(us) && b.piece_at(beside) == enemy_pawn && b.piece_at(origin) != enemy_pawn
}

/// Castling's conditions, permanent ones first: rights (king or rook moved), pieces between,
/// check, the square passed over, the landing square.
fn castle_reason(pos: &Position, side: CastlingSide) -> Option<IllegalReason> {
    let us = pos.turn();
    let them = !us;
    let rights = pos.castles();
    let king = side.king_from(us);
    if !rights.has(us, side) {
        // One king move loses both rights; a rook move loses only its own side's.
        return Some(if rights.has_color(us) {
            IllegalReason::CastleRookMoved { rook: side.rook_from(us) }
        } else {
            IllegalReason::CastleKingMoved { king }
        });
    }
    let occupied = pos.board().occupied();
    let between_pieces = between(king, side.rook_from(us)) & occupied;
    if between_pieces.any() {
        return Some(IllegalReason::CastlePiecesBetween { squares: between_pieces });
    }
    let checkers = pos.checkers();
    if checkers.any() {
        return Some(IllegalReason::CastleInCheck { checkers });
    }
    let square = side.rook_to(us);
    let attackers = pos.attackers_to(square, them, occupied);
    if attackers.any() {
        return Some(IllegalReason::CastleThroughAttack { square, attackers });
    }
    let square = side.king_to(us);
    let attackers = pos.attackers_to(square, them, occupied);
    if attackers.any() {
        return Some(IllegalReason::CastleIntoAttack { square, attackers });
    }
    None
}

/// King safety after a move whose geometry is right. `captured` is the square of the piece taken
/// (beside `to` for en passant).
fn safety_reason(pos: &Position, role: Role, from: Square, to: Square, captured: Option<Square>) -> Option<IllegalReason> {
    let us = pos.turn();
    let them = !us;
    let king = pos.king_of(us)?;
    let occupied = pos.board().occupied();
    if role == Role::King {
        // Looking through the king's own square: stepping back along a rook's line is no escape.
        let attackers = pos.attackers_to(to, them, occupied.without(from));
        return attackers.any().then_some(IllegalReason::KingIntoCheck { from, to, attackers });
    }
    let captured_bb = captured.map_or(Bitboard::EMPTY, Bitboard::from_square);
    let after = (occupied.without(from) - captured_bb).with(to);
    let attackers = pos.attackers_to(king, them, after) - captured_bb;
    if attackers.is_empty() {
        return None;
    }
    let checkers = pos.checkers();
    if (attackers & checkers).any() {
        return Some(IllegalReason::InCheckDoesNotHelp { from, to, checkers, king });
    }
    match pos.pinner_of(from) {
        Some(pinner) if attackers.contains(pinner) => Some(IllegalReason::Pinned { from, to, pinner, king }),
        _ => Some(IllegalReason::LeavesKingInCheck { from, to, attackers, king }),
    }
}

/// The promotion choice, checked last: a pawn reaching the last rank needs a queen, rook, bishop
/// or knight; any other move takes none.
fn promotion_reason(from: Square, to: Square, reaches_last_rank: bool, promotion: Option<Role>) -> Option<IllegalReason> {
    match (reaches_last_rank, promotion) {
        (true, None) => Some(IllegalReason::PromotionMissing { from, to }),
        (true, Some(role @ (Role::King | Role::Pawn))) => Some(IllegalReason::PromotionNotAllowed { from, to, role }),
        (false, Some(role)) => Some(IllegalReason::PromotionNotAPromotion { from, to, role }),
        _ => None,
    }
}
