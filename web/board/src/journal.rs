//! The board's class game with its journal: every change made to it — a move, a "送王" foul, a
//! touched piece, a draw offer and its answer, a press of the clock, an ending — is written
//! down as it happens, so that a page can save the game as text and rebuild it by replaying the
//! journal into a new `ClassGame`. The core rebuilds its own touch-move, foul and offer state;
//! nothing of its insides is serialised.
//!
//! [`JournaledGame`] reads as a `ClassGame` (`Deref`) and changes only through its own methods,
//! so no change can bypass the journal.

use core::fmt;
use core::ops::Deref;
use qitong_classroom::class_game::{ClassGame, Refusal, Settings};
use qitong_classroom::touch::Obligation;
use qitong_rules::{Color, Move, Outcome, Position, Role, Square, Uci};

/// One change to the game, as written in the journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A move played: `e2e4`.
    Move(Uci),
    /// An illegal attempt counted as a foul: `foul:e1e2`.
    Foul(Uci),
    /// A piece touched on the move being thought about: `touch:g1`.
    Touch(Square),
    /// `offer:white`, `press:white`, `accept:black`, `decline:black`, `resign:white`,
    /// `flag:black`, `claim:white`.
    Offer(Color),
    Press(Color),
    Accept(Color),
    Decline(Color),
    Resign(Color),
    Flag(Color),
    Claim(Color),
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (word, side) = match *self {
            Step::Move(uci) => return write!(f, "{uci}"),
            Step::Foul(uci) => return write!(f, "foul:{uci}"),
            Step::Touch(sq) => return write!(f, "touch:{sq}"),
            Step::Offer(c) => ("offer", c),
            Step::Press(c) => ("press", c),
            Step::Accept(c) => ("accept", c),
            Step::Decline(c) => ("decline", c),
            Step::Resign(c) => ("resign", c),
            Step::Flag(c) => ("flag", c),
            Step::Claim(c) => ("claim", c),
        };
        write!(f, "{word}:{side}")
    }
}

impl Step {
    /// Reads one journal word (what `Display` writes).
    pub fn read(word: &str) -> Option<Step> {
        let Some((kind, arg)) = word.split_once(':') else { return word.parse().ok().map(Step::Move) };
        let side = || arg.parse::<Color>().ok();
        Some(match kind {
            "foul" => Step::Foul(arg.parse().ok()?),
            "touch" => Step::Touch(arg.parse().ok()?),
            "offer" => Step::Offer(side()?),
            "press" => Step::Press(side()?),
            "accept" => Step::Accept(side()?),
            "decline" => Step::Decline(side()?),
            "resign" => Step::Resign(side()?),
            "flag" => Step::Flag(side()?),
            "claim" => Step::Claim(side()?),
            _ => return None,
        })
    }
}

/// Why a journal could not be replayed: the word (counted from 0) that is unreadable, or that
/// the game refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    pub index: usize,
    pub word: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {} ({}) cannot be replayed", self.index + 1, self.word)
    }
}

/// A class game that writes down every change made to it.
#[derive(Debug, Clone)]
pub struct JournaledGame {
    game: ClassGame,
    steps: Vec<Step>,
}

impl Deref for JournaledGame {
    type Target = ClassGame;
    fn deref(&self) -> &ClassGame {
        &self.game
    }
}

