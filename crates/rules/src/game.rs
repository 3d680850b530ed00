//! `Game`: a start position and the moves played from it, with undo, and the game's end —
//! checkmate, stalemate, the draws the position decides (automatic or claimable by `DrawRules`)
//! and the endings declared from outside (agreement, resignation, time, fouls).
//!
//! Drill positions (lesson setups with a king missing) are not games of chess. In a `Game`
//! started from one: a side to move *with* a king is checkmated or stalemated as usual; a side to
//! move *without* a king is never checkmated or stalemated, even with no legal move (the lesson's
//! own goal decides when the drill is over); and the material, repetition and move-count draws
//! need both kings on the board.

use super::outcome::{DrawReason, EndReason, Outcome};
use super::repetition::{perpetual_checker, repetition, Repetition};
use super::{Color, IllegalMoveError, Move, Position, Uci};
use core::fmt;

/// Whether a draw rule ends the game by itself or only when a player claims it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DrawRule {
    /// The game ends as soon as the rule applies (the handout's class rule: "these are draws").
    #[default]
    Automatic,
    /// A player may claim the draw while the rule applies ([`Game::claim_draw`]); play may also
    /// go on. The FIDE backstops then end the game automatically: the fifth occurrence of a
    /// position, or 75 moves by each side without a capture or pawn move (unless that last move
    /// mates).
    Claimable,
}

/// How the threefold-repetition and fifty-move rules apply. The default is class play: both
/// automatic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DrawRules {
    /// Threefold repetition (and perpetual check, which is reported in its place).
    pub repetition: DrawRule,
    /// The fifty-move rule.
    pub fifty_moves: DrawRule,
}

impl DrawRules {
    /// Class play: repetition and fifty moves end the game at once (the default).
    pub const CLASS: DrawRules = DrawRules { repetition: DrawRule::Automatic, fifty_moves: DrawRule::Automatic };
    /// Tournament play: both draws must be claimed; 5-fold and 75 moves end the game by
    /// themselves.
    pub const TOURNAMENT: DrawRules = DrawRules { repetition: DrawRule::Claimable, fifty_moves: DrawRule::Claimable };
}

/// Half-moves without capture or pawn move for the fifty- and seventy-five-move rules.
const FIFTY_MOVES: u32 = 100;
const SEVENTY_FIVE_MOVES: u32 = 150;

/// A game: the start position, the moves played, every position reached, and the outcome.
#[derive(Debug, Clone)]
pub struct Game {
    /// `positions[0]` is the start; `positions[i]` is the position after `moves[i - 1]`.
    positions: Vec<Position>,
    /// The Zobrist key of each position, for finding repetitions quickly.
    keys: Vec<u64>,
    moves: Vec<Move>,
    rules: DrawRules,
    /// The end the position decides (kept up to date after each change).
    decided: Option<Outcome>,
    /// An end declared or claimed at the current position (agreement, resignation, claim, ...).
    declared: Option<Outcome>,
}

impl Game {
    /// A game from the standard starting position, with the class's draw rules.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game starting at `start` (which may already be over, e.g. a checkmate position).
    pub fn from_position(start: Position) -> Game {
        Game::with_draw_rules(start, DrawRules::default())
    }

    /// A game starting at `start`, with the given draw rules.
    pub fn with_draw_rules(start: Position, rules: DrawRules) -> Game {
        let mut game = Game { positions: vec![start], keys: vec![start.zobrist()], moves: Vec::new(), rules, decided: None, declared: None };
        game.decided = game.decide();
        game
    }

    /// The draw rules in force.
    pub fn draw_rules(&self) -> DrawRules {
        self.rules
    }

    /// Changes the draw rules. Making a rule automatic ends the game at once if it already
    /// applies; making it claimable reopens a game that rule had ended.
    pub fn set_draw_rules(&mut self, rules: DrawRules) {
        self.rules = rules;
        self.decided = self.decide();
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        // The list always holds at least the start position.
        &self.positions[self.positions.len() - 1]
    }

    /// The moves played, in order.
    pub fn history(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game: the start first, the current one last (one more than moves).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The number of half-moves played in this game (not counting any before its start).
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        self.decided.or(self.declared)
    }

