//! Input: pointer events (mouse, pen and touch alike) for click-click, drag-and-drop and
//! drawing; the keyboard for the grid; clicks on the chooser, bubble and toolbar; the move box.
//! All listeners sit on the shadow root, so they survive a rebuild of its content.

use super::Widget;
use crate::render::square_at_point;
use crate::shapes::Brush;
use crate::state::Response;
use qitong_rules::{Piece, Role, Square};
use qitong_view::dom::listen::Listener;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, Event, EventTarget, HtmlElement, KeyboardEvent, MouseEvent, PointerEvent};

/// A pointer held down on the board.
#[derive(Debug, Clone, Copy)]
pub struct Pointer {
    pub id: i32,
    /// The square it went down on.
    pub from: Square,
    /// The piece it holds (none when drawing).
    pub piece: Piece,
    pub start: (f64, f64),
    /// The pointer over the board, in CSS pixels from its top left corner.
    pub x: f64,
    pub y: f64,
    /// Moved far enough to be a drag (a press and release without it is a click).
    pub dragging: bool,
    pub touch: bool,
    /// A right-drag or pen stroke drawing a shape.
    pub drawing: bool,
}

/// How far (CSS pixels) a pointer must move before a press becomes a drag.
fn drag_threshold(touch: bool) -> f64 {
    if touch {
        8.0
    } else {
        4.0
    }
}

const EVENTS: [&str; 11] =
    ["pointerdown", "pointermove", "pointerup", "pointercancel", "pointerout", "contextmenu", "keydown", "click", "submit", "focusin", "focusout"];

pub fn listen(widget: &Rc<Widget>) -> Result<(), JsValue> {
    let root: EventTarget = widget.root.clone().into();
    for kind in EVENTS {
        let weak = Rc::downgrade(widget);
        let listener = Listener::try_new(&root, kind, move |event: Event| {
            if let Some(widget) = weak.upgrade() {
                handle(&widget, kind, event);
            }
        })?;
        widget.listeners.borrow_mut().push(listener);
    }
    Ok(())
}

fn handle(widget: &Widget, kind: &str, event: Event) {
    // The parts under a steered board first (`widget::around`: the set-up tray's presses and
    // drags), the board's own otherwise.
    let pointer = event.dyn_ref::<PointerEvent>();
    if let (Some(around), Some(e)) = (widget.extensions.around, pointer) {
        if around.pointer(widget, kind, e) {
            return;
        }
    }
    match kind {
        "pointerdown" => pointer.into_iter().for_each(|e| pointer_down(widget, e)),
        "pointermove" => pointer.into_iter().for_each(|e| pointer_move(widget, e)),
        "pointerup" => pointer.into_iter().for_each(|e| pointer_up(widget, e)),
        "pointercancel" => pointer_cancel(widget),
        // The mouse left the board (not just one square for the next): no preview.
        "pointerout" if widget.pointer.borrow().is_none() && widget.state.borrow().hover().is_some() => {
            let into = event.dyn_ref::<PointerEvent>().and_then(|e| e.related_target()).and_then(|t| t.dyn_into::<Element>().ok());
            if !into.is_some_and(|el| inside(&el, ".board")) {
                widget.state.borrow_mut().set_hover(None);
                widget.schedule();
            }
        }
        "contextmenu" if target(&event).is_some_and(|t| inside(&t, ".board")) => event.prevent_default(),
        "keydown" => event.dyn_ref::<KeyboardEvent>().into_iter().for_each(|e| key_down(widget, e)),
        "click" => event.dyn_ref::<MouseEvent>().into_iter().for_each(|e| click(widget, e)),
        // The move box's typed moves are an extension (`<chess-board>`'s); the lesson player's
        // boards have none, and leaving it out leaves the forgiving SAN reader out of its module.
        // (The guard plays the move: it is false when the board takes no typed moves.)
        "submit" if widget.typed_move() => event.prevent_default(),
        "focusin" | "focusout" => {
            // Focus moves also happen while the board rewrites itself: skip those.
            if let (Some(sq), Ok(mut state)) = (target(&event).and_then(|t| square_of(&t)), widget.state.try_borrow_mut()) {
                if kind == "focusin" {
                    state.set_focus(sq);
                    state.set_hover(Some(sq));
                } else {
                    state.set_hover(None);
                }
                drop(state);
                widget.schedule();
            }
        }
        _ => {}
    }
}

fn target(event: &Event) -> Option<Element> {
    event.target().and_then(|t| t.dyn_into::<Element>().ok())
}

