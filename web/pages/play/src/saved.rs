//! The "Play a friend" page's saved game, so that a reload or a closed tab does not lose it: the
//! record written to the browser's storage after every change, reading it back, and what the
//! page offers on return. Pure (the DOM side is `pages::play::view`'s `play_resume`).
//!
//! The record, under [`SAVED_KEY`]: `{"version":1,"rules":"class","timeControl":"10+5",
//! "white":"小明","black":"","start":"<FEN>","journal":"e2e4 press:white e7e5",
//! "clock":{"white":598000,"black":600000,"turn":"black"}}` — the board's journal
//! (`board::journal`) is replayed into a new class game, so the core rebuilds its own touch-move,
//! foul and draw-offer state. A record that cannot be read (damaged, or from a newer version of
//! the site) is never overwritten: the page keeps it aside under [`aside_key`] first.

use crate::words::play_text;
use crate::words::PlayText;
use qitong_board::journal::{JournaledGame, ReplayError};
use qitong_classroom::class_game::Settings;
use qitong_classroom::clock::{Clock, TimeControl};
use qitong_clock::state::digits;
use qitong_format::json::{write_string, Value};
use qitong_lessons::lang::Lang;
use qitong_rules::Color;
use qitong_view::choices::read_fen;
use qitong_words::side_name;

/// The localStorage key of the game in progress.
pub const SAVED_KEY: &str = "qitong-play-game";
/// The version of the record written and read.
pub const SAVED_VERSION: u64 = 1;

/// The clock as saved: each side's time left (White, Black) and whose time runs (`None`:
/// Black has not started it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SavedClock {
    pub remaining_ms: [u64; 2],
    pub turn: Option<Color>,
}

/// A game of the play page as saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedGame {
    pub time_control: String,
    /// The names as typed (may be empty).
    pub white: String,
    pub black: String,
    /// The start position's FEN.
    pub start: String,
    /// The board's journal.
    pub journal: String,
    pub clock: SavedClock,
}

/// Why a stored record cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    Damaged,
    /// Written by a newer version of the site.
    Newer,
}

/// What the page finds in storage on arrival.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// Nothing, or a game not begun: a new game.
    Nothing,
    /// A finished game: not offered again (a new game).
    Finished,
    /// An unfinished game to offer back, with its number of moves (half-moves) played.
    Offer { game: SavedGame, moves: usize },
    /// Something that cannot be used; `raw` is kept aside before anything is written.
    Unreadable { raw: String, problem: Problem },
}

impl SavedGame {
    /// Is there anything to save: the clock started, or something done on the board?
    pub fn begun(&self) -> bool {
        self.clock.turn.is_some() || !self.journal.trim().is_empty()
    }

    pub fn to_json(&self) -> String {
        let mut out = format!("{{\"version\":{SAVED_VERSION},\"rules\":\"class\"");
        for (name, value) in
            [("timeControl", &self.time_control), ("white", &self.white), ("black", &self.black), ("start", &self.start), ("journal", &self.journal)]
        {
            out.push_str(",\"");
            out.push_str(name);
            out.push_str("\":");
            write_string(value, &mut out);
        }
        let [white, black] = self.clock.remaining_ms;
        let turn = self.clock.turn.map_or_else(|| "null".to_string(), |c| format!("\"{}\"", c.name()));
        out.push_str(&format!(",\"clock\":{{\"white\":{white},\"black\":{black},\"turn\":{turn}}}}}"));
        out
    }

    /// Reads a record; any field missing or of the wrong kind is damage.
    pub fn from_json(text: &str) -> Result<SavedGame, Problem> {
        let root: Value = text.parse().map_err(|_| Problem::Damaged)?;
        match root.get("version").and_then(Value::as_number).and_then(|n| n.as_u64()) {
            Some(SAVED_VERSION) => {}
            Some(v) if v > SAVED_VERSION => return Err(Problem::Newer),
            _ => return Err(Problem::Damaged),
        }
        let text = |name: &str| root.get(name).and_then(Value::as_str).map(str::to_string).ok_or(Problem::Damaged);
        if text("rules")? != "class" {
            return Err(Problem::Damaged);
        }
        let clock = root.get("clock").ok_or(Problem::Damaged)?;
        let time = |side: &str| clock.get(side).and_then(Value::as_number).and_then(|n| n.as_u64()).ok_or(Problem::Damaged);
        let turn = match clock.get("turn") {
            Some(Value::Null) => None,
            Some(Value::String(side)) => Some(side.parse::<Color>().map_err(|_| Problem::Damaged)?),
            _ => return Err(Problem::Damaged),
        };
        let game = SavedGame {
            time_control: text("timeControl")?,
            white: text("white")?,
            black: text("black")?,
            start: text("start")?,
            journal: text("journal")?,
            clock: SavedClock { remaining_ms: [time("white")?, time("black")?], turn },
        };
        game.control().ok_or(Problem::Damaged)?;
        Ok(game)
    }

