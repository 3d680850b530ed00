//! Playing the computer on the play page, the pure part: the choices a child makes (whom to play,
//! which side, the computer's level, the class's rules, a name), remembered in the browser under
//! [`CHOICES_KEY`], and the small decisions of a game against the computer — which side "random"
//! gives, the seed of each reply, the players' names on the score sheet and in the PGN, whether a
//! take-back is possible and how many moves it takes back.

use crate::words::{play_text, PlayText};
use qitong_engine::Level;
use qitong_format::json::{write_string, Value};
use qitong_lessons::lang::Lang;
use qitong_rules::Color;

/// The localStorage key of the remembered choices.
pub const CHOICES_KEY: &str = "qitong-play-choices";
/// The version of the record written and read.
pub const CHOICES_VERSION: u64 = 1;

/// How long the computer may think about a hint: short, at full strength (a hint is a good
/// move, not the best one a long search finds).
pub const HINT_MOVETIME_MS: u32 = 400;

/// Whom the child plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    Friend,
    Computer,
}

impl Opponent {
    pub const ALL: [Opponent; 2] = [Opponent::Friend, Opponent::Computer];

    pub const fn name(self) -> &'static str {
        match self {
            Opponent::Friend => "friend",
            Opponent::Computer => "computer",
        }
    }

    pub fn from_name(name: &str) -> Option<Opponent> {
        Opponent::ALL.into_iter().find(|o| o.name() == name)
    }
}

/// The side the child asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SideChoice {
    White,
    Black,
    Random,
}

impl SideChoice {
    pub const ALL: [SideChoice; 3] = [SideChoice::White, SideChoice::Black, SideChoice::Random];

    pub const fn name(self) -> &'static str {
        match self {
            SideChoice::White => "white",
            SideChoice::Black => "black",
            SideChoice::Random => "random",
        }
    }

    pub fn from_name(name: &str) -> Option<SideChoice> {
        SideChoice::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The side played: "random" draws it from the game's seed (so a test's `?seed=` decides).
    pub const fn resolve(self, seed: u32) -> Color {
        match self {
            SideChoice::White => Color::White,
            SideChoice::Black => Color::Black,
            SideChoice::Random if seed.is_multiple_of(2) => Color::White,
            SideChoice::Random => Color::Black,
        }
    }
}

/// What the child chose, remembered for the next visit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choices {
    pub opponent: Opponent,
    pub side: SideChoice,
    pub level: Level,
    /// The class's rules (touch-move, no take-backs) against the computer too.
    pub class_rules: bool,
    /// The child's name as typed (may be empty).
    pub name: String,
}

impl Default for Choices {
    fn default() -> Choices {
        Choices { opponent: Opponent::Friend, side: SideChoice::White, level: Level::MIN, class_rules: false, name: String::new() }
    }
}

impl Choices {
    pub fn to_json(&self) -> String {
        let mut out = format!(
            "{{\"version\":{CHOICES_VERSION},\"opponent\":\"{}\",\"side\":\"{}\",\"level\":{},\"classRules\":{},\"name\":",
            self.opponent.name(),
            self.side.name(),
            self.level,
            self.class_rules
        );
        write_string(&self.name, &mut out);
        out.push('}');
        out
    }

    /// Reads a record leniently: choices are not precious, so whatever is missing or damaged
    /// falls back to the default, field by field (a newer version's record too).
    pub fn from_json(text: Option<&str>) -> Choices {
        let default = Choices::default();
        let Some(root) = text.and_then(|t| t.parse::<Value>().ok()) else { return default };
        let text = |name: &str| root.get(name).and_then(Value::as_str);
        Choices {
            opponent: text("opponent").and_then(Opponent::from_name).unwrap_or(default.opponent),
            side: text("side").and_then(SideChoice::from_name).unwrap_or(default.side),
            level: root
                .get("level")
                .and_then(Value::as_number)
                .and_then(|n| n.as_u64())
                .and_then(|n| u8::try_from(n).ok())
                .and_then(Level::new)
                .unwrap_or(default.level),
            class_rules: matches!(root.get("classRules"), Some(Value::Bool(true))),
            name: text("name").map(|n| n.chars().take(40).collect()).unwrap_or_default(),
        }
    }
}

