//! The lesson player behind `<chess-lesson>` and `<chess-quiz>`: its state (`state`), what it
//! draws (`render`, `node`, `present` for projector mode, `reveal` and `replay` for its answers), what its board shows and allows
//! (`steer`, for the board widget), what it is asked to do (`action`, typed messages from
//! buttons, keys and drags), how it words answers (`answers`, `words`), each step kind's own
//! view (`kinds`, a file per kind), the elements' public API (`api`) and its DOM glue (`player`,
//! the lessons module only).

pub mod action;
pub mod answers;
pub mod api;
pub mod kinds;
pub mod lesson_form;
#[cfg(target_arch = "wasm32")]
pub mod player;
pub mod present;
pub mod render;
pub mod replay;
pub mod reveal;
// Whether and how the progress is kept is the player state's (`state::saving`).
pub use state::saving;
pub mod state;
pub mod steer;
pub mod words;
