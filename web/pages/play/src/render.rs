//! The play page as `qitong_view::node` trees (pure, tested natively): its frame and head, the controls,
//! score sheet, result box and saved-game offer — whose turn it is and what may be done now, the
//! players line, the notation choice, the moves, the result, the PGN download and the buttons.

use crate::action::{Action, SavedChoice};
use crate::render_versus::{computer_setup, opponent_choice};
use crate::versus::{Choices, Opponent};
use crate::words::{play_text, result_line, side_text, PlayText, NOTATIONS, TIME_CONTROLS};
use qitong_classroom::clock::ClockState;
use qitong_classroom::score_sheet::SheetRow;
use qitong_lessons::lang::Lang;
use qitong_rules::Color;
use qitong_view::node::{action_button, choice_group, div, el, Node};

/// What the sheet shows.
#[derive(Debug, Clone)]
pub struct Sheet<'a> {
    pub lang: Lang,
    /// `White 小明 · Black ______ · Date 2026.11.30`.
    pub players: &'a str,
    /// One of [`NOTATIONS`]' names.
    pub notation: &'a str,
    pub rows: &'a [SheetRow],
    /// The game's PGN result (`1-0`, …) once it is over.
    pub result: Option<&'a str>,
    pub pgn: &'a PgnLink,
}

/// The PGN download: a `data:` URL and the file's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnLink {
    pub href: String,
    pub file_name: String,
}

/// The "PGN" download link.
pub fn pgn_link(link: &PgnLink, lang: Lang) -> Node {
    el("a").class("button pgn").attr("href", link.href.as_str()).attr("download", link.file_name.as_str()).text(play_text(PlayText::Pgn, lang))
}

/// The sheet's elements, in order.
pub fn sheet(sheet: &Sheet) -> Vec<Node> {
    let t = |code| play_text(code, sheet.lang);
    let choices = choice_group(
        "choices no-print",
        t(PlayText::Notation),
        NOTATIONS.map(|(name, label)| (Action::Notation(name).to_string(), t(label), sheet.notation == name)),
    );
    let mut nodes = vec![el("h2").attr("id", "play-sheet-title").text(t(PlayText::Sheet)), el("p").class("players").text(sheet.players), choices];
    if sheet.rows.is_empty() {
        nodes.push(el("p").class("empty").text(t(PlayText::NoMoves)));
    } else {
        let head = el("tr").children([PlayText::MoveNo, PlayText::White, PlayText::Black].map(|code| el("th").attr("scope", "col").text(t(code))));
        let body = sheet.rows.iter().map(|row| {
            el("tr")
                .child(el("td").class("no").text(row.number.to_string()))
                .child(el("td").text(row.white.as_deref().unwrap_or("…")))
                .child(el("td").text(row.black.as_deref().unwrap_or("")))
        });
        nodes.push(el("table").class("moves").child(el("thead").child(head)).child(el("tbody").children(body)));
    }
    if let Some(result) = sheet.result {
        nodes.push(el("p").class("sheet-result").text(format!("{}: {}", t(PlayText::Result), result_line(result, sheet.lang))));
    }
    nodes.push(div("row no-print").child(pgn_link(sheet.pgn, sheet.lang)).child(action_button("", Action::Print, t(PlayText::Print))));
    nodes
}

/// How a game against the computer ended for the child.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VsEnd {
    Won,
    Lost,
    Drawn,
}

/// The result box once the game is over: the result, why, the etiquette reminder, and what to do
/// next (download, print, record it in the class ladder, a new game). Against the computer
/// (`vs`) the child is told whether they won or lost (a win is cheered above the box already),
/// with no handshake and no ladder: only a game between two children goes to the class ladder.
pub fn result_box(lang: Lang, pgn_result: &str, why: &str, pgn: &PgnLink, vs: Option<VsEnd>) -> Vec<Node> {
    let t = |code| play_text(code, lang);
    let button = |class: &str, action: Action, code| action_button(class, action, t(code));
    let mut row = div("row").child(pgn_link(pgn, lang)).child(button("", Action::Print, PlayText::Print));
    let Some(end) = vs else {
        return friends_box(lang, pgn_result, why, row);
    };
    let mut nodes = vec![el("h2").attr("id", "play-result-title").attr("tabindex", "-1").text(t(PlayText::ResultTitle))];
    match end {
        VsEnd::Won => {}
        VsEnd::Lost => nodes.push(el("p").class("big").text(t(PlayText::ComputerWon))),
        VsEnd::Drawn => nodes.push(el("p").class("big").text(t(PlayText::VsDrawn))),
    }
    nodes.push(el("p").class("why").text(why));
    row = row.child(button("primary", Action::New, PlayText::NewGame));
    nodes.push(row);
    nodes
}

