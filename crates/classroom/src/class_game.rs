//! A game under the class's rules: the chess `Game` plus touch-move, the "送王" foul count, draw
//! offers, resignation and the clock — what a board in class-play mode enforces.
//!
//! Every refusal is a [`Refusal`] with a stable code and the squares to mark, so the board can
//! explain it to a child. Time is passed in as milliseconds (no system clock here).

use super::clock::{Clock, ClockError, TimeControl};
use super::draw_offer::{DrawOfferError, DrawOffers};
use super::touch::{adjust, Obligation, TouchMove, TouchRefusal};
use core::fmt;
use qitong_rules::{
    explain, Bitboard, ClaimDrawError, Color, ConcludeError, DrawRules, EndReason, Game, IllegalReason, Move, MoveList, Outcome, PlayError, Position,
    ReasonArg, Role, Square,
};

/// How strictly the class plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// Touch-move (摸子走子) enforced.
    pub touch_move: bool,
    /// The game is lost at this many "送王" fouls (`None`: fouls are explained but not counted).
    pub foul_limit: Option<u8>,
    /// Threefold repetition and fifty moves: automatic (class) or claimable (tournament).
    pub draw_rules: DrawRules,
    /// A chess clock with this time control, if any.
    pub clock: Option<TimeControl>,
    /// Take-backs allowed (free play only: 落子无悔 in class play).
    pub take_backs: bool,
}

impl Settings {
    /// Class play, the default: touch-move, three fouls lose, draws automatic, no take-backs.
    pub const CLASS: Settings = Settings { touch_move: true, foul_limit: Some(3), draw_rules: DrawRules::CLASS, clock: None, take_backs: false };
    /// Free play: no touch-move, fouls only explained, take-backs allowed.
    pub const FREE: Settings = Settings { touch_move: false, foul_limit: None, draw_rules: DrawRules::CLASS, clock: None, take_backs: true };
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::CLASS
    }
}

/// Why an action was refused; each kind carries what the board needs to explain it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The move breaks the rules of chess. `foul` is the new foul count when it was a "送王"
    /// attempt and fouls are counted.
    Illegal {
        reason: IllegalReason,
        foul: Option<u8>,
    },
    /// The move breaks touch-move, or an adjustment is not allowed.
    Touch(TouchRefusal),
    DrawOffer(DrawOfferError),
    Clock(ClockError),
    /// The game has ended.
    GameOver(Outcome),
    /// 落子无悔: no take-backs in class play.
    NoTakeBacks,
    /// There is no draw to claim.
    NothingToClaim,
    /// The opponent has moved but not pressed the clock yet: wait for the press.
    WaitForPress,
    /// A draw is claimed only on your own turn (当轮到你时，你才可以声称和棋).
    ClaimNotYourTurn,
    /// Nothing to take back.
    NothingToUndo,
}

impl Refusal {
    /// The stable code, for the JS API (the UI's wording is keyed by the refusal itself).
    // Called, never copied: a crate that inlined it would hold the codes' strings once more (docs/crates.md).
    #[inline(never)]
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Illegal { reason, .. } => reason.code(),
            Refusal::Touch(t) => t.code(),
            Refusal::DrawOffer(d) => d.code(),
            Refusal::Clock(c) => c.code(),
            Refusal::GameOver(_) => "game-over",
            Refusal::NoTakeBacks => "no-take-backs",
            Refusal::NothingToClaim => "no-draw-to-claim",
            Refusal::ClaimNotYourTurn => "draw-claim-not-your-turn",
            Refusal::WaitForPress => "clock-press-first",
            Refusal::NothingToUndo => "nothing-to-undo",
        }
    }

    /// The values for the UI's template.
    pub fn args(&self) -> Vec<(&'static str, ReasonArg)> {
        match self {
            Refusal::Illegal { reason, .. } => reason.args(),
            Refusal::Touch(t) => t.args(),
            _ => Vec::new(),
        }
    }

    /// The squares the board marks.
    pub fn squares(&self) -> Bitboard {
        match self {
            Refusal::Illegal { reason, .. } => reason.squares(),
            Refusal::Touch(t) => t.squares(),
            _ => Bitboard::EMPTY,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Illegal { reason, foul: Some(n) } => write!(f, "{reason} (foul {n})"),
            Refusal::Illegal { reason, foul: None } => reason.fmt(f),
            Refusal::Touch(t) => t.fmt(f),
            Refusal::DrawOffer(d) => d.fmt(f),
            Refusal::Clock(c) => c.fmt(f),
            Refusal::GameOver(o) => write!(f, "the game is over: {o}"),
            Refusal::NoTakeBacks => f.write_str("no take-backs: a move, once made, stands"),
            Refusal::NothingToClaim => f.write_str("there is no draw to claim"),
            Refusal::ClaimNotYourTurn => f.write_str("a draw may be claimed only on your own turn"),
            Refusal::WaitForPress => f.write_str("wait until your opponent has pressed the clock"),
            Refusal::NothingToUndo => f.write_str("there is no move to take back"),
        }
    }
}

