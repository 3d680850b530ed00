//! The kid-worded zh-CN / English texts of the board and the class rules, keyed by the types of
//! the core and the classroom (`IllegalReason`, `EndReason`, the draw-offer, clock, touch-move and
//! class game refusals: [`Words`]), so that a reason without words does not compile.
//!
//! Texts are templates: `{from}`, `{to}`, `{piece}`, `{blocker}`, `{pinner}`, `{king}`,
//! `{attackers}`, `{square}` and `{squares}` are filled in by [`fill`]. Wording is for a
//! six-year-old: short sentences, the piece's name, and the square to look at. The board, the
//! clock, the lesson player and home use them; [`element_api`] holds the custom elements' API
//! tables (the elements' observed attributes and `cargo xtask codegen`'s source).
//!
//! A crate of the web side's split by feature (issue 30, docs/crates.md), below the board and the
//! clock: it uses the view core and the rules, nothing of the views.

mod class_rules;
pub mod element_api;
mod reasons;
#[cfg(test)]
mod sources;

use qitong_rules as rules;
use qitong_rules::Role;

pub use class_rules::{clock, draw_offer, foul, refusal, touch};
pub use qitong_lessons::lang::{Lang, ParseLangError};
pub use reasons::{ending, illegal, Words};

/// The browser's `localStorage` key for the language a child chose (in the view core).
pub use qitong_view::choices::LANG_KEY;

/// The note of the pages that keep only "progress or choices" when this computer saves nothing
/// (zh-CN, en): the check page's, and `www/storage.js`'s copy for the embed guide and the frame.
pub const NO_STORAGE: (&str, &str) = (
    "这台电脑不能保存进度和选择：关掉页面以后就没有了。页面照常可以用。",
    "This computer can't save progress or choices: they are gone when the page is closed. The page works as usual.",
);

/// What a locked stage of the course map says, the home page's map and the lesson player's alike:
/// how many more stars open it.
pub fn stage_locked(need: u32, lang: Lang) -> String {
    let template = match lang {
        Lang::Zh => "再拿 {n} 颗星星就能开启",
        Lang::En => "{n} more stars to open",
    };
    fill(template, &[("n", &need.to_string())])
}

/// The piece's name as the course says it (车, not 战车; "rook").
pub fn role_name(role: Role, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => role.zh_name(),
        Lang::En => role.name(),
    }
}

/// The movement verse of a piece (SPEC §3), in Chinese exactly as the handout has it, and its
/// English meaning.
pub fn verse(role: Role, lang: Lang) -> &'static str {
    match (role, lang) {
        (Role::Pawn, Lang::Zh) => "小兵直进斜吃走，到底职务能升变。",
        (Role::Rook, Lang::Zh) => "城堡通行整棋盘，横竖格数不受限。",
        (Role::Knight, Lang::Zh) => "骑士直斜能跳子，棋盘格子能走遍。",
        (Role::Bishop, Lang::Zh) => "主教斜走分黑白，通行棋盘格一半。",
        (Role::Queen, Lang::Zh) => "后是主教加城堡，四面八方有路线。",
        (Role::King, Lang::Zh) => "国王全局是关键，横竖斜行一步限。",
        (Role::Pawn, Lang::En) => "The pawn walks straight and captures on the slant; at the far end it is promoted.",
        (Role::Rook, Lang::En) => "The castle rides the whole board, along rows and columns, as far as it likes.",
        (Role::Knight, Lang::En) => "The knight goes one straight and one slanted, jumps over pieces, and can visit every square.",
        (Role::Bishop, Lang::En) => "The bishop goes on the slant and keeps its colour: half the board is its road.",
        (Role::Queen, Lang::En) => "The queen is a bishop plus a castle: roads in all eight directions.",
        (Role::King, Lang::En) => "The king is the key to the game: one step at a time, straight or slanted.",
    }
}

/// The side's name as a child says it: 白方 / 黑方, White / Black.
pub fn side_name(color: rules::Color, lang: Lang) -> &'static str {
    match (color, lang) {
        (rules::Color::White, Lang::Zh) => "白方",
        (rules::Color::Black, Lang::Zh) => "黑方",
        (rules::Color::White, Lang::En) => "White",
        (rules::Color::Black, Lang::En) => "Black",
    }
}

