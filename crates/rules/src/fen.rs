//! FEN (Forsyth–Edwards Notation) reading and writing for `Setup` and `Position`.
//!
//! Reading: the six fields are separated by whitespace. The two move counters may be left out
//! (lesson files often do): the halfmove clock then defaults to 0 and the fullmove number to 1.
//! Errors say which field is wrong and, for the placement, which rank and character.
//!
//! Writing: `Position::fen()` writes the en-passant square only when an en-passant capture is
//! actually legal in the position (the same rule the repetition hash uses). After `1.e4` the FEN
//! therefore has `-`, not `e3`. `Setup`'s `Display` writes whatever square the setup holds.

use super::{Board, CastlingRights, Color, Mode, ParseBoardError, ParseCastlingError, Position, PositionError, Setup, Square};
use core::fmt;
use core::str::FromStr;

/// The six fields of a FEN, for error messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FenField {
    /// Field 1: `rnbqkbnr/pppppppp/...`.
    Placement,
    /// Field 2: `w` or `b`.
    Turn,
    /// Field 3: `KQkq` or `-`.
    Castling,
    /// Field 4: `e3` or `-`.
    EnPassant,
    /// Field 5: half-moves since the last capture or pawn move.
    HalfmoveClock,
    /// Field 6: the move number.
    FullmoveNumber,
}

impl FenField {
    /// 1-based position of the field in a FEN.
    pub const fn number(self) -> usize {
        self as usize + 1
    }

    /// Stable English key.
    pub const fn name(self) -> &'static str {
        match self {
            FenField::Placement => "piece placement",
            FenField::Turn => "side to move",
            FenField::Castling => "castling rights",
            FenField::EnPassant => "en-passant square",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
        }
    }
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "field {} ({})", self.number(), self.name())
    }
}

/// What is wrong with a FEN string, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseFenError {
    /// Nothing but whitespace.
    Empty,
    /// The placement field (field 1) is malformed.
    Board(ParseBoardError),
    /// The FEN stops before this field (the side to move, castling and e.p. fields are required).
    MissingField { field: FenField },
    /// The side to move is not `w` or `b`.
    Turn { found: String },
    /// The castling field is malformed.
    Castling(ParseCastlingError),
    /// The en-passant field is neither `-` nor a square name.
    EnPassant { found: String },
    /// The halfmove clock is not a whole number 0 or more.
    HalfmoveClock { found: String },
    /// The fullmove number is not a whole number 1 or more.
    FullmoveNumber { found: String },
    /// Text after the sixth field.
    TooManyFields { extra: String },
}

impl ParseFenError {
    /// The field the error is in (`None` for an empty FEN or extra fields).
    pub fn field(&self) -> Option<FenField> {
        match self {
            ParseFenError::Empty | ParseFenError::TooManyFields { .. } => None,
            ParseFenError::Board(_) => Some(FenField::Placement),
            ParseFenError::MissingField { field } => Some(*field),
            ParseFenError::Turn { .. } => Some(FenField::Turn),
            ParseFenError::Castling(_) => Some(FenField::Castling),
            ParseFenError::EnPassant { .. } => Some(FenField::EnPassant),
            ParseFenError::HalfmoveClock { .. } => Some(FenField::HalfmoveClock),
            ParseFenError::FullmoveNumber { .. } => Some(FenField::FullmoveNumber),
        }
    }
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => f.write_str("the FEN is empty"),
            ParseFenError::Board(e) => write!(f, "FEN {}: {e}", FenField::Placement),
            ParseFenError::MissingField { field } => write!(f, "FEN ends before {field}"),
            ParseFenError::Turn { found } => {
                write!(f, "FEN {}: expected 'w' or 'b', found '{found}'", FenField::Turn)
            }
            ParseFenError::Castling(e) => write!(f, "FEN {}: {e}", FenField::Castling),
            ParseFenError::EnPassant { found } => write!(f, "FEN {}: expected '-' or a square like e3, found '{found}'", FenField::EnPassant),
            ParseFenError::HalfmoveClock { found } => {
                write!(f, "FEN {}: expected a whole number (0 or more), found '{found}'", FenField::HalfmoveClock)
            }
            ParseFenError::FullmoveNumber { found } => {
                write!(f, "FEN {}: expected a whole number (1 or more), found '{found}'", FenField::FullmoveNumber)
            }
            ParseFenError::TooManyFields { extra } => {
                write!(f, "FEN has text after its six fields: '{extra}'")
            }
        }
    }
}

impl std::error::Error for ParseFenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseFenError::Board(e) => Some(e),
            ParseFenError::Castling(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ParseBoardError> for ParseFenError {
    fn from(e: ParseBoardError) -> ParseFenError {
        ParseFenError::Board(e)
    }
}

/// A FEN that could not be read, or that was read but is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// The text is not a well-formed FEN.
    Parse(ParseFenError),
    /// The FEN is well-formed but not a legal position (in the mode asked for).
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => e.fmt(f),
            FenError::Position(e) => write!(f, "illegal position: {e}"),
        }
    }
}

