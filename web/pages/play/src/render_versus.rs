//! The play page against the computer as `qitong_view::node` trees (pure, tested natively): the choice of
//! opponent, the setup (side, level with its face piece and name, the class's rules, the child's
//! name), the controls beside the board during a game (whose turn, "thinking…", hint, take-back,
//! resign, retry) with the hint's words, and the small celebration of a win.

use crate::action::Action;
use crate::hint_words::HintText;
use crate::versus::{level_name, level_number, Choices, Opponent, SideChoice};
use crate::words::{play_text, PlayText};
use qitong_board::piece_picture as piece_svg;
use qitong_engine::Level;
use qitong_lessons::lang::Lang;
use qitong_rules::Color;
use qitong_view::node::{action_button, choice_group, div, el, Node};
use qitong_words::side_name;

/// Friend or computer: two big choices.
pub fn opponent_choice(lang: Lang, chosen: Opponent) -> Node {
    let t = |code| play_text(code, lang);
    let label = |o: Opponent| match o {
        Opponent::Friend => t(PlayText::OpponentFriend),
        Opponent::Computer => t(PlayText::OpponentComputer),
    };
    choice_group("choices opponent", t(PlayText::Opponent), Opponent::ALL.map(|o| (Action::Opponent(o).to_string(), label(o), o == chosen)))
}

/// One level's big button: its face piece, `第 3 级` and its name.
fn level_button(level: Level, chosen: bool, lang: Lang) -> Node {
    // The face in the colour of the computer's pieces would depend on the side; black reads well
    // on the light button.
    let face = Node { svg: Some(piece_svg(level.face().of(Color::Black))), ..div("face") };
    action_button("choice level", Action::Level(level), "")
        .attr("aria-pressed", if chosen { "true" } else { "false" })
        .child(face)
        .child(el("span").class("level-no").text(level_number(level, lang)))
        .child(el("span").class("level-name").text(level_name(level, lang)))
}

/// The setup before a game against the computer: side, level, the class's rules, the name.
pub fn computer_setup(lang: Lang, choices: &Choices) -> Node {
    let t = |code| play_text(code, lang);
    let side_label = |s: SideChoice| match s {
        SideChoice::White => t(PlayText::SideWhite),
        SideChoice::Black => t(PlayText::SideBlack),
        SideChoice::Random => t(PlayText::SideRandom),
    };
    let sides = choice_group(
        "choices sides",
        t(PlayText::YourSide),
        SideChoice::ALL.map(|s| (Action::Side(s).to_string(), side_label(s), s == choices.side)),
    );
    let levels = div("levels")
        .attr("role", "group")
        .attr("aria-label", t(PlayText::Level))
        .child(el("span").class("choices-label").text(t(PlayText::Level)))
        .child(div("level-grid").children(Level::all().map(|l| level_button(l, l == choices.level, lang))));
    let rules = action_button("switch", Action::ClassRules, t(PlayText::ClassRules))
        .attr("role", "switch")
        .attr("aria-checked", if choices.class_rules { "true" } else { "false" });
    let name = el("label")
        .class("name")
        .child(el("span").text(t(PlayText::YourName)))
        .child(el("input").attr("id", "play-your-name").attr("autocomplete", "off").attr("maxlength", "40").attr("value", choices.name.as_str()));
    div("play-setup vs-setup").child(sides).child(levels).child(rules).child(name)
}

/// Where a game against the computer stands, as the controls show it.
#[derive(Debug, Clone, Copy)]
pub struct VsControls<'a> {
    pub lang: Lang,
    /// `None` before the game begins.
    pub playing: Option<VsPlaying<'a>>,
    /// The last refusal or problem, or empty.
    pub message: &'a str,
}

/// A game under way.
#[derive(Debug, Clone, Copy)]
pub struct VsPlaying<'a> {
    pub child: Color,
    pub level: Level,
    pub turn: Color,
    pub thinking: bool,
    /// The computer failed to answer: the child may ask again.
    pub failed: bool,
    pub hint: HintShown<'a>,
    /// A take-back is possible now (practice, and the child has moved).
    pub can_take_back: bool,
    pub resign_asked: bool,
}

