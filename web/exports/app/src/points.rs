//! `mountPoints`: the points calculator page (points.html), in the students' app.

use wasm_bindgen::prelude::*;

/// `mountPoints(element)`: builds the points calculator in `element`.
#[wasm_bindgen(js_name = mountPoints)]
pub fn mount_points(#[wasm_bindgen(unchecked_param_type = "Element")] root: &JsValue) -> Result<(), JsValue> {
    let root: web_sys::Element = qitong_exports::args::element(root, "mountPoints's element")?;
    qitong::ui::pages::points::view::PointsView::mount(root)
}
