//! The site's pages written in Rust: `mountPlay` (play a friend or the computer), `mountPoints` (the points
//! calculator) and, in the teacher module, `mountCheck`
//! ("Check my lesson"). A page's module only imports the elements and calls one of these.

#[cfg(feature = "play")]
use crate::ui::pages::play::view::PlayView;
use crate::ui::pages::points::view::PointsView;
use wasm_bindgen::prelude::*;

fn element(value: &JsValue, what: &str) -> Result<web_sys::Element, JsValue> {
    Ok(super::args::element(value, &format!("{what}'s element"))?)
}

/// The mounted "Play a friend" page.
#[cfg(feature = "play")]
#[wasm_bindgen]
pub struct PlayPage {
    view: PlayView,
}

#[cfg(feature = "play")]
#[wasm_bindgen]
impl PlayPage {
    /// `result()`: the finished game `{ result, reason, message, pgn, white, black,
    /// timeControl }`, or `null` while it goes on (the class ladder records it from here).
    pub fn result(&self) -> JsValue {
        self.view.result()
    }

    /// `pgn()`: the game so far as PGN with the class's tags.
    pub fn pgn(&self) -> String {
        self.view.pgn()
    }
}

/// `mountPlay(element, computer?)`: builds the play page in `element`. With `computer`, the
/// `{ computerMove }` of `qitong-computer.js` (or an object that loads it when first asked), the
/// child may also play the computer.
#[cfg(feature = "play")]
#[wasm_bindgen(js_name = mountPlay)]
pub fn mount_play(
    #[wasm_bindgen(unchecked_param_type = "Element")] root: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ computerMove: (fen: string, options: object) => Promise<{ uci: string, san: string }> } | undefined")]
    computer: &JsValue,
) -> Result<PlayPage, JsValue> {
    let computer = crate::ui::computer::Computer::from_js(computer);
    Ok(PlayPage { view: PlayView::mount(element(root, "mountPlay")?, computer)? })
}

/// `mountPoints(element)`: builds the points calculator in `element`.
#[wasm_bindgen(js_name = mountPoints)]
pub fn mount_points(#[wasm_bindgen(unchecked_param_type = "Element")] root: &JsValue) -> Result<(), JsValue> {
    PointsView::mount(element(root, "mountPoints")?)
}

/// `mountCheck(element)`: brings the "Check my lesson" page to life in `element`, which holds
/// `www/check.html`'s markup (teacher module only); `INVALID_ARGUMENT` names a missing part.
#[cfg(feature = "teacher")]
#[wasm_bindgen(js_name = mountCheck)]
pub fn mount_check(#[wasm_bindgen(unchecked_param_type = "Element")] root: &JsValue) -> Result<(), JsValue> {
    use crate::ui::pages::check::view::{CheckView, MountError};
    CheckView::mount(element(root, "mountCheck")?).map_err(|e| match e {
        MountError::Markup(part) => {
            super::ApiError::new(super::ErrorCode::InvalidArgument, format!("mountCheck: the element has no {part} (www/check.html's markup)")).into()
        }
        MountError::Dom(e) => e,
    })
}
