//! `qitong_course`: The lesson player of the site's own course (lesson.html): it reads the compiled
//! lesson files the site ships, so it has no TOML reader, and shows a problem by its place. Its exports
//! are those of the crates it links; its choices are passed at its start.
#![cfg(target_arch = "wasm32")]

pub use qitong_lesson_element::LessonPlayer;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    qitong_exports::start(Some(qitong_exports::LessonForm::SITE));
    qitong_lesson_element::play::<qitong_lesson_element::Every>();
    qitong_exports::fill_move_tables_soon();
}
