//! The page-wide choices every view reads the same way: the language a child chose (its storage
//! key, and the language of a `lang` value) and projector mode asked by the page's address — and
//! a FEN as every element reads its `fen` (the board's, the clock's).

use crate::lang::Lang;
use qitong_rules::{FenError, Mode, Position};

/// The browser's `localStorage` key for the language a child chose, shared by every page (the
/// pages' scripts get it from here too: `cargo xtask codegen`).
pub const LANG_KEY: &str = "qitong-lang";

/// The language of a `lang` value: Chinese for `zh*` (and for no value: the course's first
/// language), English for everything else.
pub fn lang_of(value: Option<&str>) -> Lang {
    match value.map(str::trim) {
        None | Some("") => Lang::Zh,
        Some(tag) => tag.parse().unwrap_or(Lang::En),
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

    #[test]
    fn a_lang_value_is_chinese_unless_it_says_otherwise() {
        assert_eq!(lang_of(None), Lang::Zh);
        assert_eq!(lang_of(Some("  ")), Lang::Zh);
        assert_eq!(lang_of(Some("zh-CN")), Lang::Zh);
        assert_eq!(lang_of(Some("en-GB")), Lang::En);
        assert_eq!(lang_of(Some("fr")), Lang::En);
    }

    #[test]
    fn the_address_turns_projector_mode_on_or_off() {
        assert_eq!(present_param("?present"), Some(true));
        assert_eq!(present_param("?lang=en&present=1"), Some(true));
        assert_eq!(present_param("?present=0"), Some(false));
        assert_eq!(present_param("?presentation"), None);
        assert_eq!(present_param(""), None);
    }
}
