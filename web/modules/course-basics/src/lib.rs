//! `qitong_course_basics`: `qitong_course` with only the course's basic step kinds: what lesson.html
//! loads first (issue 27). Its exports are those of the crates it links; its choices are passed at its
//! start.
#![cfg(target_arch = "wasm32")]

pub use qitong_lesson_element::LessonPlayer;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    qitong_exports::start(Some(qitong_exports::LessonForm::SITE));
    qitong_lesson_element::play::<qitong_lesson_element::Basics>();
    qitong_exports::fill_move_tables_soon();
}
