//! `mountHome`: the home page (the course map) or a stage's certificate page, drawn by
//! `qitong_home::view` from the course files the page script fetched (`www/home.js`).
#![cfg(target_arch = "wasm32")]

use qitong::ui::home::view::{HomeView, Page};
use qitong_exports::args;
use qitong_exports::course::{course_args, course_from_index};
use qitong_exports::{ApiError, ErrorCode};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::Element;

/// The mounted page; keep it while the page lives (dropping it removes its listeners).
#[wasm_bindgen]
pub struct HomePage {
    _view: Rc<HomeView>,
}

#[wasm_bindgen]
impl HomePage {
    /// `HomePage.courseFiles(courseText)`: the lesson files `course.toml` lists, to be fetched
    /// and passed to `mountHome` (as `LessonPlayer.courseFiles`, in the home page's own module).
    #[wasm_bindgen(js_name = courseFiles)]
    pub fn course_files(#[wasm_bindgen(unchecked_param_type = "string")] course: &JsValue) -> Result<js_sys::Array, JsValue> {
        qitong_exports::course::course_files::<qitong::lessons::Every>(course)
    }
}

/// `mountHome(element, page, indexText, names, texts)`: draws `page` (`home` or `certificate`,
/// whose stage is the address's `#stage-id`) into `element`, from the course index
/// (`lessons/course-index.json`: the map needs no lesson file) and any lesson files fetched
/// besides (`names`, `texts`: as for `LessonPlayer.loadIndex`; usually none).
#[wasm_bindgen(js_name = mountHome)]
pub fn mount_home(
    #[wasm_bindgen(unchecked_param_type = "Element")] element: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] page: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "string | null")] index: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[]")] names: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "(string | null)[]")] texts: &JsValue,
) -> Result<HomePage, JsValue> {
    let root: Element = args::element(element, "mountHome's element")?;
    let page = match args::string(page, "page")?.as_str() {
        "home" => Page::Home,
        "certificate" => Page::Certificate,
        other => return Err(ApiError::new(ErrorCode::InvalidArgument, format!("page '{other}': use home or certificate")).into()),
    };
    let (index, names, texts) = course_args(index, names, texts)?;
    let course = course_from_index(index, &names, &texts, qitong::ui::home::view::start_lang());
    Ok(HomePage { _view: HomeView::mount(root, page, course)? })
}
