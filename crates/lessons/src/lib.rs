//! Lessons: the course format (TOML files teachers write; see `lessons/FORMAT.md`), its loader
//! and validator, the exercise engine (one state machine per step kind, fed by the player's
//! events, answering with feedback to render), and the child's progress. Pure Rust: no browser.
//!
//! ```
//! use qitong_lessons::{Course, Event, Exercise, Grade, Progress};
//!
//! let files = |name: &str| match name {
//!     "course.toml" => Some("title = { zh = \"棋童\", en = \"Qitong\" }\n[[stage]]\nid = \"rook\"\ntitle = { zh = \"车\", en = \"Rook\" }\nlessons = [\"stars\"]\n".to_string()),
//!     "rook/stars.toml" => Some("title = { zh = \"吃星星\", en = \"Stars\" }\n[[step]]\nkind = \"star-drill\"\ndrill = true\nfen = \"8/8/8/8/8/8/8/R7\"\nstars = [\"a5\", \"e5\"]\n".to_string()),
//!     _ => None,
//! };
//! let course = Course::load(files).unwrap();
//! let entry = &course.stages[0].lessons[0];
//! let lesson = entry.lesson.as_ref().unwrap();
//! let mut exercise = Exercise::new(&lesson.steps[0]);
//! let a1 = "a1".parse().unwrap();
//! let a5 = "a5".parse().unwrap();
//! let e5 = "e5".parse().unwrap();
//! exercise.handle(&Event::Move { from: a1, to: a5, promotion: None });
//! let feedback = exercise.handle(&Event::Move { from: a5, to: e5, promotion: None });
//! assert_eq!((feedback.grade, feedback.stars), (Grade::Complete, Some(3)));
//! let mut progress = Progress::new();
//! progress.record(entry.key(), 0, feedback.stars);
//! assert_eq!(course.stage_stars(&progress, 0), (3, 3));
//! assert_eq!(Progress::from_code(&course, &progress.to_code(&course)), Ok(progress));
//! ```

#![warn(missing_docs)]
mod course;
mod error;
mod feedback;
pub mod handout;
#[cfg(not(target_arch = "wasm32"))]
mod hints;
mod index;
pub mod kinds;
pub mod lang;
mod messages;
mod model;
mod progress;
mod progress_code;
#[cfg(not(target_arch = "wasm32"))]
pub mod proven;
mod read;
mod scene;
#[cfg(not(target_arch = "wasm32"))]
pub mod teaching;
mod text;
mod validate;
pub mod words;

pub use crate::lang::Lang;
pub use course::{Course, LessonEntry, Stage, COURSE_FILE};
pub use error::{ErrorKind, Expect, LessonError, ValidationError};
pub use feedback::{stars_for_mistakes, stars_for_moves, Event, Feedback, Grade, Said, Status, Verdict};
pub use index::{Outline, INDEX_FILE};
pub use kinds::{Basics, Every, Exercise, Kind, KindSet, Label, Machine, Needs, Step, StepKind, KINDS};
pub use model::{id_from_file, Lesson, ReadDocument, MAX_FILE_BYTES, MAX_PLAYED_BYTES};
pub use progress::{backup_key, Progress, Recovered, ResetNote, MAX_BACKUPS, PROGRESS_FORMAT, PROGRESS_VERSION, STORAGE_KEY};
pub use progress_code::CodeError;
pub use read::{Problems, MAX_PROBLEMS};
pub use scene::Scene;
pub use text::{Line, Text};
#[cfg(not(target_arch = "wasm32"))]
pub use validate::{read_file, validate_dir};
pub use validate::{validate_course, validate_lesson, validate_parsed};
pub use words::Code;
