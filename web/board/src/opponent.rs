//! The computer opponent extension's plain side: its attributes (`opponent`, `level`, `side`),
//! which the board's own `Config::apply` leaves `Ignored`, and its words. Its DOM side is
//! `widget::opponent`. A caller chooses it (`widget::Extensions`): `<chess-board>`'s export does,
//! the lesson player's boards do not, and so their modules link neither side.

use crate::config::{side_of, AttributeEffect, AttributeError, Config};
use qitong_view::texts::texts;
use qitong_words::Lang;

/// Applies the opponent's attribute `name` set to `value` (`None`: removed); `Ignored` for any
/// other attribute. On an unusable value the config is left as it was.
pub fn apply(config: &mut Config, name: &str, value: Option<&str>) -> Result<AttributeEffect, AttributeError> {
    let bad = |expected| AttributeError { name: name.to_string(), value: value.unwrap_or("").to_string(), expected };
    let lower = value.map(|v| v.trim().to_ascii_lowercase());
    match name {
        "opponent" => {
            config.computer = match lower.as_deref() {
                None | Some("") | Some("none") | Some("off") => false,
                Some("computer") => true,
                Some(_) => return Err(bad("computer or none")),
            };
        }
        "level" => {
            config.level = match lower.as_deref() {
                None | Some("") => 1,
                Some(n) => match n.parse::<u8>() {
                    Ok(level @ 1..=8) => level,
                    _ => return Err(bad("a level from 1 to 8")),
                },
            };
        }
        "side" => config.side = side_of(lower.as_deref()).ok_or_else(|| bad("white or black"))?,
        _ => return Ok(AttributeEffect::Ignored),
    }
    Ok(AttributeEffect::Opponent)
}

texts! {
    /// What the board says when the computer gives no move, and its bubble's button.
    pub enum OpponentText {
        ComputerFailed = "computer-failed" => (
            "电脑没能下棋：它的程序文件没有下载下来。检查一下网络，再点“再试一次”。",
            "The computer could not play: its program file did not download. Check the connection, then press Try again.",
        ),
        ComputerTimeout = "computer-timeout" => (
            "电脑想了太久也没有回答（可能是网络太慢）。点“再试一次”。",
            "The computer did not answer in time (the connection may be slow). Press Try again.",
        ),
        Retry = "retry" => ("再试一次", "Try again"),
    }
}

/// What the board says when the computer gives no move, and its bubble's button.
pub fn say(text: OpponentText, lang: Lang) -> &'static str {
    text.text(lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_rules::Color;

    #[test]
    fn the_computer_opponent_is_off_until_asked_and_refuses_unknown_values() {
        let mut c = Config::default();
        assert_eq!((c.computer, c.level, c.side), (false, 1, Color::White));
        assert_eq!(apply(&mut c, "opponent", Some("Computer")), Ok(AttributeEffect::Opponent));
        apply(&mut c, "level", Some(" 8 ")).expect("8");
        apply(&mut c, "side", Some("black")).expect("black");
        assert_eq!((c.computer, c.level, c.side), (true, 8, Color::Black));
        for bad in ["0", "9", "two", "-1"] {
            assert!(apply(&mut c, "level", Some(bad)).is_err(), "{bad}");
        }
        assert_eq!(c.level, 8, "a refused value keeps the old one");
        assert!(apply(&mut c, "opponent", Some("stockfish")).is_err());
        assert!(apply(&mut c, "side", Some("red")).is_err());
        apply(&mut c, "opponent", None).expect("removed");
        apply(&mut c, "level", None).expect("removed");
        assert_eq!((c.computer, c.level), (false, 1));
        assert_eq!(apply(&mut c, "orientation", Some("black")), Ok(AttributeEffect::Ignored), "the board's own");
    }

    #[test]
    fn its_words_are_in_both_languages() {
        qitong_view::texts::assert_complete(OpponentText::ALL, say);
        for &text in OpponentText::ALL {
            assert!(say(text, Lang::Zh).chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{text:?}");
            assert!(say(text, Lang::En).is_ascii(), "{text:?}");
        }
        assert_eq!(say(OpponentText::Retry, Lang::Zh), "再试一次");
    }
}
