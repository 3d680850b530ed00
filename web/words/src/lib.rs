//! The kid-worded zh-CN / English texts of the board and the class rules, in one table keyed by
//! the stable codes of the core (`IllegalReason::code()`, draw-offer and clock refusals, ...).
//!
//! Texts are templates: `{from}`, `{to}`, `{piece}`, `{blocker}`, `{pinner}`, `{king}`,
//! `{attackers}`, `{square}` and `{squares}` are filled in by [`fill`]. Wording is for a
//! six-year-old: short sentences, the piece's name, and the square to look at. The board, the
//! clock, the lesson player and home use them; [`element_api`] holds the custom elements' API
//! tables (the elements' observed attributes and `cargo xtask codegen`'s source).
//!
//! A crate of the web side's split by feature (issue 30, docs/crates.md), below the board and the
//! clock: it uses the view core and the rules, nothing of the views.

pub mod element_api;
#[cfg(test)]
mod sources;

use qitong_rules as rules;
use qitong_rules::Role;

pub use qitong_lessons::lang::{Lang, ParseLangError};

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

/// The kid-worded template for a code, or `None` for an unknown code.
pub fn template(code: &str, lang: Lang) -> Option<&'static str> {
    let (zh, en) = match code {
        // Illegal moves (rules::IllegalReason codes).
        "no-piece" => ("{from} 上没有棋子哦。先点一个你的棋子吧！", "There is no piece on {from}. Pick one of your pieces first!"),
        "not-your-turn" => ("还没轮到这个颜色走呢，等一等对手吧。", "It is not this colour's turn yet. Wait for your partner!"),
        "same-square" => ("棋子要走到另一个格子上才算一步哦。", "A move has to go to a different square."),
        "cannot-move-that-way" => ("{piece}不能这样走。记住口诀：{verse}", "The {piece} can't move like that. Remember: {verse}"),
        "path-blocked" => (
            "路被挡住啦！{blocker} 上的棋子挡住了{piece}的路。只有马可以跳过去。",
            "The way is blocked! The piece on {blocker} is in the {piece}'s way. Only the knight can jump.",
        ),
        "own-piece-on-target" => ("{to} 上是你自己的棋子，不能吃自己人哦。", "Your own piece is on {to}. You can't capture your own team!"),
        "pawn-captures-diagonally" => (
            "兵直着走，但要斜着吃。{to} 上有棋子挡着，兵不能往前走。",
            "Pawns walk straight but capture on the slant. The piece on {to} blocks this pawn.",
        ),
        "pawn-moves-straight" => (
            "兵只有吃子的时候才斜着走。{to} 上没有可以吃的棋子。",
            "A pawn only goes on the slant when it captures. There is nothing to capture on {to}.",
        ),
        "pawn-backwards" => ("兵只能向前走，不能后退哦。", "Pawns only go forward, never back."),
        "pawn-two-step-only-from-start" => {
            ("兵只有第一步（还在起始格时）才能一次走两格。", "A pawn may go two squares only on its very first move, from its starting square.")
        }
        "king-into-check" => (
            "不能送王！{to} 被对方的 {attackers} 控制着，王走过去会被吃掉。",
            "The king can't go there! {to} is watched by the piece on {attackers}.",
        ),
        "pinned" => (
            "这个棋子被牵制住了：它一走开，{pinner} 上的棋子就能直接攻击你的王（{king}）。",
            "This piece is pinned: if it moves away, the piece on {pinner} attacks your king on {king}.",
        ),
        "in-check-does-not-help" => (
            "你的王正被将军（{attackers}）！这一步没有解除将军。可以走开王、吃掉将军的子，或者挡住它。",
            "Your king is in check from {attackers}! This move doesn't help. Move the king, capture the checker, or block it.",
        ),
        "leaves-king-in-check" => ("这一步会让你的王被 {attackers} 攻击，不可以哦。", "This move would leave your king attacked by {attackers}."),
        "castle-king-moved" => ("王已经走动过了，这盘棋不能再王车易位了。", "The king has already moved, so it can't castle any more in this game."),
        "castle-rook-moved" => {
            ("{square} 的车已经走动过了，不能和它易位。", "The rook from {square} has already moved, so you can't castle with it.")
        }
        "castle-pieces-between" => (
            "王和车中间还有棋子（{squares}），先把路让开才能易位。",
            "There are pieces between the king and the rook ({squares}). Clear the way first.",
        ),
        "castle-in-check" => ("王正被将军的时候不能王车易位。", "You can't castle while your king is in check."),
        "castle-through-attack" => {
            ("王要经过的 {square} 被对方控制着，不能易位。", "The king would pass over {square}, which is attacked. No castling now.")
        }
        "castle-into-attack" => {
            ("王要到达的 {square} 被对方控制着，不能易位。", "The king would land on {square}, which is attacked. No castling now.")
        }
        "en-passant-expired" => {
            ("吃过路兵必须在对方兵刚走两格后立刻吃，现在已经晚了。", "En passant must be played right after the pawn's two-step. It's too late now.")
        }
        "promotion-missing" => {
            ("兵走到底线了！请选择它要变成后、车、象还是马。", "Your pawn reached the end! Choose: queen, rook, bishop or knight.")
        }
        "promotion-not-allowed" => {
            ("兵不能变成王，也不能还是兵。请选后、车、象或马。", "A pawn can't become a king or stay a pawn. Choose queen, rook, bishop or knight.")
        }
        "promotion-not-a-promotion" => ("只有走到底线的兵才能升变。", "Only a pawn reaching the last row can be promoted."),
        // Draw offers (classroom::DrawOfferError codes), SPEC §7.
        "draw-offer-not-your-turn" => (
            "只能在自己走棋的时间里提和：走完你的棋，按钟以前。",
            "You may offer a draw only on your own time: after your move, before you press the clock.",
        ),
        "draw-offer-move-first" => ("先走你的棋，再提和，最后按钟。", "First make your move, then offer the draw, then press the clock."),
        "draw-claim-not-your-turn" => ("只有轮到你走棋的时候，你才可以声称和棋。", "You may claim a draw only when it is your turn to move."),
        "clock-press-first" => ("等对方按了钟，再走你的棋。", "Wait until your partner has pressed the clock, then make your move."),
        "draw-offer-declined-before" => (
            "你的提和被拒绝过了。要等对方也提和、被你拒绝以后，你才能再提和。",
            "Your draw offer was declined. You may offer again only after your partner offers and you decline.",
        ),
        "draw-offer-already-made" => ("你已经提和了，等对方回答吧。", "You already offered a draw. Wait for the answer."),
        "draw-offer-answer-first" => ("对方向你提和了：先说同意还是不同意。", "Your partner offered a draw: say yes or no first."),
        "draw-offer-none" => ("现在没有对方的提和。", "There is no draw offer from your partner."),
        "draw-offer-wait-your-turn" => {
            ("等对方按了钟，轮到你时再回答提和。", "Answer the draw offer on your own turn, once your partner has pressed the clock.")
        }
        "draw-offer-cannot-withdraw" => ("提和说出口就不能收回啦。", "A draw offer can't be taken back."),
        // Clock (classroom::ClockError codes).
        "clock-black-starts" => ("握手以后，由黑方按钟开始比赛。", "After the handshake, Black starts the clock."),
        "clock-not-your-clock" => ("只有刚走完棋的一方才能按钟。", "Only the player who just moved presses the clock."),
        "clock-paused" => ("裁判暂停了棋钟。", "The arbiter has paused the clock."),
        "clock-stopped" => ("棋钟已经停了，这盘棋结束了。", "The clock has stopped: the game is over."),
        // Touch-move and adjusting (classroom::touch::TouchRefusal codes), SPEC §6.
        "touch-move-must-move" => {
            ("摸子走子：你先摸了 {square} 的{piece}，就要走它。", "Touch-move: you touched your {piece} on {square} first, so you must move it.")
        }
        "touch-move-must-capture" => {
            ("摸子走子：你摸了对方 {square} 的{piece}，就要吃掉它。", "Touch-move: you touched the {piece} on {square}, so you must capture it.")
        }
        "touch-move-must-capture-with" => (
            "摸子走子：你摸了自己 {square} 的棋子，也摸了对方 {target} 的棋子，要用这个棋子吃掉它。",
            "Touch-move: you touched your piece on {square} and the enemy piece on {target}, so take {target} with it.",
        ),
        "touch-move-rook-touched-first" => (
            "你先摸了 {square} 的车再摸王，这一步不能用这个车易位。",
            "You touched the rook on {square} before the king, so you can't castle with it now.",
        ),
        "adjust-not-your-turn" => {
            ("只有轮到自己走棋时才能摆正棋子（先说“我摆正”）。", "You may adjust pieces only on your own turn (say \"I adjust\" first).")
        }
        "adjust-not-your-piece" => {
            ("只能摆正自己的棋子，{square} 是对方的。", "Adjust only your own pieces: the piece on {square} is your partner's.")
        }
        "adjust-empty-square" => ("{square} 上没有棋子可以摆正。", "There is no piece on {square} to adjust."),
        "no-take-backs" => ("落子无悔：棋子放下就不能再收回了。", "A move, once made, can't be taken back."),
        "foul-king-into-check" => (
            "送王犯规！这是第 {count} 次，满 {limit} 次就判负。",
            "Foul: that would put your king in danger! Foul {count} of {limit}: at {limit} the game is lost.",
        ),
        // How a game ends (rules::EndReason codes), SPEC §5. {winner} is 白方/黑方 or White/Black.
        "checkmate" => ("将死！{winner}赢了。", "Checkmate! {winner} wins."),
        "stalemate" => ("逼和：没有被将军，但是无路可走。和棋！", "Stalemate: not in check, but no move to make. It's a draw!"),
        "insufficient-material" => ("双方都没有足够的子力将死对方，和棋。", "Nobody has enough pieces left to checkmate. It's a draw."),
        "threefold-repetition" => ("同一个局面出现了三次，和棋。", "The same position came up three times. It's a draw."),
        "fivefold-repetition" => ("同一个局面出现了五次，和棋。", "The same position came up five times. It's a draw."),
        "perpetual-check" => {
            ("长将和：{winner}一直将军，对方躲不开，和棋。", "Perpetual check: {winner} keeps giving check and it can't be stopped. It's a draw.")
        }
        "fifty-moves" => ("双方连续50回合没有吃子也没有走兵，和棋。", "Fifty moves each with no capture and no pawn move. It's a draw."),
        "seventy-five-moves" => {
            ("双方连续75回合没有吃子也没有走兵，和棋。", "Seventy-five moves each with no capture and no pawn move. It's a draw.")
        }
        "agreement" => ("双方同意和棋。", "Both players agreed to a draw."),
        "resignation" => ("认输了，{winner}赢了。记得说“谢谢”和“承让”哦。", "A player resigned: {winner} wins. Remember to say thank you!"),
        "time-forfeit" => ("时间用完了，{winner}赢了。", "Time ran out: {winner} wins."),
        "timeout-vs-insufficient-material" => {
            ("时间用完了，但对方没有能将死的子力，所以是和棋。", "Time ran out, but the other side can't possibly checkmate, so it's a draw.")
        }
        "fouls" => ("送王犯规满三次，判负：{winner}赢了。", "Three fouls of putting the king in danger: {winner} wins."),
        "game-over" => ("这盘棋已经结束了。", "This game is already over."),
        _ => return None,
    };
    Some(lang.pick(zh, en))
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

