//! Projector mode of the lesson player: the teacher's pacing keys, a question's answer hidden
//! until the teacher reveals it, and the arrows and circles drawn over the board. Pure: the
//! player (`lesson::state`) owns a `Presenter` and switches it (`state::projector`), the DOM
//! layer only reports keys and drags.

use crate::action::Action;
use crate::replay::Replay;
use qitong_board::shapes::{toggle, Brush, Shape};
use qitong_lessons::lang::Lang;
use qitong_rules::Square;
use qitong_view::node::{button, el, Node};

/// The projector state of one player.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Presenter {
    pub on: bool,
    /// The step's answer is on show.
    pub revealed: bool,
    /// The pen: left-drags and taps on the board draw instead of moving pieces.
    pub pen: bool,
    /// The teacher's arrows and circles on this step's board.
    pub shapes: Vec<Shape>,
    /// A revealed answer that moves pieces, played move by move.
    pub replay: Option<Replay>,
}

impl Presenter {
    /// A new step starts hidden and undrawn.
    pub fn step_changed(&mut self) {
        self.revealed = false;
        self.shapes.clear();
        self.replay = None;
    }

    /// An arrow from `from` to `to` (a circle when they are the same square): drawn, or taken
    /// away when drawn again.
    pub fn draw(&mut self, from: Square, to: Square, brush: Brush) {
        toggle(&mut self.shapes, Shape::between(from, to, brush));
    }
}

/// Where the keyboard focus is when a key arrives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyPlace {
    /// Nowhere in particular (the page, the step's text).
    Page,
    /// A button or link: Space and Enter press it.
    Control,
    /// A text box: every key is typing.
    TextInput,
    /// A board square: the arrow keys walk the board.
    Square,
}

/// What a key does in projector mode: `page-next`, `page-back` or `show` (reveal / hide), or
/// nothing (the key is left to the page). The clicker's PageDown and PageUp page whatever has
/// the focus, a held piece or a text box too; Space pages unless it presses a focused button;
/// keys with Ctrl, Alt or Meta and keys during a drag are never taken, and in a text box only
/// PageDown and PageUp are (the page's Enter leaves the box: `leaves_box`).
pub fn key_action(key: &str, place: KeyPlace, dragging: bool, modifiers: bool) -> Option<Action> {
    if modifiers || dragging {
        return None;
    }
    match key {
        // Presenter clickers send PageDown / PageUp.
        "PageDown" => Some(Action::PageNext),
        "PageUp" => Some(Action::PageBack),
        _ if place == KeyPlace::TextInput => None,
        "ArrowRight" if place != KeyPlace::Square => Some(Action::PageNext),
        "ArrowLeft" if place != KeyPlace::Square => Some(Action::PageBack),
        " " if place != KeyPlace::Control => Some(Action::PageNext),
        "Enter" if place == KeyPlace::Page => Some(Action::Show),
        "r" | "R" => Some(Action::Show),
        _ => None,
    }
}

/// Does `key` in a text box (without an Enter of its own) leave the box for the presenter's
/// keys? Enter does, as it would end the typing of a form's field.
pub fn leaves_box(key: &str, place: KeyPlace, modifiers: bool) -> bool {
    key == "Enter" && place == KeyPlace::TextInput && !modifiers
}

// ---- what projector mode adds to the screen ------------------------------------------------

/// The projector switch (in the top bar of every player that has one).
pub fn toggle_button(on: bool, lang: Lang) -> Node {
    button("lp-small lp-present-toggle", Action::Present, lang.pick("投影模式", "Projector")).attr("aria-pressed", if on { "true" } else { "false" })
}

/// The reveal / hide button of a question in projector mode.
pub fn show_button(revealed: bool, lang: Lang) -> Node {
    let label = if revealed { lang.pick("隐藏答案", "Hide answer") } else { lang.pick("公布答案", "Reveal answer") };
    button("lp-main lp-go lp-show", Action::Show, label).attr("aria-pressed", if revealed { "true" } else { "false" })
}

/// The teacher's buttons in projector mode (in the top bar): full screen, and for a board the
/// pen and, once something is drawn, the eraser.
pub fn tool_buttons(present: &Presenter, has_board: bool, lang: Lang) -> Vec<Node> {
    let mut out = vec![button("lp-small", Action::Fullscreen, lang.pick("全屏", "Full screen"))];
    if has_board {
        out.push(button("lp-small", Action::Pen, lang.pick("画笔", "Pen")).attr("aria-pressed", if present.pen { "true" } else { "false" }));
        if !present.shapes.is_empty() {
            out.push(button("lp-small", Action::Clear, lang.pick("擦掉", "Clear")));
        }
    }
    out
}

