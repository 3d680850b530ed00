//! Bringing an element into sight after an input: just into the screen (and into every
//! scrolling box around it), no further, so that what is already in sight stays put.

use wasm_bindgen::JsCast;
use web_sys::Element;

/// Scrolls `el` just into sight (`scrollIntoView({ block: 'nearest', inline: 'nearest' })`).
pub fn into_sight(el: &Element) {
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"block".into(), &"nearest".into());
    let _ = js_sys::Reflect::set(&options, &"inline".into(), &"nearest".into());
    if let Ok(scroll) = js_sys::Reflect::get(el, &"scrollIntoView".into()).and_then(|f| f.dyn_into::<js_sys::Function>()) {
        let _ = scroll.call1(el, &options);
    }
}
