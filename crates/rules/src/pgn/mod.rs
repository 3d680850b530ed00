//! PGN (Portable Game Notation) import and export as plain data: `PgnGame` with its tags, start
//! position, moves (SAN, comments, NAGs) and variations, which are kept as a tree.
//!
//! Reading (`read_pgn`, `pgn_games`) accepts several games per file, tag pairs with `\"` and `\\`
//! escapes, move numbers (`1.`, `1...`, `1.e4`), comments `{...}` and `;...`, NAGs `$1` and the
//! glyphs `! ? !! ?? !? ?!` (stored as NAGs 1-6), variations `( ... )`, result tokens and
//! `[SetUp "1"] [FEN "..."]` start positions. Moves are read with the forgiving SAN reader, so
//! `0-0` or a missing `+` are fine; every move is checked against the rules. Errors name the
//! line and the move. The reader never panics, whatever the input.
//!
//! What is normalised on reading, so that `read(write(game)) == game`: the `SetUp`/`FEN` tags
//! become `start`; the other tags are stored with the Seven Tag Roster first (in its order), then
//! the rest as they came; whitespace inside comments is collapsed to single spaces; each move's
//! `san` is re-written as standard SAN.

mod lexer;
mod reader;
mod writer;

pub use reader::{pgn_games, read_pgn, PgnGames};
pub use writer::write_pgn;

use super::{Color, FenError, IllegalMoveError, Move, Position, SanError, SanPlus};
use core::fmt;
use core::str::FromStr;

/// The Seven Tag Roster, in the order PGN export writes it.
pub const SEVEN_TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Variations nested deeper than this are refused (it keeps reading and writing bounded).
pub const MAX_VARIATION_DEPTH: usize = 64;

/// One game of a PGN file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs except `SetUp`/`FEN`: the Seven Tag Roster first, then the others in file order.
    pub tags: Vec<(String, String)>,
    /// The position before the first move (from the `FEN` tag, else the standard start).
    pub start: Position,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The main line.
    pub moves: Vec<PgnMove>,
    /// The termination marker at the end of the movetext, if there was one.
    pub result: Option<PgnResult>,
}

/// A move of a game or variation, with what was written about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnMove {
    /// The move; `None` for a null move (`--`: the side to move passes, as analysis and
    /// ChessBase exports write it).
    pub mv: Option<Move>,
    /// Standard SAN with check sign (`Nf3`, `Qxf7#`); `--` for a null move.
    pub san: String,
    /// Numeric annotation glyphs (`$1` = good move, `$2` = mistake, ...).
    pub nags: Vec<u8>,
    /// Comments after the move.
    pub comments: Vec<String>,
    /// Alternatives to this move, each starting from the position before it.
    pub variations: Vec<PgnVariation>,
}

/// A variation: other moves that could have been played instead of a move.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PgnVariation {
    /// Comments before the variation's first move.
    pub comments: Vec<String>,
    pub moves: Vec<PgnMove>,
}

/// A game's termination marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PgnResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl PgnResult {
    /// The PGN token.
    pub const fn as_str(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unknown => "*",
        }
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Color> {
        match self {
            PgnResult::WhiteWins => Some(Color::White),
            PgnResult::BlackWins => Some(Color::Black),
            PgnResult::Draw | PgnResult::Unknown => None,
        }
    }
}

impl fmt::Display for PgnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for PgnResult {
    type Err = ();

    /// `1-0`, `0-1`, `1/2-1/2` (also `½-½`) or `*`.
    fn from_str(s: &str) -> Result<PgnResult, ()> {
        match s {
            "1-0" => Ok(PgnResult::WhiteWins),
            "0-1" => Ok(PgnResult::BlackWins),
            "1/2-1/2" | "½-½" => Ok(PgnResult::Draw),
            "*" => Ok(PgnResult::Unknown),
            _ => Err(()),
        }
    }
}

