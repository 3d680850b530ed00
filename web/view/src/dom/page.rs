//! Small DOM helpers shared by the clock element and the page views (wasm32 only): elements
//! with text (always text, never HTML), listeners (`dom::listen`), custom events,
//! the remembered page language, and a registry that finds the Rust half of an element.

use crate::choices::{lang_of, present_param, LANG_KEY};
use crate::lang::Lang;
use std::rc::{Rc, Weak};
use wasm_bindgen::JsValue;
use web_sys::{CustomEvent, CustomEventInit, Document, Element, EventTarget};

pub use crate::dom::listen::Listener;

pub fn document() -> Option<Document> {
    web_sys::window()?.document()
}

/// A new `tag` element with `class` (may be empty) and text content `text` (may be empty).
pub fn el(doc: &Document, tag: &str, class: &str, text: &str) -> Element {
    // Creating an element with a literal, valid tag name cannot fail.
    let element = doc.create_element(tag).unwrap_or_else(|_| unreachable!("valid tag name"));
    if !class.is_empty() {
        element.set_class_name(class);
    }
    if !text.is_empty() {
        element.set_text_content(Some(text));
    }
    element
}

/// A `<button type="button">` with its text.
pub fn button(doc: &Document, class: &str, text: &str) -> Element {
    let b = el(doc, "button", class, text);
    let _ = b.set_attribute("type", "button");
    b
}

pub fn set_attr(element: &Element, name: &str, value: &str) {
    let _ = element.set_attribute(name, value);
}

/// Sets the text only when it changed (no needless live-region announcements or layout).
pub fn set_text(element: &Element, text: &str) {
    if element.text_content().as_deref() != Some(text) {
        element.set_text_content(Some(text));
    }
}

pub fn toggle_class(element: &Element, class: &str, on: bool) {
    let _ = element.class_list().toggle_with_force(class, on);
}

/// A plain JS object from name/value pairs.
pub fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (name, value) in pairs {
        let _ = js_sys::Reflect::set(&object, &JsValue::from_str(name), value);
    }
    object.into()
}

/// Dispatches a bubbling, composed `name` event with `detail` on `target`.
pub fn dispatch(target: &EventTarget, name: &str, detail: &JsValue) {
    let init = CustomEventInit::new();
    init.set_bubbles(true);
    init.set_composed(true);
    init.set_detail(detail);
    if let Ok(event) = CustomEvent::new_with_event_init_dict(name, &init) {
        let _ = target.dispatch_event(&event);
    }
}

/// A property of a JS value as a string (event details).
pub fn field(value: &JsValue, name: &str) -> Option<String> {
    js_sys::Reflect::get(value, &JsValue::from_str(name)).ok()?.as_string()
}

/// The page language: the remembered choice, else `<html lang>`, else Chinese.
pub fn page_lang() -> Lang {
    let stored = web_sys::window().and_then(|w| w.local_storage().ok().flatten()).and_then(|s| s.get_item(LANG_KEY).ok().flatten());
    let html = document().and_then(|d| d.document_element()).and_then(|e| e.get_attribute("lang"));
    lang_of(stored.or(html).as_deref())
}

/// Can this computer's storage be read? False when it is blocked (then nothing remembered
/// shows, and the page says so).
pub fn storage_readable() -> bool {
    let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    storage.is_some_and(|s| s.get_item(LANG_KEY).is_ok())
}

/// Switches the page language: `<html lang>` and the remembered choice. False when this
/// computer's storage refused to remember it (blocked or full): the page says so.
pub fn set_page_lang(lang: Lang) -> bool {
    if let Some(root) = document().and_then(|d| d.document_element()) {
        set_attr(&root, "lang", lang.tag());
    }
    let storage = web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    storage.is_some_and(|s| s.set_item(LANG_KEY, lang.tag()).is_ok())
}

/// Milliseconds since 1970 from the page's clock (a test may install a fake one).
pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// The Rust halves of the elements of one kind on the page, found by their host element.
pub struct Registry<T> {
    entries: std::cell::RefCell<Vec<(Element, Weak<T>)>>,
}

impl<T> Default for Registry<T> {
    fn default() -> Registry<T> {
        Registry::new()
    }
}

impl<T> Registry<T> {
    pub const fn new() -> Registry<T> {
        Registry { entries: std::cell::RefCell::new(Vec::new()) }
    }

    pub fn add(&self, host: &Element, item: &Rc<T>) {
        let mut entries = self.entries.borrow_mut();
        entries.retain(|(_, w)| w.strong_count() > 0);
        entries.push((host.clone(), Rc::downgrade(item)));
    }

    pub fn find(&self, host: &Element) -> Option<Rc<T>> {
        self.entries.borrow().iter().find(|(h, _)| h == host).and_then(|(_, w)| w.upgrade())
    }
}

/// Projector mode of a board page: `?present` in the address (`?present=0` turns it off), else
/// this tab's last choice (sessionStorage, shared with the lesson player).
pub fn present_at_start() -> bool {
    let Some(window) = web_sys::window() else { return false };
    let asked = present_param(&window.location().search().unwrap_or_default());
    let remembered = || window.session_storage().ok().flatten()?.get_item(PRESENT_KEY).ok().flatten().map(|v| v == "1");
    asked.or_else(remembered).unwrap_or(false)
}

/// Shows projector mode (class `present` on `<html>`) and remembers it for the tab.
pub fn show_present(on: bool) {
    if let Some(html) = document().and_then(|d| d.document_element()) {
        toggle_class(&html, "present", on);
    }
    if let Some(storage) = web_sys::window().and_then(|w| w.session_storage().ok().flatten()) {
        let _ = storage.set_item(PRESENT_KEY, if on { "1" } else { "0" });
    }
}

const PRESENT_KEY: &str = "qitong-present";