/// The result box of a game between two children.
fn friends_box(lang: Lang, pgn_result: &str, why: &str, row: Node) -> Vec<Node> {
    let t = |code| play_text(code, lang);
    let button = |class: &str, action: Action, code| action_button(class, action, t(code));
    // The teacher's class ladder picks the result up (`classroom::ladder::PENDING_KEY`).
    let row = row
        .child(el("a").class("button").attr("href", "ladder.html#record").attr("data-act", Action::Ladder.to_string()).text(t(PlayText::ToLadder)));
    vec![
        el("h2").attr("id", "play-result-title").attr("tabindex", "-1").text(t(PlayText::ResultTitle)),
        el("p").class("big").text(result_line(pgn_result, lang)),
        el("p").class("why").text(why),
        el("p").class("etiquette").text(t(PlayText::Etiquette)),
        row.child(button("primary", Action::New, PlayText::NewGame)),
    ]
}

/// The offer of the game saved on this computer (`line` says which): continue it or start a new
/// one; once "new" was pressed, whether to throw the saved game away.
pub fn saved_offer(lang: Lang, line: &str, asking_to_discard: bool) -> Vec<Node> {
    let t = |code| play_text(code, lang);
    let button = |class: &str, code, choice| action_button(class, Action::Saved(choice), t(code));
    let choice = if asking_to_discard {
        div("confirm")
            .attr("role", "group")
            .child(el("p").text(t(PlayText::SavedDiscardAsk)))
            .child(button("danger", PlayText::SavedDiscard, SavedChoice::Discard))
            .child(button("", PlayText::SavedKeep, SavedChoice::Keep))
    } else {
        div("row").child(button("primary big", PlayText::SavedContinue, SavedChoice::Continue)).child(button(
            "big",
            PlayText::SavedNew,
            SavedChoice::New,
        ))
    };
    vec![el("h2").attr("id", "play-saved-title").text(t(PlayText::SavedTitle)), el("p").class("saved-line").text(line), choice]
}

/// What the controls beside the board show: the clock's state and the game's, as the view reads them.
#[derive(Debug, Clone, Copy)]
pub struct Controls<'a> {
    pub lang: Lang,
    pub clock: ClockState,
    /// A saved game was taken up again: its paused clock waits for a press.
    pub resumed: bool,
    pub turn: Color,
    /// The side whose draw offer is on the table.
    pub offer: Option<Color>,
    /// The side that moved and has not pressed the clock yet.
    pub awaiting_press: Option<Color>,
    /// The last refusal, or empty.
    pub message: &'a str,
    /// The side asked "really resign?".
    pub resign_asked: Option<Color>,
}

/// The controls: whose turn it is, the start, the draw offer between a move and the press of
/// the clock (SPEC §7), the press, the answer to an offer, the last refusal, resignation.
pub fn controls(c: &Controls) -> Vec<Node> {
    let t = |code| play_text(code, c.lang);
    let side = |code, color| side_text(code, color, c.lang);
    let say = |class: &str, text: String| el("p").class(class).text(text);
    let say_t = |class: &str, code| say(class, t(code).to_string());
    let mut nodes = Vec::new();
    match c.clock {
        ClockState::NotStarted => {
            nodes.push(say_t("turn", PlayText::Ready));
            nodes.push(action_button("primary big", Action::Start, t(PlayText::Start)));
        }
        ClockState::Paused { .. } if c.resumed => {
            nodes.push(say_t("turn", PlayText::SavedPaused));
            nodes.push(action_button("primary big", Action::ResumeClock, t(PlayText::SavedResume)));
        }
        ClockState::Paused { .. } => nodes.push(say_t("turn", PlayText::Paused)),
        _ => match c.awaiting_press {
            // Between the move and the press: offer now, or press (SPEC §7).
            Some(mover) => {
                nodes.push(say("turn", side(PlayText::Moved, mover)));
                if c.offer == Some(mover) {
                    nodes.push(say("offer-note", side(PlayText::OfferMade, mover)));
                } else {
                    nodes.push(action_button("", Action::Offer, t(PlayText::Offer)));
                }
                nodes.push(action_button("primary big", Action::Press, side(PlayText::Press, mover)));
            }
            None => {
                nodes.push(say("turn", side(PlayText::ToMove, c.turn)));
                if c.offer == Some(!c.turn) {
                    nodes.push(say("offer-note", side(PlayText::OfferPending, !c.turn)));
                    nodes.push(div("row").child(action_button("", Action::Answer(true), t(PlayText::Accept))).child(action_button(
                        "",
                        Action::Answer(false),
                        t(PlayText::Decline),
                    )));
                }
            }
        },
    }
    if !c.message.is_empty() {
        nodes.push(say("message", c.message.to_string()).attr("role", "alert"));
    }
    if c.clock != ClockState::NotStarted {
        nodes.push(match c.resign_asked {
            Some(resigning) => div("confirm")
                .attr("role", "group")
                .child(say("", side(PlayText::ResignConfirm, resigning)))
                .child(action_button("danger", Action::ResignYes, t(PlayText::Yes)))
                .child(action_button("", Action::ResignNo, t(PlayText::No))),
            None => div("row")
                .children([Color::White, Color::Black].map(|color| action_button("quiet", Action::Resign(color), side(PlayText::Resign, color)))),
        });
    }
    nodes
}

