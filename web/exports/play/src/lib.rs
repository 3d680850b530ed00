//! `mountPlay`: the play page (play a friend or the computer), written in Rust. The page's module
//! only imports the elements and calls it; the app's module links it, the teacher pages' does not
//! (issue 15: the play page against the computer took the teacher pages past their 400 KB).
#![cfg(target_arch = "wasm32")]

use qitong_play_page::view::PlayView;
use wasm_bindgen::prelude::*;

fn element(value: &JsValue, what: &str) -> Result<web_sys::Element, JsValue> {
    Ok(qitong_exports::args::element(value, &format!("{what}'s element"))?)
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

/// `mountPlay(element, computer?)`: builds the play page in `element`. With `computer`, the
/// `{ computerMove }` of `qitong-computer.js` (or an object that loads it when first asked), the
/// child may also play the computer.
#[wasm_bindgen(js_name = mountPlay)]
pub fn mount_play(
    #[wasm_bindgen(unchecked_param_type = "Element")] root: &JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ computerMove: (fen: string, options: object) => Promise<{ uci: string, san: string }> } | undefined")]
    computer: &JsValue,
) -> Result<PlayPage, JsValue> {
    let computer = qitong_computer_client::Computer::from_js(computer);
    Ok(PlayPage { view: PlayView::mount(element(root, "mountPlay")?, computer)? })
}
