//! The JavaScript API: thin `#[wasm_bindgen]` exports over the Rust modules (wasm32 only).
//!
//! Every export returns `Result<_, JsValue>`: bad input throws a JS `Error` whose `code`
//! property is one of [`ErrorCode`]'s stable strings, never a wasm trap.
//!
//! Cargo features choose the exports, one wasm module each (`cargo xtask build`): `elements`
//! (`BoardWidget` alone, built without `app` as `qitong_elements.js`), `clock` (`ClockElement`
//! alone: `qitong_clock.js`), `app` (a
//! default feature: boards, games, the classroom, the play and points pages: `qitong.js`), `lessons` (`LessonPlayer`; built
//! without `app` as `qitong_lessons.js`; with `elements` as `qitong_board_lessons.js`, for a page
//! with boards and lessons), `home` (`mountHome`, the home and certificate pages:
//! `qitong_home.js`), `ladder` (`mountLadder` alone, the class ladder page: `qitong_ladder.js`) and `teacher` (`Ladder`, `pointsAward`, `Game.loadPgn`,
//! `perft`, `checkLesson`, `checkCourse`, the ladder and check pages; implies both: `qitong_teacher.js`)
//! and `computer` (`computerMove`, `newGame`, the engine alone, run in a worker: `qitong_computer.js`).

mod allocator;
#[cfg(feature = "app")]
mod app_api;
mod args;
#[cfg(feature = "elements")]
mod board;
#[cfg(feature = "app")]
mod class_api;
#[cfg(feature = "app")]
mod class_game_api;
#[cfg(feature = "clock")]
mod clock_element;
#[cfg(feature = "computer")]
mod computer;
#[cfg(feature = "elements")]
mod convert;
#[cfg(any(feature = "lessons", feature = "home"))]
mod course;
mod error;
#[cfg(feature = "app")]
mod game_api;
#[cfg(feature = "home")]
mod home;
#[cfg(feature = "ladder")]
mod ladder_page;
#[cfg(feature = "lessons")]
mod lesson;
#[cfg(feature = "teacher")]
mod lesson_check;
#[cfg(feature = "app")]
mod pages;
#[cfg(feature = "teacher")]
mod teacher_api;

#[cfg(feature = "app")]
pub use app_api::{board_pieces, mount_board};
#[cfg(feature = "elements")]
pub use board::BoardWidget;
#[cfg(feature = "app")]
pub use class_api::{level_of, points_after_game_js, JsClock};
#[cfg(feature = "app")]
pub use class_game_api::JsClassGame;
#[cfg(feature = "clock")]
pub use clock_element::ClockElement;
#[cfg(feature = "computer")]
pub use computer::{computer_move, new_game};
pub use error::{ApiError, ErrorCode};
#[cfg(feature = "app")]
pub use game_api::JsGame;
#[cfg(feature = "home")]
pub use home::{mount_home, HomePage};
#[cfg(feature = "ladder")]
pub use ladder_page::mount_ladder;
#[cfg(feature = "lessons")]
pub use lesson::LessonPlayer;
#[cfg(feature = "teacher")]
pub use lesson_check::{check_course, check_lesson};
#[cfg(feature = "teacher")]
pub use pages::mount_check;
#[cfg(feature = "app")]
pub use pages::mount_points;
#[cfg(feature = "play")]
pub use pages::{mount_play, PlayPage};
#[cfg(feature = "teacher")]
pub use teacher_api::{perft, points_award, JsLadder};

use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated: Rust panics then reach the browser console
/// with their message instead of an anonymous `unreachable` trap.
#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
    // A board's first position needs the move tables (a few milliseconds to fill): filled in a
    // task of their own, queued before the page's own start, not inside it (issue 27).
    #[cfg(any(feature = "elements", feature = "lessons"))]
    if let Some(window) = web_sys::window() {
        let fill = wasm_bindgen::closure::Closure::once_into_js(crate::rules::attacks::init);
        let _ = window.set_timeout_with_callback(fill.unchecked_ref());
    }
}
