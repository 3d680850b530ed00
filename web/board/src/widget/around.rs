//! The parts a steered board draws under itself, as the extension the lesson player's boards
//! are built with (`Extensions::STEERED`): the set-up tray and the clock's faces
//! (`extensions::around`), their styles and the tray's input (`widget::tray`). `<chess-board>`
//! is built without it, so its module links none of them.

use super::extension::{Around, Extensions};
use super::{tray, Widget};
use crate::extensions::{around, AROUND_CSS};
use crate::steer::Steer;
use qitong_rules::Piece;
use qitong_view::node::Node;
use qitong_words::Lang;
use web_sys::{Element, MouseEvent, PointerEvent};

/// The set-up tray and the clock's faces.
struct SteeredParts;

impl Around for SteeredParts {
    fn css(&self) -> &'static str {
        AROUND_CSS
    }

    fn nodes(&self, steer: &Steer, in_hand: Option<Piece>, lang: Lang) -> Vec<Node> {
        around(steer, in_hand, lang)
    }

    fn pointer(&self, widget: &Widget, kind: &str, event: &PointerEvent) -> bool {
        match kind {
            "pointerdown" => {
                event.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<Element>(t).ok()).is_some_and(|t| tray::down(widget, event, &t))
            }
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