impl PgnMove {
    /// A move with its SAN and nothing written about it. `mv` must be legal in `before`.
    pub fn new(before: &Position, mv: Move) -> PgnMove {
        PgnMove { mv: Some(mv), san: SanPlus::from_move(before, &mv).to_string(), nags: Vec::new(), comments: Vec::new(), variations: Vec::new() }
    }

    /// A null move (`--`).
    pub fn null() -> PgnMove {
        PgnMove { mv: None, san: NULL_MOVE.to_string(), nags: Vec::new(), comments: Vec::new(), variations: Vec::new() }
    }

    /// The position after this move, played in `before` (where it was read, so it is legal).
    pub fn after(&self, before: &Position) -> Position {
        match &self.mv {
            Some(mv) => before.play_unchecked(mv),
            None => before.pass().unwrap_or(*before),
        }
    }
}

/// How a null move is written.
pub const NULL_MOVE: &str = "--";

/// The spellings of a null move that PGN in the wild uses (as python-chess reads them).
pub(crate) fn is_null_move(word: &str) -> bool {
    matches!(word, "--" | "Z0" | "0000" | "@@@@")
}

impl Default for PgnGame {
    fn default() -> PgnGame {
        PgnGame::new(Position::new())
    }
}

impl PgnGame {
    /// An empty game from `start`: no tags, no moves, no result.
    pub fn new(start: Position) -> PgnGame {
        PgnGame { tags: Vec::new(), start, comments: Vec::new(), moves: Vec::new(), result: None }
    }

    /// The first game in `text` (an error if there is none).
    pub fn from_pgn(text: &str) -> Result<PgnGame, PgnError> {
        pgn_games(text).next().unwrap_or(Err(PgnError { line: 1, kind: PgnErrorKind::NoGame }))
    }

    /// The game as PGN text (see [`write_pgn`]).
    pub fn to_pgn(&self) -> String {
        self.to_string()
    }

    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing the first of that name or adding it in tag order.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_string(),
            None => {
                self.tags.push((name.to_string(), value.to_string()));
                order_tags(&mut self.tags);
            }
        }
    }

    /// The position after the main line.
    pub fn end_position(&self) -> Position {
        self.moves.iter().fold(self.start, |pos, m| m.after(&pos))
    }

    /// Appends a move to the main line, if it is legal after the moves so far.
    pub fn push(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        let before = self.end_position();
        before.play(&mv)?;
        self.moves.push(PgnMove::new(&before, mv));
        Ok(())
    }
}

impl fmt::Display for PgnGame {
    /// PGN export format (see [`write_pgn`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&writer::game_text(self))
    }
}

impl FromStr for PgnGame {
    type Err = PgnError;
    fn from_str(text: &str) -> Result<PgnGame, PgnError> {
        PgnGame::from_pgn(text)
    }
}

/// Seven Tag Roster first, in its order; the other tags keep their order.
pub(crate) fn order_tags(tags: &mut [(String, String)]) {
    let rank = |name: &str| SEVEN_TAG_ROSTER.iter().position(|&t| t == name).unwrap_or(SEVEN_TAG_ROSTER.len());
    // The file position breaks ties, so the small unstable sort keeps the file order.
    let mut keyed: Vec<(usize, usize, (String, String))> = tags.iter_mut().enumerate().map(|(i, t)| (rank(&t.0), i, core::mem::take(t))).collect();
    crate::sort::sort_by_key(&mut keyed, |&(r, i, _)| (r, i));
    for (slot, (_, _, tag)) in tags.iter_mut().zip(keyed) {
        *slot = tag;
    }
}

/// A PGN that could not be read: where, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError {
    /// 1-based line in the text.
    pub line: usize,
    pub kind: PgnErrorKind,
}

