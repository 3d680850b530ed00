//! `qitong`: The students' app: the board and clock, `Game`, `ClassGame`, `Clock`, `mountBoard`, the
//! play and points pages. Its exports are those of the crates it links; its choices are passed at its
//! start.
#![cfg(target_arch = "wasm32")]

pub use qitong_app_api::{board_pieces, level_of, mount_board, mount_points, points_after_game_js, JsClassGame, JsClock, JsGame};
pub use qitong_board_element::BoardWidget;
pub use qitong_clock_element::ClockElement;
pub use qitong_play_api::{mount_play, PlayPage};

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    qitong_exports::start(None);
    qitong_exports::fill_move_tables_soon();
}