impl std::error::Error for Refusal {}

/// Is this illegal attempt a "送王" foul: moving one's king into check, or leaving it in check?
pub fn is_foul(reason: &IllegalReason) -> bool {
    matches!(
        reason,
        IllegalReason::KingIntoCheck { .. }
            | IllegalReason::Pinned { .. }
            | IllegalReason::InCheckDoesNotHelp { .. }
            | IllegalReason::LeavesKingInCheck { .. }
            | IllegalReason::CastleIntoAttack { .. }
    )
}

/// A game in class play.
#[derive(Debug, Clone)]
pub struct ClassGame {
    game: Game,
    settings: Settings,
    touch: TouchMove,
    offers: DrawOffers,
    clock: Option<Clock>,
    fouls: [u8; 2],
    /// For each move played, whether its mover offered a draw with it (the score sheet's "(=)").
    offered_with: Vec<bool>,
}

impl ClassGame {
    /// A new game from `start` under `settings`.
    pub fn new(start: Position, settings: Settings) -> ClassGame {
        ClassGame {
            game: Game::with_draw_rules(start, settings.draw_rules),
            settings,
            touch: TouchMove::new(),
            offers: DrawOffers::new(),
            clock: settings.clock.map(Clock::new),
            fouls: [0; 2],
            offered_with: Vec::new(),
        }
    }

