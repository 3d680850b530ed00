//! Legal move generation, directly (no make/unmake test): a check mask and pin lines restrict each
//! piece's destinations. One generator feeds different visitors: a move list, a counter (perft's
//! bulk counting), a destination set for the board UI.

use super::attacks::{king_attacks, knight_attacks, pawn_attacks, tables, Tables};
use super::{Bitboard, Board, CastlingSide, Color, Move, MoveKind, MoveList, Position, Rank, Role, Square};

/// How a set of pawn destinations was reached (all by the same step).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum PawnStep {
    Push,
    DoubleStep,
    Capture,
}

/// Receives the legal moves of a position, grouped the way the generator finds them.
pub(crate) trait Visitor {
    /// Moves of a knight, bishop, rook, queen or king (not castling) from `from` to each of `dests`.
    fn piece(&mut self, board: &Board, role: Role, from: Square, dests: Bitboard);
    /// Pawn moves to each of `dests`, each from the square `shift` steps back (mod 64).
    fn pawns(&mut self, board: &Board, dests: Bitboard, shift: u32, step: PawnStep);
    /// Moves of one pawn (a pinned one) to each of `dests`.
    fn pawn(&mut self, board: &Board, from: Square, dests: Bitboard);
    fn en_passant(&mut self, from: Square, to: Square);
    fn castle(&mut self, side: CastlingSide, king: Square, to: Square);
}

const NOT_FILE_A: Bitboard = Bitboard(!0x0101_0101_0101_0101);
const NOT_FILE_H: Bitboard = Bitboard(!0x8080_8080_8080_8080);

/// Rotation amounts for a colour's pawns: push, double push, capture towards the a-file, capture
/// towards the h-file. Rotating never wraps a real pawn around: none stands on its last rank,
/// and the file masks drop the edge pawns before a sideways capture.
#[inline(always)]
const fn pawn_shifts(color: Color) -> (u32, u32, u32, u32) {
    match color {
        Color::White => (8, 16, 7, 9),
        Color::Black => (56, 48, 55, 57),
    }
}

#[inline(always)]
fn rotate(bb: Bitboard, shift: u32) -> Bitboard {
    Bitboard(bb.0.rotate_left(shift))
}

impl Position {
    /// Feeds every legal move of a piece on `movers` to `visitor`.
    #[inline(always)]
    pub(crate) fn generate<V: Visitor>(&self, movers: Bitboard, visitor: &mut V) {
        let t = tables();
        let b = &self.board;
        let us = self.turn;
        let ours = b.by_color(us);
        let their = b.by_color(!us);
        let occupied = b.occupied();
        let movers = movers & ours;

        let king = (b.kings() & ours).first();
        let (checkers, pinned) = match king {
            Some(k) => {
                let (slider_checkers, pinned) = self.slider_blockers(t, k);
                let leapers = ((knight_attacks(k) & b.knights()) | (pawn_attacks(us, k) & b.pawns())) & their;
                (slider_checkers | leapers, pinned)
            }
            None => (Bitboard::EMPTY, Bitboard::EMPTY),
        };
        // Only read when `pinned` or `checkers` is non-empty, which needs a king.
        let king_sq = king.unwrap_or(Square::A1);

        if let Some(k) = king {
            if movers.contains(k) {
                let occupied_without_king = occupied.without(k);
                let candidates = king_attacks(k) - ours;
                // At most two candidate squares: test each; more: one map of all the enemy attacks.
                let beyond_first = candidates.0 & candidates.0.wrapping_sub(1);
                let safe = if beyond_first & beyond_first.wrapping_sub(1) == 0 {
                    let mut safe = Bitboard::EMPTY;
                    for to in candidates {
                        if !self.attacked_by_them(t, to, occupied_without_king) {
                            safe.add(to);
                        }
                    }
                    safe
                } else {
                    candidates - self.attacked_squares(t, !us, occupied_without_king)
                };
                visitor.piece(b, Role::King, k, safe);
                if checkers.is_empty() && self.castles.has_color(us) {
                    for side in CastlingSide::ALL {
                        if self.castles.has(us, side)
                            && (t.between(k, side.rook_from(us)) & occupied).is_empty()
                            && !self.attacked_by_them(t, side.rook_to(us), occupied)
                            && !self.attacked_by_them(t, side.king_to(us), occupied)
                        {
                            visitor.castle(side, k, side.king_to(us));
                        }
                    }
                }
            }
        }
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.first() {
            Some(checker) => t.between(king_sq, checker).with(checker),
            None => Bitboard::FULL,
        } - ours;

        let free = movers - pinned;
        for from in free & b.knights() {
            visitor.piece(b, Role::Knight, from, knight_attacks(from) & target);
        }
        let bishops = b.by_role(Role::Bishop);
        let rooks = b.by_role(Role::Rook);
        let queens = b.by_role(Role::Queen);
        for from in free & bishops {
            visitor.piece(b, Role::Bishop, from, t.bishop(from, occupied) & target);
        }
        for from in free & rooks {
            visitor.piece(b, Role::Rook, from, t.rook(from, occupied) & target);
        }
        for from in free & queens {
            visitor.piece(b, Role::Queen, from, (t.rook(from, occupied) | t.bishop(from, occupied)) & target);
        }
        // A pinned knight can never move; a pinned slider moves along its pin line.
        for from in movers & pinned & (bishops | rooks | queens) {
            let line = t.ray(king_sq, from) & target;
            if bishops.contains(from) {
                visitor.piece(b, Role::Bishop, from, t.bishop(from, occupied) & line);
            } else if rooks.contains(from) {
                visitor.piece(b, Role::Rook, from, t.rook(from, occupied) & line);
            } else {
                visitor.piece(b, Role::Queen, from, (t.rook(from, occupied) | t.bishop(from, occupied)) & line);
            }
        }

        let pawns = movers & b.pawns();
        let empty = !occupied;
        let (push, double, west, east) = pawn_shifts(us);
        let third_rank = Bitboard::from_rank(Rank::THIRD.relative(us));
        let free_pawns = pawns - pinned;
        let single = rotate(free_pawns, push) & empty;
        visitor.pawns(b, single & target, push, PawnStep::Push);
        visitor.pawns(b, rotate(single & third_rank, push) & empty & target, double, PawnStep::DoubleStep);
        visitor.pawns(b, rotate(free_pawns & NOT_FILE_A, west) & their & target, west, PawnStep::Capture);
        visitor.pawns(b, rotate(free_pawns & NOT_FILE_H, east) & their & target, east, PawnStep::Capture);
        for from in pawns & pinned {
            let single = rotate(Bitboard::from_square(from), push) & empty;
            let double = rotate(single & third_rank, push) & empty;
            let captures = pawn_attacks(us, from) & their;
            visitor.pawn(b, from, (single | double | captures) & target & t.ray(king_sq, from));
        }

        if let Some(ep) = self.ep_candidate {
            for from in pawn_attacks(!us, ep) & pawns {
                if self.en_passant_is_legal(from, ep) {
                    visitor.en_passant(from, ep);
                }
            }
        }
    }

