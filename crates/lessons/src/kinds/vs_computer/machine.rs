//! The vs-computer step being played: the child's moves checked by the rules, then a wait for the
//! computer's reply (`Event::Reply`, from the player's engine worker), and the goal judged after
//! every move — won, failed (mated, a draw when a win was wanted, far too many moves, no pawn
//! left to promote, the computer's pawn promoted) or going on. `Event::Back` takes back the
//! child's last move and the computer's answer, also after a lost game (not after a won one: its
//! stars are earned).

use super::{balance, Goal, Spec};
use crate::feedback::{stars_for_moves, Event, Feedback, Status};
use crate::kinds::Machine;
use crate::words::Code;
use qitong_rules::{explain, Bitboard, Color, EndReason, Game, Move, Position, Role, Square};

/// A vs-computer step in play.
#[derive(Debug, Clone)]
pub struct VsComputer {
    spec: Spec,
    game: Game,
    /// The child's moves so far.
    moves: u32,
    /// The computer is to move: the player asks its engine and sends the answer back.
    waiting: bool,
    /// Where the child's pawn just promoted, until the computer's reply shows whether it stays.
    promoted: Option<Square>,
    status: Status,
}

impl VsComputer {
    /// The game so far (the start position and every move), for the computer's request.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Is the step waiting for the computer's move?
    pub fn waiting(&self) -> bool {
        self.waiting && self.status == Status::Active
    }

    /// The child's moves so far.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    fn stars(&self) -> Option<u8> {
        Some(if matches!(self.spec.goal, Goal::Survive | Goal::StopPawn) { 3 } else { stars_for_moves(self.moves, self.spec.moves) })
    }

    fn complete(&mut self, code: Code) -> Feedback {
        let stars = self.stars();
        self.status = Status::Complete { stars };
        Feedback::complete(code, stars).with_arg("moves", self.moves)
    }

    fn fail(&mut self, code: Code) -> Feedback {
        self.status = Status::Failed;
        Feedback::failed(code)
    }

    /// The game ended after a move: who won it, or a draw, against the goal.
    fn ended(&mut self, outcome_reason: EndReason, winner: Option<Color>) -> Feedback {
        let feedback = match winner {
            Some(w) if w == self.spec.side => self.complete(Code::VsMate),
            Some(_) => self.fail(Code::VsMated),
            None if matches!(self.spec.goal, Goal::Draw | Goal::Survive | Goal::StopPawn) => self.complete(Code::VsDrawnGoal),
            None => self.fail(Code::VsDrawn),
        };
        feedback.with_end(outcome_reason)
    }

    /// The game's end after the last move, if it ended.
    fn judge_end(&mut self) -> Option<Feedback> {
        let outcome = self.game.outcome()?;
        Some(self.ended(outcome.reason, outcome.winner))
    }

    /// Has the child won the material `win-piece` asks for (against the start)?
    fn gained(&self) -> bool {
        let Goal::WinMaterial { gain } = self.spec.goal else { return false };
        let (now, side) = (self.game.position().board(), self.spec.side);
        balance(now, side) - balance(self.spec.start.board(), side) >= i64::from(gain)
    }

    /// The child's last move and the computer's answer to it taken back: the child's turn again.
    fn take_back(&mut self) -> Feedback {
        if self.waiting() || self.moves == 0 || matches!(self.status, Status::Complete { .. }) {
            return Feedback::ignored();
        }
        // The computer's answer first, unless the game ended on the child's move.
        if self.game.position().turn() == self.spec.side {
            self.game.undo();
        }
        self.game.undo();
        self.moves -= 1;
        self.waiting = false;
        self.promoted = None;
        self.status = Status::Active;
        Feedback::accepted(Code::VsTakenBack).with_arg("moves", self.moves)
    }

    fn king_square(pos: &Position) -> Bitboard {
        pos.king_of(pos.turn()).map_or(Bitboard::EMPTY, Bitboard::from_square)
    }

    fn reply(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Feedback {
        if !self.waiting {
            return Feedback::ignored();
        }
        // Only the player's engine sends replies: one the rules refuse is dropped, and the step
        // goes on waiting (the player reports the computer's failure itself).
        let Ok(m) = explain(self.game.position(), from, to, promotion) else { return Feedback::ignored() };
        if self.game.play(&m).is_err() {
            return Feedback::ignored();
        }
        self.waiting = false;
        let promoted = self.promoted.take();
        if let Some(end) = self.judge_end() {
            let squares = if end.code == Code::VsMated { Self::king_square(self.game.position()) } else { Bitboard::EMPTY };
            return end.with_reply(Some(m)).with_squares(squares);
        }
        let pos = *self.game.position();
        let side = self.spec.side;
        if self.spec.goal == Goal::StopPawn && m.promotion.is_some() {
            return self.fail(Code::VsPawnPromoted).with_reply(Some(m));
        }
        let won = match self.spec.goal {
            Goal::WinMaterial { .. } => self.gained(),
            Goal::Promote => promoted.is_some_and(|sq| m.to != sq),
            _ => false,
        };
        if won {
            let code = if self.spec.goal == Goal::Promote { Code::VsPromoted } else { Code::VsWon };
            return self.complete(code).with_reply(Some(m));
        }
        if self.spec.goal == Goal::Promote && (pos.board().pawns() & pos.board().by_color(side)).is_empty() {
            return self.fail(Code::VsNoPawns).with_reply(Some(m));
        }
        Feedback::accepted(Code::VsYourMove).with_reply(Some(m)).with_arg("moves", self.moves)
    }
}

