//! 棋童's computer opponent: a chess engine on the rules crate's own move generator, with eight
//! levels a child understands. No I/O: time comes from a [`Clock`] the caller passes, and a
//! search is stopped through an `AtomicBool`, so the same code runs natively (the UCI front
//! end, [`uci`]) and in a browser's worker.
//!
//! ```
//! use core::sync::atomic::AtomicBool;
//! use qitong_engine::{Engine, Level, NoClock, SearchLimits};
//! use qitong_rules::Game;
//!
//! let mut engine = Engine::new(1);
//! let game = Game::new();
//! let stop = AtomicBool::new(false);
//! let answer = engine.best_move(&game, &SearchLimits::depth(3), Level::MAX, 7, &NoClock, &stop);
//! assert!(answer.is_ok_and(|r| game.position().is_legal(&r.best)));
//! ```

mod choice;
mod engine;
pub mod eval;
mod level;
mod limits;
mod ordering;
mod pst;
mod rng;
mod score;
mod search;
mod tt;
pub mod uci;

pub use engine::{Engine, Job, SearchError, SearchResult};
pub use level::{Level, ParseLevelError, Style};
pub use limits::{Clock, NoClock, SearchLimits};
pub use rng::Rng;
pub use score::Score;
pub use tt::DEFAULT_MB;