impl JournaledGame {
    pub fn new(start: Position, settings: Settings) -> JournaledGame {
        JournaledGame { game: ClassGame::new(start, settings), steps: Vec::new() }
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The journal as text: the steps separated by spaces.
    pub fn journal(&self) -> String {
        self.steps.iter().map(Step::to_string).collect::<Vec<_>>().join(" ")
    }

    /// Rebuilds a game by replaying `journal` from `start` (settings without a clock of the
    /// game's own: the times do not matter then). Every step must do again what it did.
    pub fn replay(start: Position, settings: Settings, journal: &str) -> Result<JournaledGame, ReplayError> {
        let mut game = JournaledGame::new(start, settings);
        for (index, word) in journal.split_whitespace().enumerate() {
            let done = Step::read(word).is_some_and(|step| game.apply(step));
            if !done {
                return Err(ReplayError { index, word: word.to_string() });
            }
        }
        Ok(game)
    }

    /// Does `step` again; false when the game refuses it (a foul must be refused as a foul).
    fn apply(&mut self, step: Step) -> bool {
        match step {
            Step::Move(m) => self.attempt(m.from, m.to, m.promotion, 0).is_ok(),
            Step::Foul(m) => matches!(self.attempt(m.from, m.to, m.promotion, 0), Err(Refusal::Illegal { foul: Some(_), .. })),
            Step::Touch(sq) => self.touch(sq).is_ok(),
            Step::Offer(c) => self.offer_draw(c).is_ok(),
            Step::Press(c) => self.press_clock(c, 0).is_ok(),
            Step::Accept(c) => self.accept_draw(c, 0).is_ok(),
            Step::Decline(c) => self.decline_draw(c).is_ok(),
            Step::Resign(c) => self.resign(c, 0).is_ok(),
            Step::Flag(c) => self.flag_fall(c, 0).is_ok(),
            Step::Claim(c) => self.claim_draw(c, 0).is_ok(),
        }
    }

    /// Writes `step` down when `result` says it was done.
    fn noted<T>(&mut self, step: Step, result: Result<T, Refusal>) -> Result<T, Refusal> {
        if result.is_ok() {
            self.steps.push(step);
        }
        result
    }

    pub fn touch(&mut self, sq: Square) -> Result<Obligation, Refusal> {
        let result = self.game.touch(sq);
        self.noted(Step::Touch(sq), result)
    }

    /// A move attempt: played, written down, and the touches before it forgotten (a move ends
    /// them); a refused "送王" attempt is written down too, since it counts as a foul.
    pub fn attempt(&mut self, from: Square, to: Square, promotion: Option<Role>, now_ms: u64) -> Result<Move, Refusal> {
        let uci = Uci { from, to, promotion };
        let result = self.game.attempt(from, to, promotion, now_ms);
        match &result {
            Ok(_) => {
                self.steps.retain(|s| !matches!(s, Step::Touch(_)));
                self.steps.push(Step::Move(uci));
            }
            Err(Refusal::Illegal { foul: Some(_), .. }) => self.steps.push(Step::Foul(uci)),
            Err(_) => {}
        }
        result
    }

    pub fn offer_draw(&mut self, by: Color) -> Result<(), Refusal> {
        let result = self.game.offer_draw(by);
        self.noted(Step::Offer(by), result)
    }

    pub fn press_clock(&mut self, by: Color, now_ms: u64) -> Result<(), Refusal> {
        let result = self.game.press_clock(by, now_ms);
        self.noted(Step::Press(by), result)
    }

    pub fn accept_draw(&mut self, by: Color, now_ms: u64) -> Result<Outcome, Refusal> {
        let result = self.game.accept_draw(by, now_ms);
        self.noted(Step::Accept(by), result)
    }

    pub fn decline_draw(&mut self, by: Color) -> Result<(), Refusal> {
        let result = self.game.decline_draw(by);
        self.noted(Step::Decline(by), result)
    }

    pub fn resign(&mut self, by: Color, now_ms: u64) -> Result<Outcome, Refusal> {
        let result = self.game.resign(by, now_ms);
        self.noted(Step::Resign(by), result)
    }

    pub fn flag_fall(&mut self, flagged: Color, now_ms: u64) -> Result<Outcome, Refusal> {
        let result = self.game.flag_fall(flagged, now_ms);
        self.noted(Step::Flag(flagged), result)
    }

    pub fn claim_draw(&mut self, by: Color, now_ms: u64) -> Result<Outcome, Refusal> {
        let result = self.game.claim_draw(by, now_ms);
        self.noted(Step::Claim(by), result)
    }

    /// A take-back (free play): the journal goes back to before the last move.
    pub fn undo(&mut self) -> Result<Move, Refusal> {
        let mv = self.game.undo()?;
        let last_move = self.steps.iter().rposition(|s| matches!(s, Step::Move(_))).unwrap_or(0);
        self.steps.truncate(last_move);
        Ok(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qitong_classroom::draw_offer::DrawOffers;

    fn uci(text: &str) -> Uci {
        text.parse().expect(text)
    }

    fn play(game: &mut JournaledGame, moves: &str) {
        for m in moves.split_whitespace() {
            let u = uci(m);
            let mover = game.turn();
            game.attempt(u.from, u.to, u.promotion, 0).expect(m);
            game.press_clock(mover, 0).expect("press");
        }
    }

    fn offers(game: &ClassGame) -> (Option<Color>, [bool; 2], Option<Color>) {
        let o: &DrawOffers = game.draw_offers();
        (o.pending(), [o.is_barred(Color::White), o.is_barred(Color::Black)], o.moved())
    }

    /// The replayed game is the same game: position, history, fouls, touches, offers.
    fn assert_same(a: &ClassGame, b: &ClassGame) {
        assert_eq!(a.position().fen(), b.position().fen());
        assert_eq!(a.game().history(), b.game().history());
        assert_eq!([a.fouls(Color::White), a.fouls(Color::Black)], [b.fouls(Color::White), b.fouls(Color::Black)]);
        assert_eq!(a.touched(), b.touched());
        assert_eq!(offers(a), offers(b));
        assert_eq!(a.offered_with(), b.offered_with());
        assert_eq!(a.outcome(), b.outcome());
    }

    #[test]
    fn a_game_with_offers_fouls_and_touches_replays_to_the_same_game() {
        let mut g = JournaledGame::new(Position::new(), Settings::CLASS);
        play(&mut g, "e2e4 e7e5 g1f3");
        play(&mut g, "b8c6");
        // White offers with its move, presses; Black declines.
        g.attempt(Square::F1, Square::C4, None, 0).expect("Bc4");
        g.offer_draw(Color::White).expect("offer");
        g.press_clock(Color::White, 0).expect("press");
        g.decline_draw(Color::Black).expect("decline");
        play(&mut g, "d7d6");
        // Ke2 Bg4 pins the knight: moving it is a "送王" foul.
        play(&mut g, "e1e2 c8g4");
        assert!(matches!(g.attempt(Square::F3, Square::D4, None, 0), Err(Refusal::Illegal { foul: Some(1), .. })));
        g.touch(Square::B1).expect("touch the knight");
        // Refused attempts that are not fouls change nothing and are not written down.
        assert!(g.attempt(Square::B1, Square::B3, None, 0).is_err());
        let journal = g.journal();
        assert!(journal.starts_with("e2e4 press:white e7e5 press:black g1f3"), "{journal}");
        assert!(journal.contains("f1c4 offer:white press:white decline:black d7d6"), "{journal}");
        assert!(journal.ends_with("foul:f3d4 touch:b1"), "{journal}");
        let again = JournaledGame::replay(Position::new(), Settings::CLASS, &journal).expect("replays");
        assert_same(&g, &again);
        assert_eq!(again.journal(), journal);
        assert_eq!(again.fouls(Color::White), 1);
        assert_eq!(again.touched(), [Square::B1]);
        // The knight is touched: it must move.
        assert!(again.allowed_moves().iter().all(|m| m.from == Square::B1));
        // A move forgets the touches.
        let mut g = again;
        g.attempt(Square::B1, Square::C3, None, 0).expect("Nc3");
        assert!(!g.journal().contains("touch"), "{}", g.journal());
    }

    #[test]
    fn a_move_awaiting_its_press_and_an_offer_on_the_table_come_back() {
        let mut g = JournaledGame::new(Position::new(), Settings::CLASS);
        play(&mut g, "d2d4");
        g.attempt(Square::D7, Square::D5, None, 0).expect("d5");
        g.offer_draw(Color::Black).expect("offer");
        let again = JournaledGame::replay(Position::new(), Settings::CLASS, &g.journal()).expect("replays");
        assert_same(&g, &again);
        assert_eq!(again.awaiting_press(), Some(Color::Black));
        assert_eq!(again.draw_offers().pending(), Some(Color::Black));
    }

    #[test]
    fn endings_replay_and_three_fouls_lose() {
        let mut g = JournaledGame::new(Position::new(), Settings::CLASS);
        play(&mut g, "e2e4 e7e5");
        g.resign(Color::Black, 0).expect("resign");
        let again = JournaledGame::replay(Position::new(), Settings::CLASS, &g.journal()).expect("replays");
        assert_eq!(again.outcome().map(|o| o.pgn_result()), Some("1-0"));

        let start = Position::from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", qitong_rules::Mode::Standard).expect("fen");
        let mut g = JournaledGame::new(start, Settings::CLASS);
        for _ in 0..3 {
            assert!(g.attempt(Square::E1, Square::D1, None, 0).is_err());
        }
        assert_eq!(g.journal(), "foul:e1d1 foul:e1d1 foul:e1d1");
        let again = JournaledGame::replay(start, Settings::CLASS, &g.journal()).expect("replays");
        assert_same(&g, &again);
        assert_eq!(again.outcome().map(|o| o.pgn_result()), Some("0-1"));
    }

    #[test]
    fn a_journal_that_does_not_replay_says_where() {
        let start = Position::new();
        for (journal, index) in [
            ("e2e4 press:white e7e5 e2e4", 3),
            ("e2e5", 0),
            ("e2e4 offer:black", 1),
            ("e2e4 press:white hello", 2),
            ("touch:z9", 0),
            ("press:white", 0),
            ("e2e4 press:white e7e5 press:black foul:g1f3", 4),
        ] {
            assert_eq!(JournaledGame::replay(start, Settings::CLASS, journal).map(|_| ()).map_err(|e| e.index), Err(index), "{journal}");
        }
        let e = JournaledGame::replay(start, Settings::CLASS, "e2e4 press:white e7e5 e2e4").map(|_| ()).expect_err("refused");
        assert_eq!(e.to_string(), "step 4 (e2e4) cannot be replayed");
        assert!(JournaledGame::replay(start, Settings::CLASS, "  ").is_ok());
    }

    #[test]
    fn steps_read_what_they_write() {
        for word in [
            "e7e8q",
            "foul:e1e2",
            "touch:h8",
            "offer:white",
            "press:black",
            "accept:black",
            "decline:white",
            "resign:white",
            "flag:black",
            "claim:white",
        ] {
            assert_eq!(Step::read(word).map(|s| s.to_string()).as_deref(), Some(word));
        }
        for bad in ["", "offer", "offer:red", "jump:white", "e7e8k", "touch:"] {
            assert_eq!(Step::read(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_take_back_in_free_play_shortens_the_journal() {
        let mut g = JournaledGame::new(Position::new(), Settings::FREE);
        g.attempt(Square::E2, Square::E4, None, 0).expect("e4");
        g.attempt(Square::E7, Square::E5, None, 0).expect("e5");
        g.undo().expect("undo");
        assert_eq!(g.journal(), "e2e4");
    }
}