    /// Has the game ended?
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The PGN result token: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub fn pgn_result(&self) -> &'static str {
        self.outcome().map_or("*", |outcome| outcome.pgn_result())
    }

    /// How many times the current position has occurred in this game (1 = the first time), by
    /// the repetition rules' meaning of "the same position".
    pub fn repetitions(&self) -> usize {
        self.repetition().count
    }

    /// Plays `m` if the game is not over and `m` is legal in the current position.
    pub fn play(&mut self, m: &Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver { outcome });
        }
        let next = self.position().play(m).map_err(PlayError::Illegal)?;
        self.positions.push(next);
        self.keys.push(next.zobrist());
        self.moves.push(*m);
        self.decided = self.decide();
        Ok(())
    }

    /// Plays the legal move `uci` names (castling as the king's move, `e1g1`).
    pub fn play_uci(&mut self, uci: &Uci) -> Result<Move, PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver { outcome });
        }
        let m = self.position().move_from_uci(uci).map_err(PlayError::Illegal)?;
        self.play(&m)?;
        Ok(m)
    }

    /// Takes back the last move and returns it (`None` at the start). An ending reached or
    /// declared at that move goes with it: the game is open again.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        self.declared = None;
        self.decided = self.decide();
        Some(m)
    }

    /// The draw the player to move could claim now, if the `DrawRules` make repetition or the
    /// fifty-move rule claimable and it applies (repetition first, as perpetual check when it is
    /// one). `None` when the game is over or the rules are automatic.
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        if self.is_over() || !self.is_full_game() {
            return None;
        }
        if self.rules.repetition == DrawRule::Claimable {
            let rep = self.repetition();
            if rep.count >= 3 {
                return Some(match perpetual_checker(&self.positions, rep.first) {
                    Some(checker) => DrawReason::PerpetualCheck { checker },
                    None => DrawReason::ThreefoldRepetition,
                });
            }
        }
        if self.rules.fifty_moves == DrawRule::Claimable && self.position().halfmoves() >= FIFTY_MOVES {
            return Some(DrawReason::FiftyMoves);
        }
        None
    }

    /// Claims the draw of [`Game::claimable_draw`]; the game ends with it.
    pub fn claim_draw(&mut self) -> Result<Outcome, ClaimDrawError> {
        if let Some(outcome) = self.outcome() {
            return Err(ClaimDrawError::GameOver { outcome });
        }
        let draw = self.claimable_draw().ok_or(ClaimDrawError::NothingToClaim)?;
        let outcome = Outcome::draw(draw.into());
        self.declared = Some(outcome);
        Ok(outcome)
    }

    /// Ends the game for a reason decided outside the board: agreement, resignation, time
    /// forfeit (either kind) or fouls. Refused when the game is over, when the reason is one the
    /// position decides (checkmate, repetition, ...), or when winner and reason disagree.
    pub fn conclude(&mut self, outcome: Outcome) -> Result<(), ConcludeError> {
        if let Some(ended) = self.outcome() {
            return Err(ConcludeError::GameOver { outcome: ended });
        }
        if outcome.reason.is_decided_by_position() {
            return Err(ConcludeError::DecidedByPosition { reason: outcome.reason });
        }
        if !outcome.is_consistent() {
            return Err(ConcludeError::Inconsistent { outcome });
        }
        self.declared = Some(outcome);
        Ok(())
    }

    /// `loser` resigns.
    pub fn resign(&mut self, loser: Color) -> Result<Outcome, ConcludeError> {
        let outcome = Outcome::win(!loser, EndReason::Resignation);
        self.conclude(outcome).map(|()| outcome)
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, ConcludeError> {
        let outcome = Outcome::draw(EndReason::Agreement);
        self.conclude(outcome).map(|()| outcome)
    }

    /// `flagged`'s time ran out: a loss, or a draw if the opponent cannot possibly checkmate
    /// from the current position.
    pub fn time_forfeit(&mut self, flagged: Color) -> Result<Outcome, ConcludeError> {
        let outcome = if self.position().has_mating_material(!flagged) {
            Outcome::win(!flagged, EndReason::TimeForfeit)
        } else {
            Outcome::draw(EndReason::TimeForfeitNoMatingMaterial)
        };
        self.conclude(outcome).map(|()| outcome)
    }

    /// Cancels a declared or claimed ending (an arbiter's correction) without taking back a move.
    /// Returns the ending removed; endings the position decides stay.
    pub fn reopen(&mut self) -> Option<Outcome> {
        if self.decided.is_some() {
            return None;
        }
        self.declared.take()
    }

    /// Both kings on the board: the draw rules apply (see the module docs on drills).
    fn is_full_game(&self) -> bool {
        let pos = self.position();
        pos.king_of(Color::White).is_some() && pos.king_of(Color::Black).is_some()
    }

    fn repetition(&self) -> Repetition {
        repetition(&self.positions, &self.keys)
    }

    /// The ending the current position decides under the current rules.
    fn decide(&self) -> Option<Outcome> {
        let pos = self.position();
        let turn = pos.turn();
        if pos.king_of(turn).is_some() && !pos.has_legal_moves() {
            return Some(if pos.is_check() { Outcome::win(!turn, EndReason::Checkmate) } else { Outcome::draw(EndReason::Stalemate) });
        }
        if !self.is_full_game() {
            return None;
        }
        if pos.has_insufficient_material() {
            return Some(Outcome::draw(EndReason::InsufficientMaterial));
        }
        let (needed, repeated) = match self.rules.repetition {
            DrawRule::Automatic => (3, EndReason::ThreefoldRepetition),
            DrawRule::Claimable => (5, EndReason::FivefoldRepetition),
        };
        let rep = self.repetition();
        if rep.count >= needed {
            return Some(Outcome::draw(match perpetual_checker(&self.positions, rep.first) {
                Some(checker) => EndReason::PerpetualCheck { checker },
                None => repeated,
            }));
        }
        let (limit, counted) = match self.rules.fifty_moves {
            DrawRule::Automatic => (FIFTY_MOVES, EndReason::FiftyMoves),
            DrawRule::Claimable => (SEVENTY_FIVE_MOVES, EndReason::SeventyFiveMoves),
        };
        (pos.halfmoves() >= limit).then_some(Outcome::draw(counted))
    }
}

