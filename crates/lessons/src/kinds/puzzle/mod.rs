//! `puzzle`: the child moves and the other side answers, towards a goal — give check, checkmate,
//! win material or keep every piece — within one or two of the child's moves. The other side's
//! replies come from an exhaustive search of at most four plies (`search.rs`): the most stubborn
//! one. A wrong move is explained with that reply and taken back (`machine.rs`). The validator
//! also proves every accepted move against the engine's best defence (`prove.rs`).

mod machine;
#[cfg(not(target_arch = "wasm32"))]
pub mod prove;
mod search;
#[cfg(test)]
mod tests;

use super::special_move::legal_move;
use super::{Label, Start};
use crate::error::{ErrorKind, Expect};
use crate::read::Reader;
use qitong_rules::{Move, Position};

pub use machine::Puzzle;
pub use search::{points, Search};

/// The keys of a puzzle step.
pub const KEYS: &[&str] = &["goal", "moves", "value", "also"];

/// The instruction shown when the step has no `prompt` and the goal has none of its own (every
/// goal has: see [`Goal::prompt`]).
pub const PROMPT: Label = Label { zh: "解开谜题，完成目标！", en: "Solve the puzzle: reach the goal!" };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "fen = \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\ngoal = \"mate\"\n";

/// What the child plays for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Give check.
    Check,
    /// Checkmate.
    Mate,
    /// Be `value` points of material better off than at the start once the other side has
    /// answered (pawn 1, knight and bishop 3, rook 5, queen 9); a mate wins everything.
    Win {
        #[allow(missing_docs)]
        value: u32,
    },
    /// Lose nothing: `Win` with a value of 0.
    Safe,
}

impl Goal {
    /// The name written in `goal = "…"`.
    pub fn name(self) -> &'static str {
        match self {
            Goal::Check => "check",
            Goal::Mate => "mate",
            Goal::Win { .. } => "win",
            Goal::Safe => "safe",
        }
    }

    /// The points the child must be up at the end (check and mate: none; a mate is enough).
    pub fn need(self) -> i32 {
        match self {
            Goal::Win { value } => value as i32,
            _ => 0,
        }
    }

    /// The goal line beside the board, with `{value}` for the points to win and `{left}` for
    /// the child's moves left.
    pub fn label(self) -> Label {
        match self {
            Goal::Check => Label { zh: "目标：将军！· 你还能走 {left} 步", en: "Goal: give check! · Moves left: {left}" },
            Goal::Mate => {
                Label { zh: "目标：将死对方的王！· 你还能走 {left} 步", en: "Goal: checkmate the king! · Moves left: {left}" }
            }
            Goal::Win { .. } => {
                Label { zh: "目标：多赢 {value} 分！· 你还能走 {left} 步", en: "Goal: win {value} points! · Moves left: {left}" }
            }
            Goal::Safe => {
                Label { zh: "目标：一个棋子也不丢！· 你还能走 {left} 步", en: "Goal: don't lose a piece! · Moves left: {left}" }
            }
        }
    }

    /// The instruction shown when the step has no `prompt`, for `moves` of the child's moves.
    pub fn prompt(self, moves: u32) -> Label {
        match (self, moves) {
            (Goal::Check, 1) => Label { zh: "走一步，将军！", en: "Give check in one move!" },
            (Goal::Check, _) => Label { zh: "两步之内将军！", en: "Give check in two moves!" },
            (Goal::Mate, 1) => Label { zh: "一步将杀！", en: "Checkmate in one move!" },
            (Goal::Mate, _) => Label { zh: "两步将杀！", en: "Checkmate in two moves!" },
            (Goal::Win { .. }, _) => Label { zh: "吃子赢分，别被吃回去！", en: "Win material, and don't lose it back!" },
            (Goal::Safe, _) => Label { zh: "你的棋子被攻击了：让它安全！", en: "Your piece is attacked: make it safe!" },
        }
    }
}

/// A puzzle as the lesson file gives it, checked by search.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The start; the child is the side to move.
    pub start: Position,
    /// What the child plays for.
    pub goal: Goal,
    /// The child's moves, 1 or 2.
    pub moves: u32,
    /// First moves the search does not accept but the engine proves meet the goal another way
    /// (`also = ["d1e2"]`, checked by the validator): praised, then the asked way is requested.
    pub also: Vec<Move>,
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let goal_name = r.str("goal").map(str::trim);
    let moves = match r.get("moves") {
        Some(_) => r.opt_int("moves", 1, 2)? as u32,
        None => 1,
    };
    let value = r.opt_int("value", 1, 39);
    let goal = match goal_name? {
        "check" => Goal::Check,
        "mate" => Goal::Mate,
        "win" => Goal::Win { value: value.map_or(1, |v| v as u32) },
        "safe" => Goal::Safe,
        other => {
            r.bad_value("goal", r.line_of("goal"), other, Expect::PuzzleGoal);
            return None;
        }
    };
    if r.get("value").is_some() && !matches!(goal, Goal::Win { .. }) {
        r.report(r.line_of("value"), ErrorKind::ValueNeedsWin { goal: goal.name() });
        return None;
    }
    let start = start.scene.position?;
    let also: Vec<Move> = r.moves("also").into_iter().filter_map(|(uci, line)| legal_move(r, "also", line, &start, uci)).collect();
    if !start.has_legal_moves() {
        r.report(r.line_of("fen"), ErrorKind::NoLegalMoves);
        return None;
    }
    let search = Search::new(goal);
    let line = r.line_of("goal");
    if search.met_at_start(&start) {
        r.report(line, ErrorKind::PuzzleGoalMet { goal: goal.name() });
    } else if !search.solvable(&start, moves) {
        r.report(line, ErrorKind::PuzzleUnsolvable { goal: goal.name(), moves });
    } else if moves == 2 && search.solvable(&start, 1) {
        r.report(r.line_of("moves"), ErrorKind::PuzzleShorter { goal: goal.name() });
    } else {
        return Some(Spec { start, goal, moves, also });
    }
    None
}
