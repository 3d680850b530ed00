//! The "Play a friend" page's score sheet (wasm32 only): what `pages::play::render` draws, from
//! the board's moves, the names typed in and the chosen notation.

use super::{sheet_format, Page};
use crate::render::{self, PgnLink, Sheet};
use crate::words::{pgn_file_name, PlayText};
use qitong_view::dom::tree;
use wasm_bindgen::JsCast;
use web_sys::Element;

impl Page {
    /// The PGN download for the game and the names as they are now.
    pub(super) fn pgn_target(&self) -> PgnLink {
        let (white, black) = self.names();
        PgnLink {
            href: format!("data:application/x-chess-pgn;charset=utf-8,{}", String::from(js_sys::encode_uri_component(&self.pgn()))),
            file_name: pgn_file_name(&Page::today(), &white, &black),
        }
    }

    /// The download links follow the names typed in.
    pub(super) fn render_sheet_links(&self) {
        let node = render::pgn_link(&self.pgn_target(), self.lang.get());
        if let Ok(links) = self.root.query_selector_all("a.pgn") {
            for i in 0..links.length() {
                if let (Some(old), Ok(fresh)) = (links.item(i).and_then(|n| n.dyn_into::<Element>().ok()), tree::build(&self.doc, &node)) {
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
        let notation = self.notation.get();
        let rows = self.board().map(|b| b.with_state(|st| st.score_sheet(sheet_format(notation).unwrap_or_default()))).unwrap_or_default();
        let (players, pgn) = (self.players_line(), self.pgn_target());
        let result = self.outcome().map(|outcome| outcome.pgn_result());
        let sheet = Sheet { lang: self.lang.get(), players: &players, notation, rows: &rows, result, pgn: &pgn };
        self.sheet.set_text_content(None);
        tree::append_all(&self.doc, &self.sheet, &render::sheet(&sheet));
    }
}