fn inside(element: &Element, selector: &str) -> bool {
    element.closest(selector).ok().flatten().is_some()
}

/// The square of a square's cell or button (or anything inside it).
fn square_of(element: &Element) -> Option<Square> {
    element.closest(".sq").ok().flatten()?.get_attribute("data-square")?.parse().ok()
}

/// The square under the pointer of `event`, if it is over the board (a drop from outside it).
pub fn square_under(widget: &Widget, event: &MouseEvent) -> Option<Square> {
    board_point(widget, event).and_then(|(_, _, sq)| sq)
}

/// The pointer's position over the board (CSS pixels) and the square under it.
fn board_point(widget: &Widget, event: &MouseEvent) -> Option<(f64, f64, Option<Square>)> {
    let dom = widget.dom.borrow();
    let dom = dom.as_ref()?;
    let rect = dom.board.get_bounding_client_rect();
    if rect.width() <= 0.0 || rect.height() <= 0.0 {
        return None;
    }
    let (x, y) = (f64::from(event.client_x()) - rect.left(), f64::from(event.client_y()) - rect.top());
    Some((x, y, square_at_point(x / rect.width(), y / rect.height(), dom.orientation)))
}

fn capture(widget: &Widget, id: i32) {
    if let Some(dom) = widget.dom.borrow().as_ref() {
        let _ = dom.board.set_pointer_capture(id);
    }
}

fn pointer_down(widget: &Widget, event: &PointerEvent) {
    let Some(element) = target(event) else { return };
    if !inside(&element, ".board") || inside(&element, ".promotion, .bubble") || !event.is_primary() {
        return;
    }
    let Some((x, y, Some(sq))) = board_point(widget, event) else { return };
    let touch = event.pointer_type() != "mouse";
    let start = (f64::from(event.client_x()), f64::from(event.client_y()));
    let button = event.button();
    let (pen, may_draw) = {
        let state = widget.state.borrow();
        (state.pen(), state.may_draw())
    };
    if may_draw && (button == 2 || (pen && button == 0)) {
        event.prevent_default();
        let brush = Brush::from_modifiers(event.shift_key(), event.alt_key() || event.ctrl_key() || event.meta_key());
        widget.state.borrow_mut().start_drawing(sq, brush);
        let piece = Role::Pawn.of(qitong_rules::Color::White);
        *widget.pointer.borrow_mut() = Some(Pointer { id: event.pointer_id(), from: sq, piece, start, x, y, dragging: false, touch, drawing: true });
        capture(widget, event.pointer_id());
        widget.schedule();
        return;
    }
    if button != 0 {
        return;
    }
    let response = widget.state.borrow_mut().press(sq);
    if let Some(from) = response.drag {
        let piece = widget.state.borrow().board().piece_at(from);
        if let Some(piece) = piece {
            *widget.pointer.borrow_mut() = Some(Pointer { id: event.pointer_id(), from, piece, start, x, y, dragging: false, touch, drawing: false });
            capture(widget, event.pointer_id());
        }
    }
    widget.respond(response);
}

fn pointer_move(widget: &Widget, event: &PointerEvent) {
    let point = board_point(widget, event);
    let held = *widget.pointer.borrow();
    let Some(mut pointer) = held.filter(|p| p.id == event.pointer_id()) else {
        // A mouse hovering: preview a destination under it.
        if event.pointer_type() == "mouse" {
            let sq = point.and_then(|(_, _, sq)| sq);
            if widget.state.borrow().hover() != sq {
                widget.state.borrow_mut().set_hover(sq);
                widget.schedule();
            }
        }
        return;
    };
    let Some((x, y, sq)) = point else { return };
    pointer.x = x;
    pointer.y = y;
    if pointer.drawing {
        widget.state.borrow_mut().move_drawing(sq);
    } else {
        let moved = (f64::from(event.client_x()) - pointer.start.0).hypot(f64::from(event.client_y()) - pointer.start.1);
        if !pointer.dragging && moved >= drag_threshold(pointer.touch) {
            pointer.dragging = true;
        }
        if pointer.dragging {
            event.prevent_default();
            widget.state.borrow_mut().set_hover(sq);
        }
    }
    *widget.pointer.borrow_mut() = Some(pointer);
    widget.schedule();
}