impl Default for Game {
    /// A game from the standard starting position.
    fn default() -> Game {
        Game::new()
    }
}

/// Why [`Game::play`] refused a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayError {
    /// The game has already ended; undo or reopen it first.
    GameOver { outcome: Outcome },
    /// The move is not legal in the current position.
    Illegal(IllegalMoveError),
}

impl PlayError {
    /// A stable code for the JS API: `game-over` or `illegal-move`.
    // Called, never copied: a crate that inlined it would hold the codes' strings once more (docs/crates.md).
    #[inline(never)]
    pub const fn code(&self) -> &'static str {
        match self {
            PlayError::GameOver { .. } => "game-over",
            PlayError::Illegal(_) => "illegal-move",
        }
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver { outcome } => write!(f, "the game is over: {outcome}"),
            PlayError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<IllegalMoveError> for PlayError {
    fn from(e: IllegalMoveError) -> PlayError {
        PlayError::Illegal(e)
    }
}

/// Why [`Game::claim_draw`] was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimDrawError {
    /// The game has already ended.
    GameOver { outcome: Outcome },
    /// Neither repetition nor the fifty-move rule can be claimed now (or they are automatic).
    NothingToClaim,
}

impl ClaimDrawError {
    /// A stable code for the JS API: `game-over` or `no-draw-to-claim`.
    // Called, never copied: a crate that inlined it would hold the codes' strings once more (docs/crates.md).
    #[inline(never)]
    pub const fn code(&self) -> &'static str {
        match self {
            ClaimDrawError::GameOver { .. } => "game-over",
            ClaimDrawError::NothingToClaim => "no-draw-to-claim",
        }
    }
}

impl fmt::Display for ClaimDrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimDrawError::GameOver { outcome } => write!(f, "the game is over: {outcome}"),
            ClaimDrawError::NothingToClaim => f.write_str("there is no repetition or fifty-move draw to claim now"),
        }
    }
}

impl std::error::Error for ClaimDrawError {}

