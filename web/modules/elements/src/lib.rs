//! `qitong_elements`: `<chess-board>` alone: what a class site's page with an embedded board downloads.
//! Its exports are those of the crates it links; its choices are passed at its start.
#![cfg(target_arch = "wasm32")]

pub use qitong_board_element::BoardWidget;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    qitong_exports::start(None);
    qitong_exports::fill_move_tables_soon();
}
