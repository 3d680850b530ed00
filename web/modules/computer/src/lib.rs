//! `qitong_computer`: The computer opponent's search alone, run by `www/computer-worker.js` off the
//! page's thread. Its exports are those of the crates it links; its choices are passed at its start.
#![cfg(target_arch = "wasm32")]

pub use qitong_computer_move::{computer_move, new_game};

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    qitong_exports::start(None);
}
