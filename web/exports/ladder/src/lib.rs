//! `mountLadder`: the class ladder page (ladder.html), in a module of its own (`ladder`) and in
//! the teacher module.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen::prelude::*;

/// `mountLadder(element)`: builds the class ladder page in `element`.
#[wasm_bindgen(js_name = mountLadder)]
pub fn mount_ladder(#[wasm_bindgen(unchecked_param_type = "Element")] root: &JsValue) -> Result<(), JsValue> {
    let root: web_sys::Element = qitong_exports::args::element(root, "mountLadder's element")?;
    qitong::ui::pages::ladder::view::LadderView::mount(root)
}
