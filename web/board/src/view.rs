//! Draws a board into a page element (wasm32 only).

use crate::markup::board_markup;
use qitong_rules::{Board, Color};
use qitong_view::dom::tree;
use wasm_bindgen::JsValue;
use web_sys::Element;

/// Replaces the content of `container` with `board` seen from White's side, and gives the
/// container the class `qt-board` that lays the squares out as an 8×8 grid.
pub fn mount_board(container: &Element, board: &Board) -> Result<(), JsValue> {
    container.class_list().add_1("qt-board")?;
    container.set_inner_html("");
    if let Some(document) = container.owner_document() {
        tree::append_all(&document, container, &board_markup(board, Color::White));
    }
    Ok(())
}
