//! The `<chess-clock>`'s state as one plain value: the classroom `Clock`, the element's
//! settings, what the faces show (big digits, low time, whose turn) and the kid-worded status
//! line. Time is passed in (milliseconds), so every case is a native unit test; the DOM half is
//! `clock::widget` (wasm32 only).

use crate::api::CHESS_CLOCK;
use qitong_classroom::clock::{Clock, ClockError, ClockState, TimeControl};
use qitong_rules::Color;
use qitong_view::choices::{lang_of, read_fen};
use qitong_view::lang::Lang;
use qitong_view::texts::texts;
use qitong_words::element_api::{observed_count, observed_names};
use qitong_words::{fill, side_name};

/// Below this much time a face shows tenths of a second and turns to the "low time" look.
pub const LOW_TIME_MS: u64 = 10_000;

/// The time control a clock without a `time-control` attribute uses (the class's usual game).
pub const DEFAULT_CONTROL: TimeControl = TimeControl::new(10, 5);

/// The attributes the element observes, as its API (`clock::api`) lists them.
pub const CLOCK_ATTRIBUTES: [&str; observed_count(CHESS_CLOCK.attributes)] = observed_names(CHESS_CLOCK.attributes);

/// A fallen flag: who ran out, and what it means for the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flag {
    pub side: Color,
    /// Whether the other side can still checkmate: `None` when the clock does not know the
    /// position (a clock next to a wooden board).
    pub opponent_can_mate: Option<bool>,
    /// `1-0`, `0-1`, or `1/2-1/2` when the opponent has no mating material.
    pub result: &'static str,
    pub message: String,
}

/// What a press, a pause or a tick asks the page to hear about.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ClockResponse {
    /// Fire `press` with this side (the side that pressed).
    pub pressed: Option<Color>,
    pub flag: Option<Flag>,
    /// Fire `pause` (true) or `resume` (false).
    pub paused: Option<bool>,
    /// The press was refused: the stable code and the kid-worded reason.
    pub refusal: Option<(&'static str, String)>,
}

/// Everything the clock shows and remembers.
#[derive(Debug, Clone)]
pub struct ClockModel {
    pub clock: Clock,
    pub lang: Lang,
    /// The page presses the clock (`press(side)`); taps on the faces only start it.
    pub controlled: bool,
    /// Whether each side still has mating material (index `Color::index`), from `fen`.
    pub mating: Option<[bool; 2]>,
    /// The last status sentence and a counter that changes with each one (for the live region).
    status: String,
    status_seq: u32,
    flag: Option<Flag>,
    /// The last time seen, so that time never goes backwards for the inner clock.
    last_ms: u64,
}

impl ClockModel {
    pub fn new(control: TimeControl, lang: Lang) -> ClockModel {
        let mut model = ClockModel {
            clock: Clock::new(control),
            lang,
            controlled: false,
            mating: None,
            status: String::new(),
            status_seq: 0,
            flag: None,
            last_ms: 0,
        };
        model.say_state();
        model
    }

    /// Applies an attribute; `Err` carries a warning for the console (the value is ignored).
    pub fn apply(&mut self, name: &str, value: Option<&str>) -> Result<(), String> {
        match name {
            "time-control" => {
                let control = match value.map(str::trim) {
                    None | Some("") => DEFAULT_CONTROL,
                    Some(text) => text.parse().map_err(|e| format!("<chess-clock time-control>: {e}"))?,
                };
                self.reset_to(control);
            }
            "lang" => {
                self.lang = lang_of(value);
                self.say_state();
            }
            "controlled" => self.controlled = value.is_some(),
            "fen" => {
                self.mating = match value.map(str::trim) {
                    None | Some("") => None,
                    Some(fen) => {
                        let pos = read_fen(Some(fen)).map_err(|e| format!("<chess-clock fen>: {e}"))?;
                        Some([pos.has_mating_material(Color::White), pos.has_mating_material(Color::Black)])
                    }
                };
            }
            _ => {}
        }
        Ok(())
    }

    /// A fresh clock with `control` (nobody's time running).
    pub fn reset_to(&mut self, control: TimeControl) {
        self.clock = Clock::new(control);
        self.flag = None;
        self.last_ms = 0;
        self.say_state();
    }

    /// A saved clock comes back (`Clock::restored`: paused), said as it is.
    pub fn restore(&mut self, clock: Clock) {
        self.clock = clock;
        self.flag = None;
        self.last_ms = 0;
        self.say_state();
    }

    fn now(&mut self, now_ms: u64) -> u64 {
        self.last_ms = self.last_ms.max(now_ms);
        self.last_ms
    }

