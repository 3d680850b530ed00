//! `mountCheck`: brings the "Check my lesson" page (check.html) to life, in the teacher module.

use qitong_check_page::view::{CheckView, MountError};
use qitong_exports::{ApiError, ErrorCode};
use wasm_bindgen::prelude::*;

/// `mountCheck(element)`: brings the "Check my lesson" page to life in `element`, which holds
/// `www/check.html`'s markup; `INVALID_ARGUMENT` names a missing part.
#[wasm_bindgen(js_name = mountCheck)]
pub fn mount_check(#[wasm_bindgen(unchecked_param_type = "Element")] root: &JsValue) -> Result<(), JsValue> {
    let root: web_sys::Element = qitong_exports::args::element(root, "mountCheck's element")?;
    CheckView::mount(root).map_err(|e| match e {
        MountError::Markup(part) => {
            ApiError::new(ErrorCode::InvalidArgument, format!("mountCheck: the element has no {part} (www/check.html's markup)")).into()
        }
        MountError::Dom(e) => e,
    })
}