/// The hint: none, being looked for, or found (its move and words).
#[derive(Debug, Clone, Copy)]
pub enum HintShown<'a> {
    None,
    Looking,
    Found { uci: &'a str, text: &'a HintText },
}

/// The controls beside the board against the computer.
pub fn computer_controls(c: &VsControls) -> Vec<Node> {
    let t = |code| play_text(code, c.lang);
    let mut nodes = Vec::new();
    let Some(p) = c.playing else {
        nodes.push(action_button("primary big", Action::Begin, t(PlayText::Begin)));
        return nodes;
    };
    if p.failed {
        nodes.push(el("p").class("message").attr("role", "alert").text(t(PlayText::ComputerFailed)));
        nodes.push(action_button("primary big", Action::Retry, t(PlayText::Retry)));
    } else if p.thinking {
        let who = t(PlayText::Thinking).replace("{name}", level_name(p.level, c.lang));
        // The dots move by CSS (still when motion is reduced); the words alone say it.
        nodes.push(
            el("p").class("turn thinking").attr("role", "status").text(who).child(el("span").class("dots").attr("aria-hidden", "true").text("…")),
        );
    } else if p.turn == p.child {
        nodes.push(el("p").class("turn").text(t(PlayText::YourTurn).replace("{side}", side_name(p.child, c.lang))));
    }
    if !c.message.is_empty() {
        nodes.push(el("p").class("message").attr("role", "alert").text(c.message));
    }
    let mut row = div("row");
    let hint_ready = p.turn == p.child && !p.thinking && !p.failed;
    row =
        row.child(action_button("hint-button big", Action::Hint, t(PlayText::Hint)).attr("aria-disabled", if hint_ready { "false" } else { "true" }));
    if p.can_take_back {
        row = row.child(action_button("big", Action::TakeBack, t(PlayText::TakeBack)));
    }
    nodes.push(row);
    match p.hint {
        HintShown::None => {}
        HintShown::Looking => nodes.push(el("p").class("hint-text").attr("role", "status").text(t(PlayText::HintLooking))),
        HintShown::Found { uci, text } => nodes.push(
            div("hint-text")
                .attr("role", "status")
                .attr("data-uci", uci)
                .child(el("p").class("hint-move").text(text.title.as_str()))
                .children(text.reasons.iter().map(|r| el("p").class("hint-why").text(r.as_str()))),
        ),
    }
    nodes.push(if p.resign_asked {
        div("confirm")
            .attr("role", "group")
            .child(el("p").text(t(PlayText::IResignConfirm)))
            .child(action_button("danger", Action::ResignYes, t(PlayText::Yes)))
            .child(action_button("", Action::ResignNo, t(PlayText::No)))
    } else {
        div("row").child(action_button("quiet", Action::Resign(p.child), t(PlayText::IResign))).child(action_button(
            "quiet",
            Action::New,
            t(PlayText::NewGame),
        ))
    });
    nodes
}

