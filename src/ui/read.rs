//! What every element reads from its attributes the same way, below the features that use it:
//! the language of a `lang` tag, a FEN for a board (a game or a lesson drill), and projector
//! mode asked by a page's address.

use crate::lang::Lang;
use crate::rules::{FenError, Mode, Position};

/// The language of a `lang` tag: zh-CN when there is none, English for any tag not Chinese.
pub fn lang_of(value: Option<&str>) -> Lang {
    match value.map(str::trim) {
        None | Some("") => Lang::Zh,
        Some(tag) => tag.parse().unwrap_or(Lang::En),
    }
}

/// Reads a FEN for the board: a legal game position, or else a lesson drill (a lone rook, no
/// kings); the error is the standard reading's.
pub fn read_fen(fen: Option<&str>) -> Result<Position, FenError> {
    match fen {
        None => Ok(Position::new()),
        Some(text) => Position::from_fen(text, Mode::Standard).or_else(|err| Position::from_fen(text, Mode::Drill).map_err(|_| err)),
    }
}

/// Projector mode asked by a page address's query (`location.search`): `?present` (or
/// `?present=1`) is Some(true), `?present=0` Some(false), no `present` None.
pub fn present_param(search: &str) -> Option<bool> {
    search.trim_start_matches('?').split('&').find_map(|pair| {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        (name == "present").then_some(!matches!(value, "0" | "false" | "off"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_turns_projector_mode_on_or_off() {
        assert_eq!(present_param("?present"), Some(true));
        assert_eq!(present_param("?lang=en&present=1"), Some(true));
        assert_eq!(present_param("?present=0"), Some(false));
        assert_eq!(present_param("?presentation"), None);
        assert_eq!(present_param(""), None);
    }

    #[test]
    fn a_lang_tag_is_chinese_by_default_and_english_otherwise() {
        assert_eq!(lang_of(None), Lang::Zh);
        assert_eq!(lang_of(Some(" ")), Lang::Zh);
        assert_eq!(lang_of(Some("zh-CN")), Lang::Zh);
        assert_eq!(lang_of(Some("fr")), Lang::En);
    }

    #[test]
    fn a_board_reads_a_game_or_a_drill() {
        assert_eq!(read_fen(None).map(|p| p.fen()), Ok(Position::new().fen()));
        assert!(read_fen(Some("8/8/8/8/8/8/8/R7 w - - 0 1")).is_ok(), "a lone rook: a lesson drill");
        assert!(read_fen(Some("not a fen")).is_err());
    }
}
