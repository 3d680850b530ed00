//! The JavaScript API: thin `#[wasm_bindgen]` exports over the Rust modules (wasm32 only).
//!
//! Every export returns `Result<_, JsValue>`: bad input throws a JS `Error` whose `code`
//! property is one of [`ErrorCode`]'s stable strings, never a wasm trap.
//!
//! The lesson player (`LessonPlayer`) exists only with the cargo feature `lessons` (module
//! `qitong_lessons.js`); the teacher pages' exports (`Ladder`, `pointsAward`, `Game.loadPgn`,
//! `perft`) only with `teacher`, which implies `lessons` (module `qitong_teacher.js`).

mod allocator;
mod board;
mod class_api;
mod class_game_api;
mod convert;
mod error;
mod game_api;
#[cfg(feature = "lessons")]
mod lesson;
#[cfg(feature = "teacher")]
mod teacher_api;

pub use board::BoardWidget;
#[cfg(feature = "lessons")]
pub use lesson::LessonPlayer;
pub use error::{ApiError, ErrorCode};
pub use class_api::{level_of, points_after_game_js, JsClock};
pub use class_game_api::JsClassGame;
pub use game_api::JsGame;
#[cfg(feature = "teacher")]
pub use teacher_api::{perft, points_award, JsLadder};

use crate::rules::Board;
use crate::ui::board_view;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Runs once when the module is instantiated: Rust panics then reach the browser console
/// with their message instead of an anonymous `unreachable` trap.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// The board of a FEN placement field, or the start position when there is none.
fn board_from(placement: Option<String>) -> Result<Board, ApiError> {
    match placement {
        Some(fen) => Ok(Board::from_placement(fen.trim())?),
        None => Ok(Board::start()),
    }
}

/// `mountBoard(element, placement?)`: draws the board of a FEN placement field (default: the
/// start position) into `element`, replacing its content. Throws `INVALID_FEN` for a placement
/// that cannot be read and `NOT_AN_ELEMENT` when `element` is not a DOM element.
#[wasm_bindgen(js_name = mountBoard)]
pub fn mount_board(element: JsValue, placement: Option<String>) -> Result<(), JsValue> {
    let board = board_from(placement)?;
    let container = element
        .dyn_into::<web_sys::Element>()
        .map_err(|_| ApiError::new(ErrorCode::NotAnElement, "mountBoard needs a DOM element to draw the board in"))?;
    board_view::mount_board(&container, &board)
}

/// `boardPieces(placement?)`: the pieces of a FEN placement field (default: the start position)
/// as an array of `{ square: "e1", piece: "K" }` (FEN letter), a1 first. Throws `INVALID_FEN`
/// for garbage.
#[wasm_bindgen(js_name = boardPieces)]
pub fn board_pieces(placement: Option<String>) -> Result<JsValue, JsValue> {
    let board = board_from(placement)?;
    let list = js_sys::Array::new();
    for (sq, piece) in board.pieces() {
        let mut letter = [0; 4];
        let letter: &str = piece.char().encode_utf8(&mut letter);
        list.push(&convert::object(&[("square", convert::square_name(sq)), ("piece", letter.into())]));
    }
    Ok(list.into())
}
