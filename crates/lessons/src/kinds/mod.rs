//! The step kinds, all in one table below: a row per kind (its name in lesson files, its
//! variant of `StepKind` and `Exercise`, its module and machine, its loader, what it needs of
//! the board, whether it earns stars, whether the child moves pieces, whether the child acts on
//! the board at all, and what the child does in zh and en). The table (`for_each_kind!`) makes
//! `KINDS`, `StepKind`, `Exercise` and the loader's dispatch, and the lesson player's dispatch to
//! each kind's view (`web/lesson/src/kinds/`).
//!
//! To add a kind: write its module — `KEYS` (its own keys), `PROMPT` (the default instruction, or
//! `Label::NONE`), `SAMPLE` (a step that loads, for the test), `Spec` (what the lesson file says,
//! checked), `load(r, start)` and a machine implementing `Machine`: `new`, `position`, `spec` and
//! `status` (`spec_and_status_fields!()` for fields of those names), and `play` for moves or
//! `react` for other events; `handle`, `retry` and `answer_events` have defaults — then add its
//! `mod` line and its row, whose group says whether the basics modules play it (`basics`: used
//! by the board, set-up or piece stages; else `more`, see `Kind::basic` and `KindSet`) — and its view,
//! `web/lesson/src/kinds/<module>.rs` (`KindView`). No other code lists the kinds (the teachers'
//! `FORMAT.md` §4 shows the labels, and the test checks it does; its §7 lists a new kind's files,
//! and `tests/kinds_in_one_place.rs` checks no other file names a kind's `Exercise` variant).
//! The test `every_row_loads_validates_and_is_labelled` shows that a row is complete; `cargo
//! xtask codegen` lists the kinds for the browser tests (`tests/e2e/kinds.json`), where `lesson_kinds_shown.test.mjs` wants the new kind's case and its example lesson
//! (`lessons/examples/<kind>.toml`).
//!
//! Imports go one way: the kinds use `read`, `scene`, `error`, `feedback` and `text`; the
//! lesson loader (`model.rs`) uses the kinds; no kind module imports the loader.

/// `spec` and `status` for a machine that keeps them in fields of those names (most do).
macro_rules! spec_and_status_fields {
    () => {
        fn spec(&self) -> &Self::Spec {
            &self.spec
        }

        fn status(&self) -> Status {
            self.status
        }
    };
}

pub mod class_play;
pub mod class_vote;
pub mod demo;
pub mod escape_check;
pub mod find_moves;
pub mod legal_or_not;
pub mod mate_in_one;
pub mod paint;
pub mod points;
pub mod puzzle;
pub mod quiz;
pub mod reading;
pub mod setup_board;
pub mod special_move;
pub mod stalemate;
pub mod star_drill;
pub mod tap_squares;
pub mod vs_computer;
pub mod write_san;

mod drill_mover;
mod drill_search;
mod kind_set;
mod left_out;
mod paint_search;
pub mod rhyme;
mod step;
#[macro_use]
mod table;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
pub(crate) mod testing;

use crate::feedback::{Event, Feedback, Status};
use crate::read::Reader;
use crate::words::Code;
pub use kind_set::{Basics, Every, Kept, KindSet};
pub use left_out::LeftOut;
use qitong_rules::{Position, Role, Square};
pub use step::Step;
pub(crate) use step::{read_step, Start};
pub use table::{Kind, Label, Needs};

