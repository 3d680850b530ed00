//! Projector mode's Space on the play page (wasm32 only): the page says "tap Black's clock or
//! press Space", so Space presses the clock wherever the focus is — on a square after a move
//! made with the mouse, on a button of the page — as the start button does first and the press
//! button after each move. Typing keeps its Space, and a focused clock presses itself.

use super::Page;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};

impl Page {
    pub(super) fn space_key(&self, event: web_sys::Event) {
        let Some(key) = event.dyn_ref::<KeyboardEvent>() else { return };
        if !self.present.get() || key.key() != " " || key.ctrl_key() || key.alt_key() || key.meta_key() || key.default_prevented() || self.vs_mode() {
            return;
        }
        let first = event.composed_path().get(0).dyn_into::<Element>().ok();
        let typing = first.as_ref().is_some_and(|e| {
            matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT") || e.dyn_ref::<HtmlElement>().is_some_and(|h| h.is_content_editable())
        });
        let in_clock = event.composed_path().includes(self.clock_el.as_ref(), 0);
        if typing || in_clock {
            return;
        }
        // Space never presses the focused square or button as well (their key-up click).
        event.prevent_default();
        if key.repeat() {
            return;
        }
        let button = self.root.query_selector("[data-act=\"press\"]:not([disabled]), [data-act=\"start\"]:not([disabled])").ok().flatten();
        if let Some(button) = button.and_then(|b| b.dyn_into::<HtmlElement>().ok()) {
            button.click();
        }
    }
}