    /// Every square a piece of `by` attacks, with `occupied` as the blockers.
    #[inline(never)]
    fn attacked_squares(&self, t: &Tables, by: Color, occupied: Bitboard) -> Bitboard {
        let b = &self.board;
        let theirs = b.by_color(by);
        let pawns = theirs & b.pawns();
        let (_, _, west, east) = pawn_shifts(by);
        let mut attacked = rotate(pawns & NOT_FILE_A, west) | rotate(pawns & NOT_FILE_H, east);
        for sq in theirs & b.knights() {
            attacked |= knight_attacks(sq);
        }
        for sq in theirs & b.bishops_like() {
            attacked |= t.bishop(sq, occupied);
        }
        for sq in theirs & b.rooks_like() {
            attacked |= t.rook(sq, occupied);
        }
        for sq in theirs & b.kings() {
            attacked |= king_attacks(sq);
        }
        attacked
    }

    /// Is `sq` attacked by the side not to move, with `occupied` as the blockers?
    #[inline(always)]
    fn attacked_by_them(&self, t: &Tables, sq: Square, occupied: Bitboard) -> bool {
        let b = &self.board;
        let their = b.by_color(!self.turn);
        ((knight_attacks(sq) & b.knights()) | (king_attacks(sq) & b.kings()) | (pawn_attacks(self.turn, sq) & b.pawns())) & their != Bitboard::EMPTY
            || (t.bishop(sq, occupied) & b.bishops_like() & their).any()
            || (t.rook(sq, occupied) & b.rooks_like() & their).any()
    }

    /// Every legal move (promotions in all four pieces; castling as the king's move).
    pub fn legal_moves(&self) -> MoveList {
        self.collect_moves(Bitboard::FULL)
    }

