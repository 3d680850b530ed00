//! `vs-computer`: play a set position against the computer at a level (1-8) towards a goal —
//! checkmate, win material, promote a pawn, survive some moves, stop the computer's pawns, or
//! reach a draw — with stars by
//! the child's moves against `moves`. The machine (`machine.rs`) is pure rules: after the child's
//! move it waits for the computer's reply, which the player gets from the engine's worker and
//! sends back as `Event::Reply`. The proof that the goal is reachable against the engine's best
//! defence (`prove.rs`) is the validator's alone: the player never links the engine.

#[cfg(not(target_arch = "wasm32"))]
pub mod distance;
mod machine;
#[cfg(not(target_arch = "wasm32"))]
pub mod prove;
#[cfg(not(target_arch = "wasm32"))]
mod stubborn;
#[cfg(test)]
mod tests;
#[cfg(not(target_arch = "wasm32"))]
mod two_rooks;

use super::{Label, Start};
use crate::error::{ErrorKind, Expect};
use crate::read::Reader;
use qitong_rules::{Board, Color, Mode, Position, Role};

pub use machine::VsComputer;

/// The keys of a vs-computer step.
pub const KEYS: &[&str] = &["goal", "level", "moves", "gain", "side"];

/// The instruction shown when the step has no `prompt` (the goal line names the goal).
pub const PROMPT: Label = Label { zh: "和电脑下棋，完成目标！", en: "Play the computer and reach the goal!" };

/// The keys of a step of this kind that loads (after its `kind` line), for the table's test.
#[cfg(test)]
pub(crate) const SAMPLE: &str = "fen = \"7k/8/5K2/8/8/8/8/6Q1 w - - 0 1\"\ngoal = \"checkmate\"\nmoves = 3\n";

/// What the child plays for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Checkmate the computer's king.
    Checkmate,
    /// Be `gain` points of material (pawn 1, knight and bishop 3, rook 5, queen 9) better off
    /// than at the start, after the computer's reply (a trade is no gain).
    WinMaterial {
        #[allow(missing_docs)]
        gain: u32,
    },
    /// Promote a pawn that the computer's reply does not take at once.
    Promote,
    /// Make `moves` moves without being checkmated (a draw on the way counts too).
    Survive,
    /// Reach a draw: stalemate, a repetition (perpetual check), too little material or fifty
    /// moves. Checkmating the computer counts too.
    Draw,
    /// Stop the computer's pawns: none promotes within `moves` of the child's moves (any draw,
    /// such as the bare kings after taking the last pawn, completes at once). Unlike `draw`, it holds whatever the computer
    /// does: a draw by repetition needs the computer to repeat.
    StopPawn,
}

impl Goal {
    /// The names written in `goal = "…"`.
    pub const NAMES: [&'static str; 6] = ["checkmate", "win-piece", "promote", "survive", "draw", "stop-pawn"];

    /// The name written in `goal = "…"`.
    pub fn name(self) -> &'static str {
        Self::NAMES[match self {
            Goal::Checkmate => 0,
            Goal::WinMaterial { .. } => 1,
            Goal::Promote => 2,
            Goal::Survive => 3,
            Goal::Draw => 4,
            Goal::StopPawn => 5,
        }]
    }

    /// The goal in a child's words, with `{n}` for `moves` and `{gain}` for the material.
    pub fn label(self) -> Label {
        match self {
            Goal::Checkmate => {
                Label { zh: "目标：将死对方的王。{n} 步以内得 3 颗星。", en: "Goal: checkmate the king. 3 stars within {n} moves." }
            }
            Goal::WinMaterial { .. } => Label {
                zh: "目标：多吃对方 {gain} 分的棋子。{n} 步以内得 3 颗星。",
                en: "Goal: win {gain} points of pieces. 3 stars within {n} moves.",
            },
            Goal::Promote => Label {
                zh: "目标：让兵升变，别被吃掉。{n} 步以内得 3 颗星。",
                en: "Goal: promote a pawn and keep it. 3 stars within {n} moves.",
            },
            Goal::Survive => Label { zh: "目标：坚持 {n} 步，王不被将死。", en: "Goal: last {n} moves without being checkmated." },
            Goal::Draw => Label {
                zh: "目标：逼和或长将，下成和棋。{n} 步以内得 3 颗星。",
                en: "Goal: make it a draw (stalemate or endless checks). 3 stars within {n} moves.",
            },
            Goal::StopPawn => Label {
                zh: "目标：挡住对方的兵，{n} 步之内不让它升变。",
                en: "Goal: stop the pawn: don't let it promote for {n} moves.",
            },
        }
    }
}

