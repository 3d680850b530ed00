//! The `<chess-board>` settings that its attributes carry, parsed from attribute values into one
//! `Config` value that the board's state holds (chessground's manner: configuration is merged
//! into the state, one attribute at a time).

use crate::api::CHESS_BOARD;
use qitong_rules::Color;
use qitong_view::choices::lang_of;
use qitong_words::element_api::{observed_count, observed_names};
use qitong_words::Lang;

/// Where the file letters and rank numbers are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coordinates {
    /// No coordinates.
    Off,
    /// Inside the edge squares (no extra room needed; the default).
    Inside,
    /// In a frame around the board.
    Outside,
}

/// What the board shows when a piece is picked up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Highlight {
    /// Nothing: the child finds the moves alone (explanations still come).
    Off,
    /// Its legal destinations: dots for quiet moves, rings for captures (the default).
    Legal,
    /// Its legal destinations and every square it attacks (for the movement verses).
    Attacks,
}

/// The board's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    /// The side at the bottom.
    pub orientation: Color,
    pub coordinates: Coordinates,
    pub highlight: Highlight,
    /// Explain refused moves with a bubble and marked squares.
    pub explain: bool,
    /// No moves from the board (annotations still work).
    pub readonly: bool,
    /// Class play: touch-move, fouls, no take-backs.
    pub class_play: bool,
    pub lang: Lang,
    /// Beeps for moves, captures, checks and refusals.
    pub sound: bool,
    /// The text move box and the drawing buttons under the board.
    pub toolbar: bool,
    /// The status line shown under the board (off: read to screen readers only).
    pub status_line: bool,
    /// `opponent="computer"`: the computer plays the side that is not [`Config::side`].
    pub computer: bool,
    /// The computer's level, 1 to 8.
    pub level: u8,
    /// The child's side against the computer.
    pub side: Color,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            orientation: Color::White,
            coordinates: Coordinates::Inside,
            highlight: Highlight::Legal,
            explain: true,
            readonly: false,
            class_play: false,
            lang: Lang::Zh,
            sound: false,
            toolbar: true,
            status_line: true,
            computer: false,
            level: 1,
            side: Color::White,
        }
    }
}

/// What changing one attribute asks of the board beyond the new config.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttributeEffect {
    /// Only the config changed: redraw.
    Redraw,
    /// The squares must be rebuilt in a new order (orientation) or with other coordinates.
    Rebuild,
    /// A new position (`fen` / `start`): the FEN, or `None` for the start position.
    Position(Option<String>),
    /// Class play turned on or off: the game goes on under the other rules.
    Rules,
    /// The computer opponent's settings changed (its extension's attributes, `crate::opponent`):
    /// stop its thinking, and let it move if it is its turn.
    Opponent,
    /// Not one of the board's attributes (nothing to do).
    Ignored,
}

/// An attribute value that the board cannot use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttributeError {
    pub name: String,
    pub value: String,
    pub expected: &'static str,
}

impl core::fmt::Display for AttributeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "<chess-board {}=\"{}\">: expected {}", self.name, self.value, self.expected)
    }
}

impl std::error::Error for AttributeError {}

/// Every attribute the element observes, as its API (`board::api`) lists them.
pub const ATTRIBUTES: [&str; observed_count(CHESS_BOARD.attributes)] = observed_names(CHESS_BOARD.attributes);

/// An "on unless switched off" attribute: absent → `default`; `off`, `false`, `no`, `0`,
/// `none` → off; anything else (also the empty value of a bare attribute) → on.
fn switch(value: Option<&str>, default: bool) -> bool {
    match value {
        None => default,
        Some(v) => !matches!(v.trim().to_ascii_lowercase().as_str(), "off" | "false" | "no" | "0" | "none"),
    }
}

/// A side attribute's value (lower-cased): White when absent or empty.
pub(crate) fn side_of(value: Option<&str>) -> Option<Color> {
    match value {
        None | Some("") | Some("white") | Some("w") => Some(Color::White),
        Some("black") | Some("b") => Some(Color::Black),
        Some(_) => None,
    }
}