/// The kid-worded sentence for `code` with its values, or the code itself when no wording
/// exists (never an empty bubble).
pub fn describe(code: &str, args: &[(&str, rules::ReasonArg)], lang: Lang) -> String {
    let values: Vec<(&str, String)> = args.iter().map(|&(name, arg)| (name, arg_text(name, arg, lang))).collect();
    let pairs: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
    match template(code, lang) {
        Some(t) => fill(t, &pairs),
        None => code.to_string(),
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

    /// The rules core's refusal codes, each of which needs words.
    const CODES: [&str; 24] = rules::IllegalReason::CODES;

    #[test]
    fn both_languages_have_every_code() {
        for code in CODES {
            let zh = template(code, Lang::Zh).expect(code);
            let en = template(code, Lang::En).expect(code);
            assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{code} zh has Chinese");
            assert!(en.is_ascii(), "{code} en is plain English");
            assert_eq!(qitong_view::texts::placeholders(zh), qitong_view::texts::placeholders(en), "{code}: the same placeholders in both languages");
        }
        assert_eq!(template("no-such-code", Lang::En), None);
    }

    #[test]
    fn a_locked_stage_says_the_stars_it_needs_in_both_languages() {
        assert_eq!(stage_locked(12, Lang::Zh), "再拿 12 颗星星就能开启");
        assert_eq!(stage_locked(1, Lang::En), "1 more stars to open");
    }

    #[test]
    fn every_illegal_reason_has_words_for_all_its_placeholders() {
        use rules::IllegalReason;
        assert_eq!(CODES, &IllegalReason::CODES[..], "the same codes as the rules core");
        for reason in IllegalReason::samples() {
            for lang in [Lang::Zh, Lang::En] {
                let text = describe(reason.code(), &reason.args(), lang);
                assert!(template(reason.code(), lang).is_some() && !text.contains('{'), "{} {lang}: {text}", reason.code());
            }
        }
    }

    #[test]
    fn class_rule_refusals_have_words() {
        use qitong_classroom::clock::ClockError;
        use qitong_classroom::draw_offer::DrawOfferError::*;
        for e in [NotYourTurn, MoveFirst, OfferedBefore, AlreadyOffered, AnswerPendingOffer, NoOffer, WaitForYourTurn, CannotWithdraw] {
            assert!(template(e.code(), Lang::Zh).is_some() && template(e.code(), Lang::En).is_some(), "{}", e.code());
        }
        use qitong_classroom::class_game::Refusal;
        for e in [Refusal::ClaimNotYourTurn, Refusal::WaitForPress] {
            assert!(template(e.code(), Lang::Zh).is_some() && template(e.code(), Lang::En).is_some(), "{}", e.code());
        }
        let kid_facing =
            [ClockError::BlackStartsTheClock, ClockError::NotYourClock { pressed_by: rules::Color::White }, ClockError::Paused, ClockError::Stopped];
        for e in kid_facing {
            assert!(template(e.code(), Lang::Zh).is_some() && template(e.code(), Lang::En).is_some(), "{}", e.code());
        }
    }

    #[test]
    fn every_ending_and_touch_refusal_has_words() {
        for code in rules::EndReason::CODES {
            assert!(template(code, Lang::Zh).is_some() && template(code, Lang::En).is_some(), "{code}");
        }
        for code in [
            "touch-move-must-move",
            "touch-move-must-capture",
            "touch-move-must-capture-with",
            "touch-move-rook-touched-first",
            "adjust-not-your-turn",
            "adjust-not-your-piece",
            "adjust-empty-square",
        ] {
            assert!(template(code, Lang::Zh).is_some() && template(code, Lang::En).is_some(), "{code}");
        }
    }

    #[test]
    fn describes_with_kid_names() {
        use rules::{Bitboard, ReasonArg, Square};
        let attackers = ReasonArg::Squares(Bitboard::from_square(Square::D8).with(Square::H4));
        let text = describe("king-into-check", &[("to", ReasonArg::Square(Square::E2)), ("attackers", attackers)], Lang::Zh);
        assert_eq!(text, "不能送王！e2 被对方的 h4、d8 控制着，王走过去会被吃掉。");
        let text = describe("cannot-move-that-way", &[("piece", ReasonArg::Role(Role::Bishop)), ("verse", ReasonArg::Role(Role::Bishop))], Lang::En);
        assert!(text.starts_with("The bishop can't move like that. Remember: The bishop goes on the slant"));
        assert_eq!(describe("unknown-code", &[], Lang::En), "unknown-code");
    }

    #[test]
    fn fills_placeholders() {
        assert_eq!(fill("{piece} on {from}", &[("piece", "马"), ("from", "g1")]), "马 on g1");
        assert_eq!(fill("keep {unknown} and {", &[]), "keep {unknown} and {");
        let t = template("path-blocked", Lang::Zh).expect("template");
        assert_eq!(fill(t, &[("blocker", "d2"), ("piece", "象")]), "路被挡住啦！d2 上的棋子挡住了象的路。只有马可以跳过去。");
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