/// A level's name in `lang`.
pub fn level_name(level: Level, lang: Lang) -> &'static str {
    lang.pick(level.name_zh(), level.name_en())
}

/// `第 3 级` / `Level 3`.
pub fn level_number(level: Level, lang: Lang) -> String {
    play_text(PlayText::LevelN, lang).replace("{n}", &level.to_string())
}

/// The players' names (White, Black) for the sheet and the PGN: the child's (or a friendly
/// default) and the level's, `跳跳马（第 3 级）`.
pub fn players(child: Color, name: &str, level: Level, lang: Lang) -> (String, String) {
    let child_name = if name.trim().is_empty() { play_text(PlayText::DefaultChild, lang).to_string() } else { name.trim().to_string() };
    let (open, close) = lang.pick(("（", "）"), (" (", ")"));
    let computer = format!("{}{open}{}{close}", level_name(level, lang), level_number(level, lang));
    match child {
        Color::White => (child_name, computer),
        Color::Black => (computer, child_name),
    }
}

/// The seed of the computer's reply at `ply`: the game's seed moved on by the ply, so that one
/// game's replies differ and the same seed replays the same game.
pub const fn reply_seed(game_seed: u32, ply: usize) -> u32 {
    game_seed.wrapping_mul(31).wrapping_add(ply as u32)
}

/// How many half-moves a take-back undoes, on the child's turn: the computer's reply and the
/// child's move before it (`None` when the child has not moved yet). While the computer thinks,
/// it is the child's last move alone (the caller cancels the reply first).
pub fn take_back_plies(child: Color, turn: Color, plies: usize) -> Option<usize> {
    let wanted = if turn == child { 2 } else { 1 };
    (plies >= wanted).then_some(wanted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_round_trip_and_damage_falls_back_field_by_field() {
        let chosen = Choices {
            opponent: Opponent::Computer,
            side: SideChoice::Random,
            level: Level::new(7).unwrap_or(Level::MAX),
            class_rules: true,
            name: "小明 \"Ming\"".to_string(),
        };
        let text = chosen.to_json();
        assert!(text.starts_with("{\"version\":1,\"opponent\":\"computer\",\"side\":\"random\",\"level\":7,\"classRules\":true"), "{text}");
        assert_eq!(Choices::from_json(Some(&text)), chosen);
        assert_eq!(Choices::from_json(None), Choices::default());
        for damaged in ["", "{", "[1]", "42", "null"] {
            assert_eq!(Choices::from_json(Some(damaged)), Choices::default(), "{damaged:?}");
        }
        let partly = Choices::from_json(Some(r#"{"version":9,"opponent":"robot","side":"black","level":12,"classRules":"yes"}"#));
        assert_eq!(partly, Choices { side: SideChoice::Black, ..Choices::default() });
    }

    #[test]
    fn random_sides_follow_the_seed_and_names_follow_the_sides() {
        assert_eq!((SideChoice::Random.resolve(4), SideChoice::Random.resolve(5)), (Color::White, Color::Black));
        assert_eq!(SideChoice::Black.resolve(4), Color::Black);
        let level = Level::new(3).unwrap_or(Level::MIN);
        assert_eq!(players(Color::Black, " Ann ", level, Lang::En), ("Hoppy the Knight (Level 3)".to_string(), "Ann".to_string()));
        assert_eq!(players(Color::White, "", level, Lang::Zh), ("小棋手".to_string(), "跳跳马（第 3 级）".to_string()));
        assert_ne!(reply_seed(1, 0), reply_seed(1, 2));
        assert_eq!(reply_seed(u32::MAX, 5), reply_seed(u32::MAX, 5));
    }

    #[test]
    fn a_take_back_undoes_the_reply_and_the_move_before_it() {
        // The child's turn: the computer's reply and the child's move.
        assert_eq!(take_back_plies(Color::White, Color::White, 4), Some(2));
        // The child plays Black and only the computer has moved: nothing of the child's to take.
        assert_eq!(take_back_plies(Color::Black, Color::Black, 1), None);
        assert_eq!(take_back_plies(Color::White, Color::White, 0), None);
        // The computer is thinking: the child's move alone.
        assert_eq!(take_back_plies(Color::White, Color::Black, 1), Some(1));
    }
}