/// Why a PGN could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// A move that is not legal or not readable; `number` and `color` say which move it was.
    Move { number: u32, color: Color, text: String, error: SanError },
    /// A null move (`--`) by a side in check, which would leave its king to be taken.
    NullMoveInCheck { number: u32, color: Color },
    /// The `FEN` tag does not describe a legal position.
    Fen { error: FenError },
    /// A `{` comment that is never closed.
    UnterminatedComment,
    /// A tag value whose closing `"` is missing on its line.
    UnterminatedString,
    /// A tag pair not of the form `[Name "value"]`.
    BadTag { found: String },
    /// `$` not followed by a number from 0 to 255.
    BadNag { found: String },
    /// Something that does not belong in the moves (a stray `]` or `"`).
    Unexpected { found: String },
    /// `(` before any move it could be an alternative to.
    VariationWithoutMove,
    /// `)` without a matching `(`.
    UnmatchedParen,
    /// A variation still open at the end of the game.
    UnclosedVariation,
    /// Variations nested more than [`MAX_VARIATION_DEPTH`] deep.
    TooDeep,
    /// The text holds no game.
    NoGame,
}

impl PgnErrorKind {
    /// A stable machine-readable code (for the JS boundary).
    pub const fn code(&self) -> &'static str {
        match self {
            PgnErrorKind::Move { .. } => "pgn_move",
            PgnErrorKind::NullMoveInCheck { .. } => "pgn_null_move_in_check",
            PgnErrorKind::Fen { .. } => "pgn_fen",
            PgnErrorKind::UnterminatedComment => "pgn_unterminated_comment",
            PgnErrorKind::UnterminatedString => "pgn_unterminated_string",
            PgnErrorKind::BadTag { .. } => "pgn_bad_tag",
            PgnErrorKind::BadNag { .. } => "pgn_bad_nag",
            PgnErrorKind::Unexpected { .. } => "pgn_unexpected",
            PgnErrorKind::VariationWithoutMove => "pgn_variation_without_move",
            PgnErrorKind::UnmatchedParen => "pgn_unmatched_paren",
            PgnErrorKind::UnclosedVariation => "pgn_unclosed_variation",
            PgnErrorKind::TooDeep => "pgn_too_deep",
            PgnErrorKind::NoGame => "pgn_no_game",
        }
    }
}

impl fmt::Display for PgnError {
    /// `line 7, move 12... Nf3: no knight can reach f3`, or `line 3: ...` when no move is involved.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        match &self.kind {
            PgnErrorKind::Move { number, color, text, error } => {
                let dots = if color.is_white() { "." } else { "..." };
                write!(f, ", move {number}{dots} {text}: {error}")
            }
            PgnErrorKind::NullMoveInCheck { number, color } => {
                let dots = if color.is_white() { "." } else { "..." };
                write!(f, ", move {number}{dots} --: a side in check cannot pass (a null move)")
            }
            PgnErrorKind::Fen { error } => write!(f, ": the FEN tag is not a legal position: {error}"),
            PgnErrorKind::UnterminatedComment => f.write_str(": a comment opened with { is never closed"),
            PgnErrorKind::UnterminatedString => f.write_str(": a tag value is missing its closing \""),
            PgnErrorKind::BadTag { found } => {
                write!(f, ": a tag must look like [Name \"value\"], found \"{found}\"")
            }
            PgnErrorKind::BadNag { found } => write!(f, ": \"{found}\" is not an annotation ($0 to $255)"),
            PgnErrorKind::Unexpected { found } => write!(f, ": \"{found}\" does not belong among the moves"),
            PgnErrorKind::VariationWithoutMove => f.write_str(": a variation ( ) must follow the move it replaces"),
            PgnErrorKind::UnmatchedParen => f.write_str(": ) closes a variation that was never opened"),
            PgnErrorKind::UnclosedVariation => f.write_str(": a variation opened with ( is never closed"),
            PgnErrorKind::TooDeep => write!(f, ": variations nested more than {MAX_VARIATION_DEPTH} deep"),
            PgnErrorKind::NoGame => f.write_str(": there is no game in this text"),
        }
    }
}

impl std::error::Error for PgnError {}