/// The one table of kinds: calls `$callback! { rows }` with its rows, for `kind_table!` here and
/// for whatever else goes kind by kind from the same rows (the lesson player's views forward each
/// `Exercise` to its kind's view with it, `web/lesson/src/kinds/`), so that no other file lists the
/// kinds.
#[macro_export]
macro_rules! for_each_kind {
    ($callback:ident) => {
        $callback! {
            // name              => Variant(module::Machine,            loader,         needs,              scored, moves, acts,  zh label, en label) group;
            "verse"              => Verse(reading::Reading,             load_verse,     OptionalBoard,      false,  false, false, "读口诀（有拼音），按“下一步”", "reads a verse (with pinyin), presses next") basics;
            "narration"          => Narration(reading::Reading,         load_narration, OptionalBoard,      false,  false, false, "读讲解，按“下一步”", "reads, presses next") basics;
            "star-drill"         => StarDrill(star_drill::StarDrill,    load,           Board,              true,   true,  true,  "走棋吃星星", "moves to collect stars") basics;
            "setup-board"        => SetupBoard(setup_board::SetupBoard, load,           OwnFen,             true,   false, true,  "把棋子摆到棋盘上", "sets up the pieces") basics;
            "find-all-moves"     => FindAllMoves(find_moves::FindAllMoves, load,        BoardOfSquarePiece, true,   false, true,  "点出棋子能到的所有格子", "taps every square the piece reaches") basics;
            "special-move"       => SpecialMove(special_move::SpecialMove, load,        Board,              true,   true,  true,  "易位、吃过路兵、升变", "castles, takes en passant, promotes") more;
            "legal-or-not"       => LegalOrNot(legal_or_not::LegalOrNot, load,          Board,              true,   false, false, "回答一步棋合不合规则", "answers whether a move is legal") basics;
            "mate-in-one"        => MateInOne(mate_in_one::MateInOne,   load,           Board,              true,   true,  true,  "一步将杀", "mates in one") more;
            "escape-check"       => EscapeCheck(escape_check::EscapeCheck, load,        Board,              true,   true,  true,  "应将", "gets out of check") more;
            "is-stalemate"       => IsStalemate(stalemate::IsStalemate, load,           Board,              true,   false, false, "判断逼和、将杀还是都不是", "judges stalemate / checkmate / neither") more;
            "quiz"               => Quiz(quiz::Quiz,                    load,           OptionalBoard,      true,   false, false, "选择题（单选或多选）", "answers a quiz (one or several answers)") basics;
            "write-san"          => WriteSan(write_san::WriteSan,       load,           Board,              true,   false, false, "写出一步棋（或一盘短棋）的记法", "writes a move (or a short game) down") more;
            "points-calculator"  => PointsCalculator(points::PointsCalculator, load,    OptionalBoard,      true,   false, false, "算积分变化", "works out the points change") more;
            "demo"               => Demo(demo::Demo,                    load,           BoardOrStart,       false,  false, false, "看演示，按“下一步”", "watches a demo, presses next") more;
            "class-play"         => ClassPlay(class_play::ClassPlay,    load,           BoardOrStart,       false,  true,  true,  "在课堂规则的棋盘上做：摸子走子、摆正、提和、按钟", "plays by the class's rules: touch-move, adjusting, draw offers, the clock") more;
            "class-vote"         => ClassVote(class_vote::ClassVote,    load,           OptionalBoard,      false,  false, false, "全班投票，老师公布答案", "the class votes, the teacher reveals") more;
            "vs-computer"        => VsComputer(vs_computer::VsComputer, load,           Board,              true,   true,  true,  "和电脑下棋，完成目标", "plays the computer towards a goal") more;
            "puzzle"             => Puzzle(puzzle::Puzzle,              load,           Board,              true,   true,  true,  "解谜题：将军、将杀、吃子赢分或保护棋子", "solves a puzzle: check, mate, win material or stay safe") more;
            "paint"              => Paint(paint::Paint,                 load,           Board,              true,   true,  true,  "走棋把格子涂满", "moves to paint every square it can reach") basics;
            "tap-squares"        => TapSquares(tap_squares::TapSquares, load,           Board,              true,   false, true,  "点出要找的格子", "taps the squares asked for") basics;
        }
    };
}

for_each_kind!(kind_table);

/// What every step's state machine does. A machine sees only the events of an active step
/// (`handle`'s default); "try again" starts it afresh from its spec (`retry`'s default).
pub trait Machine: Sized {
    /// What the lesson file says, checked.
    type Spec: Clone;
    /// Starts the step at its beginning.
    fn new(spec: Self::Spec) -> Self;
    /// What the lesson file says.
    fn spec(&self) -> &Self::Spec;
    /// Reacts to one event of an active step; by default, to moves only (`play`).
    fn react(&mut self, event: &Event) -> Feedback {
        match *event {
            Event::Move { from, to, promotion } => self.play(from, to, promotion),
            _ => Feedback::ignored(),
        }
    }

    /// Reacts to a move on the board (the kinds whose row says `moves`).
    fn play(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Feedback {
        let _ = (from, to, promotion);
        Feedback::ignored()
    }
    /// Where the step stands.
    fn status(&self) -> Status;
    /// The position to draw now, for steps with a board.
    fn position(&self) -> Option<Position>;

    /// Reacts to one event: only while the step is active.
    fn handle(&mut self, event: &Event) -> Feedback {
        if self.status() == Status::Active {
            self.react(event)
        } else {
            Feedback::ignored()
        }
    }

    /// Back to the step's own start (never to the lesson's intro).
    fn retry(&mut self) {
        *self = Self::new(self.spec().clone());
    }

    /// The events that answer the step rightly, for a teacher's reveal; `None` where there is
    /// no answer to reveal.
    fn answer_events(&self) -> Option<Vec<Event<'static>>> {
        None
    }
}

impl<K: KindSet> Exercise<K> {
    /// Reacts to `event`; `Event::Retry` puts the step back to its own start.
    pub fn handle(&mut self, event: &Event) -> Feedback {
        if *event == Event::Retry {
            self.retry();
            return Feedback::accepted(Code::Retry);
        }
        self.react(event)
    }

    /// The kind's row of the table.
    pub fn info(&self) -> &'static Kind {
        self.row().kind()
    }

    /// Does the child move pieces on the board in this step?
    pub fn moves_pieces(&self) -> bool {
        self.info().moves
    }
}

/// The row of the kind written `name` (`kind = "…"`), if there is one.
pub fn kind_named(name: &str) -> Option<&'static Kind> {
    TABLE.iter().find(|k| k.name == name)
}
