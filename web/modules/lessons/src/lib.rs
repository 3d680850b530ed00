//! `qitong_lessons`: The lesson player for teachers' own TOML files (`<chess-lesson>`, `<chess-quiz>`
//! on a class page), with the validator's full messages. Its exports are those of the crates it links;
//! its choices are passed at its start.
#![cfg(target_arch = "wasm32")]

pub use qitong_lesson_element::LessonPlayer;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    qitong_exports::start(Some(qitong_exports::LessonForm::TEACHERS));
    qitong_lesson_element::play::<qitong_lesson_element::Every>();
    qitong_exports::fill_move_tables_soon();
}