    pub fn flag(&self) -> Option<&Flag> {
        self.flag.as_ref()
    }

    pub fn status(&self) -> (&str, u32) {
        (&self.status, self.status_seq)
    }

    fn announce(&mut self, text: String) {
        self.status = text;
        self.status_seq = self.status_seq.wrapping_add(1);
    }

    /// The sentence for the current state (whose time runs, paused, not started).
    fn say_state(&mut self) {
        let text = match self.clock.state() {
            ClockState::NotStarted => say(ClockText::ClockReady, self.lang, None),
            ClockState::Running { color, .. } => say(ClockText::ClockRunning, self.lang, Some(color)),
            ClockState::Paused { .. } => say(ClockText::ClockPausedNow, self.lang, None),
            ClockState::Stopped => match &self.flag {
                Some(flag) => flag.message.clone(),
                None => say(ClockText::ClockStopped, self.lang, None),
            },
        };
        self.announce(text);
    }

    /// `by` presses the clock at `now_ms` (Black first, then whoever has just moved).
    pub fn press(&mut self, by: Color, now_ms: u64) -> ClockResponse {
        let now = self.now(now_ms);
        let mut r = self.tick(now);
        if r.flag.is_some() {
            return r;
        }
        match self.clock.press(by, now) {
            Ok(()) => {
                r.pressed = Some(by);
                self.say_state();
            }
            Err(err) => r.refusal = Some(self.refusal(err)),
        }
        r
    }

    /// A tap on `side`'s face, or Space (`side` = `None`): presses for the player whose time
    /// runs (Black before the start). In a controlled clock only the start is taken.
    pub fn tap(&mut self, side: Option<Color>, now_ms: u64) -> ClockResponse {
        let running = self.clock.running();
        match self.clock.state() {
            ClockState::NotStarted => self.press(side.unwrap_or(Color::Black), now_ms),
            ClockState::Paused { .. } => ClockResponse { refusal: Some(self.refusal(ClockError::Paused)), ..Default::default() },
            ClockState::Stopped => ClockResponse { refusal: Some(self.refusal(ClockError::Stopped)), ..Default::default() },
            ClockState::Running { .. } if self.controlled => {
                let text = say(ClockText::ClockControlled, self.lang, None);
                ClockResponse { refusal: Some(("clock-controlled", text)), ..self.tick(now_ms) }
            }
            ClockState::Running { .. } => self.press(side.or(running).unwrap_or(Color::White), now_ms),
        }
    }

    /// Pause when running, resume when paused (the arbiter's button).
    pub fn toggle_pause(&mut self, now_ms: u64) -> ClockResponse {
        let now = self.now(now_ms);
        let result = match self.clock.state() {
            ClockState::Paused { .. } => self.clock.resume(now),
            _ => self.clock.pause(now),
        };
        match result {
            Ok(()) => {
                self.say_state();
                let paused = matches!(self.clock.state(), ClockState::Paused { .. });
                ClockResponse { paused: Some(paused), ..Default::default() }
            }
            Err(ClockError::Stopped) => self.tick(now),
            Err(err) => ClockResponse { refusal: Some(self.refusal(err)), ..Default::default() },
        }
    }

    /// Stops the clock for good (the game ended on the board).
    pub fn stop(&mut self, now_ms: u64) {
        let now = self.now(now_ms);
        if self.clock.state() != ClockState::Stopped {
            let _ = self.clock.stop(now);
            self.say_state();
        }
    }

    /// Looks at the clock: a flag that has just fallen comes back once.
    pub fn tick(&mut self, now_ms: u64) -> ClockResponse {
        let now = self.now(now_ms);
        let before = self.clock.flag();
        let mut r = ClockResponse::default();
        if let Ok(Some(side)) = self.clock.tick(now) {
            if before.is_none() {
                let flag = self.flag_of(side);
                self.flag = Some(flag.clone());
                self.say_state();
                r.flag = Some(flag);
            }
        }
        r
    }

    fn flag_of(&self, side: Color) -> Flag {
        let opponent_can_mate = self.mating.map(|m| m[(!side).index()]);
        let draw = opponent_can_mate == Some(false);
        let result = match (draw, side) {
            (true, _) => "1/2-1/2",
            (false, Color::White) => "0-1",
            (false, Color::Black) => "1-0",
        };
        let code = match opponent_can_mate {
            Some(true) => ClockText::ClockFlagWin,
            Some(false) => ClockText::ClockFlagDraw,
            None => ClockText::ClockFlagUnknown,
        };
        let template = clock_text(code, self.lang);
        let message = fill(template, &[("side", side_name(side, self.lang)), ("other", side_name(!side, self.lang))]);
        Flag { side, opponent_can_mate, result, message }
    }

