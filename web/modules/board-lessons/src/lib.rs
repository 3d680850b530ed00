//! `qitong_board_lessons`: `<chess-board>` and the lesson player sharing one copy of the rules and of
//! the board, for a class page with both; problems by their place (the teacher reads why on
//! check.html). Its exports are those of the crates it links; its choices are passed at its start.
#![cfg(target_arch = "wasm32")]

pub use qitong_board_element::BoardWidget;
pub use qitong_lesson_element::LessonPlayer;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    qitong_exports::start(Some(qitong_exports::LessonForm::TEACHERS_BY_PLACE));
    qitong_lesson_element::play::<qitong_lesson_element::Every>();
    qitong_exports::fill_move_tables_soon();
}
