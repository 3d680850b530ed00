//! The parts a steered board draws under itself, as the extension the lesson player's boards
//! are built with (`Extensions::STEERED`): the set-up tray and the clock's faces
//! (`extensions::around`), their styles and the tray's input (`widget::tray`). `<chess-board>`
//! is built without it, so its module links none of them.

use super::dom::Dom;
use super::extension::{Around, Extensions};
use super::{tray, Widget};
use crate::extensions::{around, AROUND_CSS};
use crate::state::BoardState;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, MouseEvent, PointerEvent, ShadowRoot};

/// The set-up tray and the clock's faces.
struct SteeredParts;

impl Around for SteeredParts {
    fn css(&self) -> &'static str {
        AROUND_CSS
    }

    /// The DOM is touched only when their markup changed; the tray's button that had the focus
    /// gets it back. (The markup is built at every frame, a drag's too: a few KB of text,
    /// cheaper in code than keeping what it was built from, +1.8 KB raw measured.)
    fn draw(&self, dom: &mut Dom, state: &BoardState, root: &ShadowRoot) -> Option<HtmlElement> {
        let nodes = state.steered().map_or_else(Vec::new, |steer| around(steer, state.in_hand(), state.config.lang));
        let markup = qitong_view::markup::html(&nodes);
        if dom.drawn.around.as_deref() == Some(markup.as_str()) {
            return None;
        }
        let focused = root.active_element().filter(|e| dom.around.contains(Some(e))).and_then(|e| e.get_attribute("data-tray"));
        // Markup built from a node tree: every word in it went in as text (`qitong_view::markup`).
        dom.around.set_inner_html(&markup);
        dom.drawn.around = Some(markup);
        let piece = focused?;
        dom.around.query_selector(&format!("[data-tray=\"{piece}\"]")).ok().flatten().and_then(|b| b.dyn_into().ok())
    }

    fn pointer(&self, widget: &Widget, kind: &str, event: &PointerEvent) -> bool {
        match kind {
            "pointerdown" => event.target().and_then(|t| t.dyn_into::<Element>().ok()).is_some_and(|t| tray::down(widget, event, &t)),
            "pointermove" => tray::moved(widget, event),
            "pointerup" => tray::up(widget, event),
            // The board's own pointer is let go as well.
            "pointercancel" => {
                tray::cancel(widget);
                false
            }
            _ => false,
        }
    }

    fn click(&self, widget: &Widget, event: &MouseEvent, element: &Element) -> bool {
        tray::click(widget, event, element)
    }
}

impl Extensions {
    /// A board a page steers, with the parts under it (the lesson player's).
    pub const STEERED: Extensions = Extensions { around: Some(&SteeredParts), ..Extensions::NONE };
}