/// One template value as the child reads it: squares as names (several joined with 、 or ", "),
/// pieces by their course name, `{verse}` as the piece's verse, colours as 白方/White. Written
/// into one `String` without `to_string`, `collect` or `join`: those are `#[inline]` generics, of
/// which this crate would compile copies of its own beside the root crate's (docs/crates.md).
pub fn arg_text(name: &str, arg: rules::ReasonArg, lang: Lang) -> String {
    use rules::ReasonArg;
    let mut out = String::new();
    match arg {
        ReasonArg::Role(role) if name == "verse" => out.push_str(verse(role, lang)),
        ReasonArg::Role(role) => out.push_str(role_name(role, lang)),
        ReasonArg::Color(color) => out.push_str(side_name(color, lang)),
        ReasonArg::Square(sq) => push_square(&mut out, sq),
        ReasonArg::Squares(bb) => {
            for sq in bb {
                if !out.is_empty() {
                    out.push_str(lang.pick("、", ", "));
                }
                push_square(&mut out, sq);
            }
        }
    }
    out
}

/// A square's name (`e4`), as its `Display` writes it.
fn push_square(out: &mut String, sq: rules::Square) {
    out.push(sq.file().char());
    out.push(sq.rank().char());
}

/// The kid-worded sentence for `what` with its values, or its code when it has no words (what
/// only the page's script meets: never an empty bubble).
pub fn describe(what: &dyn Words, args: &[(&str, rules::ReasonArg)], lang: Lang) -> String {
    let values: Vec<(&str, String)> = args.iter().map(|&(name, arg)| (name, arg_text(name, arg, lang))).collect();
    let pairs: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
    match what.template(lang) {
        Some(t) => fill(t, &pairs),
        None => what.code().to_string(),
    }
}

/// Replaces each `{name}` in `template` by its value; unknown names are left as they are.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close) => {
                let name = &after[..close];
                match args.iter().find(|(k, _)| *k == name) {
                    Some((_, v)) => out.push_str(v),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[close + 1..];
            }
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_locked_stage_says_the_stars_it_needs_in_both_languages() {
        assert_eq!(stage_locked(12, Lang::Zh), "再拿 12 颗星星就能开启");
        assert_eq!(stage_locked(1, Lang::En), "1 more stars to open");
    }

    #[test]
    fn describes_with_kid_names() {
        use rules::{Bitboard, IllegalReason, ReasonArg, Square};
        let attackers = Bitboard::from_square(Square::D8).with(Square::H4);
        let reason = IllegalReason::KingIntoCheck { from: Square::E1, to: Square::E2, attackers };
        let args = [("to", ReasonArg::Square(Square::E2)), ("attackers", ReasonArg::Squares(attackers))];
        assert_eq!(describe(&reason, &args, Lang::Zh), "不能送王！e2 被对方的 h4、d8 控制着，王走过去会被吃掉。");
        let reason = IllegalReason::CannotMoveThatWay { from: Square::C1, to: Square::C4, role: Role::Bishop };
        let text = describe(&reason, &reason.args(), Lang::En);
        assert!(text.starts_with("The bishop can't move like that. Remember: The bishop goes on the slant"), "{text}");
    }

    #[test]
    fn what_has_no_words_is_said_by_its_code() {
        use qitong_classroom::class_game::Refusal;
        use qitong_classroom::clock::ClockError;
        assert_eq!(describe(&Refusal::NothingToUndo, &[], Lang::En), "nothing-to-undo");
        assert_eq!(describe(&ClockError::TimeWentBackwards, &[], Lang::Zh), "clock-time-went-backwards");
    }

    #[test]
    fn fills_placeholders() {
        use rules::{IllegalReason, Square};
        assert_eq!(fill("{piece} on {from}", &[("piece", "马"), ("from", "g1")]), "马 on g1");
        assert_eq!(fill("keep {unknown} and {", &[]), "keep {unknown} and {");
        let t = illegal(&IllegalReason::PathBlocked { from: Square::C1, to: Square::E3, role: Role::Bishop, blocker: Square::D2 }, Lang::Zh);
        assert_eq!(fill(t, &[("blocker", "d2"), ("piece", "象")]), "路被挡住啦！d2 上的棋子挡住了象的路。只有马可以跳过去。");
        assert_eq!(foul(2, Some(3), Lang::Zh), "送王犯规！这是第 2 次，满 3 次就判负。");
    }

    #[test]
    fn languages_parse_from_tags() {
        assert_eq!("zh-CN".parse(), Ok(Lang::Zh));
        assert_eq!("zh-Hans-CN".parse(), Ok(Lang::Zh));
        assert_eq!("en-GB".parse(), Ok(Lang::En));
        assert_eq!("EN".parse(), Ok(Lang::En));
        assert!("fr".parse::<Lang>().is_err());
        assert_eq!(Lang::Zh.tag(), "zh-CN");
    }

    #[test]
    fn every_piece_has_its_verse() {
        for role in Role::ALL {
            assert!(verse(role, Lang::Zh).ends_with('。'));
            assert!(verse(role, Lang::En).ends_with('.'));
            assert!(!role_name(role, Lang::Zh).is_empty());
        }
    }
}
