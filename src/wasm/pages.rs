//! The site's pages written in Rust: `mountPlay` ("Play a friend"), `mountPoints` (the points
//! calculator) and, in the teacher module, `mountLadder` (the class ladder). A page's module only
//! imports the elements and calls one of these.

use crate::ui::pages::play::view::PlayView;
use crate::ui::pages::points::view::PointsView;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

fn element(value: JsValue, what: &str) -> Result<web_sys::Element, JsValue> {
    value.dyn_into().map_err(|_| {
        let error = js_sys::Error::new(&format!("{what} needs a DOM element to build the page in"));
        let _ = js_sys::Reflect::set(&error, &JsValue::from_str("code"), &JsValue::from_str("NOT_AN_ELEMENT"));
        error.into()
    })
}

/// The mounted "Play a friend" page.
#[wasm_bindgen]
pub struct PlayPage {
    view: PlayView,
}

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

/// `mountPlay(element)`: builds the "Play a friend" page in `element`.
#[wasm_bindgen(js_name = mountPlay)]
pub fn mount_play(root: JsValue) -> Result<PlayPage, JsValue> {
    Ok(PlayPage { view: PlayView::mount(element(root, "mountPlay")?)? })
}

/// `mountPoints(element)`: builds the points calculator in `element`.
#[wasm_bindgen(js_name = mountPoints)]
pub fn mount_points(root: JsValue) -> Result<(), JsValue> {
    PointsView::mount(element(root, "mountPoints")?)
}

/// `mountLadder(element)`: builds the class ladder page in `element` (teacher module only).
#[cfg(feature = "teacher")]
#[wasm_bindgen(js_name = mountLadder)]
pub fn mount_ladder(root: JsValue) -> Result<(), JsValue> {
    crate::ui::pages::ladder::view::LadderView::mount(element(root, "mountLadder")?)
}