/// The line under a step in projector mode naming the teacher's keys: only keys that do
/// something on this step (R only where there is an answer to reveal).
pub fn help_line(has_board: bool, can_show: bool, lang: Lang) -> Node {
    let mut help = lang.pick("→ 空格 PageDown：下一步 · ← PageUp：上一步", "→ Space PgDn: next · ← PgUp: back").to_owned();
    if can_show {
        help.push_str(lang.pick(" · R 回车：答案", " · R Enter: answer"));
    }
    if has_board {
        help.push_str(lang.pick(" · 右键拖动或画笔：画箭头和圆圈", " · right-drag or pen: draw"));
    }
    el("p").class("lp-help").text(help)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pacing_keys_page_unless_dragging_and_the_clicker_pages_from_a_text_box() {
        for key in ["ArrowRight", "PageDown", " "] {
            assert_eq!(key_action(key, KeyPlace::Page, false, false), Some(Action::PageNext), "{key}");
        }
        for key in ["ArrowLeft", "PageUp"] {
            assert_eq!(key_action(key, KeyPlace::Page, false, false), Some(Action::PageBack), "{key}");
        }
        assert_eq!(key_action("PageDown", KeyPlace::TextInput, false, false), Some(Action::PageNext), "the clicker pages from the box");
        assert_eq!(key_action("PageUp", KeyPlace::TextInput, false, false), Some(Action::PageBack));
        for key in [" ", "ArrowRight", "Enter", "r"] {
            assert_eq!(key_action(key, KeyPlace::TextInput, false, false), None, "{key} is typing");
        }
        assert!(leaves_box("Enter", KeyPlace::TextInput, false) && !leaves_box("Enter", KeyPlace::Page, false));
        assert_eq!(key_action("ArrowRight", KeyPlace::Page, true, false), None, "a piece is being dragged");
        assert_eq!(key_action("ArrowRight", KeyPlace::Page, false, true), None, "Alt+→ is the browser's");
        assert_eq!(key_action("x", KeyPlace::Page, false, false), None);
    }

    #[test]
    fn controls_and_squares_keep_their_own_keys() {
        // Space and Enter press a focused button; the arrows walk the board.
        assert_eq!(key_action(" ", KeyPlace::Control, false, false), None);
        assert_eq!(key_action("Enter", KeyPlace::Control, false, false), None);
        assert_eq!(key_action("ArrowRight", KeyPlace::Control, false, false), Some(Action::PageNext));
        assert_eq!(key_action("ArrowRight", KeyPlace::Square, false, false), None);
        assert_eq!(key_action("PageDown", KeyPlace::Square, false, false), Some(Action::PageNext));
        assert_eq!(key_action(" ", KeyPlace::Square, false, false), Some(Action::PageNext), "Space is the help's next, on the board too");
        assert_eq!(key_action("Enter", KeyPlace::Square, false, false), None, "Enter still moves from the keyboard");
        assert_eq!(key_action("Enter", KeyPlace::Page, false, false), Some(Action::Show));
        assert_eq!(key_action("R", KeyPlace::Square, false, false), Some(Action::Show));
    }

    #[test]
    fn drawing_twice_takes_a_shape_away_and_a_new_step_clears_the_board() {
        let mut present = Presenter { on: true, revealed: true, ..Presenter::default() };
        let sq = |name: &str| Square::from_ascii(name.as_bytes()).expect("a square");
        present.draw(sq("e2"), sq("e4"), Brush::Green);
        present.draw(sq("d5"), sq("d5"), Brush::Red);
        assert_eq!(present.shapes.len(), 2);
        assert_eq!(present.shapes[1].dest, None, "a circle");
        present.draw(sq("e2"), sq("e4"), Brush::Green);
        assert_eq!(present.shapes.len(), 1, "the same arrow again, green by default");
        present.step_changed();
        assert!(present.shapes.is_empty() && !present.revealed && present.on);
    }

    #[test]
    fn the_tools_name_their_keys_in_both_languages() {
        let present = Presenter { on: true, pen: true, shapes: vec![Shape::between(Square::A1, Square::A1, Brush::Red)], ..Presenter::default() };
        let tools = tool_buttons(&present, true, Lang::Zh);
        assert_eq!(tools.len(), 3);
        assert_eq!(tools[1].get("aria-pressed"), Some("true"));
        assert_eq!(tools[2].get("data-act"), Some("clear"));
        assert_eq!(tool_buttons(&Presenter::default(), false, Lang::En).len(), 1, "no board, no pen");
        let zh = help_line(true, true, Lang::Zh).all_text();
        assert!(zh.contains("PageDown") && zh.contains("右键拖动") && zh.contains("R"), "{zh}");
        let en = help_line(false, false, Lang::En).all_text();
        assert!(en.contains("PgUp") && !en.contains("right-drag"), "no board, nothing to draw on");
        assert!(!en.contains("R"), "no answer to reveal, no R: {en}");
        assert_eq!(show_button(true, Lang::En).text.as_deref(), Some("Hide answer"));
        assert_eq!(toggle_button(false, Lang::Zh).get("aria-pressed"), Some("false"));
    }
}
