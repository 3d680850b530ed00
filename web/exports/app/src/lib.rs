//! The students' app's JS API (`qitong.js`, and the teacher pages' module): the classes `Game`
//! (`game`), `ClassGame` (`class_game`) and `Clock`, `levelOf` and `pointsAfterGame` (`class`),
//! `mountPoints` (`points`), and here the free functions `mountBoard` (a static board drawn into
//! any element) and `boardPieces` (a placement's pieces as plain objects).
#![cfg(target_arch = "wasm32")]

pub mod class;
mod class_game;
mod game;
mod points;

pub use class::{level_of, points_after_game_js, JsClock};
pub use class_game::JsClassGame;
pub use game::JsGame;
pub use points::mount_points;

use qitong::rules::Board;
use qitong::ui::board::view as board_view;
use qitong_exports::{args, convert, ApiError};
use wasm_bindgen::prelude::*;

/// The board of a FEN placement field, or the start position when there is none.
fn board_from(placement: &JsValue) -> Result<Board, ApiError> {
    match args::opt_string(placement, "placement")? {
        Some(fen) => Ok(Board::from_placement(fen.trim())?),
        None => Ok(Board::start()),
    }
}

/// `mountBoard(element, placement?)`: draws the board of a FEN placement field (default: the
/// start position) into `element`, replacing its content. Throws `INVALID_FEN` for a placement
/// that cannot be read and `NOT_AN_ELEMENT` when `element` is not a DOM element.
#[wasm_bindgen(js_name = mountBoard)]
pub fn mount_board(
    #[wasm_bindgen(unchecked_param_type = "Element")] element: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string")] placement: &JsValue,
) -> Result<(), JsValue> {
    let board = board_from(placement)?;
    let container: web_sys::Element = args::element(element, "mountBoard's element")?;
    board_view::mount_board(&container, &board)
}

/// `boardPieces(placement?)`: the pieces of a FEN placement field (default: the start position)
/// as an array of `{ square: "e1", piece: "K" }` (FEN letter), a1 first. Throws `INVALID_FEN`
/// for garbage.
#[wasm_bindgen(js_name = boardPieces)]
pub fn board_pieces(#[wasm_bindgen(unchecked_optional_param_type = "string")] placement: &JsValue) -> Result<JsValue, JsValue> {
    let board = board_from(placement)?;
    let list = js_sys::Array::new();
    for (sq, piece) in board.pieces() {
        let mut letter = [0; 4];
        let letter: &str = piece.char().encode_utf8(&mut letter);
        list.push(&convert::object(&[("square", convert::square_name(sq)), ("piece", letter.into())]));
    }
    Ok(list.into())
}