    /// One instance of the generator serves every list-building call (smaller wasm).
    #[inline(never)]
    fn collect_moves(&self, movers: Bitboard) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_legal_move(movers, |m| list.push(*m));
        list
    }

    /// Calls `f` with every legal move of a piece on `movers`, without collecting them.
    #[inline(always)]
    pub(crate) fn for_each_legal_move(&self, movers: Bitboard, f: impl FnMut(&Move)) {
        self.generate(movers, &mut Emit { f, us: self.turn });
    }

    /// The legal moves of the piece on `from` (empty if it is not the side to move's).
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        self.collect_moves(Bitboard::from_square(from))
    }

    /// Where the piece on `from` may legally go (castling shows as the king's destination); the
    /// board highlights these.
    pub fn dests(&self, from: Square) -> Bitboard {
        let mut dests = Dests(Bitboard::EMPTY);
        self.generate(Bitboard::from_square(from), &mut dests);
        dests.0
    }

    /// Is `m` (with all its fields: role, capture, kind, promotion) a legal move here?
    pub fn is_legal(&self, m: &Move) -> bool {
        self.legal_moves_from(m.from).contains(m)
    }

    /// The number of legal moves, counted without building them (promotions count as four).
    pub fn count_legal_moves(&self) -> usize {
        let mut counter = Counter(0);
        self.generate(Bitboard::FULL, &mut counter);
        counter.0
    }

    /// The number of move paths of length `depth` (the standard move-generator test). Counts the
    /// last ply without playing it.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves() as u64,
            _ => {
                let mut nodes = 0;
                self.for_each_legal_move(Bitboard::FULL, |m| nodes += self.play_unchecked(m).perft(depth - 1));
                nodes
            }
        }
    }

    /// [`perft`](Position::perft), unless it would visit more than `max_positions` positions
    /// (each position whose moves are generated counts once: the last ply is counted, not
    /// played into): `None` then. The work grows about 30-fold a ply, so a caller that must answer
    /// promptly (a page's main thread) bounds it instead of guessing from the depth.
    pub fn perft_within(&self, depth: u32, max_positions: u64) -> Option<u64> {
        let mut left = max_positions;
        self.perft_budgeted(depth, &mut left)
    }

    fn perft_budgeted(&self, depth: u32, left: &mut u64) -> Option<u64> {
        if depth == 0 {
            return Some(1);
        }
        *left = left.checked_sub(1)?;
        if depth == 1 {
            return Some(self.count_legal_moves() as u64);
        }
        let mut nodes = Some(0u64);
        self.for_each_legal_move(Bitboard::FULL, |m| {
            if let Some(sum) = nodes {
                nodes = self.play_unchecked(m).perft_budgeted(depth - 1, left).map(|n| sum + n);
            }
        });
        nodes
    }
}

/// The role on an occupied square, testing the commonest first.
#[inline(always)]
fn role_on(b: &Board, sq: Square) -> Role {
    if b.pawns().contains(sq) {
        Role::Pawn
    } else if b.knights().contains(sq) {
        Role::Knight
    } else if b.by_role(Role::Bishop).contains(sq) {
        Role::Bishop
    } else if b.by_role(Role::Rook).contains(sq) {
        Role::Rook
    } else if b.by_role(Role::Queen).contains(sq) {
        Role::Queen
    } else {
        Role::King
    }
}

/// Builds each legal move and hands it to a closure.
struct Emit<F: FnMut(&Move)> {
    f: F,
    us: Color,
}

impl<F: FnMut(&Move)> Emit<F> {
    #[inline(always)]
    fn pawn_move(&mut self, from: Square, to: Square, capture: Option<Role>, kind: MoveKind) {
        let m = Move { from, to, role: Role::Pawn, capture, promotion: None, kind };
        if Bitboard::BACKRANKS.contains(to) {
            for role in Role::PROMOTIONS {
                (self.f)(&Move { promotion: Some(role), ..m });
            }
        } else {
            (self.f)(&m);
        }
    }
}

impl<F: FnMut(&Move)> Visitor for Emit<F> {
    #[inline(always)]
    fn piece(&mut self, board: &Board, role: Role, from: Square, dests: Bitboard) {
        let their = board.by_color(!self.us);
        for to in dests {
            let capture = if their.contains(to) { Some(role_on(board, to)) } else { None };
            (self.f)(&Move { from, to, role, capture, promotion: None, kind: MoveKind::Normal });
        }
    }

    #[inline(always)]
    fn pawns(&mut self, board: &Board, dests: Bitboard, shift: u32, step: PawnStep) {
        for to in dests {
            let from = Square::new_unchecked(((to.index() as u32 + 64 - shift) & 63) as u8);
            match step {
                PawnStep::Push => self.pawn_move(from, to, None, MoveKind::Normal),
                PawnStep::DoubleStep => self.pawn_move(from, to, None, MoveKind::DoubleStep),
                PawnStep::Capture => self.pawn_move(from, to, Some(role_on(board, to)), MoveKind::Normal),
            }
        }
    }

    fn pawn(&mut self, board: &Board, from: Square, dests: Bitboard) {
        let their = board.by_color(!self.us);
        for to in dests {
            let capture = if their.contains(to) { Some(role_on(board, to)) } else { None };
            let kind = if from.rank().index().abs_diff(to.rank().index()) == 2 { MoveKind::DoubleStep } else { MoveKind::Normal };
            self.pawn_move(from, to, capture, kind);
        }
    }