    fn refusal(&self, err: ClockError) -> (&'static str, String) {
        // The arbiter's missteps are the clock's own words; what a child meets, the board's too.
        let text = match err {
            ClockError::NotPaused => Some(clock_text(ClockText::ClockNotPaused, self.lang)),
            ClockError::NotRunning => Some(clock_text(ClockText::ClockNotRunning, self.lang)),
            ClockError::BlackStartsTheClock
            | ClockError::NotYourClock { .. }
            | ClockError::Paused
            | ClockError::Stopped
            | ClockError::TimeWentBackwards => qitong_words::clock(err, self.lang),
        };
        (err.code(), text.unwrap_or_default().to_string())
    }

    /// Whether the clock is running now (the widget ticks only then).
    pub fn is_running(&self) -> bool {
        matches!(self.clock.state(), ClockState::Running { .. })
    }

    /// What `side`'s face shows at `now_ms`.
    pub fn face(&self, side: Color, now_ms: u64) -> Face {
        let remaining = self.clock.remaining(side, now_ms.max(self.last_ms));
        Face {
            digits: digits(remaining),
            low: remaining < LOW_TIME_MS && self.clock.state() != ClockState::NotStarted,
            running: self.clock.running() == Some(side) && self.is_running(),
            flagged: self.flag.as_ref().is_some_and(|f| f.side == side),
            remaining_ms: remaining,
        }
    }
}

/// One side's face.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Face {
    pub digits: String,
    pub low: bool,
    pub running: bool,
    pub flagged: bool,
    pub remaining_ms: u64,
}

/// `1:05:00`, `9:59`, `0:10`, then `9.9` … `0.0` under ten seconds (tenths rounded down, so
/// `0.0` shows only when the time is really gone).
pub fn digits(ms: u64) -> String {
    if ms < LOW_TIME_MS {
        return format!("{}.{}", ms / 1000, ms % 1000 / 100);
    }
    // Whole seconds rounded up: a clock shows 0:10 until the tenth second is used up.
    let secs = ms.div_ceil(1000);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

texts! {
    /// The clock's own sentences (the refusals shared with the board are `qitong_words::clock`).
    pub enum ClockText {
        ClockReady = "clock-ready" => ("握手以后，黑方按钟开始（点黑方的钟，或按空格键）。", "After the handshake, Black starts the clock (tap Black's side or press Space)."),
        ClockRunning = "clock-running" => ("{side}的时间在走。", "{side}'s time is running."),
        ClockPausedNow = "clock-paused-now" => ("裁判暂停了棋钟。", "The arbiter paused the clock."),
        ClockStopped = "clock-stopped" => ("棋钟停了。", "The clock has stopped."),
        ClockControlled = "clock-controlled" => (
            "走完棋（想提和就先提和），再按旁边的“按钟”按钮。",
            "After your move (and a draw offer, if you like), use the \"press the clock\" button.",
        ),
        ClockFlagWin = "clock-flag-win" => ("{side}的时间用完了（超时判负）：{other}赢了。", "{side}'s time ran out (loss on time): {other} wins."),
        ClockFlagDraw = "clock-flag-draw" => (
            "{side}的时间用完了，但{other}没有能将死的子力，所以是和棋。",
            "{side}'s time ran out, but {other} can't possibly checkmate, so it's a draw.",
        ),
        ClockFlagUnknown = "clock-flag-unknown" => (
            "{side}的时间用完了：{other}赢了（如果{other}只剩一个王，或只有王和一个象或马，就是和棋）。",
            "{side}'s time ran out: {other} wins (a draw if {other} has only the king, or king and one bishop or knight).",
        ),
        ClockNotPaused = "clock-not-paused" => ("棋钟没有暂停。", "The clock is not paused."),
        ClockNotRunning = "clock-not-running" => ("棋钟还没有开始走。", "The clock is not running yet."),
        ClockPause = "clock-pause" => ("暂停", "Pause"),
        ClockResume = "clock-resume" => ("继续", "Resume"),
        ClockLabel = "clock-label" => ("棋钟", "Chess clock"),
        ClockLow = "clock-low" => ("{side}只剩 10 秒了！", "{side} has less than 10 seconds!"),
    }
}

/// The clock's own sentences (the refusals shared with the board are `qitong_words::clock`).
pub fn clock_text(code: ClockText, lang: Lang) -> &'static str {
    code.text(lang)
}