    pub fn settings(&self) -> Settings {
        self.settings
    }
    pub fn game(&self) -> &Game {
        &self.game
    }
    pub fn position(&self) -> &Position {
        self.game.position()
    }
    pub fn turn(&self) -> Color {
        self.position().turn()
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }
    pub fn fouls(&self, color: Color) -> u8 {
        self.fouls[color.index()]
    }
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }
    pub fn draw_offers(&self) -> &DrawOffers {
        &self.offers
    }
    /// Whether each move was played together with a draw offer.
    pub fn offered_with(&self) -> &[bool] {
        &self.offered_with
    }

    fn ensure_open(&self) -> Result<(), Refusal> {
        match self.outcome() {
            Some(o) => Err(Refusal::GameOver(o)),
            None => Ok(()),
        }
    }

    /// The side to move touches (selects) the piece on `sq`.
    pub fn touch(&mut self, sq: Square) -> Result<Obligation, Refusal> {
        self.ensure_open()?;
        if !self.settings.touch_move {
            return Ok(Obligation::Free);
        }
        self.touch.touch(self.game.position(), sq).map_err(Refusal::Touch)
    }

    /// "J'adoube": `by` adjusts the piece on `sq` (own turn, own piece; commits nothing).
    pub fn adjust(&self, by: Color, sq: Square) -> Result<(), Refusal> {
        self.ensure_open()?;
        adjust(self.position(), by, sq).map_err(Refusal::Touch)
    }

    /// The moves the board may offer now (legal, and allowed by the pieces touched).
    pub fn allowed_moves(&self) -> MoveList {
        if self.outcome().is_some() {
            return MoveList::new();
        }
        if self.settings.touch_move {
            self.touch.allowed_moves(self.position())
        } else {
            self.position().legal_moves()
        }
    }

    /// What the touched pieces still oblige the side to move to do, worded as the refusal a
    /// different move would get (`None`: nothing binds). A piece put down stays touched.
    pub fn reminder(&self) -> Option<TouchRefusal> {
        if !self.settings.touch_move || self.outcome().is_some() {
            return None;
        }
        let board = self.position().board();
        let role = |s: Square| board.role_at(s).unwrap_or(Role::Pawn);
        match self.touch.obligation(self.position()) {
            Obligation::Free => None,
            Obligation::MovePiece(square) => Some(TouchRefusal::MustMove { square, role: role(square) }),
            Obligation::CapturePiece(square) => Some(TouchRefusal::MustCapture { square, role: role(square) }),
            Obligation::CaptureWith { piece, target } => Some(TouchRefusal::MustCaptureWith { piece, target }),
        }
    }

    /// The pieces touched so far on this move, in order.
    pub fn touched(&self) -> &[Square] {
        self.touch.touched()
    }

    /// The side to move tries `from`→`to` at `now_ms`. Illegal moves are refused with the core's
    /// reason ("送王" attempts counted as fouls: at the limit the game is lost); touch-move is
    /// enforced; with a clock, Black must have started it, the opponent must have pressed it
    /// after their move, and the mover's flag must not have fallen. The mover then may offer a
    /// draw and presses the clock ([`ClassGame::press_clock`]); the move ends any offer it answers.
    pub fn attempt(&mut self, from: Square, to: Square, promotion: Option<Role>, now_ms: u64) -> Result<Move, Refusal> {
        self.tick(now_ms);
        self.ensure_open()?;
        let role = self.position().board().role_at(from).unwrap_or(Role::Pawn);
        if let Some(clock) = &self.clock {
            if clock.running().is_none() {
                return Err(Refusal::Clock(ClockError::BlackStartsTheClock));
            }
        }
        let mover = self.turn();
        if self.clock.is_some() && self.offers.moved() == Some(!mover) {
            return Err(Refusal::WaitForPress);
        }
        let m = match explain(self.position(), from, to, promotion) {
            Ok(m) => m,
            Err(reason) => return Err(self.refuse_illegal(reason, mover, now_ms)),
        };
        if self.settings.touch_move {
            self.touch.check_move(self.position(), &m).map_err(Refusal::Touch)?;
        }
        if let Some(clock) = &self.clock {
            // The mover's time must still be running (the press itself follows the move).
            clock.clone().press(mover, now_ms).map_err(Refusal::Clock)?;
        }
        self.game.play(&m).map_err(|e| match e {
            PlayError::GameOver { outcome } => Refusal::GameOver(outcome),
            // `explain` and `play` agree on legality (tested in rules), so this is the core's
            // "no" in the plainest words.
            PlayError::Illegal(_) => Refusal::Illegal { reason: IllegalReason::CannotMoveThatWay { from, to, role }, foul: None },
        })?;
        if self.game.is_over() {
            self.stop_clock(now_ms);
        }
        self.offered_with.push(false);
        // Without a clock of its own (a board beside a `<chess-clock>`, or no clock), an
        // opponent's move means the clock was pressed.
        self.offers.on_press(!mover);
        self.offers.on_move(mover);
        self.touch.reset();
        Ok(m)
    }

    fn refuse_illegal(&mut self, reason: IllegalReason, mover: Color, now_ms: u64) -> Refusal {
        let foul = match self.settings.foul_limit {
            Some(limit) if is_foul(&reason) => {
                let count = self.fouls[mover.index()].saturating_add(1);
                self.fouls[mover.index()] = count;
                if count >= limit {
                    let _ = self.game.conclude(Outcome::win(!mover, EndReason::Fouls));
                    self.stop_clock(now_ms);
                }
                Some(count)
            }
            _ => None,
        };
        Refusal::Illegal { reason, foul }
    }

    fn stop_clock(&mut self, now_ms: u64) {
        if let Some(clock) = &mut self.clock {
            // A time that went backwards only means the clock keeps its last reading.
            let _ = clock.stop(now_ms);
        }
    }

    /// Black presses the clock to start the game (tournament rule 5).
    pub fn start_clock(&mut self, now_ms: u64) -> Result<(), Refusal> {
        self.ensure_open()?;
        match &mut self.clock {
            Some(clock) => clock.press(Color::Black, now_ms).map_err(Refusal::Clock),
            None => Err(Refusal::Clock(ClockError::NotRunning)),
        }
    }

    /// Looks at the clock: a fallen flag ends the game (a loss, or a draw when the opponent has
    /// no mating material). Returns the outcome, if the game is over.
    pub fn tick(&mut self, now_ms: u64) -> Option<Outcome> {
        if self.outcome().is_none() {
            if let Some(clock) = &mut self.clock {
                if let Ok(Some(flagged)) = clock.tick(now_ms) {
                    let _ = self.game.time_forfeit(flagged);
                }
            }
        }
        self.outcome()
    }

    /// The arbiter (teacher) pauses the clock, e.g. to look at a repetition claim (rule 19).
    pub fn pause_clock(&mut self, now_ms: u64) -> Result<(), Refusal> {
        match &mut self.clock {
            Some(clock) => clock.pause(now_ms).map_err(Refusal::Clock),
            None => Err(Refusal::Clock(ClockError::NotRunning)),
        }
    }

    /// The arbiter restarts a paused clock.
    pub fn resume_clock(&mut self, now_ms: u64) -> Result<(), Refusal> {
        match &mut self.clock {
            Some(clock) => clock.resume(now_ms).map_err(Refusal::Clock),
            None => Err(Refusal::Clock(ClockError::NotPaused)),
        }
    }

    /// `by` offers a draw with the move it has just made, before pressing the clock (SPEC §7:
    /// move, offer, press). The score sheet marks that move "(=)".
    pub fn offer_draw(&mut self, by: Color) -> Result<(), Refusal> {
        self.ensure_open()?;
        self.offers.offer(by, self.turn()).map_err(Refusal::DrawOffer)?;
        if let Some(last) = self.offered_with.last_mut() {
            *last = true;
        }
        Ok(())
    }

    /// `by` presses the clock after its move: the turn passes (with a clock of this game, its
    /// time stops and the opponent's starts); offering with that move is over.
    pub fn press_clock(&mut self, by: Color, now_ms: u64) -> Result<(), Refusal> {
        self.ensure_open()?;
        if self.offers.moved() != Some(by) {
            return Err(Refusal::Clock(ClockError::NotYourClock { pressed_by: by }));
        }
        if let Some(clock) = &mut self.clock {
            clock.press(by, now_ms).map_err(Refusal::Clock)?;
        }
        self.offers.on_press(by);
        Ok(())
    }

    /// The side that has moved and not yet pressed the clock (it may still offer a draw).
    pub fn awaiting_press(&self) -> Option<Color> {
        self.offers.moved()
    }

    /// `by` accepts the opponent's draw offer: the game is drawn by agreement.
    pub fn accept_draw(&mut self, by: Color, now_ms: u64) -> Result<Outcome, Refusal> {
        self.ensure_open()?;
        self.answering(by);
        self.offers.accept(by, self.turn()).map_err(Refusal::DrawOffer)?;
        let outcome = self.game.agree_draw().map_err(concluded)?;
        self.stop_clock(now_ms);
        Ok(outcome)
    }

    /// `by` declines the opponent's draw offer (moving on declines it too).
    pub fn decline_draw(&mut self, by: Color) -> Result<(), Refusal> {
        self.ensure_open()?;
        self.answering(by);
        self.offers.decline(by, self.turn()).map_err(Refusal::DrawOffer)
    }

    /// Without a clock of this game, answering an offer means the offerer has pressed the
    /// clock beside the board (as a move would); with one, the answer waits for the press.
    fn answering(&mut self, by: Color) {
        if self.clock.is_none() {
            self.offers.on_press(!by);
        }
    }

    /// Offers cannot be withdrawn: always refused, with the reason.
    pub fn withdraw_draw(&self, by: Color) -> Result<(), Refusal> {
        self.offers.withdraw(by).map_err(Refusal::DrawOffer)
    }

    /// `by` resigns (politely: "谢谢").
    pub fn resign(&mut self, by: Color, now_ms: u64) -> Result<Outcome, Refusal> {
        let outcome = self.game.resign(by).map_err(concluded)?;
        self.stop_clock(now_ms);
        Ok(outcome)
    }

    /// `flagged`'s flag fell on a clock outside this game (a `<chess-clock>` next to the
    /// board): a loss, or a draw when the opponent has no mating material.
    pub fn flag_fall(&mut self, flagged: Color, now_ms: u64) -> Result<Outcome, Refusal> {
        self.ensure_open()?;
        let outcome = self.game.time_forfeit(flagged).map_err(concluded)?;
        self.stop_clock(now_ms);
        Ok(outcome)
    }

    /// `by` claims a claimable repetition or fifty-move draw (tournament settings) — only on
    /// its own turn.
    pub fn claim_draw(&mut self, by: Color, now_ms: u64) -> Result<Outcome, Refusal> {
        self.ensure_open()?;
        if by != self.turn() {
            return Err(Refusal::ClaimNotYourTurn);
        }
        let outcome = self.game.claim_draw().map_err(|e| match e {
            ClaimDrawError::GameOver { outcome } => Refusal::GameOver(outcome),
            ClaimDrawError::NothingToClaim => Refusal::NothingToClaim,
        })?;
        self.stop_clock(now_ms);
        Ok(outcome)
    }

    /// Takes back the last move — only when the settings allow take-backs (free play).
    pub fn undo(&mut self) -> Result<Move, Refusal> {
        if !self.settings.take_backs {
            return Err(Refusal::NoTakeBacks);
        }
        let m = self.game.undo().ok_or(Refusal::NothingToUndo)?;
        self.offered_with.pop();
        self.touch.reset();
        Ok(m)
    }
}

fn concluded(e: ConcludeError) -> Refusal {
    match e {
        ConcludeError::GameOver { outcome } => Refusal::GameOver(outcome),
        // Agreement and resignation are never decided by the position and always name a
        // consistent winner, so only "game over" can come back.
        ConcludeError::DecidedByPosition { .. } | ConcludeError::Inconsistent { .. } => Refusal::NothingToClaim,
    }
}
