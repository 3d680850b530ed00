//! `qitong_board_lessons_basics`: `qitong_board_lessons` with only the basic step kinds: what a class
//! page with a board and a lesson element starts with. Its exports are those of the crates it links;
//! its choices are passed at its start.
#![cfg(target_arch = "wasm32")]

pub use qitong_board_element::BoardWidget;
pub use qitong_lesson_element::LessonPlayer;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    qitong_exports::start(Some(qitong_exports::LessonForm::TEACHERS_BY_PLACE));
    qitong_lesson_element::play::<qitong_lesson_element::Basics>();
    qitong_exports::fill_move_tables_soon();
}
