//! Browser views of the course. What a view shows is decided by plain Rust (unit-tested
//! natively); only the `*_view` modules and `board_widget` touch the DOM, and they exist only on
//! wasm32.

pub mod board_class_play;
pub mod board_config;
pub mod board_fit;
pub mod board_game;
pub mod board_journal;
pub mod board_markup;
pub mod board_render;
pub mod board_shapes;
pub mod board_state;
pub mod board_tools;
pub mod board_words;
pub mod lesson_answers;
pub mod lesson_board;
pub mod lesson_node;
pub mod lesson_present;
pub mod lesson_render;
pub mod lesson_saving;
pub mod lesson_state;
pub mod lesson_words;
pub mod ladder_state;
pub mod ladder_store;
pub mod ladder_words;
pub mod clock_state;
pub mod home_render;
pub mod home_state;
pub mod pieces;
pub mod play_saved;
pub mod play_words;
pub mod points_words;
pub mod words;

/// The board's DOM side: only in the wasm modules with the `app` feature.
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod board_view;
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod board_widget;
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod clock_widget;
/// The home page and certificates in the browser (the lessons module).
#[cfg(all(target_arch = "wasm32", feature = "lessons"))]
pub mod home_view;
/// The lesson player's DOM glue: only in the wasm modules with the `lessons` feature.
#[cfg(all(target_arch = "wasm32", feature = "lessons"))]
pub mod lesson_player;
/// The class ladder page: only in the teacher module.
#[cfg(all(target_arch = "wasm32", feature = "teacher"))]
pub mod ladder_view;
#[cfg(all(target_arch = "wasm32", any(feature = "app", feature = "lessons")))]
pub mod listen;
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod page_dom;
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod play_view;
#[cfg(all(target_arch = "wasm32", feature = "app"))]
pub mod points_view;

pub use board_markup::{board_markup, display_order};
pub use pieces::piece_svg;
