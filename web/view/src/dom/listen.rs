//! Event listeners owned by a view (wasm32 only): each is removed from its target when dropped,
//! so a view that goes away leaves no callback behind for the browser to call.

use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::EventTarget;

/// An event listener that lives as long as its owner and is removed when dropped.
pub struct Listener {
    target: EventTarget,
    kind: &'static str,
    callback: Closure<dyn FnMut(web_sys::Event)>,
}

impl Listener {
    /// Adds `callback` for `kind` events on `target` (the browser refuses only a bad target).
    pub fn try_new(target: &EventTarget, kind: &'static str, callback: impl FnMut(web_sys::Event) + 'static) -> Result<Listener, JsValue> {
        let callback = Closure::<dyn FnMut(web_sys::Event)>::new(callback);
        target.add_event_listener_with_callback(kind, callback.as_ref().unchecked_ref())?;
        Ok(Listener { target: target.clone(), kind, callback })
    }

    /// As `try_new`, for targets that cannot refuse (elements and the window).
    pub fn new(target: &EventTarget, kind: &'static str, callback: impl FnMut(web_sys::Event) + 'static) -> Listener {
        let callback = Closure::<dyn FnMut(web_sys::Event)>::new(callback);
        let _ = target.add_event_listener_with_callback(kind, callback.as_ref().unchecked_ref());
        Listener { target: target.clone(), kind, callback }
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self.target.remove_event_listener_with_callback(self.kind, self.callback.as_ref().unchecked_ref());
    }
}

/// Calls `handler` with the view for each `kind` event on `target`, for as long as the view is
/// alive (the listener holds it weakly), and keeps the listener in `list`.
pub fn on<V: 'static>(
    view: &Rc<V>,
    list: &RefCell<Vec<Listener>>,
    target: &EventTarget,
    kind: &'static str,
    handler: fn(&V, &web_sys::Event),
) -> Result<(), JsValue> {
    let weak = Rc::downgrade(view);
    let listener = Listener::try_new(target, kind, move |event: web_sys::Event| {
        if let Some(view) = weak.upgrade() {
            handler(&view, &event);
        }
    })?;
    list.borrow_mut().push(listener);
    Ok(())
}
