//! Sizing from the container: a `ResizeObserver` on the element gives the width (and the height,
//! when the page sets one); the square size is rounded down to whole device pixels so that every
//! square edge is crisp, and set as `--sq` on the board.
//!
//! The fit must not feed itself: what it reads (the element's width, the height the page gives
//! it, the window) never depends on the board's own size, the space under the board is a
//! function of the square size only (the status line reserves two lines, whatever it says), and
//! a notification caused by our own resizing (same inputs) changes nothing.

use super::Widget;
use crate::config::Coordinates;
use crate::fit::{square_for, status_reserve, SMALLEST_SQUARE};
use std::rc::{Rc, Weak};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{HtmlElement, ResizeObserver};

/// The gap between the parts of the board's column (`.wrap { gap: 6px }`): each part in the flow
/// under the frame takes one (a hidden toolbar, empty parts around it and a status line that
/// takes no room, `status-line="off"`, none).
const GAP: i32 = 6;

pub struct Observer {
    observer: ResizeObserver,
    _callback: Closure<dyn FnMut(js_sys::Array)>,
}

impl Observer {
    pub fn watch(&self, host: &HtmlElement) {
        self.observer.observe(host);
    }

    pub fn disconnect(&self) {
        self.observer.disconnect();
    }
}

/// What a fit was computed from, and the height under the board it ended with (`under_board`):
/// the same again means the notification came from our own resizing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FitInputs {
    width: f64,
    given_height: Option<f64>,
    window_height: f64,
    ratio: f64,
    under: i32,
}

pub fn observe(widget: &Rc<Widget>) -> Result<(), JsValue> {
    let weak: Weak<Widget> = Rc::downgrade(widget);
    let callback = Closure::<dyn FnMut(js_sys::Array)>::new(move |_entries: js_sys::Array| {
        if let Some(widget) = weak.upgrade() {
            widget.resized();
        }
    });
    let observer = ResizeObserver::new(callback.as_ref().unchecked_ref())?;
    observer.observe(&widget.host);
    *widget.observer.borrow_mut() = Some(Observer { observer, _callback: callback });
    Ok(())
}

/// Fits the board into the element: its width always, and its height when the page gave it one,
/// else the window's height.
pub fn measure(widget: &Widget) {
    let Some(inputs) = read_inputs(widget) else { return };
    if widget.fit_inputs.get() == Some(inputs) && widget.square_px.get() > 0.0 {
        return;
    }
    let (outside, status_line) = {
        let config = widget.state.borrow().config;
        (config.coordinates == Coordinates::Outside, config.status_line)
    };
    let free = inputs.given_height.unwrap_or(inputs.window_height * 0.96);
    // The height under the board depends on the square (the toolbar's and the tray's fonts
    // scale): fit, look again, and when the second answer differs keep the smaller one, which
    // fits either way.
    let mut square = widget.square_px.get();
    for round in 0..3 {
        let status = if status_line { status_reserve(square.max(SMALLEST_SQUARE)) + f64::from(GAP) } else { 0.0 };
        let chrome = f64::from(height_under(widget)) + status;
        let fitted = square_for(inputs.width, free, chrome, outside, inputs.ratio);
        if (fitted - square).abs() < 0.001 || (round > 0 && fitted > square) {
            break;
        }
        set_square(widget, fitted);
        square = fitted;
    }
    widget.fit_inputs.set(Some(FitInputs { under: height_under(widget), ..inputs }));
}

fn set_square(widget: &Widget, square: f64) {
    widget.square_px.set(square);
    if let Some(dom) = widget.dom.borrow().as_ref() {
        let _ = dom.wrap.style().set_property("--sq", &super::px(square));
        let _ = dom.wrap.class_list().add_1("sized");
    }
}

/// The height under the board besides the status line, with their gaps: the parts a steered
/// board draws around itself (`.around`, none when empty) and the toolbar (none when hidden).
fn height_under(widget: &Widget) -> i32 {
    widget.dom.borrow().as_ref().map_or(0, under_board)
}

fn under_board(dom: &super::dom::Dom) -> i32 {
    [dom.around.offset_height(), dom.bar.offset_height()].into_iter().filter(|&height| height > 0).map(|height| height + GAP).sum()
}

/// The element's width, the height the page gives it (read with the board taken out of the
/// flow, so that its own height does not count; no element is hidden, so no animation restarts),
/// the window's height and the device pixel ratio.
fn read_inputs(widget: &Widget) -> Option<FitInputs> {
    let dom = widget.dom.borrow();
    let dom = dom.as_ref()?;
    let width = widget.host.get_bounding_client_rect().width();
    if width <= 0.0 {
        return None;
    }
    let wrap_style = dom.wrap.style();
    let _ = wrap_style.set_property("position", "absolute");
    let given = widget.host.get_bounding_client_rect().height();
    let _ = wrap_style.remove_property("position");
    let window = web_sys::window()?;
    let window_height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(f64::INFINITY);
    Some(FitInputs {
        width,
        given_height: (given > 1.0).then_some(given),
        window_height,
        ratio: window.device_pixel_ratio(),
        under: under_board(dom),
    })
}
