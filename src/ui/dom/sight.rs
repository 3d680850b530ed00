//! Bringing an element into sight after an input: just into the screen (and into every
//! scrolling box around it), no further, so that what is already in sight stays put; and the
//! keyboard moved without the browser's own scroll (which centres the element).

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlElement};

/// Scrolls `el` just into sight (`scrollIntoView({ block: 'nearest', inline: 'nearest' })`).
pub fn into_sight(el: &Element) {
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"block".into(), &"nearest".into());
    let _ = js_sys::Reflect::set(&options, &"inline".into(), &"nearest".into());
    if let Ok(scroll) = js_sys::Reflect::get(el, &"scrollIntoView".into()).and_then(|f| f.dyn_into::<js_sys::Function>()) {
        let _ = scroll.call1(el, &options);
    }
}

/// Focuses `el` without scrolling: a redraw under a child's finger must not move the page.
pub fn focus_in_place(el: &HtmlElement) {
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"preventScroll".into(), &JsValue::TRUE);
    if let Ok(focus) = js_sys::Reflect::get(el, &"focus".into()).and_then(|f| f.dyn_into::<js_sys::Function>()) {
        let _ = focus.call1(el, &options);
    }
}