    pub fn control(&self) -> Option<TimeControl> {
        self.time_control.parse().ok()
    }

    /// The game rebuilt by replaying the journal under the class rules (the board's).
    pub fn rebuild(&self) -> Result<JournaledGame, ReplayError> {
        let start = read_fen(Some(&self.start)).map_err(|_| ReplayError { index: 0, word: self.start.clone() })?;
        JournaledGame::replay(start, Settings::CLASS, &self.journal)
    }

    /// The clock to show: paused on the side whose time ran, with the saved times (`None`: not
    /// started, a fresh clock).
    pub fn restored_clock(&self) -> Option<Clock> {
        Some(Clock::restored(self.control()?, self.clock.remaining_ms, self.clock.turn?))
    }
}

/// Reads what is stored under [`SAVED_KEY`] (`None`: nothing).
pub fn read_saved(raw: Option<&str>) -> Found {
    let Some(raw) = raw.filter(|r| !r.trim().is_empty()) else { return Found::Nothing };
    let unreadable = |problem| Found::Unreadable { raw: raw.to_string(), problem };
    let game = match SavedGame::from_json(raw) {
        Ok(game) => game,
        Err(problem) => return unreadable(problem),
    };
    match game.rebuild() {
        Err(_) => unreadable(Problem::Damaged),
        // A finished game's clock has stopped: nobody's time runs.
        Ok(replayed) if replayed.outcome().is_some() => Found::Finished,
        // Moves on the board need a started clock (Black starts it).
        Ok(_) if game.clock.turn.is_none() && !game.journal.trim().is_empty() => unreadable(Problem::Damaged),
        Ok(_) if !game.begun() => Found::Nothing,
        Ok(replayed) => {
            let moves = replayed.game().history().len();
            Found::Offer { game, moves }
        }
    }
}

/// Where an unreadable record is kept aside: the first of `qitong-play-game-damaged`,
/// `…-damaged-2` … `…-damaged-9` that is free (or already holds this very text); `None` when
/// all hold other records — then nothing is written at all.
pub fn aside_key(raw: &str, stored: impl Fn(&str) -> Option<String>) -> Option<String> {
    (1..10)
        .map(|n| if n == 1 { format!("{SAVED_KEY}-damaged") } else { format!("{SAVED_KEY}-damaged-{n}") })
        .find(|key| stored(key).is_none_or(|text| text == raw))
}