fn pointer_up(widget: &Widget, event: &PointerEvent) {
    let held = *widget.pointer.borrow();
    let Some(pointer) = held.filter(|p| p.id == event.pointer_id()) else { return };
    *widget.pointer.borrow_mut() = None;
    let sq = board_point(widget, event).and_then(|(_, _, sq)| sq);
    if pointer.drawing {
        let response = widget.state.borrow_mut().finish_drawing(sq);
        widget.respond(response);
        return;
    }
    let response = if pointer.dragging {
        widget.state.borrow_mut().drop_piece(pointer.from, sq)
    } else {
        widget.state.borrow_mut().click_release(sq.unwrap_or(pointer.from))
    };
    widget.respond(response);
}

/// The browser took the pointer (a scroll began, the window lost focus): nothing is dropped.
fn pointer_cancel(widget: &Widget) {
    if let Some(pointer) = widget.pointer.borrow_mut().take() {
        let mut state = widget.state.borrow_mut();
        if pointer.drawing {
            let _nothing_drawn = state.finish_drawing(None);
        }
        state.set_hover(None);
    }
    widget.schedule();
}

fn key_down(widget: &Widget, event: &KeyboardEvent) {
    let key = event.key();
    if key == "Escape" {
        let response = widget.state.borrow_mut().cancel();
        widget.respond(response);
        return;
    }
    let Some(element) = target(event) else { return };
    if element.closest(".sq").ok().flatten().is_none() {
        return;
    }
    // A steered board leaves paging to its page (the lesson player's clicker keys).
    if matches!(key.as_str(), "PageUp" | "PageDown") && widget.state.borrow().steered().is_some() {
        return;
    }
    let (right, down) = match key.as_str() {
        "ArrowUp" => (0, -1),
        "ArrowDown" => (0, 1),
        "ArrowLeft" => (-1, 0),
        "ArrowRight" => (1, 0),
        "Home" => (-7, 0),
        "End" => (7, 0),
        "PageUp" => (0, -7),
        "PageDown" => (0, 7),
        _ => return,
    };
    event.prevent_default();
    let sq = widget.state.borrow_mut().move_focus(right, down);
    focus_square(widget, sq);
    widget.schedule();
}

/// Clicks on buttons. A square's click with `detail == 0` comes from the keyboard (Enter,
/// Space) or assistive technology, not from a pointer (those are handled above): it presses
/// and releases the square.
fn click(widget: &Widget, event: &MouseEvent) {
    let Some(element) = target(event) else { return };
    if widget.extensions.around.is_some_and(|around| around.click(widget, event, &element)) {
        return;
    }
    let response = if let Ok(Some(choice)) = element.closest(".promotion button") {
        let role = choice.get_attribute("data-role").and_then(|r| r.chars().next()).and_then(Role::from_char);
        widget.state.borrow_mut().choose_promotion(role)
    } else if inside(&element, ".bubble-close") {
        widget.state.borrow_mut().dismiss_bubble();
        widget.retry_computer();
        Response::default()
    } else if inside(&element, ".pen") {
        widget.state.borrow_mut().toggle_pen();
        Response::default()
    } else if inside(&element, ".clear") {
        widget.state.borrow_mut().clear_shapes();
        Response::default()
    } else if inside(&element, ".flip") {
        // The toolbar is rebuilt with the board: the focus goes to the new flip button.
        widget.flip();
        if let Ok(Some(again)) = widget.root.query_selector(".flip") {
            if let Ok(again) = again.dyn_into::<HtmlElement>() {
                let _ = again.focus();
            }
        }
        return;
    } else if inside(&element, ".adjust") {
        widget.state.borrow_mut().toggle_adjust();
        Response::default()
    } else if let (Some(sq), 0) = (square_of(&element), event.detail()) {
        let first = widget.state.borrow_mut().press(sq);
        widget.respond(first);
        widget.state.borrow_mut().click_release(sq)
    } else {
        return;
    };
    widget.respond(response);
}

/// The typed-moves extension (`Extensions::typed_moves`): plays the move box's move (SAN or UCI).
pub fn typed_move(widget: &Widget) {
    let input = widget.dom.borrow().as_ref().map(|dom| dom.input.clone());
    let Some(input) = input else { return };
    let response = widget.state.borrow_mut().type_move(&input.value());
    if response.refusal.is_none() {
        input.set_value("");
    }
    widget.respond(response);
}

/// Focuses the button of `sq` (no borrow is held while the focus listener runs).
pub fn focus_square(widget: &Widget, sq: Square) {
    let button: Option<HtmlElement> = widget.dom.borrow().as_ref().map(|dom| dom.buttons[dom.index_of(sq)].clone());
    if let Some(button) = button {
        let _ = button.focus();
    }
}
