//! `qitong_ladder`: The class ladder page alone (ladder.html). Its exports are those of the crates it
//! links; its choices are passed at its start.
#![cfg(target_arch = "wasm32")]

pub use qitong_ladder_api::mount_ladder;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    qitong_exports::start(None);
}