/// The small celebration over the result when the child won: a line and a burst of stars
/// (CSS animates them, and keeps them still when motion is reduced).
pub fn celebration(lang: Lang) -> Node {
    // Placed and delayed by their order (`nth-child` in pages.css): no style to write.
    let stars = (0..12).map(|_| el("span").class("star").text("★"));
    div("celebrate")
        .child(el("p").class("you-won").text(play_text(PlayText::YouWon, lang)))
        .child(div("stars").attr("aria-hidden", "true").children(stars))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actions(nodes: &[Node]) -> Vec<String> {
        div("c").children(nodes.iter().cloned()).walk().into_iter().filter_map(|n| n.get("data-act")).map(str::to_string).collect()
    }

    fn playing<'a>() -> VsPlaying<'a> {
        VsPlaying {
            child: Color::White,
            level: Level::MIN,
            turn: Color::White,
            thinking: false,
            failed: false,
            hint: HintShown::None,
            can_take_back: false,
            resign_asked: false,
        }
    }

    #[test]
    fn the_setup_offers_sides_levels_with_faces_and_the_class_rules_switch() {
        let choices = Choices { level: Level::new(3).unwrap_or(Level::MIN), class_rules: true, ..Choices::default() };
        let setup = computer_setup(Lang::Zh, &choices);
        let pressed: Vec<&str> =
            setup.walk().into_iter().filter(|n| n.get("aria-pressed") == Some("true")).filter_map(|n| n.get("data-act")).collect();
        assert_eq!(pressed, ["side:white", "level:3"]);
        assert_eq!(setup.walk().iter().filter(|n| n.get("class") == Some("choice level")).count(), 8);
        // Each level shows its face piece (an SVG of the role) and its name.
        let third = setup.find("data-act", "level:3").cloned().unwrap_or_else(|| div("missing"));
        assert!(third.walk().iter().any(|n| n.svg.is_some_and(|s| s.contains("qt-knight"))));
        assert!(third.all_text().contains("跳跳马") && third.all_text().contains("第 3 级"));
        assert_eq!(setup.find("data-act", "class-rules").and_then(|n| n.get("aria-checked")), Some("true"));
        assert!(setup.find("id", "play-your-name").is_some());
    }

    #[test]
    fn before_the_game_only_begin_and_during_it_hint_take_back_and_resign() {
        assert_eq!(actions(&computer_controls(&VsControls { lang: Lang::En, playing: None, message: "" })), ["begin"]);
        let mine = VsPlaying { can_take_back: true, ..playing() };
        let shown = computer_controls(&VsControls { lang: Lang::En, playing: Some(mine), message: "" });
        assert_eq!(actions(&shown), ["hint", "take-back", "resign:white", "new"]);
        assert!(div("c").children(shown).all_text().contains("Your turn (White)"));
        // Class rules: no take-back button.
        assert_eq!(
            actions(&computer_controls(&VsControls { lang: Lang::En, playing: Some(playing()), message: "" })),
            ["hint", "resign:white", "new"]
        );
    }

    #[test]
    fn thinking_failing_and_the_hint_are_said() {
        let thinking = VsPlaying { thinking: true, turn: Color::Black, ..playing() };
        let shown = div("c").children(computer_controls(&VsControls { lang: Lang::Zh, playing: Some(thinking), message: "" }));
        assert!(shown.all_text().contains("小兵豆豆正在想"));
        assert_eq!(shown.find("data-act", "hint").and_then(|n| n.get("aria-disabled")), Some("true"));
        let failed = VsPlaying { failed: true, turn: Color::Black, ..playing() };
        assert_eq!(actions(&computer_controls(&VsControls { lang: Lang::En, playing: Some(failed), message: "" }))[0], "retry");
        let text = HintText { title: "Hint: Nf3".into(), reasons: vec!["Bring your knight out to f3 so it can join the game.".into()] };
        let found = VsPlaying { hint: HintShown::Found { uci: "g1f3", text: &text }, ..playing() };
        let shown = div("c").children(computer_controls(&VsControls { lang: Lang::En, playing: Some(found), message: "" }));
        let hint = shown.find("data-uci", "g1f3").cloned().unwrap_or_else(|| div("missing"));
        assert!(hint.all_text().contains("Hint: Nf3") && hint.all_text().contains("join the game"));
        let asked = VsPlaying { resign_asked: true, ..playing() };
        assert_eq!(
            actions(&computer_controls(&VsControls { lang: Lang::En, playing: Some(asked), message: "" })),
            ["hint", "resign-yes", "resign-no"]
        );
    }

    #[test]
    fn the_opponent_choice_and_the_celebration() {
        let choice = opponent_choice(Lang::En, Opponent::Computer);
        assert_eq!(choice.find("aria-pressed", "true").and_then(|n| n.get("data-act")), Some("opponent:computer"));
        let party = celebration(Lang::Zh);
        assert!(party.all_text().contains("你赢了"));
        assert_eq!(party.find("class", "stars").and_then(|n| n.get("aria-hidden")), Some("true"));
    }
}