/// Filled by the words' `fill`, not `str::replace` or `to_string`: those are `#[inline]` generics
/// this crate would compile copies of beside the root's (docs/crates.md).
fn say(code: ClockText, lang: Lang, side: Option<Color>) -> String {
    let text = clock_text(code, lang);
    match side {
        Some(side) => fill(text, &[("side", side_name(side, lang))]),
        None => fill(text, &[]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn model(tc: &str) -> ClockModel {
        let mut m = ClockModel::new(DEFAULT_CONTROL, Lang::En);
        m.apply("time-control", Some(tc)).expect("valid time control");
        m
    }

    #[test]
    fn every_clock_text_exists_in_both_languages_with_the_same_values() {
        qitong_view::texts::assert_complete(ClockText::ALL, clock_text);
    }

    #[test]
    fn digits_read_across_a_room() {
        assert_eq!(digits(600_000), "10:00");
        assert_eq!(digits(59_001), "1:00");
        assert_eq!(digits(10_000), "0:10");
        assert_eq!(digits(9_999), "9.9");
        assert_eq!(digits(50), "0.0");
        assert_eq!(digits(3_600_000), "1:00:00");
    }

    #[test]
    fn black_starts_then_space_presses_the_running_side() {
        let mut m = model("1+2");
        let r = m.tap(Some(White), 0);
        assert_eq!(r.refusal.map(|r| r.0), Some("clock-black-starts"));
        assert_eq!(m.tap(None, 100).pressed, Some(Black));
        assert!(m.face(White, 100).running);
        assert_eq!(m.tap(None, 5_100).pressed, Some(White));
        assert_eq!(m.face(White, 5_100).digits, "0:57");
        assert!(m.face(Black, 5_100).running);
        assert!(m.status().0.contains("Black"));
    }

    #[test]
    fn a_controlled_clock_takes_only_the_start_from_a_tap() {
        let mut m = model("1+0");
        m.apply("controlled", Some("")).expect("switch");
        assert_eq!(m.tap(None, 0).pressed, Some(Black));
        assert_eq!(m.tap(None, 10).refusal.map(|r| r.0), Some("clock-controlled"));
        assert_eq!(m.press(White, 20).pressed, Some(White));
    }

    #[test]
    fn pause_stops_the_time_and_refuses_presses() {
        let mut m = model("1+0");
        m.tap(None, 0);
        assert_eq!(m.toggle_pause(1_000).paused, Some(true));
        assert_eq!(m.tap(None, 2_000).refusal.map(|r| r.0), Some("clock-paused"));
        assert_eq!(m.face(White, 50_000).remaining_ms, 59_000);
        assert_eq!(m.toggle_pause(50_000).paused, Some(false));
        assert_eq!(m.face(White, 51_000).remaining_ms, 58_000);
    }

    #[test]
    fn flag_fall_is_reported_once_with_the_material_verdict() {
        let mut m = model("0.5+0");
        m.tap(None, 0);
        assert_eq!(m.tick(29_999).flag, None);
        let flag = m.tick(30_000).flag.expect("flag");
        assert_eq!((flag.side, flag.opponent_can_mate, flag.result), (White, None, "0-1"));
        assert!(flag.message.contains("Black wins"));
        assert_eq!(m.tick(31_000).flag, None);
        assert!(m.face(White, 31_000).flagged);

        let mut lone = model("0.5+0");
        lone.apply("fen", Some("4k3/8/8/8/8/8/8/4K2Q w - - 0 1")).expect("fen");
        lone.tap(None, 0);
        let flag = lone.tick(40_000).flag.expect("flag");
        assert_eq!((flag.opponent_can_mate, flag.result), (Some(false), "1/2-1/2"));
        assert!(lone.apply("fen", Some("not a fen")).is_err());
    }

    #[test]
    fn a_restored_clock_shows_its_times_paused_until_resumed() {
        let mut m = model("10+5");
        m.tap(None, 0);
        m.restore(Clock::restored(TimeControl::new(10, 5), [598_000, 600_000], White));
        assert_eq!((m.face(White, 5_000_000).digits.as_str(), m.face(Black, 0).digits.as_str()), ("9:58", "10:00"));
        assert!(!m.is_running() && !m.face(White, 0).running);
        assert!(m.status().0.contains("paused"), "{}", m.status().0);
        assert_eq!(m.toggle_pause(100).paused, Some(false));
        assert_eq!(m.face(White, 1_100).remaining_ms, 597_000);
    }

    #[test]
    fn bad_time_controls_are_refused_and_the_old_one_kept() {
        let mut m = model("5d3");
        assert!(m.apply("time-control", Some("ten minutes")).is_err());
        assert_eq!(m.clock.control().to_string(), "5d3");
        m.apply("time-control", None).expect("default");
        assert_eq!(m.clock.control(), DEFAULT_CONTROL);
    }
}
