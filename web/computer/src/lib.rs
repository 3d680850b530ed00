//! The views' one way to the computer opponent — the board's `opponent="computer"`, the play
//! page and the lesson player's vs-computer steps all ask through it: a port over the
//! `{ computerMove }` a page's JS shell hands in (`www/qitong-computer.js`, whose worker runs the
//! engine), so that no view links the search and a page that never plays the computer never
//! loads it. Each asker cancels its own questions only (a question id and an `AbortSignal` each),
//! and a failure comes back as a typed code.
//!
//! The question, the answer and the error are plain Rust (tested natively); the port (`Computer`)
//! exists only on wasm32. A crate of the web side's split by feature (issue 30, docs/crates.md),
//! below the board, the lesson player and the play page, which all use it.

#[cfg(target_arch = "wasm32")]
mod port;
#[cfg(target_arch = "wasm32")]
pub use port::Computer;

/// A question for the computer: its move in `fen` at `level` (1–8).
#[derive(Debug, Clone, PartialEq)]
pub struct MoveRequest {
    pub fen: String,
    pub level: u8,
    /// The same seed, position and history give the same move at the node-limited levels 1–7.
    pub seed: u32,
    /// `None`: the level's own thinking time.
    pub movetime_ms: Option<f64>,
    /// The FENs of the game's earlier positions, oldest first (repetitions).
    pub history: Vec<String>,
}

/// The computer's move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputerReply {
    pub uci: String,
    pub san: String,
}

/// Why the computer gave no move, as the JS port's `code` says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ComputerErrorCode {
    /// The question was cancelled (by its asker, or by a page-wide `cancelComputer()`).
    Cancelled,
    /// The worker or the engine's module could not load, or answered nonsense.
    WorkerError,
    /// No answer within the port's time limit (a stalled download).
    Timeout,
    /// The position has no move (checkmate or stalemate).
    GameOver,
    /// Any other code: a port of the page's own that refused the question.
    Other,
}

impl ComputerErrorCode {
    /// The code of the JS port's rejection (`www/qitong-computer.js`).
    pub fn from_code(code: &str) -> ComputerErrorCode {
        match code {
            "CANCELLED" => ComputerErrorCode::Cancelled,
            "WORKER_ERROR" => ComputerErrorCode::WorkerError,
            "TIMEOUT" => ComputerErrorCode::Timeout,
            "GAME_OVER" => ComputerErrorCode::GameOver,
            _ => ComputerErrorCode::Other,
        }
    }
}

/// Why there is no move: the code and the JS error's code and message as they came.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputerError {
    pub code: ComputerErrorCode,
    /// The JS error's own `code` (for the console).
    pub js_code: String,
    pub message: String,
}

impl ComputerReply {
    /// From an answer's `uci` and `san`: without both, the computer's answer had no move.
    pub fn from_answer(uci: Option<String>, san: Option<String>) -> Result<ComputerReply, ComputerError> {
        match (uci, san) {
            (Some(uci), Some(san)) => Ok(ComputerReply { uci, san }),
            _ => Err(ComputerError {
                code: ComputerErrorCode::WorkerError,
                js_code: "WORKER_ERROR".into(),
                message: "the computer's answer had no move".into(),
            }),
        }
    }
}

impl ComputerError {
    /// From a rejection's `code` and `message`. One without a code (a module that could not be
    /// imported, a thrown TypeError) is the worker's failure.
    pub fn from_rejection(code: Option<String>, message: Option<String>) -> ComputerError {
        let js_code = code.unwrap_or_else(|| "WORKER_ERROR".into());
        ComputerError {
            code: ComputerErrorCode::from_code(&js_code),
            js_code,
            message: message.unwrap_or_else(|| "the computer could not answer".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ports_codes_are_typed() {
        assert_eq!(ComputerErrorCode::from_code("CANCELLED"), ComputerErrorCode::Cancelled);
        assert_eq!(ComputerErrorCode::from_code("WORKER_ERROR"), ComputerErrorCode::WorkerError);
        assert_eq!(ComputerErrorCode::from_code("TIMEOUT"), ComputerErrorCode::Timeout);
        assert_eq!(ComputerErrorCode::from_code("GAME_OVER"), ComputerErrorCode::GameOver);
        assert_eq!(ComputerErrorCode::from_code("REFUSED"), ComputerErrorCode::Other);
        assert_eq!(ComputerErrorCode::from_code("cancelled"), ComputerErrorCode::Other, "codes are exact");
    }

    #[test]
    fn an_answer_needs_both_forms_of_its_move() {
        let reply = ComputerReply::from_answer(Some("e2e4".into()), Some("e4".into()));
        assert_eq!(reply, Ok(ComputerReply { uci: "e2e4".into(), san: "e4".into() }));
        let error = ComputerReply::from_answer(Some("e2e4".into()), None).expect_err("no san");
        assert_eq!((error.code, error.js_code.as_str()), (ComputerErrorCode::WorkerError, "WORKER_ERROR"));
    }

    #[test]
    fn a_rejection_without_a_code_is_the_workers_failure() {
        let error = ComputerError::from_rejection(None, None);
        assert_eq!(
            (error.code, error.js_code.as_str(), error.message.as_str()),
            (ComputerErrorCode::WorkerError, "WORKER_ERROR", "the computer could not answer")
        );
        let error = ComputerError::from_rejection(Some("TIMEOUT".into()), Some("no answer in 30 s".into()));
        assert_eq!((error.code, error.js_code.as_str(), error.message.as_str()), (ComputerErrorCode::Timeout, "TIMEOUT", "no answer in 30 s"));
    }
}
