//! The board a step shows: a position read from FEN (placement-only FEN allowed, with `turn`;
//! `drill = true` for positions without kings; `start` for the start position), and arrows and
//! highlighted squares.

use super::error::{ErrorKind, Expect};
use super::read::Reader;
use qitong_rules::{Bitboard, Board, CastlingRights, Color, FenError, Mode, ParseFenError, Position, Setup, Square};

/// The keys every step with a board may have.
pub(crate) const SCENE_KEYS: &[&str] = &["fen", "turn", "drill", "arrows", "highlight"];

/// What a step draws on the board besides the pieces.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Scene {
    /// The position shown at the start of the step, if the step has a board.
    pub position: Option<Position>,
    /// Arrows from one square to another (`arrows = ["e2e4"]`).
    pub arrows: Vec<(Square, Square)>,
    /// Squares to highlight (`highlight = ["e4", "d5"]`).
    pub highlight: Bitboard,
}

/// Whether a step kind needs a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Need {
    /// The step has no board unless `fen` is given.
    Optional,
    /// `fen` is required.
    Required,
    /// Without `fen`, the standard start position.
    StartByDefault,
}

/// Reads a position from `fen`: a full FEN, or only the placement field with the side to move
/// from `turn` (else `default_turn(board)`), no castling and no en passant.
pub(crate) fn read_position(r: &mut Reader, default_turn: &dyn Fn(&Board) -> Color) -> Option<Position> {
    let fen = r.opt_str("fen")?.trim();
    let line = r.line_of("fen");
    let turn = match r.opt_str("turn").map(str::trim) {
        None => None,
        Some("white" | "w") => Some(Color::White),
        Some("black" | "b") => Some(Color::Black),
        Some(other) => {
            r.bad_value("turn", r.line_of("turn"), other, Expect::Turn);
            None
        }
    };
    let mode = if r.bool("drill", false) { Mode::Drill } else { Mode::Standard };
    if fen == "start" {
        return Some(Position::new());
    }
    let result = if fen.split_whitespace().count() <= 1 {
        Board::from_placement(fen).map_err(|e| FenError::Parse(ParseFenError::Board(e))).and_then(|board| {
            let setup = Setup {
                board,
                turn: turn.unwrap_or_else(|| default_turn(&board)),
                castling: CastlingRights::NONE,
                ep_square: None,
                halfmove_clock: 0,
                fullmove_number: 1,
            };
            Position::from_setup(setup, mode).map_err(FenError::Position)
        })
    } else {
        if turn.is_some() {
            r.report(r.line_of("turn"), ErrorKind::TurnWithFullFen);
        }
        Position::from_fen(fen, mode)
    };
    result.map_err(|error| r.report(line, ErrorKind::BadPosition { error })).ok()
}

/// Reads the scene keys of a step.
pub(crate) fn read_scene(r: &mut Reader, need: Need, default_turn: &dyn Fn(&Board) -> Color) -> Scene {
    let position = match (r.get("fen").is_some(), need) {
        (true, _) => read_position(r, default_turn),
        (false, Need::Required) => {
            r.report(r.table.line(), ErrorKind::NeedsPosition);
            None
        }
        (false, Need::StartByDefault) => Some(Position::new()),
        (false, Need::Optional) => None,
    };
    let mut arrows = Vec::new();
    for (word, line) in r.words("arrows").unwrap_or_default() {
        let b = word.as_bytes();
        match (b.len() == 4).then(|| (Square::from_ascii(&b[..2]), Square::from_ascii(&b[2..]))) {
            Some((Some(from), Some(to))) if from != to => arrows.push((from, to)),
            _ => r.bad_value("arrows", line, word, Expect::Move),
        }
    }
    let highlight = r.squares("highlight").into_iter().collect();
    Scene { position, arrows, highlight }
}

/// White, unless told otherwise: the default side to move of a placement-only FEN.
pub(crate) fn white(_: &Board) -> Color {
    Color::White
}