impl std::error::Error for FenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FenError::Parse(e) => Some(e),
            FenError::Position(e) => Some(e),
        }
    }
}

impl From<ParseFenError> for FenError {
    fn from(e: ParseFenError) -> FenError {
        FenError::Parse(e)
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> FenError {
        FenError::Position(e)
    }
}

/// Error text shows at most this many characters of the offending field.
const SHOWN: usize = 24;

fn shown(s: &str) -> String {
    s.chars().take(SHOWN).collect()
}

impl FromStr for Setup {
    type Err = ParseFenError;

    /// Reads a FEN (4 to 6 fields; see the module documentation).
    fn from_str(fen: &str) -> Result<Setup, ParseFenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(ParseFenError::Empty)?;
        let board = Board::from_placement(placement)?;
        let turn = match fields.next() {
            None => return Err(ParseFenError::MissingField { field: FenField::Turn }),
            Some("w") => Color::White,
            Some("b") => Color::Black,
            Some(other) => return Err(ParseFenError::Turn { found: shown(other) }),
        };
        let castling = fields
            .next()
            .ok_or(ParseFenError::MissingField { field: FenField::Castling })?
            .parse::<CastlingRights>()
            .map_err(ParseFenError::Castling)?;
        let ep_square = match fields.next() {
            None => return Err(ParseFenError::MissingField { field: FenField::EnPassant }),
            Some("-") => None,
            Some(text) => Some(text.parse::<Square>().map_err(|_| ParseFenError::EnPassant { found: shown(text) })?),
        };
        let halfmove_clock = match fields.next() {
            None => 0,
            Some(text) => parse_count(text).ok_or_else(|| ParseFenError::HalfmoveClock { found: shown(text) })?,
        };
        let fullmove_number = match fields.next() {
            None => 1,
            Some(text) => parse_count(text).filter(|&n| n >= 1).ok_or_else(|| ParseFenError::FullmoveNumber { found: shown(text) })?,
        };
        if let Some(extra) = fields.next() {
            return Err(ParseFenError::TooManyFields { extra: shown(extra) });
        }
        Ok(Setup { board, turn, castling, ep_square, halfmove_clock, fullmove_number })
    }
}

/// A plain decimal number (digits only: no sign, no spaces).
fn parse_count(text: &str) -> Option<u32> {
    if text.bytes().all(|b| b.is_ascii_digit()) {
        text.parse().ok()
    } else {
        None
    }
}

impl fmt::Display for Setup {
    /// Writes all six FEN fields.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} ", self.board, self.turn.char(), self.castling)?;
        match self.ep_square {
            Some(sq) => write!(f, "{sq}")?,
            None => f.write_str("-")?,
        }
        write!(f, " {} {}", self.halfmove_clock, self.fullmove_number)
    }
}

impl Position {
    /// Reads and validates a FEN.
    pub fn from_fen(fen: &str, mode: Mode) -> Result<Position, FenError> {
        let setup: Setup = fen.parse()?;
        Ok(Position::from_setup(setup, mode)?)
    }

    /// The FEN of this position, with the en-passant square only when the capture is legal.
    pub fn fen(&self) -> String {
        self.to_setup().to_string()
    }
}

impl fmt::Display for Position {
    /// The FEN (see [`Position::fen`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn start_round_trips() {
        assert_eq!(START.parse::<Setup>(), Ok(Setup::start()));
        assert_eq!(Setup::start().to_string(), START);
        assert_eq!(Position::new().fen(), START);
        assert_eq!(
            Position::from_fen("  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  ", Mode::Standard).map(|p| p.fen()),
            Ok(START.to_string())
        );
    }

    #[test]
    fn counters_are_optional() {
        let s: Setup = "8/8/8/8/8/8/8/R7 w - -".parse().expect("valid");
        assert_eq!((s.halfmove_clock, s.fullmove_number), (0, 1));
        let s: Setup = "8/8/8/8/8/8/8/R7 b - - 7".parse().expect("valid");
        assert_eq!((s.halfmove_clock, s.fullmove_number), (7, 1));
    }

    #[test]
    fn en_passant_written_only_when_legal() {
        let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let pos = Position::from_fen(after_e4, Mode::Standard).expect("valid");
        assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        assert_eq!(after_e4.parse::<Setup>().map(|s| s.to_string()), Ok(after_e4.to_string()));
        let usable = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
        assert_eq!(Position::from_fen(usable, Mode::Standard).map(|p| p.fen()), Ok(usable.to_string()));
    }
}