/// A vs-computer step as the lesson file gives it, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The start position.
    pub start: Position,
    /// The child's side (by default the side to move; the other side moves first otherwise).
    pub side: Color,
    /// The computer's level, 1-8 (8 is full strength).
    pub level: u8,
    /// What the child plays for.
    pub goal: Goal,
    /// The child's moves for 3 stars (for `survive`, the moves to last).
    pub moves: u32,
}

impl Spec {
    /// The child's moves after which the step fails: twice the stars' limit (for `survive`,
    /// the goal itself comes first).
    pub fn most_moves(&self) -> u32 {
        self.moves.saturating_mul(2)
    }
}

/// Material in points (pawn 1, knight and bishop 3, rook 5, queen 9) of `color` on `board`.
pub fn material(board: &Board, color: Color) -> u32 {
    [(Role::Pawn, 1), (Role::Knight, 3), (Role::Bishop, 3), (Role::Rook, 5), (Role::Queen, 9)]
        .iter()
        .map(|&(role, points)| (board.by_role(role) & board.by_color(color)).count() as u32 * points)
        .sum()
}

/// `side`'s material minus the other side's.
pub fn balance(board: &Board, side: Color) -> i64 {
    i64::from(material(board, side)) - i64::from(material(board, !side))
}

pub(crate) fn load(r: &mut Reader, start: &Start) -> Option<Spec> {
    let goal_name = r.str("goal").map(str::trim);
    let level = r.opt_int("level", 1, 8);
    if r.get("moves").is_none() {
        r.missing("moves");
    }
    let moves = r.opt_int("moves", 1, 100);
    let gain = r.opt_int("gain", 1, 39);
    let side = match r.opt_str("side").map(str::trim) {
        None => None,
        Some(name) => match Color::ALL.into_iter().find(|c| c.name() == name) {
            Some(color) => Some(color),
            None => {
                r.bad_value("side", r.line_of("side"), name, Expect::Turn);
                return None;
            }
        },
    };
    let goal = match goal_name? {
        "checkmate" => Goal::Checkmate,
        "win-piece" => Goal::WinMaterial { gain: gain.map_or(3, |g| g as u32) },
        "promote" => Goal::Promote,
        "survive" => Goal::Survive,
        "draw" => Goal::Draw,
        "stop-pawn" => Goal::StopPawn,
        other => {
            r.bad_value("goal", r.line_of("goal"), other, Expect::Goal);
            return None;
        }
    };
    let start = start.scene.position?;
    let side = side.unwrap_or(start.turn());
    // A game against the computer needs both kings (no drill positions).
    if start.mode() == Mode::Drill || Color::ALL.iter().any(|&c| start.king_of(c).is_none()) {
        r.report(r.line_of("fen"), ErrorKind::NeedsKings);
        return None;
    }
    if !start.has_legal_moves() {
        r.report(r.line_of("fen"), ErrorKind::NoLegalMoves);
        return None;
    }
    if goal == Goal::Promote && (start.board().pawns() & start.board().by_color(side)).is_empty() {
        r.report(r.line_of("goal"), ErrorKind::NoPawnToPromote);
        return None;
    }
    Some(Spec { start, side, level: level.map_or(1, |l| l as u8), goal, moves: moves? as u32 })
}
