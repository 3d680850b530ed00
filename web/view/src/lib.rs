//! 棋童's view core: what every browser view of the course is built from. A view's pure render
//! produces a [`node`] tree (tested natively), which [`markup`] writes out as HTML or
//! `dom::tree` builds into elements; [`texts`] makes a view's fixed texts an enum in both
//! languages; [`css`] minifies the stylesheets at compile time; [`choices`] holds the page-wide
//! choices (language, projector mode) and the elements' one FEN reading; [`pieces`] draws the chess
//! pieces every view shows; `dom` (wasm32 only) holds the DOM helpers the views share; [`error_code`]
//! the stable error codes of the JavaScript API, which the views choose (a refused move's code) and
//! the exports throw.
//!
//! The first crate of the web side's split by feature (issue 30, docs/crates.md): the board, the
//! lesson player, home, the pages and the computer client are to follow as crates beside it.

pub use qitong_lessons::lang;

pub mod choices;
pub mod css;
#[cfg(target_arch = "wasm32")]
pub mod dom;
pub mod error_code;
pub mod markup;
pub mod node;
pub mod pieces;
pub mod texts;
