//! `qitong_teacher`: The teacher pages' module: the app's exports but the play page, the lesson player,
//! the home page, the ladder page and the teacher exports, with the validator's full messages. Its
//! exports are those of the crates it links; its choices are passed at its start.
#![cfg(target_arch = "wasm32")]

pub use qitong_app_api::{board_pieces, level_of, mount_board, mount_points, points_after_game_js, JsClassGame, JsClock, JsGame};
pub use qitong_board_element::BoardWidget;
pub use qitong_clock_element::ClockElement;
pub use qitong_home_page::{mount_home, HomePage};
pub use qitong_ladder_api::mount_ladder;
pub use qitong_lesson_element::LessonPlayer;
pub use qitong_teacher_api::{check_course, check_lesson, mount_check, perft, points_award, JsLadder};

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    qitong_exports::start(Some(qitong_exports::LessonForm::TEACHERS));
    qitong_lesson_element::play::<qitong_lesson_element::Every>();
    qitong_exports::fill_move_tables_soon();
}
