//! The views' one way to the computer opponent — the board's `opponent="computer"`, the play
//! page and the lesson player's vs-computer steps all ask through it: a port over the
//! `{ computerMove }` a page's JS shell hands in (`www/qitong-computer.js`, whose worker runs the
//! engine), so that no view links the search and a page that never plays the computer never
//! loads it. Each asker has one question open at a time (asking again or cancelling voids the
//! one before, by its number and its `AbortSignal`), never another asker's, and a failure comes
//! back as a typed code. The question is made here from the game's positions, once for every
//! asker (the board, the play page, the lesson player).
//!
//! The question, the answer and the error are plain Rust (tested natively); the port (`Computer`)
//! exists only on wasm32. A crate of the web side's split by feature (issue 30, docs/crates.md),
//! below the board, the lesson player and the play page, which all use it.

#[cfg(target_arch = "wasm32")]
mod port;
#[cfg(target_arch = "wasm32")]
pub use port::Computer;

use qitong_rules::Position;

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

impl MoveRequest {
    /// The question for the move after a game's `positions` (oldest first, the one to move in
    /// last): its FEN, and the earlier ones so that the computer sees repetitions. `None` for a
    /// game without positions.
    pub fn after(positions: &[Position], level: u8, seed: u32, movetime_ms: Option<f64>) -> Option<MoveRequest> {
        let (now, earlier) = positions.split_last()?;
        Some(MoveRequest { fen: now.fen(), level, seed, movetime_ms, history: earlier.iter().map(Position::fen).collect() })
    }
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
    /// The question was cancelled (by a page-wide `cancelComputer()`: an asker's own cancelled
    /// questions are never answered).
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
    /// The codes the JS port rejects with (`www/qitong-computer.js`; a test holds its file to
    /// these), all but `Other`.
    pub const ALL: [ComputerErrorCode; 4] =
        [ComputerErrorCode::Cancelled, ComputerErrorCode::WorkerError, ComputerErrorCode::Timeout, ComputerErrorCode::GameOver];

    /// The code as the JS port writes it (`Other`: the empty text, which no rejection has).
    pub const fn as_str(self) -> &'static str {
        match self {
            ComputerErrorCode::Cancelled => "CANCELLED",
            ComputerErrorCode::WorkerError => "WORKER_ERROR",
            ComputerErrorCode::Timeout => "TIMEOUT",
            ComputerErrorCode::GameOver => "GAME_OVER",
            ComputerErrorCode::Other => "",
        }
    }

    /// The code of the JS port's rejection (`www/qitong-computer.js`).
    pub fn from_code(code: &str) -> ComputerErrorCode {
        ComputerErrorCode::ALL.into_iter().find(|c| c.as_str() == code).unwrap_or(ComputerErrorCode::Other)
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
                js_code: ComputerErrorCode::WorkerError.as_str().into(),
                message: "the computer's answer had no move".into(),
            }),
        }
    }
}

impl ComputerError {
    /// From a rejection's `code` and `message`. One without a code (a module that could not be
    /// imported, a thrown TypeError) is the worker's failure.
    pub fn from_rejection(code: Option<String>, message: Option<String>) -> ComputerError {
        let js_code = code.unwrap_or_else(|| ComputerErrorCode::WorkerError.as_str().into());
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
        assert_eq!(ComputerErrorCode::from_code(""), ComputerErrorCode::Other);
    }

    /// Every code the JS port rejects with of its own (`fail('…'` and `codedError('…'`) is one of
    /// ours, and each of ours is one it uses: a code renamed on one side fails here.
    #[test]
    fn the_js_port_rejects_with_our_codes_only() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/qitong-computer.js");
        let js = std::fs::read_to_string(path).expect("www/qitong-computer.js");
        let mut used: Vec<&str> = ["fail('", "codedError('"]
            .iter()
            .flat_map(|call| js.match_indices(call).filter_map(|(at, call)| js[at + call.len()..].split('\'').next()))
            .collect();
        used.sort_unstable();
        used.dedup();
        let mut ours: Vec<&str> = ComputerErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        ours.sort_unstable();
        // GAME_OVER comes from the engine's own export (an `ErrorCode`), through the worker.
        ours.retain(|c| *c != "GAME_OVER");
        assert_eq!(used, ours);
    }

    #[test]
    fn a_question_is_made_from_the_games_positions() {
        assert_eq!(MoveRequest::after(&[], 3, 1, None), None);
        let start = Position::new();
        let e4 = "e2e4".parse().ok().and_then(|uci| start.move_from_uci(&uci).ok()).expect("e2e4");
        let after_e4 = start.play_unchecked(&e4);
        let request = MoveRequest::after(&[start, after_e4], 3, 7, Some(400.0)).expect("two positions");
        assert_eq!(request.fen, after_e4.fen());
        assert_eq!(request.history, [start.fen()], "the earlier positions, oldest first, without the current one");
        assert_eq!((request.level, request.seed, request.movetime_ms), (3, 7, Some(400.0)));
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
