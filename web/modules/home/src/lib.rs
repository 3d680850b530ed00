//! `qitong_home`: The home page's and the certificates' course map, from the site's compiled course
//! index. Its exports are those of the crates it links; its choices are passed at its start.
#![cfg(target_arch = "wasm32")]

pub use qitong_home_page::{mount_home, HomePage};

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    qitong_exports::start(Some(qitong_exports::LessonForm::SITE));
}