impl Config {
    /// Applies the attribute `name` set to `value` (`None`: removed). On an unusable value the
    /// config is left as it was.
    pub fn apply(&mut self, name: &str, value: Option<&str>) -> Result<AttributeEffect, AttributeError> {
        let bad = |expected| AttributeError { name: name.to_string(), value: value.unwrap_or("").to_string(), expected };
        let lower = value.map(|v| v.trim().to_ascii_lowercase());
        let effect = match name {
            "fen" => match value.map(str::trim) {
                None | Some("") | Some("start") => AttributeEffect::Position(None),
                Some(fen) => AttributeEffect::Position(Some(fen.to_string())),
            },
            "start" => AttributeEffect::Position(None),
            "orientation" => {
                self.orientation = side_of(lower.as_deref()).ok_or_else(|| bad("white or black"))?;
                AttributeEffect::Rebuild
            }
            "coordinates" => {
                self.coordinates = match lower.as_deref() {
                    None | Some("") | Some("inside") | Some("on") | Some("true") => Coordinates::Inside,
                    Some("outside") => Coordinates::Outside,
                    Some("off") | Some("false") | Some("none") | Some("no") | Some("0") => Coordinates::Off,
                    Some(_) => return Err(bad("inside, outside or off")),
                };
                AttributeEffect::Rebuild
            }
            "highlight" => {
                self.highlight = match lower.as_deref() {
                    None | Some("") | Some("legal") | Some("on") | Some("true") => Highlight::Legal,
                    Some("attacks") => Highlight::Attacks,
                    Some("off") | Some("false") | Some("none") | Some("no") | Some("0") => Highlight::Off,
                    Some(_) => return Err(bad("legal, attacks or off")),
                };
                AttributeEffect::Redraw
            }
            "explain" => {
                self.explain = switch(value, true);
                AttributeEffect::Redraw
            }
            "readonly" => {
                self.readonly = switch(value, false);
                AttributeEffect::Redraw
            }
            "class-play" => {
                let on = switch(value, false);
                if on == self.class_play {
                    return Ok(AttributeEffect::Redraw);
                }
                self.class_play = on;
                AttributeEffect::Rules
            }
            "lang" => {
                self.lang = lang_of(value);
                AttributeEffect::Rebuild
            }
            "sound" => {
                self.sound = switch(value, false);
                AttributeEffect::Redraw
            }
            "toolbar" => {
                self.toolbar = switch(value, true);
                AttributeEffect::Redraw
            }
            // The board's size depends on it: fit again.
            "status-line" => {
                self.status_line = switch(value, true);
                AttributeEffect::Rebuild
            }
            // The computer opponent's (`opponent`, `level`, `side`) are its extension's
            // (`crate::opponent`): a board without it leaves them `Ignored`.
            // The theme is pure CSS (`:host([theme=...])`); nothing to store.
            "theme" => AttributeEffect::Redraw,
            _ => AttributeEffect::Ignored,
        };
        Ok(effect)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_suit_a_lesson_board() {
        let c = Config::default();
        assert_eq!((c.orientation, c.coordinates, c.highlight), (Color::White, Coordinates::Inside, Highlight::Legal));
        assert!(c.explain && !c.readonly && !c.class_play && !c.sound && c.toolbar);
    }

    #[test]
    fn switches_are_on_when_present_unless_switched_off() {
        let mut c = Config::default();
        assert_eq!(c.apply("readonly", Some("")), Ok(AttributeEffect::Redraw));
        assert!(c.readonly);
        c.apply("readonly", None).expect("removed");
        assert!(!c.readonly);
        c.apply("explain", Some("off")).expect("off");
        assert!(!c.explain);
        c.apply("explain", Some("FALSE ")).expect("false");
        assert!(!c.explain);
        c.apply("explain", None).expect("default");
        assert!(c.explain);
        c.apply("sound", Some("on")).expect("on");
        assert!(c.sound);
        assert!(c.status_line, "the status line is shown by default");
        assert_eq!(c.apply("status-line", Some("off")), Ok(AttributeEffect::Rebuild), "the board's size changes");
        assert!(!c.status_line);
        c.apply("status-line", None).expect("default");
        assert!(c.status_line);
    }

    #[test]
    fn enumerated_attributes_reject_unknown_values_and_keep_the_old_one() {
        let mut c = Config::default();
        assert_eq!(c.apply("orientation", Some("Black")), Ok(AttributeEffect::Rebuild));
        assert_eq!(c.orientation, Color::Black);
        let err = c.apply("orientation", Some("purple")).expect_err("not a side");
        assert_eq!(err.to_string(), "<chess-board orientation=\"purple\">: expected white or black");
        assert_eq!(c.orientation, Color::Black);
        c.apply("coordinates", Some("outside")).expect("outside");
        assert_eq!(c.coordinates, Coordinates::Outside);
        c.apply("coordinates", Some("off")).expect("off");
        assert_eq!(c.coordinates, Coordinates::Off);
        c.apply("highlight", Some("attacks")).expect("attacks");
        assert_eq!(c.highlight, Highlight::Attacks);
        assert!(c.apply("highlight", Some("sometimes")).is_err());
        assert_eq!(c.highlight, Highlight::Attacks);
    }

    #[test]
    fn positions_languages_and_rules() {
        let mut c = Config::default();
        assert_eq!(c.apply("fen", Some(" 8/8/8/8/8/8/8/K6k w - - 0 1 ")), Ok(AttributeEffect::Position(Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()))));
        assert_eq!(c.apply("fen", Some("start")), Ok(AttributeEffect::Position(None)));
        assert_eq!(c.apply("start", Some("")), Ok(AttributeEffect::Position(None)));
        c.apply("lang", Some("en-GB")).expect("en");
        assert_eq!(c.lang, Lang::En);
        c.apply("lang", Some("zh-Hans")).expect("zh");
        assert_eq!(c.lang, Lang::Zh);
        c.apply("lang", Some("fr")).expect("fr falls back to English");
        assert_eq!(c.lang, Lang::En);
        assert_eq!(c.apply("class-play", Some("")), Ok(AttributeEffect::Rules));
        assert_eq!(c.apply("class-play", Some("")), Ok(AttributeEffect::Redraw), "no change, no new rules");
        assert_eq!(c.apply("data-x", Some("1")), Ok(AttributeEffect::Ignored));
        for name in ["opponent", "level", "side"] {
            assert_eq!(c.apply(name, Some("computer")), Ok(AttributeEffect::Ignored), "{name} is the opponent extension's");
        }
    }
}
