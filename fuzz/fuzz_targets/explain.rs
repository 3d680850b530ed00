//! Explanations: a position is derived from the bytes (moves chosen by the bytes, played from a
//! fixed position; or a drill/standard setup placed by the bytes), then attempts from one square
//! (every target with the chosen promotion, every promotion — none, the six roles — to the
//! chosen target) are explained: `Ok` exactly for the legal moves (castling also by the
//! king-onto-rook input), and every reason fits the board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use qitong::rules::attacks::{attacks, between, king_attacks};
use qitong::rules::{
    Bitboard, CastlingRights, CastlingSide, Color, IllegalReason, Mode, Move, Piece, Position, Role, Setup, Square,
};

const PROMOTIONS: [Option<Role>; 7] = [
    None,
    Some(Role::Queen),
    Some(Role::Rook),
    Some(Role::Bishop),
    Some(Role::Knight),
    Some(Role::King),
    Some(Role::Pawn),
];

fn square(byte: u8) -> Square {
    Square::all().nth(usize::from(byte % 64)).unwrap_or_else(|| unreachable!())
}

/// The position the bytes describe, if valid: `head` picks the way, `rest` drives it.
fn derive_position(head: u8, rest: &[u8]) -> Option<Position> {
    if head < 0x80 {
        let fens = qitong_fuzz::positions();
        let mut pos = fens[usize::from(head) % fens.len()];
        for &byte in rest.iter().take(120) {
            let moves = pos.legal_moves();
            let Some(m) = moves.get(usize::from(byte) % moves.len().max(1)) else { break };
            pos = pos.play_unchecked(m);
        }
        return Some(pos);
    }
    let mut setup = Setup::empty();
    setup.turn = Color::from_white(head & 1 == 0);
    let mut rights = CastlingRights::NONE;
    for (bit, (color, side)) in [
        (Color::White, CastlingSide::KingSide),
        (Color::White, CastlingSide::QueenSide),
        (Color::Black, CastlingSide::KingSide),
        (Color::Black, CastlingSide::QueenSide),
    ]
    .into_iter()
    .enumerate()
    {
        if head & (2 << bit) != 0 {
            rights = rights.with(color, side);
        }
    }
    setup.castling = rights;
    let mode = if head & 0x20 != 0 { Mode::Drill } else { Mode::Standard };
    let (&ep, pieces) = rest.split_first()?;
    setup.ep_square = (ep & 0x40 != 0).then(|| square(ep));
    for pair in pieces.chunks_exact(2).take(32) {
        let role = Role::ALL[usize::from(pair[1] % 6)];
        let color = Color::from_white(pair[1] & 0x80 == 0);
        setup.board.set_piece_at(square(pair[0]), Piece { color, role });
    }
    Position::from_setup(setup, mode).ok()
}

/// The squares named by the reason fit the board, and the geometric reasons are the right ones.
fn check_reason(pos: &Position, from: Square, to: Square, promotion: Option<Role>, reason: IllegalReason) {
    let board = pos.board();
    let piece = board.piece_at(from);
    assert_eq!(IllegalReason::CODES[reason.ordinal()], reason.code());
    assert!(!reason.to_string().is_empty());
    assert!(reason.squares().any(), "{reason:?} names no square");
    let at = format!("{} {from}{to} {promotion:?}: {reason:?}", pos.fen());
    match reason {
        IllegalReason::NoPiece { from: f } => assert!(f == from && piece.is_none(), "{at}"),
        IllegalReason::NotYourTurn { color, .. } => {
            assert!(piece.is_some_and(|p| p.color == color && color != pos.turn()), "{at}")
        }
        IllegalReason::SameSquare { .. } => assert_eq!(from, to, "{at}"),
        IllegalReason::OwnPieceOnTarget { to: t } => {
            assert!(t == to && board.color_at(to) == Some(pos.turn()), "{at}")
        }
        IllegalReason::CannotMoveThatWay { role, .. } => {
            assert_eq!(piece.map(|p| p.role), Some(role), "{at}");
            // A knight or a slider that could reach `to` on an empty board has another reason.
            if role != Role::Pawn && role != Role::King {
                let reach = attacks(Piece { color: pos.turn(), role }, from, Bitboard::EMPTY);
                assert!(!reach.contains(to), "{at}");
            }
            if role == Role::King {
                assert!(!king_attacks(from).contains(to), "{at}");
            }
        }
        IllegalReason::PathBlocked { blocker, .. } => {
            assert!(between(from, to).contains(blocker) && board.piece_at(blocker).is_some(), "{at}")
        }
        IllegalReason::InCheckDoesNotHelp { checkers, .. } | IllegalReason::CastleInCheck { checkers } => {
            assert_eq!(checkers, pos.checkers(), "{at}")
        }
        _ => {}
    }
}

fn check_attempt(pos: &Position, from: Square, to: Square, promotion: Option<Role>) {
    match pos.explain(from, to, promotion) {
        Ok(m) => {
            let at = format!("{} {from}{to} {promotion:?}: {m:?}", pos.fen());
            assert!(pos.is_legal(&m), "{at}");
            assert!(m.from == from && m.promotion == promotion, "{at}");
            // Castling may be asked for by dropping the king onto its own rook.
            assert!(m.to == to || m.castling_side().is_some_and(|side| side.rook_from(pos.turn()) == to), "{at}");
        }
        Err(reason) => check_reason(pos, from, to, promotion, reason),
    }
}

fuzz_target!(|data: &[u8]| {
    let [head, from, to, promotion, rest @ ..] = data else { return };
    let Some(pos) = derive_position(*head, rest) else { return };
    // Mostly a square with a piece on it; sometimes any square.
    let occupied = pos.board().occupied();
    let from = match occupied.count() {
        n if n > 0 && *from < 0xc0 => occupied.into_iter().nth(usize::from(*from) % n).unwrap_or_else(|| unreachable!()),
        _ => square(*from),
    };
    // Every target with the chosen promotion, and every promotion to the chosen target.
    let (to, promotion) = (square(*to), PROMOTIONS[usize::from(*promotion) % PROMOTIONS.len()]);
    for target in Square::all() {
        check_attempt(&pos, from, target, promotion);
    }
    for choice in PROMOTIONS {
        check_attempt(&pos, from, to, choice);
    }
    let legal: Vec<Move> = pos.legal_moves().iter().copied().filter(|m| m.from == from).collect();
    for m in legal {
        assert_eq!(pos.explain(m.from, m.to, m.promotion), Ok(m), "{}: {m:?}", pos.fen());
    }
});