    fn en_passant(&mut self, from: Square, to: Square) {
        (self.f)(&Move { from, to, role: Role::Pawn, capture: Some(Role::Pawn), promotion: None, kind: MoveKind::EnPassant });
    }

    fn castle(&mut self, side: CastlingSide, king: Square, to: Square) {
        (self.f)(&Move { from: king, to, role: Role::King, capture: None, promotion: None, kind: MoveKind::Castle(side) });
    }
}

/// Pawn moves to `dests`, a promotion counting as four. A popcount costs a dozen instructions
/// on baseline x86-64 (no POPCNT; wasm has one), so empty sets are skipped.
#[inline(always)]
fn pawn_move_count(dests: Bitboard) -> usize {
    if dests.is_empty() {
        return 0;
    }
    let promotions = dests & Bitboard::BACKRANKS;
    dests.count() + if promotions.any() { 3 * promotions.count() } else { 0 }
}

struct Counter(usize);

impl Visitor for Counter {
    #[inline(always)]
    fn piece(&mut self, _: &Board, _: Role, _: Square, dests: Bitboard) {
        self.0 += dests.count();
    }
    #[inline(always)]
    fn pawns(&mut self, _: &Board, dests: Bitboard, _: u32, _: PawnStep) {
        self.0 += pawn_move_count(dests);
    }
    #[inline(always)]
    fn pawn(&mut self, _: &Board, _: Square, dests: Bitboard) {
        self.0 += pawn_move_count(dests);
    }
    #[inline(always)]
    fn en_passant(&mut self, _: Square, _: Square) {
        self.0 += 1;
    }
    #[inline(always)]
    fn castle(&mut self, _: CastlingSide, _: Square, _: Square) {
        self.0 += 1;
    }
}

struct Dests(Bitboard);

impl Visitor for Dests {
    fn piece(&mut self, _: &Board, _: Role, _: Square, dests: Bitboard) {
        self.0 |= dests;
    }
    fn pawns(&mut self, _: &Board, dests: Bitboard, _: u32, _: PawnStep) {
        self.0 |= dests;
    }
    fn pawn(&mut self, _: &Board, _: Square, dests: Bitboard) {
        self.0 |= dests;
    }
    fn en_passant(&mut self, _: Square, to: Square) {
        self.0.add(to);
    }
    fn castle(&mut self, _: CastlingSide, _: Square, to: Square) {
        self.0.add(to);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Mode, Setup};

    fn pos(fen: &str) -> Position {
        match Position::from_fen(fen, Mode::Standard) {
            Ok(p) => p,
            Err(e) => panic!("{fen}: {e}"),
        }
    }

    #[test]
    fn start_position() {
        let p = Position::new();
        assert_eq!(p.count_legal_moves(), 20);
        assert_eq!(p.legal_moves().len(), 20);
        assert_eq!(p.dests(Square::G1), Bitboard::from_square(Square::F3) | Square::H3);
        assert_eq!(p.dests(Square::E2), Bitboard::from_square(Square::E3) | Square::E4);
        assert_eq!(p.dests(Square::E7), Bitboard::EMPTY);
        assert_eq!(p.legal_moves_from(Square::E4).len(), 0);
        assert_eq!(Position::from_setup(Setup::start(), Mode::Standard), Ok(p));
    }

    #[test]
    fn en_passant_horizontal_pin() {
        // Capturing e.p. would take both pawns off the fifth rank and expose the king to the rook.
        let p = pos("8/8/8/KPp4r/8/8/8/7k w - c6 0 2");
        assert!(!p.legal_moves().iter().any(|m| m.is_en_passant()));
        assert_eq!(p.ep_square(), None);
        let free = pos("8/8/8/1Pp4r/K7/8/8/7k w - c6 0 2");
        assert!(free.legal_moves().iter().any(|m| m.is_en_passant()));
        assert_eq!(free.ep_square(), Some(Square::C6));
    }

    #[test]
    fn promotions_and_castling() {
        let p = pos("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
        let promos: Vec<String> = p.legal_moves_from(Square::B7).iter().map(|m| m.to_uci()).collect();
        assert_eq!(promos.len(), 8, "{promos:?}");
        assert!(promos.contains(&"b7a8n".to_string()) && promos.contains(&"b7b8q".to_string()));
        let castles: Vec<String> = p.legal_moves().iter().filter(|m| m.is_castle()).map(|m| m.to_uci()).collect();
        assert_eq!(castles, ["e1g1", "e1c1"]);
        assert!(p.dests(Square::E1).contains(Square::G1));
    }
}