/// Why [`Game::conclude`] (and resign, agree, time forfeit) was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConcludeError {
    /// The game has already ended.
    GameOver { outcome: Outcome },
    /// Checkmate, stalemate and the counted draws come from the position, not from outside.
    DecidedByPosition { reason: EndReason },
    /// A winner for a drawing reason, or no winner for a decisive one.
    Inconsistent { outcome: Outcome },
}

impl ConcludeError {
    /// A stable code for the JS API: `game-over`, `decided-by-position` or
    /// `inconsistent-outcome`.
    // Called, never copied: a crate that inlined it would hold the codes' strings once more (docs/crates.md).
    #[inline(never)]
    pub const fn code(&self) -> &'static str {
        match self {
            ConcludeError::GameOver { .. } => "game-over",
            ConcludeError::DecidedByPosition { .. } => "decided-by-position",
            ConcludeError::Inconsistent { .. } => "inconsistent-outcome",
        }
    }
}

impl fmt::Display for ConcludeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConcludeError::GameOver { outcome } => write!(f, "the game is over: {outcome}"),
            ConcludeError::DecidedByPosition { reason } => {
                write!(f, "{reason} is decided by the position on the board, not declared")
            }
            ConcludeError::Inconsistent { outcome } => match outcome.winner {
                Some(winner) => write!(f, "{} is a draw, so {winner} cannot win by it", outcome.reason),
                None => write!(f, "{} always has a winner", outcome.reason),
            },
        }
    }
}

impl std::error::Error for ConcludeError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Mode, Square};

    fn uci(s: &str) -> Uci {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn keeps_moves_and_positions_in_step() {
        let mut game = Game::new();
        assert_eq!((game.ply(), game.positions().len(), game.outcome()), (0, 1, None));
        let e4 = game.play_uci(&uci("e2e4")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(e4.to, Square::E4);
        game.play_uci(&uci("c7c5")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.history().iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["e2e4", "c7c5"]);
        assert_eq!(game.positions().len(), 3);
        assert_eq!(game.start_position(), &Position::new());
        assert_eq!(game.position().fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        assert_eq!(game.undo().map(|m| m.to_string()).as_deref(), Some("c7c5"));
        assert_eq!(game.position(), &game.positions()[1]);
        assert_eq!(game.keys, game.positions.iter().map(Position::zobrist).collect::<Vec<_>>());
    }

    #[test]
    fn refuses_illegal_moves_without_change() {
        let mut game = Game::new();
        let err = game.play_uci(&uci("e1e2"));
        assert_eq!(err.map_err(|e| e.code()), Err("illegal-move"));
        assert_eq!(game.ply(), 0);
        let elsewhere = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", Mode::Standard).unwrap_or_else(|e| panic!("{e}")).legal_moves()[0];
        assert!(matches!(game.play(&elsewhere), Err(PlayError::Illegal(_))));
        assert_eq!(game.keys.len(), 1);
    }

    #[test]
    fn errors_explain_themselves() {
        let mut game = Game::new();
        assert_eq!(game.claim_draw().map_err(|e| e.to_string()), Err("there is no repetition or fifty-move draw to claim now".into()));
        let refused = game.conclude(Outcome::win(Color::White, EndReason::Agreement));
        assert_eq!(
            refused.map_err(|e| (e.code(), e.to_string())),
            Err(("inconsistent-outcome", "agreement is a draw, so white cannot win by it".into()))
        );
        let refused = game.conclude(Outcome::draw(EndReason::Stalemate));
        assert_eq!(refused.map_err(|e| e.code()), Err("decided-by-position"));
        assert_eq!(game.resign(Color::Black), Ok(Outcome::win(Color::White, EndReason::Resignation)));
        let over = game.play_uci(&uci("e2e4"));
        assert_eq!(over.map_err(|e| (e.code(), e.to_string())), Err(("game-over", "the game is over: 1-0 (resignation)".into())));
        assert_eq!(game.claim_draw().map_err(|e| e.code()), Err("game-over"));
    }

    #[test]
    fn class_rules_are_the_default() {
        assert_eq!(DrawRules::default(), DrawRules::CLASS);
        assert_eq!(Game::new().draw_rules(), DrawRules::CLASS);
        assert_ne!(DrawRules::CLASS, DrawRules::TOURNAMENT);
    }
}
