//! The "Play a friend" page's score sheet (wasm32 only): the players line, the moves in the
//! chosen notation, the result, the PGN download link and the print button.

use crate::ui::pages::play::words::PlayText;
use super::{result_line, sheet_format, Page};
use crate::ui::pages::play::words::pgn_file_name;
use crate::ui::dom::page::{button, el, set_attr};
use wasm_bindgen::JsCast;
use web_sys::Element;

impl Page {
    pub(super) fn pgn_link(&self) -> Element {
        let (white, black) = self.names();
        let link = el(&self.doc, "a", "button pgn", self.t(PlayText::Pgn));
        let data = format!("data:application/x-chess-pgn;charset=utf-8,{}", String::from(js_sys::encode_uri_component(&self.pgn())));
        set_attr(&link, "href", &data);
        set_attr(&link, "download", &pgn_file_name(&Page::today(), &white, &black));
        link
    }

    /// The download links follow the names typed in.
    pub(super) fn render_sheet_links(&self) {
        if let Ok(links) = self.root.query_selector_all("a.pgn") {
            for i in 0..links.length() {
                if let Some(old) = links.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                    let fresh = self.pgn_link();
                    let _ = old.replace_with_with_node_1(&fresh);
                }
            }
        }
    }

    /// `White 小明 · Black ______ · Date 2026.11.30` (blanks to write in on paper).
    pub(super) fn players_line(&self) -> String {
        let (white, black) = self.names();
        let blank = |name: &str| if name.is_empty() { "______".to_string() } else { name.to_string() };
        format!(
            "{} {} · {} {} · {} {}",
            self.t(PlayText::White),
            blank(&white),
            self.t(PlayText::Black),
            blank(&black),
            self.t(PlayText::Date),
            Page::today()
        )
    }

    pub(super) fn render_sheet(&self) {
        let doc = &self.doc;
        let s = &self.sheet;
        s.set_text_content(None);
        let title = el(doc, "h2", "", self.t(PlayText::Sheet));
        set_attr(&title, "id", "play-sheet-title");
        let _ = s.append_child(&title);
        let _ = s.append_child(&el(doc, "p", "players", &self.players_line()));
        let lang = self.lang.get();
        let group = el(doc, "div", "choices no-print", "");
        set_attr(&group, "role", "group");
        set_attr(&group, "aria-label", self.t(PlayText::Notation));
        let _ = group.append_child(&el(doc, "span", "choices-label", self.t(PlayText::Notation)));
        for (name, label) in [("san", PlayText::San), ("figurine", PlayText::Figurine), ("chinese", PlayText::Chinese)] {
            let b = button(doc, "choice", self.t(label));
            set_attr(&b, "data-action", &format!("notation:{name}"));
            set_attr(&b, "aria-pressed", if self.notation.get() == name { "true" } else { "false" });
            let _ = group.append_child(&b);
        }
        let _ = s.append_child(&group);
        let rows = self
            .board()
            .map(|b| b.with_state(|st| st.score_sheet(sheet_format(self.notation.get()).unwrap_or_default())))
            .unwrap_or_default();
        if rows.is_empty() {
            let _ = s.append_child(&el(doc, "p", "empty", self.t(PlayText::NoMoves)));
        } else {
            let table = el(doc, "table", "moves", "");
            let head = el(doc, "tr", "", "");
            for code in [PlayText::MoveNo, PlayText::White, PlayText::Black] {
                let th = el(doc, "th", "", self.t(code));
                set_attr(&th, "scope", "col");
                let _ = head.append_child(&th);
            }
            let thead = el(doc, "thead", "", "");
            let _ = thead.append_child(&head);
            let _ = table.append_child(&thead);
            let body = el(doc, "tbody", "", "");
            for row in rows {
                let tr = el(doc, "tr", "", "");
                let _ = tr.append_child(&el(doc, "td", "no", &row.number.to_string()));
                let _ = tr.append_child(&el(doc, "td", "", row.white.as_deref().unwrap_or("…")));
                let _ = tr.append_child(&el(doc, "td", "", row.black.as_deref().unwrap_or("")));
                let _ = body.append_child(&tr);
            }
            let _ = table.append_child(&body);
            let _ = s.append_child(&table);
        }
        if let Some(outcome) = self.outcome() {
            let line = format!("{}: {}", self.t(PlayText::Result), result_line(outcome.pgn_result(), lang));
            let _ = s.append_child(&el(doc, "p", "sheet-result", &line));
        }
        let row = el(doc, "div", "row no-print", "");
        let _ = row.append_child(&self.pgn_link());
        let print = button(doc, "", self.t(PlayText::Print));
        set_attr(&print, "data-action", "print");
        let _ = row.append_child(&print);
        let _ = s.append_child(&row);
    }
}
