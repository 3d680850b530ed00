//! What every element reads from its attributes the same way, below the features that use it:
//! a FEN for a board (a game or a lesson drill), and — from the view core, which the pages share —
//! the language of a `lang` tag and projector mode asked by a page's address.

use crate::rules::{FenError, Mode, Position};
pub use qitong_view::choices::{lang_of, present_param};

/// Reads a FEN for the board: a legal game position, or else a lesson drill (a lone rook, no
/// kings); the error is the standard reading's.
pub fn read_fen(fen: Option<&str>) -> Result<Position, FenError> {
    match fen {
        None => Ok(Position::new()),
        Some(text) => Position::from_fen(text, Mode::Standard).or_else(|err| Position::from_fen(text, Mode::Drill).map_err(|_| err)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_reads_a_game_or_a_drill() {
        assert_eq!(read_fen(None).map(|p| p.fen()), Ok(Position::new().fen()));
        assert!(read_fen(Some("8/8/8/8/8/8/8/R7 w - - 0 1")).is_ok(), "a lone rook: a lesson drill");
        assert!(read_fen(Some("not a fen")).is_err());
    }
}
