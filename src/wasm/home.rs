//! `mountHome`: the home page (the course map) or a stage's certificate page, drawn by
//! `ui::home::view` from the course files the page script fetched (`www/home.js`).

use super::lesson::course_from_files;
use crate::ui::home::view::{HomeView, Page};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

/// The mounted page; keep it while the page lives (dropping it removes its listeners).
#[wasm_bindgen]
pub struct HomePage {
    _view: Rc<HomeView>,
}

/// `mountHome(element, page, courseText, names, texts)`: draws `page` (`home` or
/// `certificate`, whose stage is the address's `#stage-id`) into `element`. The course texts are
/// as for `LessonPlayer.loadCourse` (`LessonPlayer.courseFiles` names the lesson files).
#[wasm_bindgen(js_name = mountHome)]
pub fn mount_home(element: JsValue, page: &str, course: Option<String>, names: js_sys::Array, texts: js_sys::Array) -> Result<HomePage, JsValue> {
    let root: Element = element.dyn_into().map_err(|_| JsValue::from_str("mountHome needs an element"))?;
    let page = if page == "certificate" { Page::Certificate } else { Page::Home };
    let course = course_from_files(course, &names, &texts, crate::ui::home::view::start_lang());
    Ok(HomePage { _view: HomeView::mount(root, page, course)? })
}