/// The page's fixed frame, built once: the header (its panels filled later), the result, the
/// board beside the clock and the controls, the score sheet. The view finds its parts by class.
pub fn frame(time_control: &str) -> Vec<Node> {
    let labelled = |tag, class: &str, title: &str| el(tag).class(class).attr("aria-labelledby", title);
    let board = el("chess-board").attr("class-play", "").attr("toolbar", "").attr("coordinates", "outside").attr("readonly", "");
    let clock = el("chess-clock").attr("controlled", "").attr("time-control", time_control).attr("size", "small");
    vec![
        el("header").class("play-head").child(div("play-head-main")).child(el("p").class("play-note").attr("role", "status")).child(labelled(
            "section",
            "play-saved",
            "play-saved-title",
        )),
        labelled("section", "play-result", "play-result-title"),
        div("play-layout").child(div("play-board").child(board)).child(div("play-side").child(clock).child(el("section").class("play-controls"))),
        labelled("section", "play-sheet", "play-sheet-title"),
    ]
}

/// What the page's head shows: the language, projector mode and, before a game, its setup.
#[derive(Debug, Clone, Copy)]
pub struct Head<'a> {
    pub lang: Lang,
    pub present: bool,
    /// Whom the page is set for (its title and intro).
    pub opponent: Opponent,
    /// Before a game, when the computer is there to play: the choice of opponent.
    pub choosing: bool,
    /// Before the start of a game between two: the names typed (White, Black) and the time
    /// control chosen.
    pub setup: Option<((&'a str, &'a str), &'a str)>,
    /// Before a game against the computer: the choices.
    pub computer: Option<&'a Choices>,
}