impl Machine for VsComputer {
    type Spec = Spec;
    spec_and_status_fields!();

    fn new(spec: Spec) -> VsComputer {
        // The computer moves first when the child plays the side not to move.
        let waiting = spec.start.turn() != spec.side;
        VsComputer { game: Game::from_position(spec.start), spec, moves: 0, waiting, promoted: None, status: Status::Active }
    }

    fn handle(&mut self, event: &Event) -> Feedback {
        match (event, self.status) {
            (Event::Back, _) => self.take_back(),
            (_, Status::Active) => self.react(event),
            _ => Feedback::ignored(),
        }
    }

    fn react(&mut self, event: &Event) -> Feedback {
        match *event {
            Event::Move { from, to, promotion } => self.play(from, to, promotion),
            Event::Reply { from, to, promotion } => self.reply(from, to, promotion),
            _ => Feedback::ignored(),
        }
    }

    fn play(&mut self, from: Square, to: Square, promotion: Option<Role>) -> Feedback {
        // The computer's turn: the board takes no move from the child meanwhile.
        if self.waiting {
            return Feedback::ignored();
        }
        let m: Move = match explain(self.game.position(), from, to, promotion) {
            Ok(m) => m,
            Err(reason) => return Feedback::illegal(reason),
        };
        if self.game.play(&m).is_err() {
            return Feedback::ignored();
        }
        self.moves += 1;
        // Winning the last piece can end the game at once (too little material left): the
        // material was won all the same.
        if self.game.outcome().is_some_and(|o| o.winner.is_none()) && self.gained() {
            return self.complete(Code::VsWon).with_played(m);
        }
        if let Some(end) = self.judge_end() {
            let squares = if end.code == Code::VsMate { Self::king_square(self.game.position()) } else { Bitboard::EMPTY };
            return end.with_played(m).with_squares(squares);
        }
        if self.spec.goal == Goal::Survive && self.moves >= self.spec.moves {
            return self.complete(Code::VsSurvived).with_played(m);
        }
        if self.spec.goal == Goal::StopPawn && self.moves >= self.spec.moves {
            return self.complete(Code::VsPawnStopped).with_played(m);
        }
        if self.moves >= self.spec.most_moves() {
            return self.fail(Code::VsOutOfMoves).with_played(m).with_arg("limit", self.moves);
        }
        self.promoted = m.promotion.map(|_| m.to);
        self.waiting = true;
        Feedback::accepted(Code::VsThinking).with_played(m)
    }

    fn position(&self) -> Option<Position> {
        Some(*self.game.position())
    }
}
