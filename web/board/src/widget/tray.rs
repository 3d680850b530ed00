//! The set-up tray's input (`extensions::tray`): a press on a piece of the tray takes it into
//! the board's hand (its click, so Enter and Space do too); a press that moves becomes a drag,
//! the piece's picture following the pointer, and letting it go over a square drops it there.

use super::Widget;
use qitong_rules::Piece;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, MouseEvent, PointerEvent};

/// A piece dragged from the tray towards the board.
pub struct TrayDrag {
    id: i32,
    piece: Piece,
    start: (i32, i32),
    moved: bool,
    /// Its picture in the tray, moved along with the pointer.
    image: HtmlElement,
}

/// How far (CSS pixels) a press on the tray must move to become a drag.
const DRAG_THRESHOLD: i32 = 8;

/// The tray button `element` is in, and its piece, when it may be used.
fn tray_button(element: &Element) -> Option<(Element, Piece)> {
    let button = element.closest(".tray-piece").ok().flatten()?;
    if button.has_attribute("disabled") {
        return None;
    }
    let piece = button.get_attribute("data-tray")?.chars().next().and_then(Piece::from_char)?;
    Some((button, piece))
}

/// A pointer went down: on a piece of the tray, it may become a drag (true: the tray's).
pub fn down(widget: &Widget, event: &PointerEvent, element: &Element) -> bool {
    let Some((button, piece)) = tray_button(element) else { return false };
    widget.tray_click_swallowed.set(false);
    if event.button() != 0 || !event.is_primary() {
        return true;
    }
    let Some(image) = button.query_selector(".tray-image").ok().flatten().and_then(|i| i.dyn_into::<HtmlElement>().ok()) else { return true };
    // The button keeps the pointer while it is dragged over the board: its events stay ours.
    let _ = button.set_pointer_capture(event.pointer_id());
    *widget.tray_drag.borrow_mut() =
        Some(TrayDrag { id: event.pointer_id(), piece, start: (event.client_x(), event.client_y()), moved: false, image });
    true
}

/// The pointer moved: a drag from the tray once it went far enough (true: the tray's).
pub fn moved(widget: &Widget, event: &PointerEvent) -> bool {
    let mut drag = widget.tray_drag.borrow_mut();
    let Some(d) = drag.as_mut().filter(|d| d.id == event.pointer_id()) else { return false };
    let (dx, dy) = (event.client_x() - d.start.0, event.client_y() - d.start.1);
    d.moved |= dx.abs() + dy.abs() > DRAG_THRESHOLD;
    if d.moved {
        event.prevent_default();
        let style = d.image.style();
        let _ = style.set_property("transform", &format!("translate({dx}px, {dy}px) scale(1.15)"));
        let _ = style.set_property("z-index", "40");
    }
    true
}

/// The pointer went up: a drag drops its piece on the square under it (true: the tray's).
pub fn up(widget: &Widget, event: &PointerEvent) -> bool {
    let drag = widget.tray_drag.borrow_mut().take_if(|d| d.id == event.pointer_id());
    let Some(drag) = drag else { return false };
    put_back(&drag);
    if drag.moved {
        // The click that follows the release is the drag's end, not a press on the tray.
        widget.tray_click_swallowed.set(true);
        let to = widget.square_under(event);
        let response = widget.state.borrow_mut().drop_from_tray(drag.piece, to);
        widget.respond(response);
    }
    true
}

/// The browser took the pointer (a scroll began): nothing is dropped.
pub fn cancel(widget: &Widget) {
    if let Some(drag) = widget.tray_drag.borrow_mut().take() {
        put_back(&drag);
    }
}

fn put_back(drag: &TrayDrag) {
    let style = drag.image.style();
    let _ = style.remove_property("transform");
    let _ = style.remove_property("z-index");
}

/// A click on the tray (a press without a drag, Enter, Space): its piece into the hand, or back
/// (true: the tray's). A pointer's click right after a drag from the tray is the drag's end; a
/// key's click (`detail` 0) never is (a finger's drag may end with no click at all).
pub fn click(widget: &Widget, event: &MouseEvent, element: &Element) -> bool {
    if element.closest(".tray").ok().flatten().is_none() {
        return false;
    }
    if widget.tray_click_swallowed.replace(false) && event.detail() > 0 {
        return true;
    }
    if let Some((_, piece)) = tray_button(element) {
        widget.state.borrow_mut().take_from_tray(piece);
        widget.schedule();
    }
    true
}
