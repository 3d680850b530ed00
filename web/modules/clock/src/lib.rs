//! `qitong_clock`: `<chess-clock>` alone, for a page with a clock. Its exports are those of the crates
//! it links; its choices are passed at its start.
#![cfg(target_arch = "wasm32")]

pub use qitong_clock_element::ClockElement;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    qitong_exports::start(None);
}