/// The head: the links and switches, the title, and before a game the choice of opponent and
/// the names and time control, or the choices against the computer.
pub fn head(h: &Head) -> Vec<Node> {
    let t = |code| play_text(code, h.lang);
    let nav = el("nav")
        .class("play-nav")
        .child(el("a").class("home").attr("href", "index.html").text(t(PlayText::Home)))
        .child(
            action_button("lang", Action::Present, h.lang.pick("投影模式", "Projector"))
                .attr("aria-pressed", if h.present { "true" } else { "false" }),
        )
        .child(
            action_button("lang", Action::Lang, t(PlayText::SwitchLang))
                .attr("lang", h.lang.pick("en", "zh-CN"))
                .attr("aria-label", t(PlayText::SwitchLangLabel)),
        );
    let (title, intro) = match h.opponent {
        Opponent::Friend => (PlayText::Title, PlayText::Intro),
        Opponent::Computer => (PlayText::TitleComputer, PlayText::IntroComputer),
    };
    let mut nodes = vec![nav, el("h1").text(t(title)), el("p").class("intro").text(t(intro))];
    if h.choosing {
        nodes.push(opponent_choice(h.lang, h.opponent));
    }
    if let Some(((white, black), control)) = h.setup {
        let names = [("play-white-name", PlayText::WhiteName, white), ("play-black-name", PlayText::BlackName, black)].map(|(id, code, value)| {
            el("label")
                .class("name")
                .child(el("span").text(t(code)))
                .child(el("input").attr("id", id).attr("autocomplete", "off").attr("maxlength", "40").attr("value", value))
        });
        let controls =
            choice_group("choices", t(PlayText::TimeControl), TIME_CONTROLS.map(|tc| (Action::TimeControl(tc).to_string(), tc, tc == control)));
        nodes.push(div("play-setup").children(names).child(controls).child(el("p").class("hint").text(t(PlayText::TcHint))));
    }
    if let Some(choices) = h.computer {
        nodes.push(computer_setup(h.lang, choices));
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link() -> PgnLink {
        PgnLink { href: "data:application/x-chess-pgn;charset=utf-8,x".into(), file_name: "game.pgn".into() }
    }

    #[test]
    fn the_result_box_says_who_won_and_why_and_offers_what_comes_next() {
        let pgn = link();
        let root = div("result").children(result_box(Lang::Zh, "0-1", "将死了", &pgn, None));
        assert!(root.all_text().contains(&result_line("0-1", Lang::Zh)) && root.all_text().contains("将死了"));
        let actions: Vec<&str> = root.walk().into_iter().filter_map(|n| n.get("data-act")).collect();
        assert_eq!(actions, ["print", "ladder", "new"]);
        assert_eq!(root.find("id", "play-result-title").and_then(|n| n.get("tabindex")), Some("-1"));
        // A game against the computer is not for the class ladder.
        let computer = div("result").children(result_box(Lang::En, "1-0", "Checkmate", &pgn, Some(VsEnd::Lost)));
        let actions: Vec<&str> = computer.walk().into_iter().filter_map(|n| n.get("data-act")).collect();
        assert_eq!(actions, ["print", "new"]);
    }

    #[test]
    fn against_the_computer_the_child_is_told_who_won_without_a_handshake_or_a_score() {
        let pgn = link();
        for (end, said) in [(VsEnd::Lost, "The computer won this one"), (VsEnd::Drawn, "A draw: nobody won.")] {
            let text = div("result").children(result_box(Lang::En, "0-1", "Checkmate", &pgn, Some(end))).all_text();
            assert!(text.contains(said), "{text}");
            assert!(!text.contains("Shake hands") && !text.contains("0-1") && !text.contains("Black wins"), "{text}");
        }
        // A win is cheered above the box: the box does not say it again.
        let won = div("result").children(result_box(Lang::Zh, "1-0", "将死了", &pgn, Some(VsEnd::Won))).all_text();
        assert!(!won.contains("你赢了") && !won.contains("握手") && !won.contains("白方胜"), "{won}");
    }

    #[test]
    fn the_saved_game_is_offered_and_throwing_it_away_is_asked_first() {
        let offer = div("panel").children(saved_offer(Lang::En, "12 moves, 30 Nov", false));
        let actions: Vec<&str> = offer.walk().into_iter().filter_map(|n| n.get("data-act")).collect();
        assert_eq!(actions, ["saved:continue", "saved:new"]);
        assert!(offer.all_text().contains("12 moves, 30 Nov"));
        let asking = div("panel").children(saved_offer(Lang::Zh, "x", true));
        let actions: Vec<&str> = asking.walk().into_iter().filter_map(|n| n.get("data-act")).collect();
        assert_eq!(actions, ["saved:discard", "saved:keep"]);
        assert!(asking.all_text().contains(play_text(PlayText::SavedDiscardAsk, Lang::Zh)));
    }

    fn actions(nodes: Vec<Node>) -> Vec<String> {
        div("c").children(nodes).walk().into_iter().filter_map(|n| n.get("data-act")).map(str::to_string).collect()
    }

    fn running(awaiting_press: Option<Color>, offer: Option<Color>) -> Controls<'static> {
        let clock = ClockState::Running { color: Color::White, since_ms: 0, delay_ms: 0 };
        Controls { lang: Lang::En, clock, resumed: false, turn: Color::White, offer, awaiting_press, message: "", resign_asked: None }
    }

    #[test]
    fn before_the_start_only_start_and_after_a_move_offer_or_press() {
        let ready = Controls { clock: ClockState::NotStarted, ..running(None, None) };
        assert_eq!(actions(controls(&ready)), ["start"]);
        assert_eq!(actions(controls(&running(Some(Color::White), None))), ["offer", "press", "resign:white", "resign:black"]);
        // Offered already: the note instead of the button.
        assert_eq!(actions(controls(&running(Some(Color::White), Some(Color::White)))), ["press", "resign:white", "resign:black"]);
        // The other side answers the offer on its turn.
        let answer = Controls { turn: Color::Black, ..running(None, Some(Color::White)) };
        assert_eq!(actions(controls(&answer)), ["answer:yes", "answer:no", "resign:white", "resign:black"]);
    }

    #[test]
    fn a_refusal_is_an_alert_and_resigning_is_confirmed_first() {
        let asked = Controls { message: "Press the clock first.", resign_asked: Some(Color::Black), ..running(None, None) };
        let tree = div("c").children(controls(&asked));
        assert_eq!(tree.find("role", "alert").and_then(|n| n.text.as_deref()), Some("Press the clock first."));
        assert_eq!(actions(controls(&asked)), ["resign-yes", "resign-no"]);
        let resumed = Controls { clock: ClockState::Paused { color: Color::White, delay_ms: 0 }, resumed: true, ..running(None, None) };
        assert_eq!(actions(controls(&resumed))[0], "resume-clock");
    }

    #[test]
    fn an_empty_sheet_says_so_and_still_offers_the_download() {
        let pgn = link();
        let root = div("sheet").children(sheet(&Sheet {
            lang: Lang::En,
            players: "White A · Black B",
            notation: "san",
            rows: &[],
            result: None,
            pgn: &pgn,
        }));
        assert!(root.walk().iter().any(|n| n.get("class") == Some("empty")));
        assert!(root.walk().iter().all(|n| n.tag != "table"));
        assert_eq!(root.find("download", "game.pgn").map(|n| n.tag), Some("a"));
        assert_eq!(root.find("aria-pressed", "true").and_then(|n| n.get("data-act")), Some("notation:san"));
    }

    #[test]
    fn the_moves_are_numbered_rows_and_the_result_follows() {
        let pgn = link();
        let rows = [SheetRow { number: 1, white: None, black: Some("e5".into()) }, SheetRow { number: 2, white: Some("Nf3".into()), black: None }];
        let root =
            div("sheet").children(sheet(&Sheet { lang: Lang::En, players: "p", notation: "chinese", rows: &rows, result: Some("1-0"), pgn: &pgn }));
        let cells: Vec<&str> = root.walk().into_iter().filter(|n| n.tag == "td").filter_map(|n| n.text.as_deref()).collect();
        assert_eq!(cells, ["1", "…", "e5", "2", "Nf3", ""]);
        let result = root.walk().into_iter().find(|n| n.get("class") == Some("sheet-result")).and_then(|n| n.text.clone());
        assert_eq!(result.as_deref(), Some(format!("{}: {}", play_text(PlayText::Result, Lang::En), result_line("1-0", Lang::En)).as_str()));
        assert_eq!(root.find("aria-pressed", "true").and_then(|n| n.get("data-act")), Some("notation:chinese"));
    }

    #[test]
    fn the_frame_holds_the_board_the_clock_and_every_panel() {
        let frame = div("root").children(frame("5+3"));
        for class in ["play-head-main", "play-note", "play-saved", "play-result", "play-controls", "play-sheet"] {
            assert!(frame.find("class", class).is_some(), "{class}");
        }
        let clock = frame.walk().into_iter().find(|n| n.tag == "chess-clock").expect("the clock");
        assert_eq!(clock.get("time-control"), Some("5+3"));
        assert!(frame.walk().iter().any(|n| n.tag == "chess-board" && n.get("readonly").is_some()));
    }

    #[test]
    fn the_setup_shows_before_a_game_with_the_names_typed_and_the_control_chosen() {
        let before = div("head").children(head(&Head {
            lang: Lang::En,
            present: true,
            opponent: Opponent::Friend,
            choosing: false,
            setup: Some((("<b>Ann</b>", ""), "15+10")),
            computer: None,
        }));
        assert_eq!(before.find("id", "play-white-name").and_then(|n| n.get("value")), Some("<b>Ann</b>"));
        assert_eq!(before.find("aria-pressed", "true").and_then(|n| n.get("data-act")), Some("present"));
        let chosen: Vec<&str> =
            before.walk().into_iter().filter(|n| n.get("aria-pressed") == Some("true")).filter_map(|n| n.get("data-act")).collect();
        assert_eq!(chosen, ["present", "tc:15+10"]);
        let during = div("head").children(head(&Head {
            lang: Lang::Zh,
            present: false,
            opponent: Opponent::Friend,
            choosing: false,
            setup: None,
            computer: None,
        }));
        assert!(during.find("class", "play-setup").is_none());
        assert_eq!(actions(during.children), ["present", "lang"]);
        // Against the computer: its title, the choice of opponent and the computer's setup.
        let choices = Choices { opponent: Opponent::Computer, ..Choices::default() };
        let vs = div("head").children(head(&Head {
            lang: Lang::En,
            present: false,
            opponent: Opponent::Computer,
            choosing: true,
            setup: None,
            computer: Some(&choices),
        }));
        assert!(vs.all_text().contains("Play the computer"));
        assert!(vs.find("class", "play-setup vs-setup").is_some() && vs.find("id", "play-white-name").is_none());
        let chosen: Vec<&str> = vs.walk().into_iter().filter(|n| n.get("aria-pressed") == Some("true")).filter_map(|n| n.get("data-act")).collect();
        assert_eq!(chosen, ["opponent:computer", "side:white", "level:1"]);
    }
}