/// The offer's second line: `已经走了 3 步 · 白方 小明 9:58 · 黑方 10:00`.
pub fn offer_line(game: &SavedGame, moves: usize, lang: Lang) -> String {
    let count = match (moves, lang) {
        (1, Lang::En) => "1 move played".to_string(),
        _ => play_text(PlayText::SavedMoves, lang).replace("{n}", &moves.to_string()),
    };
    let mut line = count;
    for (side, name) in [(Color::White, &game.white), (Color::Black, &game.black)] {
        line.push_str(" · ");
        line.push_str(side_name(side, lang));
        if !name.is_empty() {
            line.push(' ');
            line.push_str(name);
        }
        line.push(' ');
        line.push_str(&digits(game.clock.remaining_ms[side.index()]));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn saved(journal: &str, turn: Option<Color>) -> SavedGame {
        SavedGame {
            time_control: "10+5".to_string(),
            white: "小明".to_string(),
            black: "Bo \"the rook\"".to_string(),
            start: qitong_rules::Position::new().fen(),
            journal: journal.to_string(),
            clock: SavedClock { remaining_ms: [598_000, 601_500], turn },
        }
    }

    #[test]
    fn a_record_reads_back_what_it_wrote() {
        let game = saved("e2e4 press:white e7e5 offer:black", Some(Color::Black));
        let text = game.to_json();
        assert!(text.starts_with("{\"version\":1,\"rules\":\"class\",\"timeControl\":\"10+5\""), "{text}");
        assert!(text.ends_with("\"clock\":{\"white\":598000,\"black\":601500,\"turn\":\"black\"}}"), "{text}");
        assert_eq!(SavedGame::from_json(&text), Ok(game.clone()));
        let fresh = SavedGame { journal: String::new(), clock: SavedClock { turn: None, ..game.clock }, ..game };
        assert!(fresh.to_json().contains("\"turn\":null"));
        assert_eq!(SavedGame::from_json(&fresh.to_json()), Ok(fresh));
    }

    #[test]
    fn an_unfinished_game_is_offered_with_its_moves_and_times() {
        let game = saved("e2e4 press:white e7e5", Some(Color::Black));
        match read_saved(Some(&game.to_json())) {
            Found::Offer { game: found, moves } => {
                assert_eq!((found, moves), (game.clone(), 2));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(offer_line(&game, 2, Lang::Zh), "已经走了 2 步 · 白方 小明 9:58 · 黑方 Bo \"the rook\" 10:02");
        let anonymous = SavedGame { white: String::new(), black: String::new(), ..game.clone() };
        assert_eq!(offer_line(&anonymous, 1, Lang::En), "1 move played · White 9:58 · Black 10:02");
        assert_eq!(offer_line(&anonymous, 0, Lang::En), "0 moves played · White 9:58 · Black 10:02");
        // The clock comes back paused on the side whose time ran.
        let clock = game.restored_clock().expect("started");
        assert_eq!(clock.running(), Some(Color::Black));
        assert_eq!(clock.remaining(Color::White, 0), 598_000);
        // A started clock with no move yet is a game too.
        assert!(matches!(read_saved(Some(&saved("", Some(Color::White)).to_json())), Found::Offer { moves: 0, .. }));
    }

    #[test]
    fn finished_or_unbegun_games_are_not_offered() {
        assert_eq!(read_saved(None), Found::Nothing);
        assert_eq!(read_saved(Some(" ")), Found::Nothing);
        assert_eq!(read_saved(Some(&saved("", None).to_json())), Found::Nothing);
        assert_eq!(read_saved(Some(&saved("e2e4 press:white resign:black", Some(Color::Black)).to_json())), Found::Finished);
        assert_eq!(read_saved(Some(&saved("e2e4 flag:white", Some(Color::White)).to_json())), Found::Finished);
        // As the page saves it: the clock stopped, nobody's time running.
        assert_eq!(read_saved(Some(&saved("e2e4 press:white resign:white", None).to_json())), Found::Finished);
        assert!(!saved("", None).begun());
    }

    #[test]
    fn damaged_and_newer_records_are_kept_raw() {
        let newer = r#"{"version":99,"whatever":true}"#;
        assert_eq!(read_saved(Some(newer)), Found::Unreadable { raw: newer.to_string(), problem: Problem::Newer });
        let good = saved("e2e4", Some(Color::White)).to_json();
        let damaged = [
            "{\"version\":1,".to_string(),
            "[1]".to_string(),
            "{\"version\":0}".to_string(),
            "{\"version\":\"1\"}".to_string(),
            good.replace("\"rules\":\"class\"", "\"rules\":\"free\""),
            good.replace("10+5", "ten minutes"),
            good.replace("598000", "-5"),
            good.replace("\"turn\":\"white\"", "\"turn\":\"red\""),
            good.replace("\"turn\":\"white\"", "\"turn\":null"),
            good.replace("e2e4", "e2e5"),
            good.replace(",\"journal\":\"e2e4\"", ""),
            good.replace("rnbqkbnr", "rnbqkbnrr"),
        ];
        for raw in damaged {
            assert_eq!(read_saved(Some(&raw)), Found::Unreadable { raw: raw.clone(), problem: Problem::Damaged }, "{raw}");
        }
    }

    #[test]
    fn a_record_is_kept_aside_without_overwriting_another() {
        let store =
            |taken: &'static [(&'static str, &'static str)]| move |key: &str| taken.iter().find(|(k, _)| *k == key).map(|(_, v)| v.to_string());
        assert_eq!(aside_key("x", store(&[])).as_deref(), Some("qitong-play-game-damaged"));
        assert_eq!(aside_key("x", store(&[("qitong-play-game-damaged", "x")])).as_deref(), Some("qitong-play-game-damaged"));
        assert_eq!(aside_key("x", store(&[("qitong-play-game-damaged", "y")])).as_deref(), Some("qitong-play-game-damaged-2"));
        let full: Vec<String> =
            (1..10).map(|n| if n == 1 { "qitong-play-game-damaged".to_string() } else { format!("qitong-play-game-damaged-{n}") }).collect();
        assert_eq!(aside_key("x", |key| full.iter().any(|k| k == key).then(|| "other".to_string())), None);
    }
}
