//! Sizing from the container: a `ResizeObserver` on the element gives the width (and the height,
//! when the page sets one); the square size is rounded down to whole device pixels so that every
//! square edge is crisp, and set as `--sq` on the board.

use super::Widget;
use crate::ui::board_config::Coordinates;
use std::rc::{Rc, Weak};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{HtmlElement, ResizeObserver};

/// The smallest square the board draws, in CSS pixels.
const SMALLEST_SQUARE: f64 = 12.0;

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

/// Fits the board into the element: its width always, and its height when the page gave it one
/// (measured with the board hidden, so that the board's own height does not count), else the
/// window's height. The text
/// under the board grows with the squares, so the fit is repeated until it holds (twice at most).
pub fn measure(widget: &Widget) {
    for _ in 0..3 {
        match fitted_square(widget) {
            Some(square) if (square - widget.square_px.get()).abs() > 0.001 => {
                widget.square_px.set(square);
                if let Some(dom) = widget.dom.borrow().as_ref() {
                    let _ = dom.wrap.style().set_property("--sq", &super::px(square));
                    let _ = dom.wrap.class_list().add_1("sized");
                }
            }
            _ => return,
        }
    }
}

/// The square size that fits the element now, in whole device pixels.
fn fitted_square(widget: &Widget) -> Option<f64> {
    let dom = widget.dom.borrow();
    let dom = dom.as_ref()?;
    let width = widget.host.get_bounding_client_rect().width();
    if width <= 0.0 {
        return None;
    }
    let frame_style = dom.frame.style();
    let _ = frame_style.set_property("display", "none");
    let free_height = widget.host.get_bounding_client_rect().height();
    let chrome = f64::from(dom.bar.offset_height() + dom.status.offset_height()) + 12.0;
    let _ = frame_style.remove_property("display");
    let outside = widget.state.borrow().config.coordinates == Coordinates::Outside;
    let extra = if outside { 0.54 } else { 0.0 };
    let mut square = width / (8.0 + extra);
    let window = web_sys::window()?;
    let height = if free_height > chrome + 1.0 {
        free_height
    } else {
        // No height from the page: never taller than the window (a phone turned sideways).
        window.inner_height().ok().and_then(|h| h.as_f64()).map_or(f64::INFINITY, |h| h * 0.96)
    };
    square = square.min((height - chrome) / (8.0 + extra));
    let ratio = window.device_pixel_ratio().max(1.0);
    Some(((square * ratio).floor() / ratio).max(SMALLEST_SQUARE))
}
